"""The careful tokenizer: a PBN game read token by token.

For games the faster tokenizers turn away: ``{}`` comments (which may hold blank lines,
so the game may run past the blank line ``game_spans`` saw), ``;`` comments, ``%``
escape lines, brackets in data, tags spanning lines, malformed tags. What it keeps is
bounded (MAX_TAGS tags, DATA_LINES_KEPT data lines, ISSUES_KEPT issues, MAX_COMMENTS
comments and about MAX_COMMENTARY characters of them), so that a game of a million tags
or lines costs no more than its text.

Each comment is kept with where it stands: after which tag (the gap it is in) and how far
into that tag's data (``commentary.placed`` counts the calls or cards before it). A run of
``;`` comments on lines that follow each other is one text, a line each: a paragraph
written that way, and how the writer keeps a text holding a ``}``.
"""

from __future__ import annotations

import re

from ..commentary import blank, clean
from ..limits import MAX_COMMENTARY, MAX_COMMENTS, MAX_TAGS
from .tokens import Game, unescape

ISSUES_KEPT = 20  # malformed places of one game that are listed; the rest are counted
DATA_LINES_KEPT = 2000  # lines of data (sections, tables, junk) kept of one game

_TOKEN = re.compile(
    r"""
     (\n[ \t\r]*+\n(?:[ \t\r\n]*\n)?)   # 1: blank line(s): the game ends (tokens.SEPARATOR)
    |\n|[ \t\r\f\v]+                    # white space
    |^%[^\n]*                           # escape line
    |(\{)                               # 2: brace comment, closed by hand
    |\[\s*([A-Za-z0-9_]+)\s*"([^"\\\n]*(?:\\.[^"\\\n]*)*)"\s*\]   # 3, 4: tag
    |(\[[^\]\n]*\]?)                    # 5: malformed tag, read past to ']'
    |((?:[^\s\[{;"]|"(?:[^"\\\n]|\\.)*+"?)(?:[^\n\[{;"]++|"(?:[^"\\\n]|\\.)*+"?)*+)
                                        # 6: data (auction, play, table rows); a ';' or '{'
                                        # in a table's "string" is no comment (PBN 5.1)
    |(;)[^\n]*                          # 7: rest-of-line comment
    """,
    re.X | re.M,
)


def scan_game(text: str, start: int) -> tuple[Game, int]:
    """The game starting at ``start``, read token by token, and where the next one starts."""
    names: list[str] = []
    values: list[str] = []
    gaps: list[list[str]] = [[]]
    gap_length = 0  # of the data of the last gap so far, as Game joins it
    issues: list[tuple[int, str]] = []
    more_issues = 0
    data_lines = 0
    tags_full = False  # MAX_TAGS read: the rest of the game is read past, its data too
    # (text, gap, offset in its data, position); a ';' comment's text is a list of its lines
    comments: list[tuple[str | list[str], int, int, int]] = []
    comment_chars = 0
    semi_end = -1  # where the last comment ended, when it was a ';' one
    blank_run: tuple[list[str], int] | None = None  # a run of blank ';' lines so far: (lines, position)
    blank_chars = 0  # of those lines
    first = deal_at = junk_at = -1
    match = _TOKEN.match
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
            at = pos
            close = text.find("}", pos + 1)
            stop = close
            if close < 0:
                if len(issues) < ISSUES_KEPT:
                    issues.append((pos, "a '{' comment is never closed: read to the end of its line"))
                else:
                    more_issues += 1
                close = text.find("\n", pos)
                stop = pos = n if close < 0 else close
            else:
                pos = close + 1
            if stop > at + 1 and len(comments) <= MAX_COMMENTS and comment_chars <= MAX_COMMENTARY and not tags_full:
                # (what passes MAX_COMMENTARY is cut anyway: a huge comment is not copied whole)
                said = text[at + 1 : min(stop, at + 2 + MAX_COMMENTARY)]
                if not blank(said):
                    comments.append((clean(said), len(gaps) - 1, gap_length, at))
                    comment_chars += len(said)
            semi_end, blank_run = -1, None
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
                gap_length = 0
            elif not tags_full:
                tags_full = True
                issues.append((pos, f"this game has more than {MAX_TAGS} tags: the rest read past"))
            pos = m.end()
            semi_end, blank_run = -1, None
        elif kind == 5:
            if len(issues) < ISSUES_KEPT:
                issues.append((pos, f"'{m.group(5)[:60]}' is not a well-formed tag: read past"))
            else:
                more_issues += 1
            pos = m.end()
            semi_end, blank_run = -1, None
        elif kind == 7:
            if len(comments) <= MAX_COMMENTS and comment_chars <= MAX_COMMENTARY and not tags_full:
                said = clean(text[pos + 1 : min(m.end(), pos + 2 + MAX_COMMENTARY)])
                run = semi_end >= 0 and _next_line(text, semi_end, pos)
                if run and blank_run is None:  # the next line of a text
                    comments[-1][0].append(said)  # type: ignore[union-attr]
                    comment_chars += len(said) + 1
                elif blank(said):  # a blank line: kept only if a line with words follows
                    if not run:
                        blank_run, blank_chars = ([], pos), 0
                    if blank_chars <= MAX_COMMENTARY:
                        blank_run[0].append(said)  # type: ignore[index]
                        blank_chars += len(said) + 1
                else:
                    lines, at = (blank_run[0], blank_run[1]) if run else ([], pos)  # type: ignore[index]
                    lines.append(said)
                    comments.append((lines, len(gaps) - 1, gap_length, at))
                    comment_chars += len(said) + (blank_chars if run else 0)
                    blank_run = None
                semi_end = m.end()
            pos = m.end()
        else:
            if junk_at < 0 and not names:
                junk_at = pos
            if data_lines < DATA_LINES_KEPT and not tags_full:
                data = m.group(6)
                gaps[-1].append(data)
                gap_length += len(data) + (len(gaps[-1]) > 1)
                data_lines += 1
            pos = m.end()
            semi_end, blank_run = -1, None
    game = Game(names, values, ["\n".join(g) for g in gaps], first if first >= 0 else junk_at, deal_at, end)
    game.issues, game.more_issues = issues, more_issues
    if comments:
        game.comments = [(t if type(t) is str else "\n".join(t), *rest) for t, *rest in comments]  # type: ignore[misc]
    return game, next_start


def _next_line(text: str, before: int, at: int) -> bool:
    """Whether only spaces and one line end stand between ``before`` and ``at``: a ';'
    comment at ``at`` goes on the one that ended at ``before``."""
    return at - before < 200 and text.count("\n", before, at) == 1 and text[before:at].isspace()
