"""Web timings: ``python -m bench.web`` (``make bench`` runs it too).

Through the real views with Django's test client, on a throw-away test
database (the default engine's test database: a temporary SQLite file unless
DATABASE_URL names PostgreSQL):

* upload -> preview of one 10,000-board PBN file, without JavaScript (post,
  redirect, preview page) and with htmx (one post answered by the preview);
* "Add Decks to Game" for those 10,000 decks;
* the median "Deal New Cards" from a 10,000-deck queue.

``run()`` returns (what, seconds, note) rows; each is the median of a few runs.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

from tests.builders.client import page_state

BOARDS = 10_000
REPEAT = 3
DEALS = 51
TARGET = 1.0  # seconds, for upload -> preview and for add


def _median_time(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _measure() -> list[tuple[str, float, str]]:
    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.urls import reverse

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
    rows = [
        (
            f"upload -> preview, {BOARDS:,}-board PBN (no JS)",
            _median_time(lambda: upload(plain_game), REPEAT),
            f"target < {TARGET:g} s; {len(data) / 1e6:.1f} MB; post + redirect + preview page",
        ),
        (
            f"upload -> preview, {BOARDS:,}-board PBN (htmx)",
            _median_time(lambda: upload(htmx_game, HTTP_HX_REQUEST="true"), REPEAT),
            f"target < {TARGET:g} s; one post answered by the preview partial",
        ),
    ]

    games = [new_game() for _ in range(REPEAT)]
    previews = [upload(game, HTTP_HX_REQUEST="true") for game in games]
    pending = list(zip(games, previews))

    def add() -> None:
        game, preview = pending.pop()
        response = client.post(preview.rstrip("/") + "/add/", follow=True)
        assert response.status_code == 200 and game.queued().count() == BOARDS, response.text[:800]

    rows.append(
        (
            f"add {BOARDS:,} decks to the game",
            _median_time(add, REPEAT),
            f"target < {TARGET:g} s; one transaction, bulk insert",
        )
    )

    deal_url = reverse("deal", args=[games[0].pk])
    shown = dict(page_state(client.get(reverse("game", args=[games[0].pk])).content))

    def deal() -> None:
        shown.update(page_state(client.post(deal_url, shown, HTTP_HX_REQUEST="true").content))

    rows.append(
        (
            f"deal from a {BOARDS:,}-deck queue (htmx, median of {DEALS})",
            _median_time(deal, DEALS),
            "Deal New Cards as a page sends it: the view, deal_next and the answer",
        )
    )
    rows.append(
        (
            f"Game.deal_next() on a {BOARDS:,}-deck queue (median of {DEALS})",
            _median_time(games[1].deal_next, DEALS),
            "target < 5 ms; the queue rule alone (one transaction)",
        )
    )
    return rows


def run() -> list[tuple[str, float, str]]:
    """Measure on a throwaway test database."""
    from bench.testdb import on_test_database

    return on_test_database(_measure)


def main() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckupload.settings")
    django.setup()
    for what, seconds, note in run():
        print(f"{what:<56} {seconds * 1000:8.1f} ms   {note}")


if __name__ == "__main__":
    main()
