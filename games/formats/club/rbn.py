"""RBN and RBX, Richard Pavlicek's bridge notation.

RBN is text: a ``%`` line is a comment (the first says ``% RBN``), every other line a
one-letter label, a space and its data, and a blank line ends a record. ``{`` ... ``}`` is
free text, over several lines if need be. The labels T D L E S F K N B H repeat into the next
record when it does not state them; A C P R I M never do. So the other table of a team match
is a record with its own names and auction and no B or H: a deck of its own, with the board
and deal of the record before it and its own auction, play, result and players, as a LIN
vugraph's closed room is. A label stated with no data clears the value it would repeat.

RBX is the same, a record a line, each element written ``L{data}`` (``%{...}`` a comment).
"""

from __future__ import annotations

from functools import lru_cache

from games.bridge.board import board_number
from games.bridge.cards import DealError

from ..limits import MAX_DECKS, NOTE_LIMIT, SOURCE_LIMIT, ProblemList
from ..messages import Message, reason
from ..model import Deck, Problem
from .machine import ROTATION_NOTE
from .rbn_values import (
    Auction,
    read_auction,
    read_contract,
    read_date,
    read_hands,
    read_names,
    read_play,
    read_result,
)
from .text import bounded, lines, one_kind_of_line_end

LABELS = frozenset("TDLESFKNBHACPRMI")
INHERITED = "TDLESFKNBH"
# Labels kept as tags: PBN's names where the value means the same, else the RBN label's meaning.
TAG_OF_LABEL = {
    "D": "Date",
    "T": "RbnTitle",
    "L": "Site",
    "E": "Event",
    "S": "RbnSession",
    "F": "RbnScoring",
    "K": "RbnTeams",
    "I": "RbnItems",
    "M": "RbnMakes",
}
OTHER_TABLE = Message("rbn.other_table")
MAX_ELEMENTS = 200  # RBX: elements read from one line (a record has some twenty)
# What a file repeats, read once for the records that repeat it: H (the tables of a board
# give the same hands), A without notes (passed-out boards, the same auction at two tables)
# and the heading (the names and the labels in force). Longer A values are read each time.
VALUES_KEPT = 4096
HEADINGS_KEPT = 1024
AUCTION_KEPT_LENGTH = 400
_RBX_LABELS = LABELS | frozenset("%0123456789")

Labels = dict[str, tuple[str, int]]  # label -> (data, line)


