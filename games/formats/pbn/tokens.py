"""Cutting PBN text into games, and each game into tags and section data.

Every game becomes a ``Game``: its tags, Notes, Auction, Play and OptimumResultTable data and its place in
the text, made from the tag names, values and what follows each
tag, whichever of three tokenizers found them (the reader picks, fastest first):

* ``Plan``: one regex matching a whole game of one list of tag names, one tag a line,
  made once per list (files repeat the same tags board after board);
* ``TAG_SPLIT``: one ``re.split`` of the game at its tags, when what lies between them
  is white space or data lines without comment, escape or bracket characters;
* ``scan.scan_game``: token by token, for everything else (comments, escape lines,
  tags spanning lines, malformed tags).

The text is first cut at every blank line (``game_spans``). A ``{}`` comment may hold
blank lines, so a game the careful scan reads may run past the blank line found here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from operator import itemgetter

from .values import OWN_TAGS

TABLE = "OptimumResultTable"  # the one table whose rows are kept (deck.table_value)

# A line empty or holding only spaces/tabs ends a game (CR for CRLF files); the separator
# runs to the last line end of the blank lines. Written without a repeated group: for
# ``(?:[ \t\r]*\n)*`` the regex engine keeps a backtracking point a blank line, some
# 160 bytes each (5 MB of blank lines would take 700 MB).
SEPARATOR = re.compile(r"\n[ \t\r]*+\n(?:[ \t\r\n]*\n)?")
SEP_SPLIT = re.compile(f"({SEPARATOR.pattern})").split  # games and separators, alternately (tests)

# Export-format tags: name and value, with what lies between them (possessive: no backtracking).
TAG_SPLIT = re.compile(r'\[([A-Za-z0-9_]++) "([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"\]').split


def game_spans(text: str) -> Iterator[tuple[int, int, int]]:
    """(start, end, start of the next) of each game of ``text``, one at a time (a list
    of a million tiny games would cost ten times the text), the last one ending where
    the text does.

    Where no line holds only spaces or tabs and no three line ends are in a row, every
    separator is exactly two line ends, and ``str.find`` finds them at a fraction of the
    regex's cost. The checks are memchr and substring searches; text that fails them
    (trailing spaces are common) goes to the regex.
    """
    pos = 0
    if "\t" in text or "\r" in text or " \n" in text or "\n\n\n" in text:
        for m in SEPARATOR.finditer(text):
            yield pos, m.start(), m.end()
            pos = m.end()
    else:
        find = text.find
        at = find("\n\n")
        while at >= 0:
            yield pos, at, at + 2
            pos = at + 2
            at = find("\n\n", pos)
    yield pos, len(text), len(text)


def special(text: str) -> bool:
    """Whether ``text`` holds a character that needs the careful scan: []{};% or a
    backslash (seven memchr-fast substring tests, where a regex tests a class a character)."""
    return "[" in text or "]" in text or "{" in text or "}" in text or ";" in text or ("%" in text or "\\" in text)


def unescape(value: str) -> str:
    """A tag value with PBN's two escapes read: \\" is a quote, \\\\ a backslash.

    A value holds no line end, so one stands in for an escaped backslash while
    the quotes are read (str.replace pairs backslashes from the left, as PBN does).
    """
    if "\\" not in value:
        return value
    return value.replace("\\\\", "\n").replace('\\"', '"').replace("\n", "\\")


_UNESCAPED: dict[str, str] = {}  # value as written -> as read (names and events recur)


def unescape_all(values: list[str] | tuple[str, ...]) -> list[str]:
    """unescape() for every value of a game (most hold no backslash)."""
    return [(_UNESCAPED.get(v) or _unescaped(v)) if "\\" in v else v for v in values]


def _unescaped(value: str) -> str:
    found = unescape(value)
    if len(_UNESCAPED) < 4096 and len(value) <= 200:  # (it outlives the file)
        _UNESCAPED[value] = found
    return found


class Shape:
    """What a game's list of tag names says, worked out once per list."""

    __slots__ = (
        "repeated",
        "auction",
        "play",
        "table",
        "note_at",
        "auction_note_at",
        "other_names",
        "named",
        "players",
    )

    def __init__(self, names: tuple[str, ...]) -> None:
        distinct = dict.fromkeys(names)
        self.repeated = len(distinct) + max(names.count("Note") - 1, 0) != len(names)  # a tag given twice
        self.auction = names.index("Auction") if "Auction" in distinct else -1
        self.play = names.index("Play") if "Play" in distinct else -1
        self.table = names.index(TABLE) if TABLE in distinct else -1
        self.note_at = tuple(i for i, name in enumerate(names) if name == "Note")
        stop = self.play if self.play > self.auction else len(names)
        # the Notes after [Auction] (and before a later [Play]) explain its alerts first
        self.auction_note_at = tuple(i for i in self.note_at if 0 <= self.auction < i < stop)
        self.other_names = tuple(k for k in distinct if k not in OWN_TAGS)  # those for Deck.tags
        self.named = len(distinct) - ("Note" in distinct)  # distinct names but Note
        self.players = any(seat in distinct for seat in ("North", "East", "South", "West"))


