"""Web timings: ``python -m bench.web`` (``make bench`` runs it too).

Through the real views with Django's test client, on a throw-away test
database (the default engine's test database: a temporary SQLite file unless
DATABASE_URL names PostgreSQL):

* upload -> preview of one 10,000-board PBN file, without JavaScript (post,
  redirect, preview page) and with htmx (one post answered by the preview);
* "Add Decks to Game" for those 10,000 decks;
* the median "Deal New Cards" from a 10,000-deck queue.

Each is also printed against a peer timed in the same run, as the machine's speed
wanders (``bench.machine_speed``, printed first): the preview against endplay 0.5.12
reading the same file, the add against the preview, and a deal against a bare request
through the same middleware, session and user (``bench.urls``), timed in turns with it.

``run()`` returns (what, seconds, note) rows and the ratios; each time is the median of
a few runs, in CPU time on SQLite and wall time on a database server (``clock``).
"""

from __future__ import annotations

import io
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from tests.builders.client import page_state

BOARDS = 10_000
REPEAT = 3
DEALS = 51
TARGET = 1.0  # seconds, for upload -> preview and for add
FORM = "application/x-www-form-urlencoded"


@dataclass(frozen=True, slots=True)
class Ratio:
    """One time against its peer's, measured in the same run."""

    what: str
    seconds: float
    peer: str
    peer_seconds: float
    target: float  # the ratio to stay within
    strict: bool = False  # the target is "<" rather than "<="

    @property
    def ratio(self) -> float:
        return self.seconds / self.peer_seconds

    @property
    def met(self) -> bool:
        return self.ratio < self.target if self.strict else self.ratio <= self.target

    def line(self) -> str:
        times = f"({self.seconds * 1000:.1f} ms / {self.peer_seconds * 1000:.1f} ms {self.peer})"
        target = f"target {'<' if self.strict else '<='} {self.target:g}x: {'met' if self.met else 'missed'}"
        return f"{self.what:<40} {self.ratio:6.2f}x  {times:<58} {target}"


def clock() -> Callable[[], float]:
    """The clock the timings read: on SQLite the CPU time of this process, which runs the
    client, the views and the database alike (wall time would add whatever other processes
    take of a shared machine's CPUs); wall time when the database is a server of its own."""
    from django.db import connection

    return time.process_time if connection.vendor == "sqlite" else time.perf_counter


def _median_time(action: Callable[[], object], repeat: int) -> float:
    return _median_times([action], repeat)[0]


def _median_times(actions: list[Callable[[], object]], repeat: int) -> list[float]:
    """The median time of each action, the actions taken in turns (a pair's drift is shared)."""
    now = clock()
    times: list[list[float]] = [[] for _ in actions]
    for _ in range(repeat):
        for action, taken in zip(actions, times):
            start = now()
            action()
            taken.append(now() - start)
    return [statistics.median(taken) for taken in times]


def _endplay_read(data: bytes) -> Callable[[], object] | str:
    """endplay's reading of a PBN file, as bench.reader runs it, or why it cannot run."""
    try:
        from endplay.parsers import pbn
    except ImportError:
        return "endplay not installed"

    def read() -> None:
        assert len(pbn.load(io.StringIO(data.decode("utf-8")))) == BOARDS

    return read


