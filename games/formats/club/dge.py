"""DGE, the dealing program format: 128-byte records, one a board.

A record holds North, East, South and West, 17 bytes each: four suit marks, each followed by
the ranks of that suit (``AKQJT98765432``). The marks are code page 437's glyph bytes, 06 for
spades, 03 hearts, 04 diamonds, 05 clubs, always in that order; a void is a mark followed by
the next mark. The last 60 bytes are NUL padding. Boards are numbered by position.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from games.bridge.cards import SEATS, SUITS, DealError, Masks, build_deal, suit_mask

from ..messages import Message, reason
from ..model import Deck, Problem
from .detect import suit_marks
from .machine import RecordError, RecordReader, glimpse, readable

RECORD = 128
PART = 68  # four hands of 17 bytes; DUP holds the same part after its BRI part
HAND = 17
PADDING = b"\x00" * 60
MARKS = b"\x06\x03\x04\x05"  # spades, hearts, diamonds, clubs
_HAND = re.compile(rb"\x06([^\x03-\x06]*)\x03([^\x03-\x06]*)\x04([^\x03-\x06]*)\x05([^\x03-\x06]*)")
MARK_SLACK = 4  # suit marks a DGE part damaged in place may have lost or gained
_MARK_OF = dict(zip(SUITS, (b"\x06", b"\x03", b"\x04", b"\x05")))


def hands_of_part(part: bytes) -> dict[str, Masks]:
    """The four hands of a DGE part (68 bytes). Raises RecordError naming the seat whose
    17 bytes are not four marks with their ranks, or DealError for a rank that is not one."""
    hands: dict[str, Masks] = {}
    for seat in range(4):
        chunk = part[seat * HAND : seat * HAND + HAND]
        match = _HAND.fullmatch(chunk)
        if match is None:
            raise RecordError(
                Message(
                    "dge.marks", seat=SEATS[seat], first=seat * HAND + 1, last=seat * HAND + HAND, text=readable(chunk)
                )
            )
        masks = []
        for ranks in match.groups():
            try:
                masks.append(suit_mask(ranks.decode("latin-1"))[0])
            except DealError as error:
                raise DealError(
                    Message("deal.hand_trouble", seat=SEATS[seat], hand=readable(chunk), reason=reason(error))
                ) from None
        hands[SEATS[seat]] = (masks[0], masks[1], masks[2], masks[3])
    return hands


def deal_of_part(part: bytes) -> str:
    """The canonical deal of a DGE part; RecordError or DealError say what is wrong."""
    hands: dict[str, Masks | None] = dict(hands_of_part(part))
    return build_deal(hands)[0]


def not_hands(part: bytes) -> Message | None:
    """Why a DGE part (68 bytes) is not four hands at all: far from sixteen suit marks. None
    when it is, a few marks damaged or out of order included (``hands_of_part`` reports those
    on the board)."""
    if abs(suit_marks(part) - 16) <= MARK_SLACK:
        return None
    return Message("club.not_marks", text=glimpse(part))


def not_a_record(record: bytes) -> Message | None:
    """Why a record is not DGE's (None when it is): its 68 bytes are not four hands."""
    return not_hands(record[:PART])


def part_of(deal: str) -> bytes:
    """The 68-byte DGE part of a canonical deal."""
    out = []
    for hand in deal[2:].split(" "):
        for letter, ranks in zip(SUITS, hand.split(".")):
            out.append(_MARK_OF[letter] + ranks.encode())
    return b"".join(out)


def read_dge(data: bytes) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks of a DGE file, boards numbered from 1 by position."""
    reader = RecordReader(data, RECORD, "DGE", not_a_record)
    for number, start, record in reader.records():
        try:
            deal = deal_of_part(record[:PART])
        except (RecordError, DealError) as error:
            reader.problem(number, start, reason(error), 0, PART)
            continue
        reader.deck(deal, number, readable(record[:PART]))
    return reader.finish()


def write_dge(decks: Iterable[Deck]) -> bytes:
    """A DGE file: one 128-byte record a deck, in the order given (DGE keeps no board numbers)."""
    return b"".join(part_of(deck.deal) + PADDING for deck in decks)