class _Reader:
    def __init__(self) -> None:
        self.decks: list[Deck] = []
        self.problems = ProblemList()
        self.notes: list[str] = []
        self.counts: dict[str, int] = {}
        self.inherited: Labels = {}
        self.current: int | None = None  # the deck of the hands in force, by position
        self.tables = 0  # decks of other tables' records (no B or H)
        self.index = 0  # deal occurrences so far
        self.full = False
        self.hands = lru_cache(maxsize=VALUES_KEPT)(read_hands)
        self.auction = lru_cache(maxsize=VALUES_KEPT)(_plain_auction)
        self.heading = lru_cache(maxsize=HEADINGS_KEPT)(_read_heading)

    def note(self, kind: str, message: Message) -> None:
        """A note of one ``kind`` (a key: its text names the kind in the note on those past NOTE_LIMIT)."""
        n = self.counts.get(kind, 0)
        self.counts[kind] = n + 1
        if n < NOTE_LIMIT:
            self.notes.append(message)

    def record(self, labels: Labels, digits: dict[str, str], source: str, start: int) -> None:
        """Read one record: a new deck, another table's deck of the deal in force, or a heading."""
        if not labels or self.full:
            return
        self.inherited.update((label, labels[label]) for label in INHERITED if label in labels)
        other_table = "H" not in labels and "B" not in labels
        if other_table:
            if not any(label in labels for label in "ACPRIM"):
                return  # the event's heading: its labels repeat into the records after it
            if self.current is None:
                if not self.inherited.get("H", ("", 0))[0]:
                    self.problems.append(
                        Problem(
                            Message("rbn.no_hands_before", line=start),
                            line=start,
                            kind="no_deal",
                        )
                    )
                return  # (or the other table of hands that could not be read, reported already)
        if len(self.decks) >= MAX_DECKS:
            self.full = True
            self.problems.append(
                Problem(
                    Message("pbn.too_many_decks", count=len(self.decks)),
                    line=start,
                    kind="too_many_decks",
                )
            )
            return
        index = self.index
        self.index += 1
        if other_table and self.current is not None:
            first = self.decks[self.current]
            self.tables += 1
            self.decks.append(self._deck(first.deal, labels, digits, index, start, first.board, source, OTHER_TABLE))
            return
        hands, line = self.inherited.get("H", ("", start))
        board = bounded(self.inherited.get("B", ("", 0))[0], 20) or None
        self.current = None
        where = Message("where.board", board=board) if board else Message("where.deal", deal=index + 1, line=line)
        if not hands:
            message = Message("at", where=where, message=Message("rbn.no_hands"))
            self.problems.append(Problem(message, line=line, index=index, board=board, kind="no_deal"))
            return
        try:
            deal = self.hands(hands)
        except DealError as error:
            self.problems.append(Problem(Message("at", where=where, message=reason(error)), line, index, board))
            return
        self.current = len(self.decks)
        self.decks.append(self._deck(deal, labels, digits, index, line, board, source))

    def _deck(
        self,
        deal: str,
        labels: Labels,
        digits: dict[str, str],
        index: int,
        line: int,
        board: str | None,
        source: str,
        table: str = "",
    ) -> Deck:
        """The deck of a record; ``table``: its note when it is another table's record of
        the deal in force."""
        notes: list[str] = [table] if table else []
        dealer = vul = None
        calls: tuple = ()
        if "A" in labels:
            value = labels["A"][0]
            plain = not digits and len(value) < AUCTION_KEPT_LENGTH
            dealer, vul, calls, said = self.auction(value) if plain else read_auction(value, digits)
            notes += said
        contract = declarer = ""
        if "C" in labels:
            contract, declarer = read_contract(labels["C"][0])
            if not contract and labels["C"][0].strip():
                notes.append(Message("rbn.contract", value=bounded(labels["C"][0], 20)))
        play: tuple[tuple[str, ...], ...] = ()
        if "P" in labels:
            play, said_play = read_play(labels["P"][0])
            notes += [said_play] if said_play else []
        names = self.inherited.get("N", ("", 0))[0]
        values = tuple(self._value(labels, label) for label in TAG_OF_LABEL)
        players, tags = self.heading(names, values)
        if board and board_number(board) is None:
            notes.append(Message("rbn.board_number", board=board))
        return Deck(
            deal=deal,
            index=index,
            line=line,
            dealer=dealer,
            vul=vul,
            board=board,
            players=players,
            auction=calls,
            auction_first=dealer if calls else None,
            play=play,
            contract=contract,
            declarer=declarer,
            result=read_result(labels["R"][0]) if "R" in labels else "",
            tags=tuple(tags),
            source=source,
            notes=tuple(notes),
            rotation=True,
        )

    def _value(self, labels: Labels, label: str) -> str:
        """A label's data in this record: its own (I, M) or in force (the labels that repeat)."""
        found = labels.get(label) if label in "IM" else self.inherited.get(label)
        return found[0] if found else ""

    def finish(self) -> tuple[list[Deck], list[Problem], list[str]]:
        if self.tables:
            self.notes.append(
                Message("rbn.other_tables" if self.tables > 1 else "rbn.other_table_one", count=self.tables)
            )
        unstated = sum(1 for deck in self.decks if deck.dealer is None or deck.vul is None)
        if unstated == len(self.decks) and unstated:
            self.notes.insert(0, ROTATION_NOTE)
        elif unstated:
            self.notes.insert(0, Message("rbn.rotation_some", count=unstated))
        for kind, n in self.counts.items():
            if n > NOTE_LIMIT:
                self.notes.append(Message("more_notes", count=n - NOTE_LIMIT, kind=Message(kind)))
        return self.decks, self.problems.finish(), self.notes


def _plain_auction(value: str) -> Auction:
    return read_auction(value, {})


def _read_heading(names: str, values: tuple[str, ...]) -> tuple[tuple, tuple]:
    """Players and tags from the N label and the tagged labels' values, read once for the
    records that share them."""
    players, room = read_names(names) if names else ((), "")
    tags = []
    for (label, name), value in zip(TAG_OF_LABEL.items(), values):
        value = bounded(value)
        if value:
            tags.append((name, read_date(value) if label == "D" else value))
    if room:
        tags.append(("Room", room))
    return players, tuple(tags)


