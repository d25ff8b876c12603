"""Robots holding seats at a table: each calls from its own hand and the auction (the
bidding robot, ``robots``) and plays double dummy (the card robot, ``robot``), in turn,
until a person is to act.

``robot_turns`` takes a board's state and the seats robots hold ("NEW": a student plays
South alone; "EW": Just Declare's defenders; "E": a Join table's missing fourth) and
returns the state once it is a person's turn again, the board is over, or a claim waits
for a person. What a robot calls sees only its own hand: ``robots.robot_call`` is given
nothing else. Robot defenders answer a claim by double dummy: accepted when declarer can
take that many against any defence.
"""

from __future__ import annotations

import logging

from . import robot, robots
from .play import AUCTION, CLAIM_PENDING, OPENING_LEAD, PLAY, BoardState, accept_claim, make_call, play_card
from .play import reject_claim as refuse_claim

log = logging.getLogger(__name__)

MOST_ACTIONS = 400  # an auction ends within 319 calls and a play within 52 cards: a bound, not a limit reached


def robot_turns(state: BoardState, seats: str, *, cards: bool = True) -> BoardState:
    """``state`` after every robot action due in turn: the robots' calls, their cards
    (unless ``cards`` is False: a request makes the calls, a worker the cards, which need
    the solver) and their answers to a claim."""
    for _ in range(MOST_ACTIONS):
        phase, actor = state.phase, state.actor or ""
        if phase == AUCTION and actor in seats:
            state = robot_calls(state)
        elif phase in (OPENING_LEAD, PLAY) and actor in seats and cards:
            turn = state.turn or ""
            state = play_card(state, turn, robot.robot_card(state), by=actor)
        elif phase == CLAIM_PENDING and cards and robot_answer_due(state, seats):
            state = answer_claim(state, seats)
        else:
            return state
    raise RuntimeError("the robots acted more often than a board allows")


def robot_due(state: BoardState, seats: str) -> bool:
    """Whether a robot is to call, play or answer a claim now."""
    phase, actor = state.phase, state.actor or ""
    if phase in (AUCTION, OPENING_LEAD, PLAY):
        return bool(actor) and actor in seats
    return phase == CLAIM_PENDING and robot_answer_due(state, seats)


def robot_answer_due(state: BoardState, seats: str) -> bool:
    claim = state.claim
    return claim is not None and any(s in seats and s not in claim.accepted for s in state.defenders)


def robot_calls(state: BoardState) -> BoardState:
    """The call of the robot whose turn it is, with the engine's explanation."""
    seat = state.turn or ""
    auction = [made.call for made in state.calls]
    made = robots.robot_call(state.hand(seat), seat, state.dealer, state.vul, auction)
    if made.fallback:  # robots logged the hand it saw; the deal is known here
        log.warning(
            "The robot passed for the engine: deal %s, dealer %s, auction %s", state.deal, state.dealer, auction
        )
    return make_call(state, seat, made.call, False, made.explanation[:200])


def answer_claim(state: BoardState, seats: str) -> BoardState:
    """The robot defenders' answer to declarer's claim: accepted when double dummy allows
    it, else refused (one refusal is enough)."""
    claim = state.claim
    assert claim is not None
    if robot.accepts_claim(state, claim.tricks):
        for defender in state.defenders:
            if defender in seats and defender not in claim.accepted:
                state = accept_claim(state, defender)
        return state
    return refuse_claim(state, next(s for s in state.defenders if s in seats))
