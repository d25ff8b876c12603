"""Dealer scripts run for the site: the settings' limits, and how many run at once.

A run is bounded by ``games.formats.dealer`` (hands tried, processor time, memory, output)
and by the wall clock: ``DEALER_SECONDS`` (5) for a whole request, ``DEALER_COMMAND_SECONDS``
for ``manage.py deal_decks``.

Why in the request and not in a task worker: the lesson scripts make 16 decks in 4-20 ms
and the whole Upload Decks request with one takes 8-30 ms (``make bench``:
bench/dealer.py), one deck for Deal New Cards a few ms; a job's queue, waiting page and
polling would add a second or more to that. A script that never matches runs to its cap
of a million hands in 1.5-2.5 s. What a request may hold is bounded instead, like the
solver's routes are (``Job.busy_for`` and two workers):

- a request's runs share one budget of ``DEALER_SECONDS`` (``runs``): an upload of twenty
  scripts runs them one after another within it, and the scripts left when it is spent
  are not run, each told so by name (``dealer.budget_spent``). The slot is taken once for
  the request and given back when its runs are over, so neither a web worker nor a slot
  is held much past ``DEALER_SECONDS``;
- a user runs one script at a time, whatever asks for it (an upload, the New game form's
  trial of a script, Deal New Cards): a second one, from another tab, is told to wait;
- the site runs at most ``DEALER_RUNS_AT_ONCE`` (2) scripts at once for uploads and trial
  runs, fewer than its web workers (4): hostile users can hold two workers for five
  seconds at a time, never the site. Deal New Cards on a game that deals to a script
  (one deck, a host at a table waiting) may take one slot more, kept for it
  (``for_deal``), so other users' uploads never starve a table;
- the program runs at ``nice`` 10, so that pages keep the processor while it works (the
  game page's time was no worse beside two endless scripts than alone).

The bound is a set of lock files (``fcntl.flock``, ``DEALER_LOCK_DIR``): shared by every
gunicorn worker and thread on the machine (the processor they share), and released by
the kernel when a process dies, so a killed worker never leaves a slot taken.
"""

from __future__ import annotations

import contextlib
import fcntl
import math
import os
import time
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext, gettext_noop

from games.formats.dealer import Limits, Run, budget_spent, find_program, run_script

USER_BUSY = gettext_noop("Another of your dealer scripts is still running: wait for it to finish, then try again.")
SITE_BUSY = gettext_noop(
    "The server is running as many dealer scripts as it may at once (%(limit)s) for other users: "
    "try again in a few seconds."
)


class Busy(Exception):
    """No slot for this run now; the message says whose runs hold them."""


def program() -> str | None:
    """The dealer program, or None when it is not installed."""
    return find_program(settings.DEALER_PROGRAM)


# Less wall clock than this left of a request's budget: the next script is not started
# (starting the program and reading its script alone take a few hundredths).
LEAST_SECONDS = 0.1
DEAL_SLOT = "slot-deal.lock"  # the slot beyond DEALER_RUNS_AT_ONCE that only Deal New Cards takes


def limits(*, seconds: float | None = None, shared_seconds: float = 0.0) -> Limits:
    wall = settings.DEALER_SECONDS if seconds is None else seconds
    return Limits(
        max_tries=settings.DEALER_MAX_TRIES,
        seconds=wall,
        shared_seconds=shared_seconds,
        cpu_seconds=math.ceil(wall) + 1,  # behind the wall clock
        memory_bytes=settings.DEALER_MEMORY_MB * 1024 * 1024,
        max_script_bytes=settings.DEALER_SCRIPT_MAX_BYTES,
    )


class Runs:
    """One request's dealer runs, within one slot and one wall-clock budget
    (``DEALER_SECONDS`` from when the slot was taken) that all of them share."""

    def __init__(self) -> None:
        self.budget = settings.DEALER_SECONDS
        self.deadline = time.monotonic() + self.budget
        self.ran = False  # whether the program has run for this request yet

    def make_decks(self, text: str, *, name: str, count: int, seed: int | None) -> Run:
        """Run ``text`` in what is left of the budget; a Run that says so, unrun, when too
        little is left."""
        left = self.deadline - time.monotonic()
        if left < LEAST_SECONDS:
            return budget_spent(name, count=count, seed=seed, seconds=self.budget)
        # A run after others that ran has what they left, and says so if it runs out; the
        # first one (or one after scripts refused unrun) has the whole budget as its own.
        bounds = limits(seconds=left, shared_seconds=self.budget if self.ran else 0.0)
        made = run_script(text, name=name, count=count, seed=seed, limits=bounds, program=settings.DEALER_PROGRAM)
        self.ran = self.ran or made.seconds > 0  # (its run's time: set once the program has run)
        return made


@contextlib.contextmanager
def runs(user_key: str, *, for_deal: bool = False) -> Iterator[Runs]:
    """A request's runs (``Runs``), holding the user's slot and one of the site's until
    they are over; Busy when either is taken."""
    with slot(user_key, for_deal=for_deal):
        yield Runs()


def make_decks(text: str, *, name: str, count: int, seed: int | None, user_key: str, for_deal: bool = False) -> Run:
    """Run ``text`` for a user of the site, alone in its request, within the bounds above;
    Busy when the user or the site has no slot free. ``for_deal``: Deal New Cards's one
    deck, which may take the slot kept for it."""
    with runs(user_key, for_deal=for_deal) as request:
        return request.make_decks(text, name=name, count=count, seed=seed)


def run_from_command(text: str, *, name: str, count: int, seed: int | None) -> Run:
    """Run ``text`` for ``manage.py deal_decks``: no web worker waits on it, so no slot,
    and the command's own wall clock."""
    bounds = limits(seconds=settings.DEALER_COMMAND_SECONDS)
    return run_script(text, name=name, count=count, seed=seed, limits=bounds, program=settings.DEALER_PROGRAM)


@contextlib.contextmanager
def slot(user_key: str, *, for_deal: bool = False) -> Iterator[None]:
    """Hold the user's lock and one of the site's ``DEALER_RUNS_AT_ONCE``, or with
    ``for_deal`` when those are all taken the one kept for Deal New Cards; Busy if none is free."""
    folder = Path(settings.DEALER_LOCK_DIR)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    safe_key = "".join(ch for ch in str(user_key) if ch.isalnum() or ch in "-_")[:64] or "anonymous"
    with contextlib.ExitStack() as held:
        if not _take(held, folder / f"user-{safe_key}.lock"):
            raise Busy(gettext(USER_BUSY))
        limit = max(1, settings.DEALER_RUNS_AT_ONCE)
        shared = any(_take(held, folder / f"slot-{n}.lock") for n in range(limit))
        if not shared and not (for_deal and _take(held, folder / DEAL_SLOT)):
            raise Busy(gettext(SITE_BUSY) % {"limit": limit + 1 if for_deal else limit})
        yield


def _take(held: contextlib.ExitStack, path: Path) -> bool:
    """Lock ``path`` without waiting, released when ``held`` closes; False when taken."""
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    held.callback(os.close, descriptor)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True  # closing the descriptor releases the lock