_SHAPES: dict[tuple[str, ...], Shape] = {}


def shape_of(names: tuple[str, ...]) -> Shape:
    shape = _SHAPES.get(names)
    if shape is None:
        shape = Shape(names)
        if len(_SHAPES) < 4096 and len(names) <= 64 and sum(map(len, names)) <= 1000:  # bounded: games are short
            _SHAPES[names] = shape
    return shape


class Game:
    """One game: its tags (the first of each name), Notes, section data and place in the text,
    whichever tokenizer found them."""

    __slots__ = (
        "tags",
        "names",
        "shape",
        "notes",
        "auction_notes",
        "auction",
        "play",
        "table",
        "junk",
        "first",
        "deal_at",
        "end",
        "issues",
        "more_issues",
        "comments",
    )

    def __init__(
        self,
        names: list[str] | tuple[str, ...],
        values: list[str] | tuple[str, ...],
        gaps: list[str],
        first: int,
        deal_at: int,
        end: int,
        shape: Shape | None = None,
    ) -> None:
        """A Game from tag names, values and what follows each (gaps[i + 1] follows tag i),
        and where it stands in the text. A repeated tag is ignored (PBN 3.4), and so is
        the data after it; Note tags may repeat and are kept apart."""
        if shape is None:
            shape = shape_of(tuple(names))
        if shape.repeated:
            self.tags = dict(zip(reversed(names), reversed(values)))  # the first of each name wins
        else:
            self.tags = dict(zip(names, values))
        self.names = names  # tag names in file order, repeats and Notes included
        self.shape = shape
        self.notes: list[str] | tuple[()] = ()  # every Note value, in file order
        self.auction_notes: list[str] | tuple[()] = ()  # the Notes after [Auction] (before any [Play])
        if shape.note_at:
            del self.tags["Note"]
            self.notes = [values[i] for i in shape.note_at]
            if shape.auction_note_at:
                self.auction_notes = [values[i] for i in shape.auction_note_at]
        self.auction = gaps[shape.auction + 1] if shape.auction >= 0 else None  # data after [Auction]
        self.play = gaps[shape.play + 1] if shape.play >= 0 else None  # data after [Play]
        self.table = gaps[shape.table + 1] if shape.table >= 0 else None  # rows after [OptimumResultTable]
        self.junk = gaps[0].strip() if gaps[0] else ""  # data before the first tag
        self.first = first  # text position of the first tag (or of the junk)
        self.deal_at = deal_at  # text position of the first [Deal]; -1 when there is none
        self.end = end  # text position where the game ends
        self.issues: list[tuple[int, str]] | tuple[()] = ()  # (position, what was read past)
        self.more_issues = 0  # issues past the ones listed: only counted
        # (text, gap, offset in that gap's data, position) of each comment: only the careful
        # scan finds any (a '{' or ';' sends a game there)
        self.comments: list[tuple[str, int, int, int]] | tuple[()] = ()


# --- the fast tokenizer ------------------------------------------------------------------

