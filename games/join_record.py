"""A board's record as a Join table shows it after the reveal: the auction and the play.

Pure, like ``games/formats``: the deck's stored auction and play in, rows ready for a
template out. Who played each card comes from the deal itself (a card belongs to one
hand), so the play reads right whatever the file said about the opening lead; the
trick's winner needs the trump suit, from the contract or, when the file gives none
(LIN), from the auction.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

SEATS = "NESW"
_SEAT_SET = frozenset(SEATS)  # a set: "" and "NE" are in the string "NESW"
COLUMNS = "WNES"  # auction and play tables, as bridge books print them
RANKS = "AKQJT98765432"
CALL_NAMES = {"P": "Pass", "X": "Dbl", "XX": "Rdbl"}
_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X)?", re.IGNORECASE)


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


def _seat_after(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def _owners(deal: str) -> dict[str, str]:
    """{"SA": "N", ...} from the canonical deal text."""
    owners = {}
    for seat, hand in zip(SEATS, deal[2:].split(" ")):
        for suit, cards in zip("SHDC", hand.split(".")):
            for rank in cards:
                owners[suit + rank] = seat
    return owners


def parse_contract(text: str) -> Bid | None:
    m = _CONTRACT.fullmatch(text.strip())
    if m is None:
        return None
    strain = m[2].upper()
    return Bid(m[1], "NT" if strain in ("N", "NT") else strain, (m[3] or "").upper())


def contract_from_auction(calls: Sequence[str], first: str) -> tuple[Bid | None, str]:
    """(contract, declarer) of a finished or unfinished auction; (None, "") when no bid."""
    last: tuple[str, str, str] | None = None  # level, strain, seat
    risk = ""
    first_to_name: dict[tuple[int, str], str] = {}  # (side, strain) -> seat
    for i, call in enumerate(calls):
        seat = _seat_after(first, i)
        bid = parse_contract(call)
        if bid is not None:
            last, risk = (bid.level, bid.strain, seat), ""
            first_to_name.setdefault((SEATS.index(seat) % 2, bid.strain), seat)
        elif call in ("X", "XX") and last is not None:
            risk = call
    if last is None:
        return None, ""
    level, strain, seat = last
    return Bid(level, strain, risk), first_to_name[(SEATS.index(seat) % 2, strain)]


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
        bid = parse_contract(text)
        if bid is None:
            cells.append(Bid(CALL_NAMES.get(text, text), alert=alert, note=note))
        else:
            cells.append(Bid(bid.level, bid.strain, alert=alert, note=note))
    cells.extend([None] * (-len(cells) % 4))
    rows = tuple(tuple(cells[i : i + 4]) for i in range(0, len(cells), 4))
    return rows, tuple(notes)


def _winner(cards: Sequence[tuple[str, str]], trump: str) -> str:
    """The seat winning a full trick of (seat, "SA") in play order."""
    def power(card: str) -> int:
        suit, rank = card[0], card[1]
        base = 26 if suit == trump else 13 if suit == cards[0][1][0] else 0
        return base + (12 - RANKS.index(rank)) if base else -1

    return max(cards, key=lambda played: power(played[1]))[0]


def _tricks(play: Sequence[Sequence[str]], deal: str, trump: str | None) -> tuple[Trick, ...]:
    owners = _owners(deal)
    tricks = []
    for number, trick in enumerate(play, start=1):
        played = [(owners[c], c) for c in (str(c).upper() for c in trick) if c in owners]
        if not played:
            continue
        winner = _winner(played, trump) if trump is not None and len(played) == 4 else ""
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
    stated = parse_contract(contract)
    found, found_declarer = contract_from_auction([str(c.get("call", "")) for c in auction], first)
    bid = stated or found
    stated_declarer = declarer.strip()[:1].upper()
    declarer = stated_declarer if stated_declarer in _SEAT_SET else found_declarer
    trump = None if bid is None else "" if bid.strain == "NT" else bid.strain
    return Record(
        contract=bid,
        declarer=declarer if bid is not None else "",
        result=result,
        claim=claim,
        auction=rows,
        notes=notes,
        tricks=_tricks(play, deal, trump),
    )