def _measure() -> tuple[list[tuple[str, float, str]], list[Ratio]]:
    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import reverse
    from django.utils.http import urlencode

    from games.models import Game
    from tests.builders.decks import plain_pbn

    data = plain_pbn(BOARDS)
    host = get_user_model().objects.create_user("bench-host", password="bench-password-123")
    client = Client()
    client.force_login(host)

    def new_game() -> Game:
        return Game.objects.create(host=host, name="bench", allow_upload=True)

    def upload(game: Game, **headers) -> str:
        url = reverse("upload", args=[game.pk])
        response = client.post(url, {"files": SimpleUploadedFile("big.pbn", data)}, follow=True, **headers)
        assert f"Add Decks to Game ({BOARDS})" in response.text, response.text[:800]
        return response.headers.get("HX-Push-Url") or response.redirect_chain[-1][0]

    plain_game, htmx_game = new_game(), new_game()
    preview = _median_time(lambda: upload(plain_game), REPEAT)
    rows = [
        (
            f"upload -> preview, {BOARDS:,}-board PBN (no JS)",
            preview,
            f"target < {TARGET:g} s; {len(data) / 1e6:.1f} MB; post + redirect + preview page",
        ),
        (
            f"upload -> preview, {BOARDS:,}-board PBN (htmx)",
            _median_time(lambda: upload(htmx_game, HTTP_HX_REQUEST="true"), REPEAT),
            f"target < {TARGET:g} s; one post answered by the preview partial",
        ),
    ]
    ratios = []
    endplay = _endplay_read(data)
    if isinstance(endplay, str):
        rows.append((f"endplay 0.5.12 reads the {BOARDS:,}-board PBN", 0.0, endplay))
    else:
        read = _median_time(endplay, REPEAT)
        rows.append((f"endplay 0.5.12 reads the {BOARDS:,}-board PBN", read, "endplay.parsers.pbn.load, nothing more"))
        ratios.append(Ratio("upload -> preview / endplay's read", preview, "endplay", read, 1.0, strict=True))

    games = [new_game() for _ in range(REPEAT)]
    previews = [upload(game, HTTP_HX_REQUEST="true") for game in games]
    pending = list(zip(games, previews))

    def add() -> None:
        game, preview = pending.pop()
        response = client.post(preview.rstrip("/") + "/add/", follow=True)
        assert response.status_code == 200 and game.queued().count() == BOARDS, response.text[:800]

    added = _median_time(add, REPEAT)
    rows.append((f"add {BOARDS:,} decks to the game", added, f"target < {TARGET:g} s; one transaction, bulk insert"))
    ratios.append(Ratio("add / upload -> preview (no JS)", added, "preview", preview, 1.0))

    deal_url = reverse("deal", args=[games[0].pk])
    shown = dict(page_state(client.get(reverse("game", args=[games[0].pk])).content))

    def htmx_post(url: str) -> bytes:
        """A post as htmx sends it: the included fields, form-encoded."""
        body = urlencode(shown)
        return client.post(url, body, content_type=FORM, HTTP_HX_REQUEST="true").content

    def deal() -> None:
        shown.update(page_state(htmx_post(deal_url)))

    def bare() -> None:
        assert htmx_post("/bench/ok/") == b"ok"

    with override_settings(ROOT_URLCONF="bench.urls"):
        dealt, ok = _median_times([deal, bare], DEALS)
    rows.append(
        (
            f"deal from a {BOARDS:,}-deck queue (htmx, median of {DEALS})",
            dealt,
            "Deal New Cards as a page sends it: the view, deal_next and the answer",
        )
    )
    rows.append(
        (
            f'bare "ok" request (htmx, median of {DEALS})',
            ok,
            "the same middleware, session and user, then a view that answers ok",
        )
    )
    ratios.append(Ratio('deal request / bare "ok" request', dealt, "ok", ok, 3.0))
    rows.append(
        (
            f"Game.deal_next() on a {BOARDS:,}-deck queue (median of {DEALS})",
            _median_time(games[1].deal_next, DEALS),
            "target < 5 ms; the queue rule alone (one transaction)",
        )
    )
    return rows, ratios


def run() -> tuple[list[tuple[str, float, str]], list[Ratio]]:
    """Measure on a throwaway test database."""
    from bench.testdb import on_test_database

    return on_test_database(_measure)


def main() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckupload.settings")
    django.setup()
    from bench.machine_speed import reference_ms

    print(f"machine speed before: {reference_ms():.1f} ms (bench.machine_speed; lower is faster)")
    rows, ratios = run()
    for what, seconds, note in rows:
        print(f"{what:<56} {seconds * 1000:8.1f} ms   {note}")
    print()
    for ratio in ratios:
        print(ratio.line())
    print(f"machine speed after: {reference_ms():.1f} ms")


if __name__ == "__main__":
    main()
