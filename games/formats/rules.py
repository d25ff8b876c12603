"""The rules of bridge the readers, writers and pages share: seats in turn, who holds a
card, who wins a trick, what a call or a contract says, and what an auction arrives at.

One place for each rule, so that the PBN and LIN readers, the writers and the table
agree on them. Calls are written here as the record keeps them: ``P``, ``X``, ``XX``,
``1C`` .. ``7NT``; contracts as ``4H``, ``3NTX``, ``6SXX``, or ``Pass`` (passed out).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .model import RANKS, SEATS, SUITS

STRAINS = ("C", "D", "H", "S", "NT")  # in rank order, lowest first
PASS, DOUBLE, REDOUBLE = "P", "X", "XX"
UNKNOWN_CALL = "?"  # a call that could not be read keeps its place in the auction
_SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_CALL_WORDS = {
    "P": PASS, "PASS": PASS, "PAS": PASS, "AP": PASS,
    "X": DOUBLE, "D": DOUBLE, "DBL": DOUBLE, "DOUBLE": DOUBLE,
    "XX": REDOUBLE, "R": REDOUBLE, "RDBL": REDOUBLE, "REDOUBLE": REDOUBLE,
}
_BID = re.compile(r"([1-7])(NT|N|SA|S|H|D|C)", re.IGNORECASE)  # SA: sans atout, as some programs write
_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X|\*\*|\*)?", re.IGNORECASE)


def seat_after(seat: str, steps: int = 1) -> str:
    """The seat ``steps`` places clockwise from ``seat`` (N, E, S, W)."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def partners(a: str, b: str) -> bool:
    return (SEATS.index(a) - SEATS.index(b)) % 2 == 0


def seat_of_word(text: str) -> str:
    """N/E/S/W for a seat as files write it ("N", "north", "WEST"), "" otherwise."""
    return _SEAT_WORDS.get(text.strip().upper(), "")


def hands(deal: str) -> dict[str, str]:
    """{"N": "AKQ.J2.T98.765", ...} from a canonical deal "N:<north> <east> <south> <west>"."""
    return dict(zip(SEATS, deal[2:].split(" ")))


def card_owners(deal: str) -> dict[str, str]:
    """{"SA": "N", ...}: who holds each card of a canonical deal."""
    owners = {}
    for seat, hand in hands(deal).items():
        for suit, ranks in zip(SUITS, hand.split(".")):
            for rank in ranks:
                owners[suit + rank] = seat
    return owners


def trick_winner(cards: Sequence[tuple[str, str]], trump: str) -> str:
    """The seat that wins a full trick of (seat, "SA") pairs in play order; ``trump`` is
    a suit letter, or "" at no trump."""
    led = cards[0][1][0]

    def power(card: str) -> int:
        suit = card[0]
        base = 26 if suit == trump else 13 if suit == led else 0
        return base + (12 - RANKS.index(card[1])) if base else -1

    return max(cards, key=lambda played: power(played[1]))[0]


def read_call(text: str) -> str | None:
    """A call as programs write it ("Pass", "Pas", "Dbl", "D", "Rdbl", "R", "1N", "3nt",
    "2SA"), alert marks ("!") left off, as ``P``/``X``/``XX``/``1C``..``7NT``; None when
    it is not a call."""
    word = text.strip().rstrip("!").strip().upper()
    if word in _CALL_WORDS:
        return _CALL_WORDS[word]
    m = _BID.fullmatch(word)
    if m is None:
        return None
    strain = m[2]
    return m[1] + ("NT" if strain in ("N", "NT", "SA") else strain)


@dataclass(frozen=True, slots=True)
class Contract:
    level: int  # 1..7
    strain: str  # C, D, H, S or NT
    risk: str = ""  # "", "X" or "XX"

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{self.risk}"

    @property
    def trump(self) -> str:
        """The trump suit's letter; "" at no trump."""
        return "" if self.strain == "NT" else self.strain


def parse_contract(text: str) -> Contract | None:
    """A stated contract ("4S", "4sx", "3NTXX", "6N*"); None for "Pass" or anything else."""
    m = _CONTRACT.fullmatch(text.strip())
    if m is None:
        return None
    strain = m[2].upper()
    risk = {"*": "X", "**": "XX"}.get(m[3] or "", (m[3] or "").upper())
    return Contract(int(m[1]), "NT" if strain in ("N", "NT") else strain, risk)


def auction_complete(calls: Sequence[str]) -> bool:
    """Four passes to start, or three passes after a bid."""
    if len(calls) < 4:
        return False
    if list(calls[:4]) == [PASS] * 4:
        return len(calls) == 4
    return list(calls[-3:]) == [PASS] * 3 and any(c[:1].isdigit() for c in calls)


def final_contract(calls: Sequence[str], first: str) -> tuple[str, str]:
    """(contract, declarer) an auction arrives at: the last bid, doubled or redoubled after
    it, played by the first of that side to name its strain; ("Pass", "") when every call
    was a pass; ("", "") while no bid was made and the auction is not over."""
    last: tuple[Contract, str] | None = None
    risk = ""
    first_to_name: dict[tuple[int, str], str] = {}  # (side, strain) -> seat
    for i, call in enumerate(calls):
        seat = seat_after(first, i)
        if call[:1].isdigit():
            bid = parse_contract(call)
            if bid is None:
                continue
            last, risk = (bid, seat), ""
            first_to_name.setdefault((SEATS.index(seat) % 2, bid.strain), seat)
        elif call in (DOUBLE, REDOUBLE) and last is not None:
            risk = call
    if last is None:
        return ("Pass", "") if calls and all(c == PASS for c in calls) and len(calls) >= 4 else ("", "")
    bid, seat = last
    return str(Contract(bid.level, bid.strain, risk)), first_to_name[(SEATS.index(seat) % 2, bid.strain)]


def opening_leader(declarer: str) -> str:
    return seat_after(declarer)


def played_by(tricks: Iterable[Sequence[str]], deal: str) -> list[list[tuple[str, str]]]:
    """Each trick's cards as (seat, card) in the order given, cards not of this deal left out."""
    owners = card_owners(deal)
    return [[(owners[c], c) for c in (str(card).upper() for card in trick) if c in owners] for trick in tricks]


_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}


def record_summary(*, contract: str, declarer: str, result: str, claim: int | None,
                   calls: Sequence[str] = (), first: str = "") -> str:
    """ "4♥ by S, 11 tricks, claimed", "3NTX by E, 8 tricks", "Passed out", or "" when
    the record says nothing. The contract and declarer as stated, else from a finished
    auction; the tricks from the result, else from the claim."""
    if not contract and calls and first and auction_complete(calls):
        contract, found = final_contract(calls, first)
        declarer = declarer or found
    if contract.strip().lower() in ("pass", "passed out"):
        return "Passed out"
    bid = parse_contract(contract)
    if bid is None:
        return ""
    text = f"{bid.level}{_SYMBOLS[bid.strain]}{bid.risk}"
    seat = declarer.strip()[:1].upper()
    if seat and seat in SEATS:
        text += f" by {seat}"
    tricks = result.strip() if result.strip().isdecimal() and len(result.strip()) <= 2 else ""
    if not tricks and claim is not None:
        tricks = str(claim)
    if tricks:
        text += f", {tricks} trick{'s' * (tricks != '1')}"
    if claim is not None:
        text += ", claimed"
    return text
