"""Cutting PBN text into games, and each game into tags and section data.

Speed matters here (every upload goes through it), so the text is first cut
at every blank line with one ``re.split`` and each piece is cut at its tags
with another. What lies between the tags is then looked at once:

* only white space: a game of tags (most hand records); the caller builds
  the deck straight from the tag names and values;
* data lines without comment, escape or bracket characters: Auction/Play
  rows and table rows, read by ``game_from_parts``;
* anything else (``{`` ``;`` ``%`` ``[`` ``]`` between tags, tags spanning
  lines, malformed tags): ``scan_slow`` reads the game token by token. A
  ``{}`` comment may hold blank lines, so a slow game may run past the blank
  line the first split saw; ``scan_slow`` says where the next game starts.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .limits import MAX_TAGS

# A line empty or holding only spaces/tabs ends a game (CR for CRLF files); the separator
# runs to the last line end of the blank lines. Written without a repeated group: the
# regex engine kept a backtracking point for each blank line of ``(?:[ \t\r]*\n)*``,
# some 160 bytes a line (5 MB of blank lines took 700 MB).
SEPARATOR = re.compile(r"\n[ \t\r]*+\n(?:[ \t\r\n]*\n)?")
SEP_SPLIT = re.compile(f"({SEPARATOR.pattern})").split  # games and separators, alternately (tests)

# Export-format tags; anything else is left between tags, seen there and read slowly.
TAG_SPLIT = re.compile(r'\[([A-Za-z0-9_]++) "([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"\]').split  # possessive: no backtracking


def game_spans(text: str) -> Iterator[tuple[int, int, int]]:
    """(start, end, start of the next) of each game of ``text``: the games of
    SEP_SPLIT(text), one at a time (a list of a million tiny games would cost ten times
    the text), the last one ending where the text does.

    Where no line holds only spaces or tabs and no three line ends are in a row, every
    separator is exactly two line ends, and ``str.find`` finds them at a fraction of the
    regex's cost. The checks are cheap ones (memchr and substring searches): no tab or CR
    at all, no space just before a line end (one ends a line of spaces), no three line
    ends in a row. Text that fails them (trailing spaces are common) goes to the regex.
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


def SPECIAL(text: str) -> bool:  # noqa: N802 - was a compiled pattern's search
    """Whether ``text`` holds a character that needs the slow scan: []{};% or a backslash.

    Seven substring tests (memchr-fast) instead of a regex testing a class at each character.
    """
    return "[" in text or "]" in text or "{" in text or "}" in text or ";" in text or ("%" in text or "\\" in text)


_SLOW = re.compile(
    r"""
     (\n[ \t\r]*+\n(?:[ \t\r\n]*\n)?)   # 1: blank line(s): the game ends (SEPARATOR)
    |\n|[ \t\r\f\v]+                    # white space
    |^%[^\n]*                           # escape line
    |;[^\n]*                            # rest-of-line comment
    |(\{)                               # 2: brace comment, closed by hand
    |\[\s*([A-Za-z0-9_]+)\s*"([^"\\\n]*(?:\\.[^"\\\n]*)*)"\s*\]   # 3, 4: tag
    |(\[[^\]\n]*\]?)                    # 5: malformed tag, read past to ']'
    |([^\s\[{;][^\n\[{;]*)              # 6: data (auction, play, table rows)
    """,
    re.X | re.M,
)


def unescape(value: str) -> str:
    """A tag value with PBN's two escapes read: \\" is a quote, \\\\ a backslash.

    A value holds no line end, so one stands in for an escaped backslash while
    the quotes are read (str.replace pairs backslashes from the left, as PBN does).
    """
    if "\\" not in value:
        return value
    return value.replace("\\\\", "\n").replace('\\"', '"').replace("\n", "\\")


def unescape_all(values: list[str]) -> list[str]:
    """unescape() for every value of a game, in one go when no NUL is about."""
    joined = "\0".join(values)
    if joined.count("\0") != len(values) - 1:
        return list(map(unescape, values))
    return unescape(joined).split("\0")


class Game:
    """One game: its tags (the first of each name), notes, section data and place in the text."""

    __slots__ = (
        "tags",
        "names",
        "notes",
        "auction_notes",
        "auction",
        "play",
        "junk",
        "first",
        "deal_at",
        "end",
        "issues",
        "more_issues",
        "other_names",
        "named",
    )

    def __init__(
        self,
        tags: dict[str, str],
        names: list[str],
        notes: list[str],
        auction_notes: list[str],
        auction: str | None,
        play: str | None,
        junk: str,
    ) -> None:
        self.tags = tags
        self.names = names  # tag names in file order, repeats and Notes included
        self.notes = notes  # every Note value, in file order
        self.auction_notes = auction_notes  # the Notes after [Auction] (before any [Play])
        self.auction = auction  # data after [Auction]
        self.play = play  # data after [Play]
        self.junk = junk  # data before the first tag
        self.first = -1  # text position of the first tag (or of the junk)
        self.deal_at = -1  # text position of the first [Deal]
        self.end = -1  # text position where the game ends
        self.issues: list[tuple[int, str]] | tuple[()] = ()  # (position, what was read past)
        self.more_issues = 0  # issues past ISSUES_KEPT: only counted
        self.other_names: tuple[str, ...] = ()  # distinct names without a Deck field, in order
        self.named = 0  # distinct tag names, Note left out


