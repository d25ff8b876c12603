"""Reading Bridge Base Online LIN files (rules: ../shared/formats.md).

A LIN file is a stream of ``xx|value|`` pairs; the slot before a value may also carry
stray text (newlines, an editor's words): its last two letters are the tag. ``pairs`` cuts
the text at its pipes from the start, so a value is never mistaken for a tag, and the
reader acts on each pair in one loop. A record starts at each ``qx``, and at each ``md``
that is not the first deal of a ``qx`` record; the pairs that follow belong to it
(``record``) until the next one starts, and then it becomes a deck (``deck.Builder``) or
a problem naming its board and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..caught import log_caught
from ..commentary import blank
from ..limits import NOTE_LIMIT, ProblemList
from ..messages import Message
from ..model import Deck, Problem
from .deck import TAG_LIMIT, Builder, board_of
from .record import Record

MD0_REASON = Message("lin.md0")
HEADER_TAGS = ("vg", "rs", "mp", "bn", "pw")  # session headers copied into each deck's tags
CHUNK = 1 << 14  # characters cut into pairs at a time: the pieces of a whole file would take 20x its size
PERCENT_LINES = re.compile(r"(?m)^%[^\r\n]*")

# The slots the reader acts on, as BBO and others write them: each tag in each case, alone or
# after a line break. Any other slot is read by ``tag_of``.
TAGS: dict[str, str] = {}
for _tag in ("pc", "pg", "mc", "mb", "an", "md", "qx", "ah", "sv", "pn", "nt", "st", "rh", "sk", *HEADER_TAGS):
    for _case in {_tag, _tag.upper(), _tag[0].upper() + _tag[1], _tag[0] + _tag[1].upper()}:
        TAGS[_case] = TAGS["\n" + _case] = TAGS["\r\n" + _case] = _tag


def read_lin(text: str) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks in file order, problems (bad boards, with line and board), notes.

    Never raises: a board that is not a full deal is reported and skipped.
    """
    decks, problems, notes, _ = parse_lin(text)
    return decks, problems, notes


def parse_lin(text: str) -> tuple[list[Deck], list[Problem], list[str], int]:
    """``read_lin`` plus the number of md occurrences (for readers that embed LIN)."""
    reader = _Reader()
    try:
        reader.read(text)
    except Exception as exc:  # noqa: BLE001 - a reader bug must not lose the upload
        log_caught("the LIN reader stopped")
        reader.problems.append(Problem(Message("lin.unreadable", error=str(exc)), 1, kind="unreadable"))
    return reader.decks, reader.problems.finish(), reader.notes, reader.md_count


def pairs(text: str, chunk: int = CHUNK) -> Iterator[tuple[str, str, int]]:
    """(slot, value, the value's text position) of each pair of ``text``, in order: a slot
    and a value each end at a pipe. Past the last pipe, and after a pipe left alone at the
    end, there is no pair. The text is cut ``chunk`` characters at a time."""
    end = text.rfind("|") + 1
    start = 0
    while start < end:
        # A piece of about ``chunk`` characters that ends with a value's pipe.
        stop = text.find("|", start + chunk) + 1 if start + chunk < end else end
        if stop < end and text.count("|", start, stop) % 2:
            stop = text.find("|", stop) + 1
        pieces = text[start:stop].split("|")
        pieces.pop()  # (after the last pipe: "")
        if len(pieces) % 2:  # the file's last pipe ends a slot: no value follows it
            pieces.pop()
        at = start
        cut = iter(pieces)
        for slot, value in zip(cut, cut):
            at += len(slot) + 1
            yield slot, value, at
            at += len(value) + 1
        start = stop


def tag_of(slot: str) -> str | None:
    """The tag a slot names: its last two characters (stray text may stand before them),
    in lower case, when they are ASCII letters."""
    key = slot.rstrip()[-2:]
    return key.lower() if len(key) == 2 and key.isascii() and key.isalpha() else None


