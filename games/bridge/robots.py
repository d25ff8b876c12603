"""The bidding robot: a seat's call from its own hand and the auction so far, by Bid for
Game's Acol engine (``bfgbidding``, MIT; docs/robots.md says why this one).

Only this module imports the engine. What goes in is the seat's 13 cards and the calls
made so far; the engine's board holds the auction and no hand at all, so it cannot see
the other three. What comes out is a ``RobotCall`` written as ``rules`` writes calls
(``P``, ``X``, ``XX``, ``1C`` .. ``7NT``) with the engine's explanation as plain text.

When the engine fails (it raises, gives no call, or gives a call the rules do not allow
now) the robot passes instead, says so with ``fallback``, and the failure is logged with
the hand, the dealer and the auction: a table never waits on the engine. ``robot`` is the
other robot, the one that plays the cards.
"""

from __future__ import annotations

import contextlib
import html
import io
import logging
import re
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .board import VULS
from .cards import RANKS, SEATS, SUIT_SYMBOLS, SUITS
from .play import BoardState, IllegalAction, legal_calls, make_call
from .rules import DOUBLE, PASS, REDOUBLE, auction_complete, hands, read_call, seat_after

SYSTEM = "Acol"  # the system the robots play, as the forms name it
ENGINE = "Bid for Game (bfgbidding)"

log = logging.getLogger(__name__)

# The engine is plain Python over module state it does not document as thread-safe, and its
# rare diagnostics are printed: one call at a time, with its printing caught (and logged at
# DEBUG). sys.stdout is the process's, so for that millisecond another thread's print is
# caught with it; the site logs, it does not print.
_ENGINE_LOCK = threading.Lock()
_ENGINE_CALLS = {"P": PASS, "D": DOUBLE, "R": REDOUBLE}
_OUR_CALLS = {PASS: "P", DOUBLE: "D", REDOUBLE: "R"}
_NO_COMMENT = "0000"  # the engine's "No comment assigned": no explanation


@dataclass(frozen=True, slots=True)
class RobotCall:
    """A robot's call, its explanation (plain text, "" when there is none: a page escapes
    it like any text) and whether the engine failed and the robot passed in its place."""

    call: str  # P, X, XX, 1C .. 7NT
    explanation: str = ""
    fallback: bool = False


def robot_call(hand: str | Iterable[str], seat: str, dealer: str, vul: str, auction: Sequence[str]) -> RobotCall:
    """``seat``'s call holding ``hand`` (dotted, "AKQ2.AK3.654.987", or its 13 cards as
    "SA", "HK" ...), after ``auction`` (the calls from ``dealer`` on, as ``rules.read_call``
    reads them) at vulnerability ``vul`` (None, NS, EW, All: the engine bids alike at any).

    Raises ValueError for a question that has no answer: a hand that is not 13 cards, a
    seat whose turn it is not, an auction that is over or holds a call the rules refuse.
    Whatever the engine does, the answer is a call the rules allow now."""
    cards = _cards(hand)
    state = _auction(dealer, vul, auction)
    turn = seat_after(dealer, len(state.calls))
    if seat != turn:
        raise ValueError(f"It is {turn}'s turn to call, not {seat!r}'s")
    legal = legal_calls(state)
    calls = [c.call for c in state.calls]
    try:
        name, call_id = _engine_call(cards, seat, dealer, calls)
    except Exception:  # noqa: BLE001 - any failure of the engine is a pass, never a stuck table
        log.exception("The bidding engine failed: %s", _what(cards, seat, dealer, vul, calls))
        return RobotCall(legal[0], fallback=True)  # Pass: legal_calls lists it first
    call = read_call(name) if isinstance(name, str) else None
    if call not in legal:
        log.error("The bidding engine gave %r, not a legal call: %s", name, _what(cards, seat, dealer, vul, calls))
        return RobotCall(legal[0], fallback=True)
    return RobotCall(call, _explanation(call_id))


def hint(hand: str | Iterable[str], seat: str, dealer: str, vul: str, auction: Sequence[str]) -> RobotCall:
    """The call the robot would make with a student's hand: ``robot_call``'s, so that a hint
    and the robots at the table never disagree."""
    return robot_call(hand, seat, dealer, vul, auction)


def bid_board(deal: str, dealer: str, vul: str, auction: Sequence[str] = ()) -> list[tuple[str, RobotCall]]:
    """The rest of a board's auction with a robot in every seat, each from its own hand of
    the canonical ``deal``: (seat, call) in turn, to the end of the auction."""
    held = hands(deal)
    calls = [read_call(call) or call for call in auction]  # "Pass" as "P": auction_complete counts it
    made: list[tuple[str, RobotCall]] = []
    while not auction_complete(calls):  # every call legal: an auction ends within 319 calls
        seat = seat_after(dealer, len(calls))
        answer = robot_call(held[seat], seat, dealer, vul, calls)
        if answer.fallback:  # robot_call logged the hand it saw; the deal is known only here
            log.warning("The robot passed for the engine on deal %s, dealer %s, vul %s", deal, dealer, vul)
        made.append((seat, answer))
        calls.append(answer.call)
    return made


