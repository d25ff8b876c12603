"""A club night's requests, one kind at a time: ``python -m bench.club_requests [--tables N]
[--repeat N] [--profile KIND] [--queries KIND]``.

Through the real views with Django's test client, on a throwaway test database (a temporary
SQLite file unless DATABASE_URL names PostgreSQL), with DEBUG off as in production: the
CPU time (``time.process_time``) of each kind of request scripts/loadtest.py measures in
gunicorn, as a ratio to the bare request (bench.load_urls' ``load/ok/``):

* ``bare``: load/ok/ for a logged-in player;
* ``idle_poll``: a player's seat view polled with the version it shows (204);
* ``news_poll``: the same after a call (the seat view, 200);
* ``call`` and ``card``: a player's call or card at a Join table (no content: the page
  then polls at once, a ``news_poll``);
* ``drawn_read``, ``drawn_seat``: the event stream's draw of a seat view after a call or
  card (``games.views.seat_events``), the first of the table's four (which reads the
  table) and each of the other three;
* ``idle_overview``, ``news_overview``: the host's overview of the tables, polled;
* ``deal``: the host's Deal New Cards to every table, all of them over (the queue and the
  history; the page's overview then polls at once, a ``news_overview``).

``--profile KIND`` runs that kind under cProfile and prints where its time goes (only the
functions whose file matches BENCH_PROFILE_MATCH, when set); ``--queries KIND`` prints the
SQL statements of that kind's last request (each cut at BENCH_SQL_CHARS characters, 400
unless set). The
figures are the test client's, not gunicorn's: they say where the time goes and how the
kinds compare; scripts/loadtest.py says what they cost under load.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import os
import pstats
import statistics
import time
from collections import defaultdict

HX = {"HTTP_HX_REQUEST": "true"}
KINDS = (
    "bare",
    "idle_poll",
    "news_poll",
    "call",
    "card",
    "drawn_read",
    "drawn_seat",
    "idle_overview",
    "news_overview",
    "deal",
)


def _measure(tables: int, repeat: int, profile: str | None, queries: str | None) -> dict[str, list[float]]:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client, RequestFactory, override_settings
    from django.test.utils import CaptureQueriesContext

    from games.formats import read_decks
    from games.models import Game
    from games.models.join import JoinTable
    from games.views import seat_events
    from tests.builders.client import ClubScript, page_state, seat_state, table_pbn

    User = get_user_model()
    host = User.objects.create_user("bench-host", password="x")
    game = Game.objects.create(host=host, name="bench night", game_type=Game.Type.JOIN)
    players = {}
    for number in range(1, tables + 1):
        table = JoinTable.for_game(game) if number == 1 else JoinTable.add_to(game)
        for seat in "NESW":
            players[number, seat] = User.objects.create_user(f"bench-{number}{seat}", password="x")
            table.take_seat(players[number, seat], seat)
    decks = read_decks(table_pbn(repeat + 2), "bench.pbn").decks
    game.add_decks(decks, source_name="bench.pbn", source_format="pbn")

    def client(user) -> Client:
        made = Client(enforce_csrf_checks=False)
        made.force_login(user)
        return made

    host_client = client(host)
    clients = {key: client(user) for key, user in players.items()}
    base = f"/games/{game.pk}/"
    times: dict[str, list[float]] = defaultdict(list)
    said: dict[str, list[str]] = {}
    profiler = cProfile.Profile()

    @contextlib.contextmanager
    def measured(kind: str):
        """The CPU time of the block, as ``kind``; under cProfile when ``kind`` is profiled,
        its statements kept when they are asked for."""
        captured = CaptureQueriesContext(connection)
        if kind == profile:
            profiler.enable()
        began = time.process_time()
        with captured if kind == queries else contextlib.nullcontext():
            yield
        times[kind].append(time.process_time() - began)
        if kind == profile:
            profiler.disable()
        if kind == queries:
            said[kind] = [q["sql"] for q in captured.captured_queries]

    def timed(kind: str, by: Client, path: str, fields: dict[str, str] | None = None, *, htmx=True, expect=200):
        """``by`` asks for ``path`` (POSTs ``fields`` when given): its CPU time, as ``kind``."""
        headers = HX if htmx else {}
        with measured(kind):
            if fields is None:
                answer = by.get(path, secure=True, **headers)
            else:
                answer = by.post(path, fields, secure=True, **headers)
        assert answer.status_code == expect, (kind, answer.status_code, answer.content[:300])
        assert b'class="seat-error" role="alert"' not in answer.content, answer.content[:2000]
        return answer

    def stream_request(user):
        """The request a seated player's event stream draws their seat view for."""
        request = RequestFactory().get(f"{base}events/?table=1", secure=True)
        request.user, request.LANGUAGE_CODE = user, "en"
        return request

    streams = {seat: stream_request(players[1, seat]) for seat in "NESW"}

    def drawn(kind: str, seat: str, at: tuple[int, int]) -> None:
        """The stream's draw of ``seat``'s view at table 1, timed as ``kind`` (``at``: where
        the stream's events say the table is)."""
        with measured(kind):
            html = seat_events._draw(streams[seat], game.pk, 1, at)
        assert html is not None and 'id="seat-view"' in html, (kind, seat)

    def overview_version(answer) -> str:
        return answer.content.split(b"/tables/?v=")[1].split(b'"')[0].decode()

    with override_settings(ROOT_URLCONF="bench.load_urls"):
        overview = host_client.get(base + "tables/", secure=True, **HX)
        shown = dict(page_state(host_client.get(base, secure=True).content))  # as the deal button sends it
        north = clients[1, "N"]
        for _ in range(repeat):
            shown.update(page_state(timed("deal", host_client, base + "deal/", dict(shown)).content))
            board = game.boards.order_by("-number").first()
            # Table 1 plays the board through the seats' pages; the others pass it out.
            script = ClubScript(board.deal, board.dealer, board.vul, board.number)
            seen = seat_state(north.get(base, secure=True).content)[0]
            while not script.over:
                seat, route, fields = script.next()
                kind = {"play_call": "call", "play_card": "card"}.get(route, "claim")
                path = base + {"play_call": "play/call/", "play_card": "play/card/"}.get(
                    route, f"play/{route.removeprefix('play_')}/"
                )
                timed(kind, clients[1, seat], path, fields, expect=204)  # done: the page polls at once
                script.done()
                table = JoinTable.objects.select_related("game").get(game=game, number=1)
                at = (table.game.next_board_number, table.version)
                for order, drawn_for in enumerate("NESW"):  # as the stream draws the four seats' views
                    drawn("drawn_seat" if order else "drawn_read", drawn_for, at)
                # North's page learns of it by polling: at once when North acted, else at its next tick.
                seen = seat_state(timed("news_poll", north, f"{base}seat/?v={seen}").content)[0]
                timed("idle_poll", north, f"{base}seat/?v={seen}", expect=204)
                timed("bare", north, "/load/ok/", htmx=False)
            overview = timed("news_overview", host_client, f"{base}tables/?v={overview_version(overview)}")
            timed("idle_overview", host_client, f"{base}tables/?v={overview_version(overview)}", expect=204)
            finish_every_table_but_one(game, board, tables)
    if profile:
        stats = pstats.Stats(profiler)
        stats.sort_stats("cumulative").print_stats(os.environ.get("BENCH_PROFILE_MATCH", ""), 35)
        stats.sort_stats("tottime").print_stats(25)
    for kind, statements in said.items():
        print(f"{kind}: {len(statements)} statements")
        for sql in statements:
            print("  ", sql[: int(os.environ.get("BENCH_SQL_CHARS", "400"))])
    return times


