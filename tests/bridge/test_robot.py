"""The double-dummy robot: legal cards all through a board, the lowest of equal cards, the
best card as endplay's solver scores it when asked directly, and declarer's tricks as the
double-dummy table and a one-card-deeper search give them."""

from __future__ import annotations

import random

import pytest
from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bridge import rules
from games.bridge.cards import random_deal
from games.bridge.dd import solve
from games.bridge.play import (
    CLAIM_PENDING,
    DONE,
    BoardState,
    claim,
    legal_cards,
    play_card,
    replay,
)
from games.bridge.robot import accepts_claim, declarer_can_take, robot_card

SEATS = "NESW"
SLOW = settings(deadline=None, max_examples=6, suppress_health_check=[HealthCheck.too_slow])
# North and South hold every card that can win a trick at no trump; West has only losers:
# diamonds 765432 and clubs 8765432.
LOSERS = "N:AKQJT98.AKQJT9.. 765432.8765432.. ..AKQJT98.AKQJT9 ..765432.8765432"
CONTRACTS = ("3NT", "4S", "4H", "5D", "5C", "1NT", "6S")


def bid_by(deal: str, declarer: str, contract: str, dealer: str = "N") -> BoardState:
    """A board in the play: passes up to ``declarer``, who bids ``contract``; three passes."""
    calls = ["P"] * ((SEATS.index(declarer) - SEATS.index(dealer)) % 4) + [contract, "P", "P", "P"]
    return replay(deal, dealer, "None", calls)


def endplay_scores(state: BoardState) -> dict[str, int]:
    """Tricks for the side to play after each legal card, from endplay alone: the deal as
    dealt and every card played in turn on endplay's own Deal."""
    trump = Denom.find(state.trump) if state.trump else Denom.nt
    deal = Deal(state.deal, first=Player.find(rules.seat_after(state.declarer)), trump=trump)
    for card in state.cards:
        deal.play(card)
    return {
        f"{'SHDC'[card.suit]}{'23456789TJQKA'[card.rank.bit_length() - 3]}": score for card, score in solve_board(deal)
    }


def positions(seed: int, count: int) -> list[BoardState]:
    """Random boards part-played at random: openings, mid-trick and trick-start positions."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = bid_by(random_deal(rng), rng.choice(SEATS), rng.choice(CONTRACTS), rng.choice(SEATS))
        for _ in range(rng.randrange(0, 40)):
            state = play_card(state, state.turn, rng.choice(legal_cards(state)), by=state.actor)
        found.append(state)
    return found


def after_card(state: BoardState, card: str) -> tuple[BoardState, int]:
    """The state after ``card``, and 1 when that card completed a trick declarer's side won."""
    after = play_card(state, state.turn, card, by=state.actor)
    if len(after.tricks) == len(state.tricks):
        return after, 0
    return after, int(rules.partners(rules.trick_winner(after.tricks[-1], state.trump), state.declarer))


@SLOW
@given(st.integers(0, 2**32))
def test_robot_defenders_play_only_legal_cards_to_the_end(seed):
    rng = random.Random(seed)
    state = bid_by(random_deal(rng), rng.choice(SEATS), rng.choice(CONTRACTS), rng.choice(SEATS))
    robot_cards = 0
    while state.phase != DONE:
        if state.turn in state.defenders:
            card = robot_card(state)
            assert card in legal_cards(state)
            robot_cards += 1
        else:
            card = rng.choice(legal_cards(state))
        state = play_card(state, state.turn, card, by=state.actor)
    assert robot_cards == 26
    assert len(state.cards) == 52


def test_of_equal_cards_the_lowest_rank_is_played_clubs_before_diamonds():
    state = bid_by(LOSERS, "S", "7NT")  # West leads: every card of theirs loses
    assert set(endplay_scores(state).values()) == {0}
    assert robot_card(state) == "C2"
    state = play_card(state, "W", "C8")
    assert robot_card(state) == "S8"  # North has no club: the lowest rank first, whatever its suit


def test_the_robot_card_takes_the_most_tricks_as_endplay_scores_every_card():
    lowest_was_worse = 0
    for state in positions(seed=7, count=40):
        scores = endplay_scores(state)
        assert set(scores) == set(legal_cards(state))
        card = robot_card(state)
        best = max(scores.values())
        assert scores[card] == best
        tied = [c for c, score in scores.items() if score == best]
        assert card == min(tied, key=lambda c: ("23456789TJQKA".index(c[1]), "CDHS".index(c[0])))
        lowest = min(scores, key=lambda c: "23456789TJQKA".index(c[1]))
        lowest_was_worse += scores[lowest] < best
    assert lowest_was_worse >= 3  # the positions hold real choices, not only equal cards


# Seed 4 deals one the solver takes seconds over; each deal is a second or two of solving:
# the everyday run compares two deals with endplay's table, the slow run all five.
@pytest.mark.parametrize("seed", [0, 3, *(pytest.param(s, marks=pytest.mark.slow) for s in (1, 2, 5))])
def test_declarer_can_take_at_the_start_is_the_double_dummy_table(seed):
    rng = random.Random(seed)
    deal = random_deal(rng)
    table = solve([deal])[0].tricks
    for declarer in SEATS:
        for contract in ("3NT", "4S", "4H", "5D", "5C"):
            state = bid_by(deal, declarer, contract, dealer=rng.choice(SEATS))
            assert declarer_can_take(state) == table[declarer][contract[1:]], (declarer, contract)


def test_declarer_can_take_is_the_best_of_the_next_card_for_the_side_to_play():
    """Minimax one card deep: the side to play picks the card best for it, and a trick that
    card completes counts for its winner. Checks whose side the solver's number is for."""
    checked = {"declaring side": 0, "defenders": 0}
    for state in positions(seed=11, count=24):
        outcomes = []
        for card in legal_cards(state):
            after, won = after_card(state, card)
            outcomes.append(declarer_can_take(after) + won)
        declaring = rules.partners(state.turn, state.declarer)
        expected = max(outcomes) if declaring else min(outcomes)
        assert declarer_can_take(state) == expected, (state.cards, state.turn)
        checked["declaring side" if declaring else "defenders"] += 1
    assert min(checked.values()) >= 5


def test_a_claim_of_what_declarer_can_take_is_accepted_one_more_is_not():
    for state in positions(seed=5, count=12):
        if not state.cards:
            continue
        can_take = declarer_can_take(state)
        left = 13 - len(state.tricks)
        assert 0 <= can_take <= left
        claimed = claim(state, state.declarer, can_take)
        assert claimed.phase == CLAIM_PENDING
        assert declarer_can_take(claimed) == can_take
        assert accepts_claim(claimed, can_take)
        assert not accepts_claim(claimed, can_take + 1)
        assert accepts_claim(state, 0)


def test_no_card_is_due_outside_the_play():
    auction = replay(LOSERS, "N", "None", ["1NT"])
    with pytest.raises(ValueError):
        robot_card(auction)
    done = bid_by(LOSERS, "S", "7NT")
    while done.phase != DONE:
        done = play_card(done, done.turn, robot_card(done), by=done.actor)
    assert done.declarer_tricks == 13
    with pytest.raises(ValueError):
        robot_card(done)
    assert declarer_can_take(done) == 0
