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

# A line empty or holding only spaces/tabs ends a game (CR for CRLF files).
SEP_SPLIT = re.compile(r"(\n[ \t\r]*\n(?:[ \t\r]*\n)*)").split

# Export-format tags; anything else is left between tags, seen there and read slowly.
TAG_SPLIT = re.compile(r'\[([A-Za-z0-9_]++) "([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"\]').split  # possessive: no backtracking


def split_games(text: str) -> list[str]:
    """SEP_SPLIT(text): games and the separators between them, alternately.

    Where no line holds only spaces or tabs and no three line ends are in a row, every
    separator is exactly two line ends, and ``str.split`` finds them at a quarter of the
    regex's cost (half, with the checks). The checks are cheap ones: no tab or CR at all
    (memchr), no space just before a line end (one ends a line of spaces), and no game
    but the last starting with a line end or empty (three or four line ends in a row
    leave one; ``min`` finds it, and anything sorting below a line end is left to the
    regex too). Text that fails them (trailing spaces are common) is split by the regex.
    """
    if "\t" in text or "\r" in text or " \n" in text:
        return SEP_SPLIT(text)
    games = text.split("\n\n")
    after_first = games[1:]
    if after_first and not after_first[-1]:
        after_first.pop()  # the text ends with a separator
    if after_first and min(after_first)[:1] <= "\n":
        return SEP_SPLIT(text)
    pieces = ["\n\n"] * (2 * len(games) - 1)
    pieces[0::2] = games
    return pieces


def SPECIAL(text: str) -> bool:  # noqa: N802 - was a compiled pattern's search
    """Whether ``text`` holds a character that needs the slow scan: []{};% or a backslash.

    Seven substring tests (memchr-fast) instead of a regex testing a class at each character.
    """
    return "[" in text or "]" in text or "{" in text or "}" in text or ";" in text or (
        "%" in text or "\\" in text
    )


_SLOW = re.compile(
    r"""
     (\n[ \t\r]*\n(?:[ \t\r]*\n)*)      # 1: blank line(s): the game ends
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
        "tags", "names", "notes", "auction_notes", "auction", "play", "junk",
        "first", "deal_at", "end", "issues", "other_names", "named",
    )

    def __init__(
        self, tags: dict[str, str], names: list[str], notes: list[str], auction_notes: list[str],
        auction: str | None, play: str | None, junk: str,
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
        self.other_names: tuple[str, ...] = ()  # distinct names without a Deck field, in order
        self.named = 0  # distinct tag names, Note left out


# Tags with a Deck field of their own (pbn_deck); every other tag goes to Deck.tags.
OWN_TAGS = frozenset((
    "Board", "Dealer", "Vulnerable", "Deal", "North", "East", "South", "West",
    "Auction", "Play", "Contract", "Declarer", "Result", "Note",
))
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
    if len(_SHAPES) < 4096 and len(key) <= 64:  # bounded: files vary little, games are short
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


def scan_slow(text: str, start: int) -> tuple[Game, int]:
    """The game starting at ``start``, read token by token, and where the next one starts."""
    names: list[str] = []
    values: list[str] = []
    gaps: list[list[str]] = [[]]
    issues: list[tuple[int, str]] = []
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
                issues.append((pos, "a '{' comment is never closed: read to the end of its line"))
                close = text.find("\n", pos)
                pos = n if close < 0 else close
            else:
                pos = close + 1
        elif kind == 4:
            name = m.group(3)
            if first < 0:
                first = pos
            if name == "Deal" and deal_at < 0:
                deal_at = pos
            names.append(name)
            values.append(unescape(m.group(4)))
            gaps.append([])
            pos = m.end()
        elif kind == 5:
            issues.append((pos, f"'{m.group(5)[:60]}' is not a well-formed tag: read past"))
            pos = m.end()
        else:
            if junk_at < 0 and not names:
                junk_at = pos
            gaps[-1].append(m.group(6))
            pos = m.end()
    game = game_from_parts(names, values, ["\n".join(g) for g in gaps])
    game.first = first if first >= 0 else junk_at
    game.deal_at, game.end, game.issues = deal_at, end, issues
    return game, next_start
