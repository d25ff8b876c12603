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

``Script`` plays a board as a client does at a practice table; ``ClubScript`` plays a short
board at a Join table, one seat at a time, as scripts/locustfile.py's club-night players do.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import time
from collections.abc import Iterator

from games.bridge.board import dealer_for_board, vul_for_board
from games.bridge.cards import random_deal
from games.bridge.play import (
    CLAIM_PENDING,
    DONE,
    BoardState,
    accept_claim,
    claim,
    legal_cards,
    make_call,
    new_board,
    play_card,
)

TARGET_ACTION_MS = 20  # a call or a card, median
TARGET_ROBOT_MS = 300  # a Just Declare card the robot answers, median
SEED = 20261127
_AT = re.compile(rb'name="at" value="(\d+)"')
_SEAT_VERSION = re.compile(rb'/seat/\?v=([^"&]+)')
_CONTROLS = re.compile(rb'class="play-controls" data-at="(\d+)" data-board="(\d+)"')


class Script:
    """A board as a client plays it: every call and card in turn, as the play forms post
    them (the board's number and ``at``, the actions the page shows). The host opens 1♣
    (alerted, explained) as dealer; dealer's side reaches 3NT; the cards are random legal
    ones (seeded). ``moves()`` assumes each post it gave was accepted."""

    AUCTION = ("1C", "P", "1H", "P", "1NT", "P", "3NT", "P", "P", "P")

    def __init__(self, deal: str, dealer: str, vul: str, number: int, seed: int = SEED) -> None:
        self.state: BoardState = new_board(deal, dealer, vul)
        self.number = number
        self.at = 0
        self.rng = random.Random(seed * 1000 + number)

    def moves(self) -> Iterator[tuple[str, dict[str, str]]]:
        """(route name, form fields) of each action in turn."""
        for word in self.AUCTION:
            fields = {"board": str(self.number), "at": str(self.at), "call": word}
            if word == "1C":
                fields.update(alert="on", explanation="2+ clubs")
            yield "play_call", fields
            self.state = make_call(self.state, self.state.turn or "", word)
            self.at += 1
        while self.state.phase != DONE:
            card = self.rng.choice(legal_cards(self.state))
            yield "play_card", {"board": str(self.number), "at": str(self.at), "card": card}
            self.state = play_card(self.state, self.state.turn or "", card, by=self.state.actor)
            self.at += 1


class ClubScript:
    """A short board at a Join table, as its four players play it: dealer opens 1NT
    (alerted, explained), partner raises to 3NT; ``cards`` random legal cards (seeded);
    then declarer claims half the tricks left and both defenders accept. ``next()`` is
    the next action, ``done(...)`` records it once the server accepted it.

    Each action is (seat, route name, form fields) with the board's number and ``at``, as
    the seat's page posts them; the seat is the player who acts (declarer for dummy)."""

    AUCTION = ("1NT", "P", "3NT", "P", "P", "P")

    def __init__(self, deal: str, dealer: str, vul: str, number: int, cards: int = 4, seed: int = SEED) -> None:
        self.state: BoardState = new_board(deal, dealer, vul)
        self.number = number
        self.cards = cards
        self.at = 0
        self.rng = random.Random(seed * 1000 + number)
        self._next: tuple[str, str, dict[str, str]] | None = None

    @property
    def over(self) -> bool:
        return self.state.phase == DONE

    def next(self) -> tuple[str, str, dict[str, str]] | None:
        """(seat, route, fields) of the action due now; None once the board is over."""
        if self._next is None and not self.over:
            self._next = self._choose()
        return self._next

    def _choose(self) -> tuple[str, str, dict[str, str]]:
        state, fields = self.state, {"board": str(self.number), "at": str(self.at)}
        if len(state.calls) < len(self.AUCTION):
            word = self.AUCTION[len(state.calls)]
            fields["call"] = word
            if word == "1NT":
                fields.update(alert="on", explanation="15-17")
            return state.turn or "", "play_call", fields
        if state.phase == CLAIM_PENDING:
            waiting = [s for s in state.defenders if s not in state.claim.accepted]
            return waiting[0], "play_accept", fields
        if len(state.cards) < self.cards:
            fields["card"] = self.rng.choice(legal_cards(state))
            return state.actor or "", "play_card", fields
        left = 13 - len(state.cards) // 4
        fields["tricks"] = str(left // 2)
        return state.declarer, "play_claim", fields

    def done(self) -> None:
        """The action ``next()`` gave was accepted: the table is one action on."""
        seat, route, fields = self.next()
        state = self.state
        if route == "play_call":
            state = make_call(state, seat, fields["call"])
        elif route == "play_card":
            state = play_card(state, state.turn or "", fields["card"], by=seat)
        elif route == "play_claim":
            state = claim(state, seat, int(fields["tricks"]))
        else:
            state = accept_claim(state, seat)
        self.state, self.at, self._next = state, self.at + 1, None


def shown_at(body: bytes) -> int | None:
    """The number of actions a play answer shows (its forms' ``at``); None when it shows no form."""
    found = _AT.search(body)
    return int(found.group(1)) if found else None


def seat_state(body: bytes) -> tuple[str | None, int | None, int | None]:
    """What a Join table's seat view (a page, a poll's or an action's answer) shows: the
    version its poll sends (None: no seat view), the deal on the table (DealtBoard.number)
    and the actions made on it (None for both before the first deal)."""
    version = _SEAT_VERSION.search(body)
    controls = _CONTROLS.search(body)
    return (
        version.group(1).decode() if version else None,
        int(controls.group(2)) if controls else None,
        int(controls.group(1)) if controls else None,
    )


def table_pbn(boards: int, seed: int = SEED) -> bytes:
    """Boards 1..n with dealer and vulnerability by number and another table's result (3NT
    by dealer, 9 tricks), so a played board is scored against the file, not par."""
    rng = random.Random(seed)
    games = []
    for number in range(1, boards + 1):
        dealer = dealer_for_board(number)
        games.append(
            f'[Board "{number}"]\n[Dealer "{dealer}"]\n[Vulnerable "{vul_for_board(number)}"]\n'
            f'[Deal "{random_deal(rng)}"]\n[Declarer "{dealer}"]\n[Contract "3NT"]\n[Result "9"]\n'
        )
    return "\n".join(games).encode()


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
        assert b'role="alert"' not in answer.content, answer.content[:2000]
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
