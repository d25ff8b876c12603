"""What the dealing machines' binary files (BRI, DGE, DUP) share.

The 52 cards are numbered in one order, SA SK ... S2, HA ... H2, DA ... D2, CA ... C2 (0-based
here, 01-52 in BRI), and the seats run North, East, South, West. A file is a run of fixed-size
records, one a board, numbered by position; none states dealer or vulnerability.

A record damaged in place (a card number that is not a card, a card given twice) is a problem
on its board, and the next record is read. A record that is not the machine's at all (text,
another file's bytes, junk appended) ends the reading there, with one problem saying where
and what it holds: what follows it is no set of boards, and a record-by-record account of
megabytes of it would bury the one thing worth saying.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from games.bridge.cards import RANKS, SEAT_NAMES, SEATS, SUITS, Masks, build_deal

from ..limits import ProblemList
from ..messages import Message
from ..model import Deck, Problem

ROTATION_NOTE = Message("club.rotation")
# Bytes a record that holds nothing is made of: padding, DOS's end-of-file mark, line ends.
BLANK = b" \x00\x1a\r\n\t"

CARD_SUIT = tuple(card // 13 for card in range(52))
CARD_BIT = tuple(1 << (12 - card % 13) for card in range(52))
_RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
# The code page 437 glyphs of bytes 06, 03, 04, 05, as DGE marks the suits.
_MARK_SYMBOLS = {6: "♠", 3: "♥", 4: "♦", 5: "♣"}
CARD_NAMES = tuple(
    f"the {name} of {suit}"
    for suit in ("spades", "hearts", "diamonds", "clubs")
    for name in ("ace", "king", "queen", "jack", "ten", "nine", "eight", "seven", "six", "five", "four", "three", "two")
)
CARD_CODES = tuple(suit + rank for suit in SUITS for rank in RANKS)  # "SA" .. "C2", as CARD_NAMES


class WriteError(ValueError):
    """A set of decks a format cannot hold (too many boards); the message says why."""


class RecordError(ValueError):
    """A record that is not a deal; the message says what is wrong, for a bridge player."""


def blank(chunk: bytes) -> bool:
    return not chunk.strip(BLANK)


def deal_of_seats(seat_of_card: Sequence[int]) -> str:
    """The canonical deal from the seat (0-3, N E S W) holding each card 0-51."""
    masks = [[0, 0, 0, 0] for _ in range(4)]
    for card, seat in enumerate(seat_of_card):
        masks[seat][CARD_SUIT[card]] |= CARD_BIT[card]
    hands: dict[str, Masks | None] = {s: (m[0], m[1], m[2], m[3]) for s, m in zip(SEATS, masks)}
    return build_deal(hands)[0]


def seats_of_deal(deal: str) -> list[int]:
    """The seat (0-3, N E S W) holding each card 0-51 of a canonical deal."""
    seat_of = [0] * 52
    for seat, hand in enumerate(deal[2:].split(" ")):
        for suit, ranks in enumerate(hand.split(".")):
            for rank in ranks:
                seat_of[suit * 13 + _RANK_INDEX[rank]] = seat
    return seat_of


def readable(chunk: bytes) -> str:
    """Bytes of a record as text to show: the DOS suit marks as suit symbols, other control
    bytes as '·' (a record's text is stored with its deck, and a database refuses NUL)."""
    out = []
    for byte in chunk:
        if byte in _MARK_SYMBOLS:
            out.append(_MARK_SYMBOLS[byte])
        elif 32 <= byte < 127:
            out.append(chr(byte))
        else:
            out.append("·")
    return "".join(out)


def glimpse(chunk: bytes, size: int = 16) -> str:
    """The first ``size`` bytes of ``chunk`` as ``readable`` text, with '…' when there are more."""
    return readable(chunk[:size]) + ("…" if len(chunk) > size else "")


class RecordReader:
    """Walks a file of ``size``-byte records and collects decks, problems and notes.

    A record made only of padding ends the data (the machines' programs stop there); a
    last piece shorter than a record is a problem unless it is padding too. ``not_a_record``
    says why a record is not the format's at all (None when it is one): the first such
    record is a problem, and the reading stops there.
    """

    def __init__(
        self,
        data: bytes,
        size: int,
        name: str,
        not_a_record: Callable[[bytes], Message | None],
        first_board: int = 1,
    ) -> None:
        self.data = data
        self.size = size
        self.name = name  # "BRI", "DGE", "DUP" in messages
        self.not_a_record = not_a_record
        self.first_board = first_board
        self.decks: list[Deck] = []
        self.problems = ProblemList()
        self.notes: list[str] = []

    def records(self) -> Iterator[tuple[int, int, bytes]]:
        """(record number from 1, its first byte's offset, its bytes) for each record of data."""
        data, size = self.data, self.size
        whole = len(data) // size
        for i in range(whole):
            start = i * size
            record = data[start : start + size]
            if blank(record):
                if not blank(data[start + size :]):
                    self.notes.append(Message("club.blank_record", record=i + 1, format=self.name))
                return
            why = self.not_a_record(record)
            if why is not None:
                stop = Message("club.not_a_record", format=self.name, reason=why, count=len(data) - start)
                self.problem(i + 1, start, stop, kind="unreadable")
                return
            yield i + 1, start, record
        tail = data[whole * size :]
        if tail and not blank(tail):
            self.problems.append(
                Problem(
                    Message("club.record_length", count=len(tail), size=size, format=self.name),
                    line=whole + 1,
                    kind="unreadable",
                )
            )

    def board(self, number: int) -> str:
        return str(self.first_board + number - 1)

    def where(self, number: int, start: int, first: int = 0, last: int | None = None) -> Message:
        last = self.size if last is None else last
        return Message("where.record", record=number, first=start + first + 1, last=start + last)

    def problem(
        self,
        number: int,
        start: int,
        message: str,
        first: int = 0,
        last: int | None = None,
        kind: str = "invalid_deal",
    ) -> None:
        board = self.board(number)
        where = Message("at", where=self.where(number, start, first, last), message=message)
        self.problems.append(
            Problem(
                Message("at", where=Message("where.board", board=board), message=where),
                line=number,
                index=number - 1,
                board=board,
                kind=kind,
            )
        )

    def deck(self, deal: str, number: int, source: str) -> None:
        self.decks.append(
            Deck(deal=deal, index=number - 1, line=number, board=self.board(number), source=source, rotation=True)
        )

    def finish(self) -> tuple[list[Deck], list[Problem], list[str]]:
        if self.decks:
            self.notes.insert(0, ROTATION_NOTE)
        return self.decks, self.problems.finish(), self.notes


def seat_name(seat: int) -> str:
    return SEAT_NAMES[SEATS[seat]]