# A tag value: quotes only after a backslash. Single-character classes: the regex engine runs
# those in a tight loop, several times faster than [^"\\\n]. What they let through (a line
# end, a quote after an escaped backslash) Plan.game turns away.
_VALUE = r'([^"]*+(?:(?<=\\)"[^"]*+)*+)'
_LEGAL = re.compile(r'[^"\\\n]*+(?:\\.[^"\\\n]*+)*+').fullmatch  # TAG_SPLIT's value
_DATA = r"([^\[]*+)"  # the data after [Auction], [Play] and the table: up to the next tag
_DATA_TAGS = ("Auction", "Play", TABLE)


class Plan:
    """A regex for whole games of one list of tag names, and where each part is in its groups."""

    __slots__ = ("names", "shape", "fullmatch", "values", "data_at", "gaps", "newlines", "deal_group")

    def __init__(self, names: tuple[str, ...]) -> None:
        pattern = []
        values: list[int] = []  # the group of each tag's value, in file order
        data: list[tuple[int, int]] = []  # (group, gap) of the sections' data
        groups = newlines = 0
        for i, name in enumerate(names):
            pattern.append(rf'\[{name} "{_VALUE}"\]')
            values.append(groups)
            groups += 1
            if name in _DATA_TAGS:
                pattern.append(_DATA)
                data.append((groups, i + 1))  # gaps[i + 1] follows tag i
                groups += 1
            elif i < len(names) - 1:
                pattern.append(r"\n")  # one tag a line, nothing else
                newlines += 1
        self.names = names
        self.shape = shape_of(names)
        self.fullmatch: Callable[[str], re.Match[str] | None] = re.compile("".join(pattern)).fullmatch
        # the values among the groups (an itemgetter of one index gives the item, not a tuple)
        self.values = itemgetter(*values) if len(values) > 1 else itemgetter(slice(0, 1))
        self.data_at = tuple(data)
        self.gaps = [""] * (len(names) + 1)  # what follows each tag, but for the data: nothing
        self.newlines = newlines  # the line ends outside the data
        self.deal_group = values[names.index("Deal")] + 1  # Match.start() counts groups from 1

    def game(self, chunk: str, start: int) -> Game | None:
        """The Game of ``chunk`` (of the text, from ``start``) when it is a game of these
        tags as TAG_SPLIT reads them; else None, and another tokenizer reads it."""
        match = self.fullmatch(chunk)
        if match is None:
            return None
        groups = match.groups()
        gaps = self.gaps
        newlines = self.newlines
        if self.data_at:
            gaps = gaps.copy()
            for group, gap in self.data_at:
                data: str = groups[group]  # type: ignore[assignment]
                if special(data):  # a comment, an escape line, a bracket: the careful scan reads it
                    return None
                newlines += data.count("\n")
                gaps[gap] = data
        if chunk.count("\n") != newlines:  # a value spans lines: not a tag
            return None
        values = self.values(groups) if self.data_at else groups
        if "\\" in chunk:
            # _VALUE takes a quote after any backslash; TAG_SPLIT ends a value at one after an
            # escaped backslash (\\"), where a game of these tags is not one
            if '\\\\"' in chunk and not all(_LEGAL(v) for v in values if "\\" in v):
                return None
            values = unescape_all(values)
        deal_at = start + match.start(self.deal_group) - 7  # len('[Deal "')
        return Game(self.names, values, gaps, start, deal_at, start + len(chunk), self.shape)


_PLANS: dict[tuple[str, ...], Plan | None] = {}
_PLAN_TAGS = 64  # tags of the longest game a Plan is made for (a group a tag)


def plan_for(names: tuple[str, ...]) -> Plan | None:
    """The Plan of a list of tag names; None (another tokenizer) without a Deal, with a tag
    other than Note given twice (PBN ignores the second, and the data after it), or for
    a long list."""
    if names in _PLANS:
        return _PLANS[names]
    short = len(names) <= _PLAN_TAGS and sum(map(len, names)) <= 1000
    plan = Plan(names) if short and "Deal" in names and not shape_of(names).repeated else None
    if len(_PLANS) < 256 and short:  # bounded: files vary little, games are short
        _PLANS[names] = plan
    return plan
