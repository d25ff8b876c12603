"""Playing timings: ``python -m bench.play [--boards N] [--declare N]``.

Through the real play routes with Django's test client, on a throwaway test database
(a temporary SQLite file unless DATABASE_URL names PostgreSQL), as a page posts them
(htmx: the answer is the felt):

* a call and a card at a practice table where the host plays all four hands
  (``play_call``, ``play_card``): median, 90th percentile and worst over every action of
  ``--boards`` boards (10 calls and 52 cards a board), and the same actions through
  ``BoardPlay.act`` alone (the rules and the row's lock, without the view and its answer);
* a card in Just Declare (``play_card`` as South) that the robot answers: the post
  includes the robot's one or two double-dummy cards; median and worst over ``--declare``
  tables playing in turn (a card each), so that no robot card finds the solver warm from
  the position before; and the robot's opening lead when the board is set up
  (``BoardPlay.start``: the file gives the contract, so the deal is not solved for par).

The boards carry a recorded result, so a finished board is scored against it: a board
without one solves its deal for par at its last action (``bench.analysis`` times that).

The boards are played as a client plays them (tests/builders/client.py: ``Script`` at a
practice table; ``ClubScript`` at a Join table, as scripts/locustfile.py's players do).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from games.bridge.play import legal_cards
from tests.builders.client import Script, shown_at, table_pbn

TARGET_ACTION_MS = 20  # a call or a card, median
TARGET_ROBOT_MS = 300  # a Just Declare card the robot answers, median


def _ms(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


def _measure(boards: int, declare_boards: int) -> list[tuple[str, list[float], str]]:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from games.formats import read_decks
    from games.models import BoardPlay, Game

    host = get_user_model().objects.create_user("bench-player", password="bench-password-123")
    client = Client()
    client.force_login(host)
    decks = read_decks(table_pbn(boards + declare_boards + 2), "bench.pbn").decks

    def game(mode: str, queued: list) -> Game:
        made = Game.objects.create(host=host, name=f"bench {mode}", practice_play=mode)
        made.add_decks(queued, source_name="bench.pbn", source_format="pbn")
        return made

    def post(url: str, fields: dict[str, str]) -> tuple[float, bytes]:
        began = time.perf_counter()
        answer = client.post(url, fields, HTTP_HX_REQUEST="true")
        took = time.perf_counter() - began
        assert answer.status_code == 200, answer.status_code
        assert b'class="seat-error" role="alert"' not in answer.content, answer.content[:2000]
        return took, answer.content

    times: dict[str, list[float]] = {"play_call": [], "play_card": []}
    practice = game(Game.PracticePlay.ALL_FOUR, decks[:boards] + decks[-2:])
    for _ in range(boards):
        board = practice.deal_next()
        script = Script(board.deal, board.dealer, board.vul, board.number)
        for route, fields in script.moves():
            took, body = post(reverse(route, args=[practice.pk]), fields)
            assert shown_at(body) in (None, script.at + 1), (shown_at(body), script.at)
            times[route].append(took)
        assert BoardPlay.objects.get(board=board).done

    # The same actions through the model alone: what the view, the felt and the test client add.
    direct: list[float] = []
    for _ in range(2):
        board = practice.deal_next()
        play = BoardPlay.start(board, BoardPlay.Mode.ALL_FOUR)
        script = Script(board.deal, board.dealer, board.vul, board.number)
        for route, fields in script.moves():
            state = play.state()
            args = {"call": fields["call"]} if route == "play_call" else {"card": fields["card"]}
            began = time.perf_counter()
            play = play.act(state.actor or "", route.removeprefix("play_"), int(fields["at"]), **args)
            direct.append(time.perf_counter() - began)

    # Just Declare tables play in turn, one card each, as on a server where several tables
    # play at once: no robot card profits from the solver's tables of the position before.
    starts, answered, alone = [], [], []
    plays = []
    for deck in decks[boards : boards + declare_boards]:  # a deal of its own each: nothing solved is found again
        board = game(Game.PracticePlay.DECLARE, [deck]).deal_next()
        began = time.perf_counter()
        plays.append(BoardPlay.start(board, BoardPlay.Mode.DECLARE))
        starts.append(time.perf_counter() - began)
    while any(not play.done for play in plays):
        for play in plays:
            if play.done:
                continue
            state, before = play.state(), len(play.cards)
            fields = {"board": str(play.board.number), "at": str(play.actions), "card": legal_cards(state)[0]}
            took, _ = post(reverse("play_card", args=[play.board.game_id]), fields)
            play.refresh_from_db()
            assert len(play.cards) > before, "South's card was refused"
            (answered if len(play.cards) > before + 1 else alone).append(took)
    return [
        ("call (all four hands)", times["play_call"], f"target median < {TARGET_ACTION_MS} ms"),
        ("card (all four hands)", times["play_card"], f"target median < {TARGET_ACTION_MS} ms"),
        ("BoardPlay.act alone (2 boards)", direct, "the rules and the row's lock, no view"),
        ("Just Declare card, robot answers", answered, f"target median < {TARGET_ROBOT_MS} ms"),
        ("Just Declare card, no robot card", alone, "South wins and leads again, or dummy's card"),
        ("Just Declare start, robot's lead", starts, "BoardPlay.start: the deal turned, the opening lead"),
    ]


def run(boards: int = 6, declare_boards: int = 4) -> list[tuple[str, list[float], str]]:
    from bench.testdb import on_test_database

    return on_test_database(lambda: _measure(boards, declare_boards))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.play", description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=6, help="boards played all four hands (62 actions each)")
    parser.add_argument("--declare", type=int, default=4, help="Just Declare boards, each at a table of its own")
    args = parser.parse_args(argv)
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckupload.settings")
    # The robot's cards are played as they are asked for (on the site a task worker plays
    # them), so a timed card the robot answers includes the robot's own work.
    os.environ.setdefault("TASKS_BACKEND", "django_tasks.backends.immediate.ImmediateBackend")
    django.setup()
    print(f"{'what':<36}{'n':>5}{'median':>9}{'p90':>9}{'worst':>9}   (ms)")
    for what, values, note in run(args.boards, args.declare):
        if not values:
            print(f"{what:<36}{0:>5}   none   {note}")
            continue
        median = statistics.median(values) * 1000
        print(f"{what:<36}{len(values):>5}{median:>9.1f}{_ms(values, 90):>9.1f}{max(values) * 1000:>9.1f}   {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