class _Reader:
    def __init__(self) -> None:
        self.decks: list[Deck] = []
        self.problems = ProblemList()
        self.notes: list[str] = []
        self.md_count = 0
        self.md0_noted = 0  # md|0| steps read past beside a deck: the first NOTE_LIMIT get a note
        self.headers: dict[str, str] = {}  # session headers, the one set last at the end
        self.header: tuple[tuple[str, str], ...] = ()  # the same, as Deck.tags holds them
        self.builder = Builder("", "\n")

    def read(self, text: str) -> None:
        if text.startswith("\ufeff"):
            text = text[1:]
        if text.startswith("%") or "\n%" in text or "\r%" in text:
            text = PERCENT_LINES.sub("", text)  # keeps the newlines: line numbers stay right
        nl = "\n" if "\n" in text or "\r" not in text else "\r"
        self.builder = Builder(text, nl)
        rec: Record | None = None
        names: str | None = None  # the last pn: it names the players of the boards after it
        line, counted = 1, 0  # the line at text position ``counted``
        stray_line = 0  # the first line with text between pairs
        loose_comment = -1  # the text position of the first nt before any board
        for slot, value, at in pairs(text):
            tag = TAGS.get(slot)
            if tag is None:
                tag = tag_of(slot)
                if (tag is None or len(slot.strip()) > 2) and not stray_line:
                    stray_line = line + text.count(nl, counted, at - len(slot) - 1)
                if tag is None:
                    continue
            if tag == "pc" or tag == "mc":
                if rec is not None:
                    rec.add_play(tag, value)
            elif tag == "mb" or tag == "an":
                if rec is not None:
                    rec.add_bid(tag, value)
            elif tag == "pg":
                continue
            elif tag == "md":
                at -= 3
                line += text.count(nl, counted, at)
                counted = at
                if value.lstrip()[:1] == "0":  # a teaching movie's change to the deal
                    if rec is None:
                        rec = Record(at, None)
                    rec.add_movie_step(self.md_count, line)
                else:  # a deal: it joins the record its qx began, or begins its own
                    if rec is None or rec.md is not None:
                        label = None
                        if rec is not None:
                            label = rec.label
                            self.finish(rec, at)
                        rec = Record(at, label)
                    rec.md = (value, self.md_count, line, names)
                self.md_count += 1
            elif tag == "nt":
                if rec is not None:
                    rec.add_comment(value, at)
                elif loose_comment < 0 and not blank(value):
                    loose_comment = at
            elif tag == "qx":
                if rec is not None:
                    self.finish(rec, at - 3)
                rec = Record(at - 3, value)
            elif tag == "pn":
                names = value
                if rec is not None and rec.md is not None and rec.late_names is None:
                    rec.late_names = names
            elif tag == "ah":
                if rec is not None:
                    rec.add_heading(value)
            elif tag == "sv":
                if rec is not None and rec.sv is None:
                    rec.sv = value
            elif tag in HEADER_TAGS:
                self.headers.pop(tag, None)
                self.headers[tag] = value[:TAG_LIMIT]
                self.header = tuple(self.headers.items())
        if rec is not None:
            self.finish(rec, len(text))
        if self.md0_noted > NOTE_LIMIT:
            self.notes.append(Message("lin.more_md0", count=self.md0_noted - NOTE_LIMIT))
        if stray_line:
            self.notes.append(Message("lin.stray_text", line=stray_line))
        if not self.md_count and text.count("|") >= 2:  # a whole pair
            self.notes.append(Message("lin.no_md"))
        if loose_comment >= 0:
            line_of = self.builder.line_of(loose_comment)
            self.notes.append(Message("lin.loose_commentary", line=line_of))
        self.notes.extend(self.builder.budget.finish())

    def finish(self, rec: Record, end: int) -> None:
        """Turn one record, whose text ends at ``end``, into a deck or a problem."""
        if rec.md is None and not rec.md0:  # a qx without a deal
            return
        deck = None
        if rec.md is not None:
            _, index, line, _ = rec.md
            try:
                made = self.builder.build(rec, end, self.header)
            except Exception as exc:  # noqa: BLE001 - one odd board must not lose the file
                log_caught("a LIN board could not be read", f"line {line}")
                made = Message("lin.board_unreadable", error=str(exc))
            if isinstance(made, str):
                self.problem(made, line, index, rec)
            else:
                deck = made
                self.decks.append(deck)
        if not rec.md0:
            return
        if deck is not None:
            where = (
                Message("where.board", board=deck.board)
                if deck.board
                else Message("where.deal_number", deal=deck.index + 1)
            )
            for _, line in rec.md0:
                if self.md0_noted < NOTE_LIMIT:
                    self.notes.append(Message("lin.md0_step", line=line, where=where))
                self.md0_noted += 1
            self.md0_noted += rec.md0_more
        else:
            for index, line in rec.md0:
                self.problem(MD0_REASON, line, index, rec)
            self.problems.count_more(rec.md0_more)

    def problem(self, reason: str, line: int, index: int, rec: Record) -> None:  # reason: a Message
        if self.problems.full():  # only counted: the board need not be known
            self.problems.count_more(1)
            return
        board = board_of(rec)[0]
        where = Message("where.board", board=board) if board else Message("where.deal", deal=index + 1, line=line)
        self.problems.append(Problem(Message("at", where=where, message=reason), line, index, board))
