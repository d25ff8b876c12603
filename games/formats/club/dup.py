"""DUP, the Duplimate machine's file: 156-byte records, one a board.

A record is a BRI part (78 bytes, the deal as card numbers), a DGE part (68 bytes, the same
deal with suit marks, which the machine shows on its screen) and a 10-byte trailer. Per
Jannersten's Convert note the trailer is: byte 147 ``Y``/``N`` random hands, 148 ``Y``/``N``
counting backwards, 149-151 the lowest board number, 152-153 the copies of each board,
154-156 the highest board number, each left-aligned and padded with spaces
(``YN1  1 32 ``). Writers differ: some write it on the first record only, some put the
number of boards where the highest board should be, and Big Deal's "blind" sets leave board
1's DGE part blank so that the machine shows no cards.

The BRI part is the deal; a DGE part that disagrees with it is a problem on that board.
Boards are numbered from the first record's lowest board number, one a record.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.bridge.board import board_number
from games.bridge.cards import SEATS, DealError

from ..messages import Message, reason
from ..model import Deck, Problem
from . import bri, dge
from .machine import RecordError, RecordReader, WriteError, blank, glimpse, readable

RECORD = 156
DGE_START, TRAILER_START = bri.PART, bri.PART + dge.PART  # bytes 79-146, 147-156
MAX_BOARD = 999  # the trailer's board fields are three digits


def _field(trailer: bytes, first: int, last: int) -> int | None:
    """The number in trailer bytes ``first``..``last`` (1-based within the record), if any."""
    text = trailer[first - 147 : last - 146].strip(b" \x00")
    return int(text) if text.isdigit() and len(text) <= 3 else None


def read_dup(data: bytes) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks of a DUP file, numbered from the first record's lowest board number."""
    trailer = data[TRAILER_START:RECORD]
    lowest, highest = _field(trailer, 149, 151), _field(trailer, 154, 156)
    notes: list[str] = []
    if lowest is None or lowest < 1:
        shown = readable(trailer[2:5].strip(b" \x00"))
        notes.append(Message("dup.lowest", value=shown) if shown else Message("dup.lowest_blank"))
        lowest = 1
    reader = RecordReader(data, RECORD, "DUP", not_a_record, first_board=lowest)
    reader.notes.extend(notes)
    blank_dge: list[str] = []
    count = 0
    for number, start, record in reader.records():
        count = number
        try:
            deal = bri.deal_of_numbers(record[: bri.PART])
        except RecordError as error:
            reader.problem(number, start, Message("dup.bri_part", reason=reason(error)), 0, bri.PART)
            continue
        dge_part = record[DGE_START:TRAILER_START]
        if blank(dge_part):
            blank_dge.append(reader.board(number))
        else:
            why = _disagreement(deal, dge_part)
            if why:
                reader.problem(number, start, why, DGE_START, TRAILER_START)
                continue
        reader.deck(deal, number, readable(record[:TRAILER_START]))
    if blank_dge:
        boards = ", ".join(blank_dge[:10])
        if len(blank_dge) > 10:
            reader.notes.append(Message("dup.blank_dge_more", boards=boards, count=len(blank_dge) - 10))
        else:
            reader.notes.append(Message("dup.blank_dge" if len(blank_dge) > 1 else "dup.blank_dge_one", boards=boards))
    last = lowest + count - 1
    if highest is not None and count and highest not in (last, count):
        reader.notes.append(Message("dup.highest", highest=highest, lowest=lowest, last=last))
    return reader.finish()


def not_a_record(record: bytes) -> Message | None:
    """Why a record is not DUP's (None when it is): its BRI part is not card numbers, or its
    DGE part is neither blank nor four hands. A DGE part damaged in place, or a trailer that
    cannot be read, is a problem on that board only."""
    why = bri.not_numbers(record[: bri.PART])
    shown = record[DGE_START:TRAILER_START]
    if why is None and not blank(shown) and dge.not_hands(shown) is not None:
        why = Message("club.not_dge_part", text=glimpse(shown))
    return why


def _disagreement(deal: str, part: bytes) -> Message | str:
    """Why a DGE part is not the BRI part's deal ('' when it is)."""
    try:
        shown = dge.deal_of_part(part)
    except (RecordError, DealError) as error:
        return Message("dup.dge_unreadable", reason=reason(error))
    if shown == deal:
        return ""
    for seat, said, seen in zip(SEATS, deal[2:].split(" "), shown[2:].split(" ")):
        if said != seen:
            return Message("dup.disagree_hand", seat=seat, bri=said, dge=seen)
    return Message("dup.disagree")  # pragma: no cover - some seat differs


def consecutive_from(decks: list[Deck], limit: int) -> int | None:
    """The first deck's board number when the decks' numbers run on from it, one by one,
    without passing ``limit``; None otherwise (the set is then numbered from 1)."""
    numbers = [board_number(deck.board) for deck in decks]
    first = numbers[0] if numbers else None
    if first is None or first + len(numbers) - 1 > limit:
        return None
    return first if numbers == list(range(first, first + len(numbers))) else None


def trailer(lowest: int, highest: int) -> bytes:
    """The 10-byte trailer of the Convert note: random hands, counting forwards, one copy."""
    return f"YN{lowest:<3}1 {highest:<3}".encode()


def write_dup(decks: Iterable[Deck]) -> bytes:
    """A DUP file: one 156-byte record a deck. The boards keep their numbers when they run
    on one by one from the first (the file states only its lowest and highest board);
    otherwise they are numbered from 1. Raises WriteError past 999 boards."""
    decks = list(decks)
    if len(decks) > MAX_BOARD:
        raise WriteError(f"a DUP file holds at most {MAX_BOARD} boards; this set has {len(decks)}")
    lowest = consecutive_from(decks, MAX_BOARD) or 1
    end = trailer(lowest, lowest + len(decks) - 1)
    return b"".join(bri.numbers_of(deck.deal) + dge.part_of(deck.deal) + end for deck in decks)