def plain_text(markup: str) -> str:
    """The engine's explanation as plain text: its ``<red>`` and HTML tags left out, a list
    item on a line of its own after "- ", its suit marks (``!h``, ``&hearts;``) as symbols."""
    text = _SUIT_MARK.sub(lambda m: SUIT_SYMBOLS[m[1].upper()], markup)
    text = _BREAK.sub("\n", text)
    text = _ITEM.sub("\n- ", text)
    text = html.unescape(_TAG.sub("", text))
    lines = (" ".join(line.split()) for line in text.replace("\\", "").split("\n"))
    return "\n".join(line for line in lines if line)


# A tag, its closing ">" optional: one of the engine's texts leaves it out before "3NT".
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s+[\w-]+\s*=\s*\\?\"[^\"]*\"|\s+[\w-]+)*\s*/?>?")
_BREAK = re.compile(r"<(?:br|p)\s*/?>", re.IGNORECASE)
_ITEM = re.compile(r"<li\s*>", re.IGNORECASE)
_SUIT_MARK = re.compile(r"!([shdcSHDC])(?![a-z])")


def _cards(hand: str | Iterable[str]) -> list[str]:
    """The 13 cards of ``hand`` as the engine names them ("AS", "TD")."""
    if isinstance(hand, str):
        suits = hand.strip().upper().split(".")
        if len(suits) != 4:
            raise ValueError(f"{hand!r} is not a hand: four suits, S.H.D.C")
        cards = [suit + rank for suit, ranks in zip(SUITS, suits) for rank in ranks]
    else:
        cards = [str(card).strip().upper() for card in hand]
    if any(len(c) != 2 or c[0] not in SUITS or c[1] not in RANKS for c in cards):
        raise ValueError(f"{hand!r} is not a hand: cards are a suit and a rank, SA .. C2")
    if len(set(cards)) != 13 or len(cards) != 13:
        raise ValueError(f"{hand!r} is not a hand of 13 different cards")
    return [card[1] + card[0] for card in cards]


def _auction(dealer: str, vul: str, auction: Sequence[str]) -> BoardState:
    """The auction so far, each call checked by the rules of the table. Only the auction is
    asked of this state (``legal_calls``, ``make_call``), so it holds no deal."""
    if len(dealer) != 1 or dealer not in SEATS:
        raise ValueError(f"{dealer!r} is not a seat")
    if vul not in VULS:
        raise ValueError(f"{vul!r} is not a vulnerability")
    state = BoardState("", dealer, vul)
    for call in auction:
        try:
            state = make_call(state, seat_after(dealer, len(state.calls)), call)
        except IllegalAction as refused:
            raise ValueError(f"The auction {list(auction)} is not one the rules allow: {refused}") from None
    if state.auction_over:
        raise ValueError(f"The auction {list(auction)} is over: no call is due")
    return state


@lru_cache(maxsize=1)
def _engine() -> Any:
    """The engine's package, imported once and quietened: importing it installs icecream's
    ``ic`` among Python's builtins (its code calls it unimported), and that is switched off."""
    import bfgbidding
    from icecream import ic

    ic.disable()
    return bfgbidding


def _engine_call(cards: list[str], seat: str, dealer: str, calls: list[str]) -> tuple[object, str]:
    """The engine's call (its own name: "P", "D", "R", "1NT") and its explanation's id, for
    a board that holds the auction and nothing else: no hand, not even this seat's."""
    engine = _engine()
    from bridgeobjects import Board, Hand

    board = Board()
    board.dealer = dealer
    board.bid_history = [_OUR_CALLS.get(call, call) for call in calls]
    said = io.StringIO()
    with _ENGINE_LOCK, contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
        bid = engine.Player(board, Hand(cards), SEATS.index(seat)).make_bid(update_bid_history=False)
    if said.getvalue().strip():
        log.debug("The bidding engine printed: %s", said.getvalue().strip()[:500])
    name = getattr(bid, "name", None)
    return (_ENGINE_CALLS.get(name, name) if isinstance(name, str) else name), str(getattr(bid, "call_id", ""))


def _explanation(call_id: str) -> str:
    """The engine's text for ``call_id`` as plain text; "" when it has none."""
    engine = _engine()
    comment_id = engine.comment_xrefs.get(call_id, _NO_COMMENT)
    comment = engine.comments.get(comment_id, "") if comment_id != _NO_COMMENT else ""
    return plain_text(comment) if isinstance(comment, str) else ""


def _what(cards: list[str], seat: str, dealer: str, vul: str, calls: list[str]) -> str:
    hand = ".".join("".join(c[0] for c in cards if c[1] == suit) for suit in SUITS)
    return f"{seat} holding {hand}, dealer {dealer}, vul {vul}, auction {' '.join(calls) or '(none)'}"
