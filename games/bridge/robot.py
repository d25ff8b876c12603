"""A double-dummy robot for "Just Declare": defenders that see all four hands.

The robot plays, from the position at hand (the trick under way included), a card that
takes the most tricks for its side with best play all round, by endplay's binding of
DDS's ``SolveBoard``. Of the cards that take as many, it plays the lowest: lowest rank
first, then clubs, diamonds, hearts, spades (``TIE_ORDER``), so that the same position
always gets the same card. The same solver says how many of the remaining tricks
declarer can take, which decides whether the robots accept a claim.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from . import rules
from .cards import RANKS, SEATS, SUITS
from .dd import SOLVER_LOCK
from .play import OPENING_LEAD, PLAY, BoardState, legal_cards

TIE_ORDER = SUITS[::-1]  # clubs first: among equally good cards of a rank, the first suit here is played
_OPTIMAL_ALL = 2  # SolveBoard's ``solutions``: every card that takes the most tricks
_OPTIMAL_ONE = 1  # one such card: enough to know the number of tricks


def robot_card(state: BoardState) -> str:
    """The card the hand to play (``state.turn``, dummy's included) plays: the lowest of
    those that take the most tricks double dummy. Raises ValueError when no card is due."""
    legal = legal_cards(state)
    if not legal:
        raise ValueError("No card is due: the board is not in the play")
    if len(legal) == 1:
        return legal[0]
    best = [card for card, _ in _solve(state, _OPTIMAL_ALL) if card in legal]
    if not best:  # the solver and the rules disagree: a bug, not a position to guess at
        raise RuntimeError(f"The solver found no legal card for {state.turn} after {len(state.cards)} cards")
    return min(best, key=_low_first)


def declarer_can_take(state: BoardState) -> int:
    """How many of the tricks still to play (the one under way included) declarer's side
    takes double dummy, whoever is to play. A pending claim is set aside to ask."""
    state = replace(state, claim=None) if state.claim is not None else state
    if not state.declarer or state.phase not in (OPENING_LEAD, PLAY):
        return 0
    tricks_left = 13 - len(state.tricks)
    score = _solve(state, _OPTIMAL_ONE)[0][1]  # tricks for the side of the hand to play
    return score if rules.partners(state.turn or "", state.declarer) else tricks_left - score


def accepts_claim(state: BoardState, tricks: int) -> bool:
    """Whether robot defenders accept declarer's claim of ``tricks`` of the tricks still to
    play: when declarer can take at least that many against any defence."""
    return tricks <= declarer_can_take(state)


def _low_first(card: str) -> tuple[int, int]:
    return -RANKS.index(card[1]), TIE_ORDER.index(card[0])


def _solve(state: BoardState, solutions: int) -> tuple[tuple[str, int], ...]:
    """(card, tricks for the side of the hand to play, the trick under way included) from
    DDS, for the hand to play in ``state``."""
    hands = "N:" + " ".join(_dotted(state.remaining(seat)) for seat in SEATS)
    trick = tuple(card for _, card in state.current_trick)
    return _solve_position(hands, state.trump, state.leader or "", trick, solutions)


@lru_cache(maxsize=4096)  # the same position asked again (a page shown again, an undo) costs nothing
def _solve_position(
    hands: str, trump: str, leader: str, trick: tuple[str, ...], solutions: int
) -> tuple[tuple[str, int], ...]:
    from endplay.dds.solve import SolveMode, solve_board
    from endplay.types import Deal, Denom, Player

    deal = Deal(hands, first=Player.find(leader), trump=Denom.find(trump) if trump else Denom.nt)
    for card in trick:
        deal.play(card, from_hand=False)  # already gone from the hands: only the trick is set
    mode = SolveMode.OptimalAll if solutions == _OPTIMAL_ALL else SolveMode.OptimalOne
    with SOLVER_LOCK:
        found = list(solve_board(deal, mode))  # every card that takes the most tricks, or one of them
    return tuple((SUITS[card.suit.value] + card.rank.abbr, score) for card, score in found)


def _dotted(cards: list[str]) -> str:
    """ "AK.QJ2..T" from ["SA", "SK", "HQ", ...] (the order of ``BoardState.hand``)."""
    return ".".join("".join(card[1] for card in cards if card[0] == suit) for suit in SUITS)
