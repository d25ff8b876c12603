"""Setting a deck up for "Just Declare": the player declares from South.

The contract comes from the file's auction when it is complete and legal, else from the
file's contract and declarer, else from par. The deck is turned so that declarer sits
South; an auction is relative to its first seat, so the file's calls stay valid when
the dealer turns with the deck. A contract without a usable auction gets a plain one
that reaches it: passes up to South, South's bid, West's double and North's redouble
when the contract has them, then three passes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import rules
from .cards import SEATS
from .dd import Par
from .play import IllegalAction, replay
from .rotate import dealer_of, declarer_of, rotate
from .rules import Call

if TYPE_CHECKING:  # the readers' type: read here, never built
    from games.formats.model import Deck

AUCTION, CONTRACT, PAR = "auction", "contract", "par"  # where a setup's contract came from


@dataclass(frozen=True, slots=True)
class DeclareSetup:
    """A board ready for ``play.replay(deal, dealer, vul, calls)``: declarer South.

    With ``problem`` set there is nothing to declare (passed out, or no contract known):
    ``deal``, ``dealer`` and ``vul`` are then the deck's own and ``calls`` is empty."""

    deal: str  # canonical, turned
    dealer: str
    vul: str  # "None", "NS", "EW" or "All"
    calls: tuple[Call, ...]
    quarters: int  # quarter turns clockwise from the file's seats
    source: str  # AUCTION, CONTRACT, PAR, or "" with a problem
    contract: str = ""  # "4HX": what replaying ``calls`` arrives at, by South
    notes: tuple[str, ...] = ()  # why a better source could not be used
    problem: str = ""

    @property
    def ok(self) -> bool:
        return not self.problem


def just_declare(deck: Deck, par: Par | Callable[[], Par] | None = None) -> DeclareSetup:
    """The deck set up for South to declare; a setup with ``problem`` when there is nothing
    to declare. ``par`` (from ``dd.Solved.par``) is used when the file gives no contract; given
    as a function, it is only called then (par needs the deal solved)."""
    notes: list[str] = []
    dealer = dealer_of(deck)
    vul = deck.effective_vul or "None"

    calls = tuple(call.call for call in deck.auction)
    first = deck.auction_first or dealer
    if calls and rules.auction_complete(calls):
        contract, declarer = rules.final_contract(calls, first)
        if contract == "Pass":
            return _nothing(deck, dealer, vul, "The board was passed out: there is nothing to declare")
        if contract:
            setup = _turned(deck, first, vul, declarer, deck.auction, AUCTION, contract, notes)
            if setup is not None:
                return setup
        notes.append(_auction_problem(deck, first))
    elif calls:
        notes.append("The file's auction is not finished")

    stated = rules.read_contract(deck.contract) if deck.contract else None
    if stated == "Pass":
        return _nothing(deck, dealer, vul, "The board was passed out: there is nothing to declare", notes)
    if stated:
        declarer = declarer_of(deck)
        if declarer:
            return _made_up(deck, dealer, vul, declarer, stated, CONTRACT, notes)
        notes.append(f"The file's contract {stated} has no declarer")

    if callable(par):
        par = par()
    if par is not None and par.contracts:
        first_par = par.contracts[0]  # "4HN", "5DXE": level, strain, doubling, declarer
        return _made_up(deck, dealer, vul, first_par[-1], first_par[:-1], PAR, notes)
    if par is not None:
        return _nothing(deck, dealer, vul, "Par is to pass the board out: there is nothing to declare", notes)
    return _nothing(deck, dealer, vul, "The file gives no contract to declare", notes)


def made_up_auction(dealer: str, contract: str) -> tuple[Call, ...]:
    """A legal auction from ``dealer`` in which South alone bids and plays ``contract``
    ("4H", "3NTX", "6SXX"): passes up to South, the bid, West's double and North's
    redouble as the contract has them, then three passes."""
    bid = rules.parse_contract(contract)
    if bid is None:
        raise ValueError(f"'{contract}' is not a contract")
    words = [rules.PASS] * ((SEATS.index("S") - SEATS.index(dealer)) % 4)
    words.append(f"{bid.level}{bid.strain}")
    if bid.risk:
        words.append(rules.DOUBLE)
    if bid.risk == rules.REDOUBLE:
        words.append(rules.REDOUBLE)
    words += [rules.PASS] * 3
    return tuple(Call(word) for word in words)


def _made_up(
    deck: Deck, dealer: str, vul: str, declarer: str, contract: str, source: str, notes: list[str]
) -> DeclareSetup:
    quarters = _quarters(declarer)
    turned_dealer = rules.seat_after(dealer, quarters)
    calls = made_up_auction(turned_dealer, contract)
    setup = _turned(deck, dealer, vul, declarer, calls, source, contract, notes)
    if setup is None:  # pragma: no cover - the made-up auction is legal by construction
        raise AssertionError(f"the auction made up for {contract} does not reach it")
    return setup


def _turned(
    deck: Deck,
    dealer: str,
    vul: str,
    declarer: str,
    calls: tuple[Call, ...],
    source: str,
    contract: str,
    notes: list[str],
) -> DeclareSetup | None:
    """The setup with declarer turned to South, checked by replaying its auction; None
    when the auction is not legal or does not arrive at ``contract`` by South."""
    quarters = _quarters(declarer)
    deal = rotate(deck, quarters).deal
    turned_dealer = rules.seat_after(dealer, quarters)
    turned_vul = {"NS": "EW", "EW": "NS"}.get(vul, vul) if quarters % 2 else vul
    try:
        state = replay(deal, turned_dealer, turned_vul, calls)
    except IllegalAction:
        return None
    wanted = str(rules.parse_contract(contract))
    if state.contract != wanted or state.declarer != "S":
        return None
    return DeclareSetup(deal, turned_dealer, turned_vul, calls, quarters, source, wanted, tuple(notes))


def _quarters(declarer: str) -> int:
    return (SEATS.index("S") - SEATS.index(declarer)) % 4


def _auction_problem(deck: Deck, first: str) -> str:
    """Why the file's finished auction cannot be replayed, for a note."""
    try:
        replay(deck.deal, first, "None", deck.auction)
    except IllegalAction as error:
        return f"The file's auction cannot be played: {error}"
    return "The file's auction does not say who declares"


def _nothing(deck: Deck, dealer: str, vul: str, problem: str, notes: list[str] | None = None) -> DeclareSetup:
    return DeclareSetup(deck.deal, dealer, vul, (), 0, "", notes=tuple(notes or ()), problem=problem)
