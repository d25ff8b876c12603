"""DLM, Duplimate for Windows' file: an INI-style text file of 99 boards.

Section ``[Document]`` holds ``Headline=``, ``Status=Show`` or ``Sealed``, ``Duplicates=``,
``From board=`` and ``To board=`` (the boards of the set), ``Crypto key=`` and ``Checksum=``,
then for NN = 01..99 ``Duplicates NN=0`` and ``Board NN=``: 26 lower-case letters and three
check digits. Letter i codes cards 2i and 2i+1 of the card order SA..C2 as
``a`` + 4 x seat(card 2i) + seat(card 2i+1), seats N=0 E=1 S=2 W=3. The check digits are
the board number XOR the ASCII codes of the 26 letters, as ``%03d``.

Only boards From..To are the set: the others are filler or old deals, left out with a note.
The header checksum's formula is not agreed between writers, so it is not checked. A
non-zero crypto key means the boards are encrypted: such a file cannot be read.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce

from games.bridge.cards import DealError

from ..limits import ProblemList
from ..messages import Message, reason
from ..model import Deck, Problem
from .dup import consecutive_from
from .machine import ROTATION_NOTE, WriteError, deal_of_seats, seats_of_deal
from .text import bounded, lines, one_kind_of_line_end

MAX_BOARD = 99
FILLER = "aaaaaabffffffkkkkkklpppppp"  # what Big Deal writes for the boards outside the set
_LETTERS = frozenset("abcdefghijklmnop")
CRLF = "\r\n"


@dataclass(slots=True)
class _Board:
    number: int
    value: str
    line: int
    index: int
    text: str


def check_digits(number: int, letters: str) -> int:
    return reduce(lambda acc, ch: acc ^ ord(ch), letters, number)


def read_dlm(text: str) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks of a DLM file: the boards From board..To board, in file order."""
    problems = ProblemList()
    notes: list[str] = []
    settings: dict[str, tuple[str, int]] = {}
    boards: dict[int, _Board] = {}
    order: list[_Board] = []
    section = ""
    index = 0
    for number, line in enumerate(lines(one_kind_of_line_end(text)), 1):
        stripped = line.strip()
        if not stripped or stripped[0] in ";#":
            continue
        if stripped[0] == "[":
            section = stripped[1:].partition("]")[0].strip().lower()
            continue
        key, equals, value = stripped.partition("=")
        if section != "document" or not equals:
            continue
        key = " ".join(key[:40].split()).lower()
        if not key.startswith("board "):
            settings.setdefault(key, (value.strip(), number))
            continue
        said = key[6:]
        if not (said.isascii() and said.isdecimal() and len(said) <= 3 and 1 <= int(said) <= MAX_BOARD):
            problems.append(
                Problem(
                    Message("dlm.board_number", line=number, value=bounded(said, 20), most=MAX_BOARD),
                    line=number,
                    index=index,
                    kind="board_number",
                )
            )
            index += 1
            continue
        board = _Board(int(said), value.strip(), number, index, bounded(stripped, 200))
        index += 1
        first = boards.setdefault(board.number, board)
        if first is not board:
            problems.append(
                Problem(
                    Message("dlm.board_twice", board=board.number, first=first.line, second=number),
                    line=number,
                    index=board.index,
                    board=str(board.number),
                    kind="board_number",
                )
            )
            continue
        order.append(board)
    crypto = settings.get("crypto key", ("0", 1))
    if crypto[0] not in ("", "0"):
        problems.append(
            Problem(
                Message("dlm.sealed", value=bounded(crypto[0], 20)),
                line=crypto[1],
                kind="sealed",
            )
        )
        return [], problems.finish(), notes
    if settings.get("status", ("", 0))[0].lower() == "sealed":
        notes.append(Message("dlm.marked_sealed"))
    chosen = _the_set(settings, boards, problems, notes)
    decks = []
    for board in order:
        if board.number not in chosen:
            continue
        deal = _deal(board, problems)
        if deal:
            decks.append(
                Deck(
                    deal=deal,
                    index=board.index,
                    line=board.line,
                    board=str(board.number),
                    source=board.text,
                    tags=_headline(settings),
                    rotation=True,
                )
            )
    if decks:
        notes.insert(0, ROTATION_NOTE)
    return decks, problems.finish(), notes


def _headline(settings: dict[str, tuple[str, int]]) -> tuple[tuple[str, str], ...]:
    headline = bounded(settings.get("headline", ("", 0))[0], 200)
    return (("Event", headline),) if headline else ()