# Tags with a Deck field of their own (pbn_deck); every other tag goes to Deck.tags.
OWN_TAGS = frozenset(
    (
        "Board",
        "Dealer",
        "Vulnerable",
        "Deal",
        "North",
        "East",
        "South",
        "West",
        "Auction",
        "Play",
        "Contract",
        "Declarer",
        "Result",
        "Note",
    )
)
# What game_from_parts and full_deck need to know of a game's tag names, by the names in
# file order: hand records repeat the same tags in the same order on every board.
_SHAPES: dict[tuple[str, ...], tuple[bool, int, int, tuple[int, ...], tuple[int, ...], tuple[str, ...], int]] = {}


def _shape(key: tuple[str, ...]) -> tuple[bool, int, int, tuple[int, ...], tuple[int, ...], tuple[str, ...], int]:
    """(a tag repeated, index of Auction or -1, of Play or -1, indexes of the Notes, of the
    Notes after Auction (before a later Play), other tags' names in order, distinct names
    without Note)."""
    distinct = dict.fromkeys(key)
    n_notes = key.count("Note")
    repeated = len(distinct) + max(n_notes - 1, 0) != len(key)
    a = key.index("Auction") if "Auction" in distinct else -1
    p = key.index("Play") if "Play" in distinct else -1
    note_at = tuple(i for i, name in enumerate(key) if name == "Note")
    auction_note_at: tuple[int, ...] = ()
    if a >= 0:
        stop = p if p >= 0 and p > a else len(key)
        auction_note_at = tuple(i for i in note_at if a <= i < stop)
    keys = tuple(k for k in distinct if k not in OWN_TAGS)
    shape = (repeated, a, p, note_at, auction_note_at, keys, len(distinct) - ("Note" in distinct))
    if len(_SHAPES) < 4096 and len(key) <= 64 and sum(map(len, key)) <= 1000:  # bounded: games are short
        _SHAPES[key] = shape
    return shape


def game_from_parts(names: list[str], values: list[str], gaps: list[str]) -> Game:
    """A Game from tag names, values and what follows each: gaps[i + 1] follows tag i.

    A repeated tag is ignored (PBN 3.4), and so is the data after it; Note
    tags may repeat and are kept apart.
    """
    tags = dict(zip(names, values))
    key = tuple(names)
    repeated, a, p, note_at, auction_note_at, keys, named = _SHAPES.get(key) or _shape(key)
    if repeated:
        tags = dict(zip(reversed(names), reversed(values)))  # the first of each name wins
    auction = gaps[a + 1] if a >= 0 else None
    play = gaps[p + 1] if p >= 0 else None
    notes: list[str] = []
    auction_notes: list[str] = []
    if note_at:
        del tags["Note"]
        notes = [values[i] for i in note_at]
        if auction_note_at:
            auction_notes = [values[i] for i in auction_note_at]
    game = Game(tags, names, notes, auction_notes, auction, play, gaps[0].strip())
    game.other_names = keys
    game.named = named
    return game


ISSUES_KEPT = 20  # malformed places of one game that are listed; the rest are counted
DATA_LINES_KEPT = 2000  # lines of data (sections, tables, junk) kept of one game


def scan_slow(text: str, start: int) -> tuple[Game, int]:
    """The game starting at ``start``, read token by token, and where the next one starts.

    What it keeps is bounded (MAX_TAGS tags, DATA_LINES_KEPT data lines, ISSUES_KEPT
    issues), so that a game of a million tags or lines costs no more than its text."""
    names: list[str] = []
    values: list[str] = []
    gaps: list[list[str]] = [[]]
    issues: list[tuple[int, str]] = []
    more_issues = 0
    data_lines = 0
    tags_full = False  # MAX_TAGS read: the rest of the game is read past, its data too
    first = deal_at = junk_at = -1
    match = _SLOW.match
    n = len(text)
    pos = start
    end = next_start = n
    while pos < n:
        m = match(text, pos)
        if m is None:  # a character no token starts with (a control character)
            pos += 1
            continue
        kind = m.lastindex
        if kind is None:
            pos = m.end()
        elif kind == 1:
            end, next_start = m.start(), m.end()
            break
        elif kind == 2:
            close = text.find("}", pos + 1)
            if close < 0:
                if len(issues) < ISSUES_KEPT:
                    issues.append((pos, "a '{' comment is never closed: read to the end of its line"))
                else:
                    more_issues += 1
                close = text.find("\n", pos)
                pos = n if close < 0 else close
            else:
                pos = close + 1
        elif kind == 4:
            if len(names) < MAX_TAGS:
                name = m.group(3)
                if first < 0:
                    first = pos
                if name == "Deal" and deal_at < 0:
                    deal_at = pos
                names.append(name)
                values.append(unescape(m.group(4)))
                gaps.append([])
            elif not tags_full:
                tags_full = True
                issues.append((pos, f"this game has more than {MAX_TAGS} tags: the rest read past"))
            pos = m.end()
        elif kind == 5:
            if len(issues) < ISSUES_KEPT:
                issues.append((pos, f"'{m.group(5)[:60]}' is not a well-formed tag: read past"))
            else:
                more_issues += 1
            pos = m.end()
        else:
            if junk_at < 0 and not names:
                junk_at = pos
            if data_lines < DATA_LINES_KEPT and not tags_full:
                gaps[-1].append(m.group(6))
                data_lines += 1
            pos = m.end()
    game = game_from_parts(names, values, ["\n".join(g) for g in gaps])
    game.first = first if first >= 0 else junk_at
    game.deal_at, game.end, game.issues, game.more_issues = deal_at, end, issues, more_issues
    return game, next_start
