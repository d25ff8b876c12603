"""The careful tokenizer: a PBN game read token by token.

For games the faster tokenizers turn away: ``{}`` comments (which may hold blank lines,
so the game may run past the blank line ``game_spans`` saw), ``;`` comments, ``%``
escape lines, brackets in data, tags spanning lines, malformed tags. What it keeps is
bounded (MAX_TAGS tags, DATA_LINES_KEPT data lines, ISSUES_KEPT issues), so that a game
of a million tags or lines costs no more than its text.
"""

from __future__ import annotations

import re

from ..limits import MAX_TAGS
from .tokens import Game, unescape

ISSUES_KEPT = 20  # malformed places of one game that are listed; the rest are counted
DATA_LINES_KEPT = 2000  # lines of data (sections, tables, junk) kept of one game

_TOKEN = re.compile(
    r"""
     (\n[ \t\r]*+\n(?:[ \t\r\n]*\n)?)   # 1: blank line(s): the game ends (tokens.SEPARATOR)
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


def scan_game(text: str, start: int) -> tuple[Game, int]:
    """The game starting at ``start``, read token by token, and where the next one starts."""
    names: list[str] = []
    values: list[str] = []
    gaps: list[list[str]] = [[]]
    issues: list[tuple[int, str]] = []
    more_issues = 0
    data_lines = 0
    tags_full = False  # MAX_TAGS read: the rest of the game is read past, its data too
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
    game = Game(names, values, ["\n".join(g) for g in gaps], first if first >= 0 else junk_at, deal_at, end)
    game.issues, game.more_issues = issues, more_issues
    return game, next_start
