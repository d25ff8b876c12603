"""Seats acting at once on one board: each action is applied once, on the table its page
showed, and what is stored is a legal board.

Real threads, each with its own database connection, as in test_deal_concurrency.py;
scripts/test.sh runs these again on PostgreSQL (``act`` locks the row with
select_for_update); on SQLite the IMMEDIATE transactions serialise them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import partial

import pytest

from games.bridge.play import DONE, IllegalAction, legal_cards, replay
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from tests.models.test_deal_concurrency import run_threads
from tests.playing import call, cards, claim

pytestmark = [pytest.mark.queue, pytest.mark.django_db(transaction=True)]

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
ROUNDS = 6


@pytest.fixture
def bob_seated_game(join_table, other_user) -> Game:
    """A Join game where bob (other_user) sits East."""
    join_table.take_seat(other_user, "E")
    return join_table.game


def new_play(game: Game, deal: str = DEAL) -> BoardPlay:
    number = game.boards.count() + 1
    game.add_decks([ParsedDeck(deal, 0, 1, dealer="N", vul="None", board=str(number))])
    board = Game.objects.get(pk=game.pk).deal_next(confirm_abandon=number - 1 if number > 1 else None)
    return BoardPlay.start(board, BoardPlay.Mode.TABLE)


def race(actions: list[Callable[[], object]]) -> tuple[int, list[str]]:
    """Run ``actions`` at once: (how many succeeded, the refusals' messages)."""
    lock = threading.Lock()
    won: list[object] = []
    refused: list[str] = []

    def attempt(action: Callable[[], object]) -> Callable[[], None]:
        def work() -> None:
            try:
                action()
            except IllegalAction as error:
                with lock:
                    refused.append(str(error))
                return
            with lock:
                won.append(True)

        return work

    run_threads([attempt(a) for a in actions])
    return len(won), refused


def check_stored(pk: int) -> BoardPlay:
    """The stored calls and cards replay legally, and the action count covers them."""
    row = BoardPlay.objects.get(pk=pk)
    state = replay(row.deal, row.dealer, row.vul, row.state().calls, row.cards)
    assert state.calls == row.state().calls and state.cards == tuple(row.cards)
    assert row.actions >= len(row.calls) + len(row.cards)
    return row


def test_the_same_seat_posting_twice_calls_once(bob_seated_game):
    for _ in range(ROUNDS):
        play = new_play(bob_seated_game)
        won, refused = race([partial(play.act, "N", "call", 0, call="1NT")] * 2)
        assert won == 1 and len(refused) == 1 and "moved on" in refused[0]
        row = check_stored(play.pk)
        assert [c["call"] for c in row.calls] == ["1NT"] and row.actions == 1


def test_the_same_seat_posting_a_card_twice_plays_it_once(bob_seated_game):
    play = cards(call(new_play(bob_seated_game), "1NT", "P", "3NT", "P", "P", "P"), 1)
    for _ in range(ROUNDS):
        state, at = play.state(), play.actions
        card = legal_cards(state)[0]
        won, refused = race([partial(play.act, state.actor, "card", at, card=card)] * 2)
        assert won == 1 and len(refused) == 1
        play = check_stored(play.pk)
        assert play.cards.count(card) == 1 and play.actions == at + 1


def test_two_defenders_answering_a_claim_at_once_one_answer_counts(bob_seated_game):
    outcomes = set()
    for _ in range(ROUNDS):
        play = claim(cards(call(new_play(bob_seated_game), "1NT", "P", "3NT", "P", "P", "P"), 1), 13)
        at = play.actions
        won, refused = race([partial(play.act, "E", "accept", at), partial(play.act, "W", "reject", at)])
        assert won == 1 and refused == ["The table has moved on since your page was shown: look again and retry."]
        row = check_stored(play.pk)
        assert row.actions == at + 1
        outcomes.add("accepted" if row.claim_accepted else "rejected")
        assert (row.claim_accepted, row.claim_tricks) in (("E", 13), ("", None))
    assert outcomes  # which one wins is the scheduler's choice


def test_a_call_and_an_undo_request_at_once_one_counts(bob_seated_game):
    for _ in range(ROUNDS):
        play = call(new_play(bob_seated_game), "1NT", "P")
        at = play.actions
        won, refused = race([partial(play.act, "S", "call", at, call="3NT"), partial(play.act, "E", "ask_undo", at)])
        assert won == 1 and len(refused) == 1
        row = check_stored(play.pk)
        assert (len(row.calls), row.undo_asked_by) in ((3, ""), (2, "E"))


def test_four_seats_with_two_pages_each_play_a_whole_board(bob_seated_game):
    """Every seat acts whenever its page shows its turn, from two tabs at once: every action
    lands once, in turn, and the board ends as the rules say."""
    play = new_play(bob_seated_game)
    auction = {"N": ["1NT", "P"], "E": ["P", "P"], "S": ["3NT"], "W": ["P"]}
    landed: list[int] = []
    lock = threading.Lock()

    def seat(name: str) -> Callable[[], None]:
        def work() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                row = BoardPlay.objects.get(pk=play.pk)
                state = row.state()
                if state.phase == DONE:
                    return
                if state.actor != name:
                    time.sleep(0.001)
                    continue
                if state.turn and not state.auction_over:
                    calls_made = sum(1 for i in range(len(state.calls)) if "NESW"[i % 4] == name)
                    args = {"call": auction[name][calls_made]}
                    action = "call"
                else:
                    args = {"card": legal_cards(state)[0]}
                    action = "card"
                try:
                    row.act(name, action, row.actions, **args)
                except IllegalAction:
                    continue
                with lock:
                    landed.append(row.actions)

        return work

    run_threads([seat(name) for name in "NESW" for _ in range(2)])
    row = check_stored(play.pk)
    assert row.done and len(row.calls) == 6 and len(row.cards) == 52
    assert row.actions == 58 and sorted(landed) == list(range(58))  # each `at` taken once
    assert row.contract == "3NT" and row.declarer == "N" and row.tricks == 13