def _the_set(
    settings: dict[str, tuple[str, int]], boards: dict[int, _Board], problems: ProblemList, notes: list[str]
) -> set[int]:
    """The numbers of the boards From..To; when the file does not give a set of 1..99,
    the boards that are not Big Deal's filler (with a problem or a note saying so)."""
    low, low_line = settings.get("from board", ("", 0))
    high, high_line = settings.get("to board", ("", 0))
    if (
        low.isdecimal()
        and high.isdecimal()
        and len(low) <= 3
        and len(high) <= 3
        and 1 <= int(low) <= int(high) <= MAX_BOARD
    ):
        first, last = int(low), int(high)
        left_out = sum(1 for n in boards if not first <= n <= last)
        if left_out:
            notes.append(Message("dlm.set_left_out", first=first, last=last, count=left_out))
        for n in range(first, last + 1):
            if n not in boards:
                problems.append(
                    Problem(
                        Message("dlm.set_missing", board=n, first=first, last=last),
                        line=high_line,
                        board=str(n),
                        kind="board_number",
                    )
                )
        return set(range(first, last + 1))
    real = {n for n, board in boards.items() if board.value[:26] != FILLER}
    if low or high:
        problems.append(
            Problem(
                Message("dlm.set_unclear", low=bounded(low, 20), high=bounded(high, 20), most=MAX_BOARD),
                line=low_line or high_line,
                kind="board_number",
            )
        )
    else:
        notes.append(Message("dlm.no_set"))
    return real


def _deal(board: _Board, problems: ProblemList) -> str:
    """The board's canonical deal, or '' with a problem saying what is wrong."""
    value, n = board.value.replace(" ", ""), board.number

    def problem(message: str) -> str:
        where = Message("where.board", board=n)
        problems.append(Problem(Message("at", where=where, message=message), board.line, board.index, str(n)))
        return ""

    letters, check = value[:26], value[26:]
    if len(value) != 29 or not check.isdecimal() or not check.isascii():
        return problem(Message("dlm.value", value=bounded(value, 40)))
    for i, ch in enumerate(letters, 1):
        if ch not in _LETTERS:
            return problem(Message("dlm.letter", char=ch, position=i))
    expected = check_digits(n, letters)
    if int(check) != expected:
        return problem(Message("dlm.check", digits=check, expected=f"{expected:03d}"))
    seat_of: list[int] = []
    for ch in letters:
        code = ord(ch) - 97
        seat_of += (code >> 2, code & 3)
    try:
        return deal_of_seats(seat_of)
    except DealError as error:
        return problem(reason(error))


def letters_of(deal: str) -> str:
    seat_of = seats_of_deal(deal)
    return "".join(chr(97 + 4 * seat_of[2 * i] + seat_of[2 * i + 1]) for i in range(26))


def _ascii(text: str) -> str:
    """Duplimate for Windows reads its files as ANSI text: accents dropped, one line."""
    flat = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return bounded(flat.replace("=", "-"), 80)


def write_dlm(decks: Iterable[Deck]) -> str:
    """A DLM file (CRLF lines) of at most 99 boards, unsealed. The boards keep their numbers
    when they run on one by one from the first, within 1..99; otherwise they are numbered
    from 1. Every one of the 99 boards is written, as the format wants: those outside the
    set with Big Deal's filler. Raises WriteError past 99 boards."""
    decks = list(decks)
    if len(decks) > MAX_BOARD:
        raise WriteError(
            f"a DLM file holds at most {MAX_BOARD} boards; this set has {len(decks)}: export it as DUP, or in parts"
        )
    first = consecutive_from(decks, MAX_BOARD) or 1
    last = first + len(decks) - 1
    events = [value for name, value in (decks[0].tags if decks else ()) if name == "Event" and value != "?"]
    headline = _ascii(events[0]) if events else f"Boards {first}-{last}"
    out = [
        "[Document]",
        f"Headline={headline}",
        "Status=Show",
        "Duplicates=0",
        f"From board={first}",
        f"To board={last}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        f"Checksum={0 ^ first ^ last ^ 1}",  # Big Deal's formula, for Show
    ]
    by_number = {first + i: deck for i, deck in enumerate(decks)}
    for n in range(1, MAX_BOARD + 1):
        deck = by_number.get(n)
        letters = letters_of(deck.deal) if deck else FILLER
        out += [f"Duplicates {n:02d}=0", f"Board {n:02d}={letters}{check_digits(n, letters):03d}"]
    return CRLF.join(out) + CRLF