def finish_every_table_but_one(game, board, tables: int) -> None:
    """Table 1 has played ``board`` through its pages; the others pass it out."""
    from games.models import BoardPlay
    from games.models.join import JoinTable

    for number in range(2, tables + 1):
        play = BoardPlay.start(board, BoardPlay.Mode.TABLE, JoinTable.numbered(game, number))
        for _ in range(4):
            play = play.act(play.state().turn, "call", play.actions, call="P")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.club_requests", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10, help="tables of the club night")
    parser.add_argument("--repeat", type=int, default=5, help="boards dealt (each played at table 1)")
    parser.add_argument("--profile", choices=KINDS, help="profile this kind of request")
    parser.add_argument("--queries", choices=KINDS, help="print the SQL of this kind's last request")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckupload.settings")
    os.environ.setdefault("DEBUG", "0")  # as in production: no query log, cached templates
    os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)
    import django

    django.setup()
    from bench.testdb import on_test_database

    times = on_test_database(lambda: _measure(args.tables, args.repeat, args.profile, args.queries))
    bare = statistics.mean(times["bare"])
    print(f"{'request':<16}{'n':>5}{'mean ms':>9}{'median':>9}{'ratio':>8}   ({args.tables} tables; CPU time)")
    for kind in KINDS:
        values = times[kind]
        if values:
            print(
                f"{kind:<16}{len(values):>5}{statistics.mean(values) * 1000:>9.2f}"
                f"{statistics.median(values) * 1000:>9.2f}{statistics.mean(values) / bare:>7.2f}x"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