def _keep(labels: Labels, digits: dict[str, str], label: str, value: str, line: int, reader: _Reader) -> None:
    """File one label of a record (the first of a label counts, as PBN keeps a tag's first)."""
    if label.isdigit():
        digits.setdefault(label, bounded(value))
    elif label not in LABELS:
        reader.note("rbn.kind_unknown_labels", Message("rbn.unknown_label", line=line, label=label))
    elif label in labels:
        reader.note("rbn.kind_repeated_labels", Message("rbn.repeated_label", line=line, label=label))
    else:
        labels[label] = (value, line)


def read_rbn(text: str) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks of an RBN file, in file order."""
    reader = _Reader()
    labels: Labels = {}
    digits: dict[str, str] = {}
    source: list[str] = []
    size = start = 0
    in_text = False  # inside { ... } free text
    for number, line in enumerate(lines(one_kind_of_line_end(text)), 1):
        if in_text:
            in_text = "}" not in line
            continue
        if not line or line.isspace():
            if labels or digits:
                reader.record(labels, digits, "\n".join(source), start)
                labels, digits, source, size = {}, {}, [], 0
                if reader.full:
                    return reader.finish()  # (the problem says the rest was not read)
            continue
        first = line[0]
        if first == "%":
            continue
        if first == "{":
            in_text = "}" not in line
            continue
        if len(line) > 1 and line[1] != " ":
            reader.note("rbn.kind_other_lines", Message("rbn.other_line", line=number, text=bounded(line, 30)))
            continue
        if not labels and not digits:
            start = number
        if size < SOURCE_LIMIT:
            source.append(line[: SOURCE_LIMIT - size])
            size += len(source[-1]) + 1
        _keep(labels, digits, first, line[2:].strip(), number, reader)
    if labels or digits:
        reader.record(labels, digits, "\n".join(source), start)
    return reader.finish()


def elements(line: str) -> tuple[list[tuple[str, str]], str]:
    """The ``L{data}`` elements of an RBX line, and the first text that is not one ('' if
    none). Past MAX_ELEMENTS, the rest of the line is that text.

    An element whose '}' is missing ends where the next one starts: BridgeData writes an
    auction's first note inside the auction's braces (``A{…:4HA1{jacoby 2N}C{4H:E}``).
    A '{' after anything but a label's letter, digit or '%' is not an element: the text up
    to the next '}' is read past.
    """
    found: list[tuple[str, str]] = []
    other = ""
    pos = 0
    close: int | None = None  # the first '}' after the element's '{' (-1: none left), once known
    while len(found) < MAX_ELEMENTS:
        start = line.find("{", pos + 1)  # (a label stands before every '{')
        if start == -1:
            break
        label = line[start - 1]
        if line[pos : start - 1].strip() and not other:
            other = line[pos : start - 1]
        if close is None or -1 < close <= start:  # looked for once per '}', not once per element
            close = line.find("}", start + 1)
        if label not in _RBX_LABELS:
            other = other or line[start - 1 : start + 20]
            if close == -1:
                return found, other
            pos = close + 1
            continue
        after = line.find("{", start + 1)
        if close == -1 and after == -1:
            found.append((label, line[start + 1 :]))
            return found, other or line[start - 1 :]
        if after != -1 and (close == -1 or after < close):
            found.append((label, line[start + 1 : after - 1]))
            pos = after - 1
        else:
            found.append((label, line[start + 1 : close]))
            pos = close + 1
    else:
        return found, other or line[pos : pos + 30]  # the elements past MAX_ELEMENTS
    if line[pos:].strip() and not other:
        other = line[pos:]
    return found, other


def read_rbx(text: str) -> tuple[list[Deck], list[Problem], list[str]]:
    """Decks of an RBX file: RBN with a record a line, each label's data in braces."""
    reader = _Reader()
    for number, line in enumerate(lines(one_kind_of_line_end(text)), 1):
        labels: Labels = {}
        digits: dict[str, str] = {}
        found, other = elements(line)
        if other:
            reader.note("rbn.kind_other_text", Message("rbx.other_text", line=number, text=bounded(other, 30)))
        for label, value in found:
            if label != "%":
                _keep(labels, digits, label, value.strip(), number, reader)
        reader.record(labels, digits, line[:SOURCE_LIMIT].strip(), number)
        if reader.full:
            break  # (the problem says the rest was not read)
    return reader.finish()
