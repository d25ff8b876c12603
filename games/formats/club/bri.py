"""BRI, the Duplimate machine's first file format: 128-byte records, one a board.

A record starts with 39 two-digit card numbers, 01 (SA) to 52 (C2): North's 13, East's 13,
South's 13, in any order; West holds the 13 numbers not given. The other 50 bytes are
padding (writers use 32 spaces, then 18 NUL bytes). Boards are numbered by position.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.bridge.cards import SEATS

from ..messages import Message, reason
from ..model import Deck, Problem
from .detect import card_numbers, padding
from .machine import CARD_CODES, RecordError, RecordReader, deal_of_seats, glimpse, readable, seats_of_deal

RECORD = 128
PART = 78  # the card numbers; DUP starts its records with the same part
PADDING = b" " * 32 + b"\x00" * 18
_NUMBER = {f"{card + 1:02d}".encode(): card for card in range(52)}


def deal_of_numbers(part: bytes) -> str:
    """The canonical deal of a BRI part (78 bytes). Raises RecordError saying which number
    is wrong: not two digits, not a card (01-52), or given twice."""
    seat_of = [3] * 52  # West holds every card not given
    given: dict[int, int] = {}
    for i in range(39):
        pair = part[2 * i : 2 * i + 2]
        card = _NUMBER.get(pair)
        seat = i // 13
        if card is None:
            first, last = 2 * i + 1, 2 * i + 2
            if len(pair) == 2 and pair.isdigit():
                raise RecordError(
                    Message("bri.not_a_card", seat=SEATS[seat], number=pair.decode(), first=first, last=last)
                )
            raise RecordError(
                Message("bri.not_a_number", first=first, last=last, text=readable(pair), seat=SEATS[seat])
            )
        first = given.setdefault(card, seat)
        if first != seat or len(given) < i + 1:
            number, code = pair.decode(), CARD_CODES[card]
            if first == seat:
                raise RecordError(Message("bri.card_twice", number=number, card=code, seat=SEATS[seat]))
            raise RecordError(Message("bri.card_both", number=number, card=code, seat=SEATS[first], seat2=SEATS[seat]))
        seat_of[card] = seat
    return deal_of_seats(seat_of)


def not_numbers(part: bytes) -> Message | None:
    """Why a BRI part (78 bytes) is not card numbers at all, from its first byte that is not
    a digit; None when it is card numbers (a damaged one is ``deal_of_numbers``' to report)."""
    if card_numbers(part):
        return None
    first = next((i for i, byte in enumerate(part) if not 48 <= byte <= 57), len(part) - 1)
    return Message("club.not_numbers", first=first + 1, last=len(part), text=glimpse(part[first:]))


def not_a_record(record: bytes) -> Message | None:
    """Why a record is not BRI's (None when it is): no card numbers, or no padding after them."""
    why = not_numbers(record[:PART])
    if why is None and not padding(record[PART : PART + 1]):
        why = Message("club.numbers_end", text=readable(record[PART : PART + 1]))
    return why


def numbers_of(deal: str) -> bytes:
    """The 78-byte BRI part of a canonical deal: North's, East's and South's numbers, ascending."""
    seat_of = seats_of_deal(deal)
    return b"".join(f"{card + 1:02d}".encode() for seat in range(3) for card in range(52) if seat_of[card] == seat)


def read_bri(data: bytes) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks of a BRI file, boards numbered from 1 by position."""
    reader = RecordReader(data, RECORD, "BRI", not_a_record)
    for number, start, record in reader.records():
        try:
            deal = deal_of_numbers(record[:PART])
        except RecordError as error:
            reader.problem(number, start, reason(error), 0, PART)
            continue
        reader.deck(deal, number, readable(record[:PART]))
    return reader.finish()


def write_bri(decks: Iterable[Deck]) -> bytes:
    """A BRI file: one 128-byte record a deck, in the order given (BRI keeps no board numbers)."""
    return b"".join(numbers_of(deck.deal) + PADDING for deck in decks)
