"""Bytes in, a FileResult out: decode, recognise the format, hand over to its reader.

This is the one place that turns the unexpected into a Problem: whatever a
reader raises, the upload gets an answer instead of a server error.
"""

from __future__ import annotations

from collections.abc import Callable

from .caught import log_caught, reading
from .club import RECORD_FORMATS, record_format
from .club import reader_for as club_reader
from .club.detect import HEAD_BYTES
from .dealer.script import looks_like_script
from .decode import binary_reason, decode, detect_format
from .handviewer import read_handviewer
from .lin import read_lin
from .messages import Message
from .model import Deck, FileResult, Problem
from .pbn import read_pbn

Reader = Callable[[str], tuple[list[Deck], list[Problem], list[str]]]

NO_FORMAT = Message("file.no_format")
NO_DEALS = Message("file.no_deals")
# A dealer script holds no deals: it makes them when run (games.formats.dealer), which
# reading never does. The upload form and manage.py deal_decks run it.
SCRIPT = Message("file.dealer_script")


def _reader(fmt: str) -> Reader:
    if fmt == "pbn":
        return read_pbn
    if fmt == "lin":
        return read_lin
    if fmt != "handviewer":
        return club_reader(fmt)
    return read_handviewer


def read_decks(data: bytes, name: str = "") -> FileResult:
    """The decks, problems and notes of one uploaded file; never raises."""
    result = FileResult(name=name)
    with reading(name):
        return _read(data, name, result)


def _read(data: bytes, name: str, result: FileResult) -> FileResult:
    try:
        # The dealing machines' records are bytes, read as bytes: never decoded, never "binary".
        fmt = record_format(data[:HEAD_BYTES])
        text, result.encoding = ("", "binary") if fmt else decode(data)
        why = "" if fmt else binary_reason(text)
        fmt = fmt or ("" if why else detect_format(text, name))
        if not fmt and not why and looks_like_script(text):
            result.format = "dlr"
            result.problems.append(Problem(message=SCRIPT, line=1, kind="dealer_script"))
            return result
        if not fmt:
            result.problems.append(Problem(message=why or NO_FORMAT, line=1, kind="unreadable"))
            return result
        # FileResult.format is stored in a 4-character column: a handviewer link carries LIN.
        result.format = "lin" if fmt == "handviewer" else fmt
        if fmt == "handviewer":
            result.notes.append(Message("file.handviewer"))
        if fmt in RECORD_FORMATS:  # the club formats of fixed-size records read the bytes
            decks, problems, notes = club_reader(fmt)(data)
        else:
            decks, problems, notes = _reader(fmt)(text)
        result.decks.extend(decks)
        result.problems.extend(problems)
        result.notes.extend(notes)
    except Exception as error:  # noqa: BLE001 - the upload must get an answer, not a 500
        log_caught("the file could not be read")
        detail = f"{type(error).__name__}: {error}"[:200]
        result.problems.append(Problem(message=Message("file.internal", error=detail), line=1, kind="internal"))
        return result
    if not result.decks and not result.problems:
        result.problems.append(Problem(message=NO_DEALS, line=1, kind="no_deals"))
    return result
