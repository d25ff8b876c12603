"""Cutting PBN text into games: one loop over the tokens of a game, a game at a time.

A game ends at a line empty or holding only spaces or tabs, unless that line stands inside
a ``{}`` comment. ``read_game`` reads one game into a ``Game``: the first value of each
tag (a repeated tag is ignored, PBN 3.4, and so is the data after it; Note tags may
repeat and are kept apart), the data of the sections asked for (the deck's Auction, Play
and OptimumResultTable; a club night's ScoreTable and TotalScoreTable) with where each
one's tag stands, its comments with where they stand, and what it read past (malformed
tags, a comment never closed). ``elements`` cuts a section's data into its words and
strings. What a game keeps is bounded (MAX_TAGS tags, DATA_LINES_KEPT data
lines, ISSUES_KEPT issues, MAX_COMMENTS comments and about MAX_COMMENTARY characters of
them), so that a game of a million tags or lines costs no more than its text.

Each comment is kept with the section it stands in (the data after the game's first
``[Auction]`` or ``[Play]``; else the board's) and how far into that data it stands
(``commentary.placed`` counts the calls or cards before it). A run of ``;`` comments on
lines that follow each other is one text, a line each: a paragraph written that way, and
how the writer keeps a text holding a ``}``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from ..commentary import blank, clean
from ..limits import MAX_COMMENTARY, MAX_COMMENTS, MAX_TAGS
from ..messages import Message

TABLE = "OptimumResultTable"  # the one table whose rows are kept (deck.table_value)
SECTIONS = {"Auction": "auction", "Play": "play", TABLE: "table"}  # the deck's: tag -> section
ISSUES_KEPT = 20  # malformed places of one game that are listed; the rest are counted
DATA_LINES_KEPT = 2000  # lines of data (sections, tables, junk) kept of one game
UNCLOSED = Message("pbn.unclosed_comment")

# Each token starts after the white space before it, but for a blank line, which ends the
# game. The blank line is written without a repeated group: for ``(?:[ \t\r]*\n)*`` the
# regex engine keeps a backtracking point a line, some 160 bytes each (5 MB of blank lines
# would take 700 MB).
_TOKEN = re.compile(
    r"""
    (?:[ \t\r\f\v]++|\n(?![ \t\r]*+\n))*+  # white space that does not end the game
    (?:
     (\n[ \t\r]*+\n(?:[ \t\r\n]*\n)?|\Z)    # 1: blank line(s), or the end of the text
    |^%[^\n]*                               # escape line
    |(\{)                                   # 2: brace comment, closed by hand
    |(\[\s*([A-Za-z0-9_]++)\s*"([^"\\\n]*+(?:\\.[^"\\\n]*+)*+)"\s*\])   # 3: tag; 4: name, 5: value
    |(\[[^\]\n]*+\]?)                       # 6: malformed tag, read past to ']'
    |((?:[^\s\[{;"]|"(?:[^"\\\n]|\\.)*+"?)(?:[^\n\[{;"]++|"(?:[^"\\\n]|\\.)*+"?)*+)
                                            # 7: data (auction, play, table rows); a ';' or '{'
                                            # in a table's "string" is no comment (PBN 5.1)
    |(;)[^\n]*                              # 8: rest-of-line comment
    |.                                      # a character no token starts with: read past
    )
    """,
    re.X | re.M,
)
# An element of a section's data (PBN 5.1): a string, its quotes taken off (1), or a word; a
# stray ']' or '}' is read past.
_ELEMENT = re.compile(r'"((?:[^"\\\n]|\\.)*+)"?|[^\s"\]}]++')


@dataclass(slots=True)
class Game:
    """One game as read: its tags and sections, its comments, and where it stands."""

    tags: dict[str, str]  # the first value of each name, Note aside
    named: int  # tags given in the game (``Reader.inherit`` adds '##' defaults after them)
    notes: list[str]  # every Note value, in file order
    auction_notes: list[str]  # those after [Auction] (and before a later [Play])
    sections: dict[str, str]  # section -> the data after its tag's first use, token lines joined
    section_at: dict[str, int]  # section -> text position of that tag
    junk: bool  # data before the first tag
    first: int  # text position of the first tag (or of the junk); -1: neither
    deal_at: int  # text position of the first [Deal]; -1: none
    end: int  # text position where the game ends
    issues: list[tuple[int, Message]]  # (position, what was read past)
    more_issues: int  # issues past the ones listed: only counted
    # (text, section, offset in that section's data, position) of each comment; section is
    # "auction", "play" or "" (the board's)
    comments: list[tuple[str, str, int, int]]

    @property
    def auction(self) -> str | None:
        """The data after the first [Auction]."""
        return self.sections.get("auction")

    @property
    def play(self) -> str | None:
        """The data after the first [Play]."""
        return self.sections.get("play")

    @property
    def table(self) -> str | None:
        """The rows after the first [OptimumResultTable]."""
        return self.sections.get("table")


def plain(text: str) -> str:
    """``text`` as the tokens read it: no byte-order mark, and ``\\n`` line ends (CRLF is one
    line end, so line numbers are unchanged; a lone CR is an old Mac's)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n") if "\n" in text else text.replace("\r", "\n")
    return text


def unescape(value: str) -> str:
    """A tag value with PBN's two escapes read: \\" is a quote, \\\\ a backslash.

    A value holds no line end, so one stands in for an escaped backslash while
    the quotes are read (str.replace pairs backslashes from the left, as PBN does).
    """
    if "\\" not in value:
        return value
    return value.replace("\\\\", "\n").replace('\\"', '"').replace("\n", "\\")


def read_game(text: str, start: int, last_brace: int, keep: Mapping[str, str] = SECTIONS) -> tuple[Game, int]:
    """The game of ``text`` (``plain`` text) starting at ``start``, and where the next one
    starts; ``last_brace``: where the text's last ``}`` stands (-1: none), so that a ``{``
    after it is known unclosed without a search to the end of the text. ``keep``: the tags
    whose data is kept, each with the name of its section."""
    tags: dict[str, str] = {}
    notes: list[str] = []
    auction_notes: list[str] = []
    first = deal_at = junk_at = -1
    issues: list[tuple[int, Message]] = []
    more_issues = 0
    names = 0  # tags read, repeats and Notes included
    sections: dict[str, list[str]] = {}  # section -> its data lines
    section_at: dict[str, int] = {}  # section -> where its tag stands
    lines: list[str] | None = None  # the data lines of the section being read, if any
    section = ""  # its name ("" outside the sections)
    length = 0  # of its data so far, as "\n".join makes it
    in_auction = False  # a Note now explains the auction's alerts
    data_lines = 0
    tags_full = False  # MAX_TAGS read: the rest of the game is read past, its data too
    # (text, section, offset, position); a ';' comment's text is a list of its lines
    comments: list[tuple[str | list[str], str, int, int]] = []
    comment_chars = 0
    semi_end = -1  # where the last comment ended, when it was a ';' one
    blank_run: tuple[list[str], int] | None = None  # a run of blank ';' lines so far: (lines, position)
    blank_chars = 0  # of those lines
    match = _TOKEN.match
    pos = start
    while True:
        m = match(text, pos)
        if m is None:  # never: the pattern's last alternatives match any character, and the end
            end = pos
            break
        kind = m.lastindex
        pos = m.end()
        if kind == 1:
            end = m.start(1)
            break
        if kind == 3:
            semi_end, blank_run = -1, None
            if names == MAX_TAGS:
                if not tags_full:
                    tags_full = True
                    issues.append((m.start(3), Message("pbn.too_many_tags", count=MAX_TAGS)))
                continue
            names += 1
            name, value = m.group(4, 5)
            if first < 0:
                first = m.start(3)
            if "\\" in value:
                value = unescape(value)
            lines, section, length = None, "", 0  # data after this tag is kept only in a section
            if name == "Note":
                notes.append(value)
                if in_auction:
                    auction_notes.append(value)
            elif name not in tags:
                tags[name] = value
                if name == "Deal":
                    deal_at = m.start(3)
                elif name in keep:
                    section = keep[name]
                    lines = sections[section] = []
                    section_at[section] = m.start(3)
                    if name == "Auction":  # the Notes after it, and before a later [Play]
                        in_auction = True
                    elif name == "Play":
                        in_auction = False
        elif kind == 7:
            semi_end, blank_run = -1, None
            if not names and junk_at < 0:
                junk_at = m.start(7)
            if data_lines < DATA_LINES_KEPT and not tags_full:
                data_lines += 1
                if lines is not None:
                    data = m.group(7)
                    length += len(data) + (len(lines) > 0)
                    lines.append(data)
        elif kind == 2:
            at = m.start(2)
            close = text.find("}", at + 1) if at < last_brace else -1
            stop = close
            if close < 0:
                if len(issues) < ISSUES_KEPT:
                    issues.append((at, UNCLOSED))
                else:
                    more_issues += 1
                close = text.find("\n", at)
                stop = pos = len(text) if close < 0 else close
            else:
                pos = close + 1
            if stop > at + 1 and len(comments) <= MAX_COMMENTS and comment_chars <= MAX_COMMENTARY and not tags_full:
                # (what passes MAX_COMMENTARY is cut anyway: a huge comment is not copied whole)
                said = text[at + 1 : min(stop, at + 2 + MAX_COMMENTARY)]
                if not blank(said):
                    comments.append((clean(said), section, length, at))
                    comment_chars += len(said)
            semi_end, blank_run = -1, None
        elif kind == 8:
            at = m.start(8)
            if len(comments) <= MAX_COMMENTS and comment_chars <= MAX_COMMENTARY and not tags_full:
                said = clean(text[at + 1 : min(pos, at + 2 + MAX_COMMENTARY)])
                run = semi_end >= 0 and _next_line(text, semi_end, at)
                if run and blank_run is None:  # the next line of a text
                    lines_so_far = comments[-1][0]  # a ';' comment's: a list
                    if isinstance(lines_so_far, list):
                        lines_so_far.append(said)
                    comment_chars += len(said) + 1
                elif blank(said):  # a blank line: kept only if a line with words follows
                    if not run or blank_run is None:  # (a run of lines has its blank run)
                        blank_run, blank_chars = ([], at), 0
                    if blank_chars <= MAX_COMMENTARY:
                        blank_run[0].append(said)
                        blank_chars += len(said) + 1
                else:
                    kept, where = blank_run if run and blank_run is not None else ([], at)
                    kept.append(said)
                    comments.append((kept, section, length, where))
                    comment_chars += len(said) + (blank_chars if run else 0)
                    blank_run = None
                semi_end = pos
        elif kind == 6:
            if len(issues) < ISSUES_KEPT:
                issues.append((m.start(6), Message("pbn.malformed_tag", text=m.group(6)[:60])))
            else:
                more_issues += 1
            semi_end, blank_run = -1, None
        # else: an escape line, or a character no token starts with
    game = Game(
        tags=tags,
        named=len(tags),
        notes=notes,
        auction_notes=auction_notes,
        sections={name: "\n".join(kept) for name, kept in sections.items()},
        section_at=section_at,
        junk=junk_at >= 0,
        first=first if first >= 0 else junk_at,
        deal_at=deal_at,
        end=end,
        issues=issues,
        more_issues=more_issues,
        comments=[(t if type(t) is str else "\n".join(t), sec, offset, at) for t, sec, offset, at in comments],
    )
    return game, pos


def elements(data: str) -> list[str]:
    """A section's data (``Game.sections``) cut into its elements: words, and strings
    without their quotes, escapes read."""
    return [unescape(m[1]) if m[1] is not None else m[0] for m in _ELEMENT.finditer(data)]


def _next_line(text: str, before: int, at: int) -> bool:
    """Whether only spaces and one line end stand between ``before`` and ``at``: a ';'
    comment at ``at`` goes on the one that ended at ``before``."""
    return at - before < 200 and text.count("\n", before, at) == 1 and text[before:at].isspace()
