"""A board's record as a Join table shows it after the reveal: the auction and the play.

Pure, like ``games/formats``: the deck's stored auction and play in, rows ready for a
template out. Who played each card comes from the deal itself (a card belongs to one
hand), so the play reads right whatever the file said about the opening lead; the
trick's winner needs the trump suit, from the contract or, when the file gives none
(LIN), from the auction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.bridge import rules
from games.bridge.cards import SEATS
from games.bridge.types import AUCTION_COLUMNS

_SEAT_SET = frozenset(SEATS)  # a set: "" and "NE" are in the string "NESW"
COLUMNS = AUCTION_COLUMNS
CALL_NAMES = {"P": "Pass", "X": "Dbl", "XX": "Rdbl"}


@dataclass(frozen=True, slots=True)
class Bid:
    """A call or a contract for display: "4" + "S" (+ "X"), or "Pass"."""

    level: str  # "1".."7", or the word of a pass, double or redouble
    strain: str = ""  # S, H, D, C, NT; "" for pass/double/redouble
    risk: str = ""  # "", "X", "XX" (contracts only)
    alert: bool = False
    note: int | None = None  # the explanation's footnote number


@dataclass(frozen=True, slots=True)
class Card:
    seat: str
    suit: str
    rank: str  # "10" for the ten
    lead: bool = False
    wins: bool = False


@dataclass(frozen=True, slots=True)
class Trick:
    number: int
    cells: tuple[Card | None, ...]  # in COLUMNS order; None where no card was played
    winner: str  # "" when the trick is unfinished or the trump suit is unknown


@dataclass(frozen=True, slots=True)
class Record:
    contract: Bid | None
    declarer: str
    result: str
    claim: int | None
    auction: tuple[tuple[Bid | None, ...], ...]  # rows of four, COLUMNS order
    notes: tuple[tuple[int, str], ...]  # (footnote number, explanation)
    tricks: tuple[Trick, ...]

    columns = COLUMNS


def as_bid(contract: rules.Contract | None) -> Bid | None:
    return None if contract is None else Bid(str(contract.level), contract.strain, contract.risk)


def _auction_rows(
    auction: Sequence[Mapping[str, object]], first: str
) -> tuple[tuple[tuple[Bid | None, ...], ...], tuple[tuple[int, str], ...]]:
    cells: list[Bid | None] = [None] * COLUMNS.index(first)
    notes: list[tuple[int, str]] = []
    for call in auction:
        text = str(call.get("call", ""))
        explanation = str(call.get("explanation") or "")
        note = None
        if explanation:
            note = len(notes) + 1
            notes.append((note, explanation))
        alert = bool(call.get("alert")) or bool(explanation)
        bid = as_bid(rules.parse_contract(text)) if text[:1].isdigit() else None
        if bid is None:
            cells.append(Bid(CALL_NAMES.get(text, text), alert=alert, note=note))
        else:
            cells.append(Bid(bid.level, bid.strain, alert=alert, note=note))
    cells.extend([None] * (-len(cells) % 4))
    rows = tuple(tuple(cells[i : i + 4]) for i in range(0, len(cells), 4))
    return rows, tuple(notes)


def _tricks(play: Sequence[Sequence[str]], deal: str, trump: str | None) -> tuple[Trick, ...]:
    tricks = []
    for number, played in enumerate(rules.played_by(play, deal), start=1):
        if not played:
            continue
        winner = rules.trick_winner(played, trump) if trump is not None and len(played) == 4 else ""
        by_seat = {
            seat: Card(seat, card[0], "10" if card[1] == "T" else card[1], lead=i == 0, wins=seat == winner)
            for i, (seat, card) in enumerate(played)
        }
        tricks.append(Trick(number, tuple(by_seat.get(seat) for seat in COLUMNS), winner))
    return tuple(tricks)


def build_record(
    *,
    deal: str,
    dealer: str,
    auction: Sequence[Mapping[str, object]] = (),
    auction_first: str = "",
    play: Sequence[Sequence[str]] = (),
    claim: int | None = None,
    contract: str = "",
    declarer: str = "",
    result: str = "",
) -> Record | None:
    """The record of a board with an auction or a play; None when the file had neither."""
    if not auction and not play:
        return None
    first = next((seat for seat in (auction_first, dealer) if seat in _SEAT_SET), "N")
    rows, notes = _auction_rows(auction, first)
    stated_declarer = declarer.strip()[:1].upper()
    contract, declarer = rules.record_contract(
        contract,
        stated_declarer if stated_declarer in _SEAT_SET else "",
        [str(c.get("call", "")) for c in auction],
        first,
    )
    stated = rules.parse_contract(contract)
    bid = as_bid(stated)
    trump = None if stated is None else stated.trump
    return Record(
        contract=bid,
        declarer=declarer if bid is not None else "",
        result=result,
        claim=claim,
        auction=rows,
        notes=notes,
        tricks=_tricks(play, deal, trump),
    )
