"""Dealer scripts run for the site: the settings' limits, and how many run at once.

A run is bounded by ``games.formats.dealer`` (hands tried, processor time, memory, output)
and by the wall clock: ``DEALER_SECONDS`` (5) in a request, ``DEALER_COMMAND_SECONDS`` for
``manage.py deal_decks``.

Why in the request and not in a task worker: the lesson scripts make 16 decks in 4-20 ms
and the whole Upload Decks request with one takes 8-30 ms (``make bench``:
bench/dealer.py), one deck for Deal New Cards a few ms; a job's queue, waiting page and
polling would add a second or more to that. A script that never matches runs to its cap
of a million hands in 1.5-2.5 s. What a request may hold is bounded instead, like the
solver's routes are (``Job.busy_for`` and two workers):

- a user runs one script at a time (a second one, from another tab, is told to wait);
- the site runs at most ``DEALER_RUNS_AT_ONCE`` (2) scripts at once, fewer than its web
  workers (4), each for at most ``DEALER_SECONDS``: hostile users can hold two workers
  for five seconds at a time, never the site;
- the program runs at ``nice`` 10, so that pages keep the processor while it works (the
  game page's time was no worse beside two endless scripts than alone).

The bound is a set of lock files (``fcntl.flock``, ``DEALER_LOCK_DIR``): shared by every
gunicorn worker and thread on the machine (the processor they share), and released by
the kernel when a process dies, so a killed worker never leaves a slot taken.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext, gettext_noop

from games.formats.dealer import Limits, Run, find_program, run_script

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


def limits(*, seconds: float | None = None) -> Limits:
    return Limits(
        max_tries=settings.DEALER_MAX_TRIES,
        seconds=settings.DEALER_SECONDS if seconds is None else seconds,
        cpu_seconds=int(settings.DEALER_SECONDS if seconds is None else seconds) + 1,  # behind the wall clock
        memory_bytes=settings.DEALER_MEMORY_MB * 1024 * 1024,
        max_script_bytes=settings.DEALER_SCRIPT_MAX_BYTES,
    )


def make_decks(text: str, *, name: str, count: int, seed: int | None, user_key: str) -> Run:
    """Run ``text`` for a user of the site, within the bounds above; Busy when the user or
    the site has no slot free."""
    with slot(user_key):
        return run_script(text, name=name, count=count, seed=seed, limits=limits(), program=settings.DEALER_PROGRAM)


def run_from_command(text: str, *, name: str, count: int, seed: int | None) -> Run:
    """Run ``text`` for ``manage.py deal_decks``: no web worker waits on it, so no slot,
    and the command's own wall clock."""
    bounds = limits(seconds=settings.DEALER_COMMAND_SECONDS)
    return run_script(text, name=name, count=count, seed=seed, limits=bounds, program=settings.DEALER_PROGRAM)


@contextlib.contextmanager
def slot(user_key: str) -> Iterator[None]:
    """Hold the user's lock and one of the site's ``DEALER_RUNS_AT_ONCE``; Busy if either is taken."""
    folder = Path(settings.DEALER_LOCK_DIR)
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    safe_key = "".join(ch for ch in str(user_key) if ch.isalnum() or ch in "-_")[:64] or "anonymous"
    with contextlib.ExitStack() as held:
        if not _take(held, folder / f"user-{safe_key}.lock"):
            raise Busy(gettext(USER_BUSY))
        limit = max(1, settings.DEALER_RUNS_AT_ONCE)
        if not any(_take(held, folder / f"slot-{n}.lock") for n in range(limit)):
            raise Busy(gettext(SITE_BUSY) % {"limit": limit})
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
