"""A board's teaching text (``Deck.commentary``): kept as written, within bounds.

Both readers hand their comments here. ``clean`` makes every line end ``\\n`` and puts
U+FFFD for control characters: a database refuses NUL in text, and the others show as
nothing on a page and make an XML export invalid. ``Budget`` holds one file's bounds
(limits.py): past them a text is cut and the file gets a note naming the board and line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace

from .limits import MAX_COMMENTARY, MAX_COMMENTS, MAX_FILE_COMMENTARY
from .model import Comment

NOTE_LIMIT = 20  # notes on cut commentary before they are only counted
# C0 controls but tab and line feed, DEL and the C1 controls (cp1252's undefined bytes
# decode to these); CR is a line end, handled first.
_CONTROLS = [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0x7F, 0xA0)]
_REPLACE = dict.fromkeys(_CONTROLS, "\ufffd")
_HAS_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]").search


def clean(text: str) -> str:
    """``text`` with CRLF and CR as ``\\n`` and control characters as U+FFFD."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if _HAS_CONTROL(text):
        text = text.translate(_REPLACE)
    return text


def blank(text: str) -> bool:
    """Whether a comment says nothing (``{}``, ``nt||``, only spaces): such are not kept."""
    return not text or text.isspace()


class Budget:
    """One file's commentary bounds: MAX_COMMENTS entries and MAX_COMMENTARY characters a
    deck, MAX_FILE_COMMENTARY characters the file; and the notes on what they cut."""

    def __init__(self) -> None:
        self.left = MAX_FILE_COMMENTARY
        self.notes: list[str] = []
        self.more = 0  # notes past NOTE_LIMIT: only counted
        self.spent = False  # the file's bound was reached (said once)

    def keep(
        self, found: Iterable[tuple[Comment, int]], where: str, line_of: Callable[[int], int]
    ) -> tuple[Comment, ...]:
        """The deck's comments within bounds, from (comment, text position) in file order;
        ``where`` names the board ("board 7"), ``line_of`` gives a position's line (only
        asked for a note)."""
        kept: list[Comment] = []
        used = 0
        for comment, pos in found:
            if len(kept) == MAX_COMMENTS:
                if self._noting():
                    self.notes.append(
                        f"{where}: more than {MAX_COMMENTS} comments; those from line {line_of(pos)} on were left out"
                    )
                break
            size = len(comment.text)
            deck_room = MAX_COMMENTARY - used
            if size <= deck_room and size <= self.left:
                kept.append(comment)
                used += size
                self.left -= size
                continue
            if self.left < deck_room:
                room = self.left
                if not self.spent and self._noting():
                    self.notes.append(
                        f"{where}, line {line_of(pos)}: this file's commentary passed {MAX_FILE_COMMENTARY:,}"
                        " characters; the rest of it was left out"
                    )
                self.spent = True
            else:
                room = deck_room
                if self._noting():
                    self.notes.append(
                        f"{where}, line {line_of(pos)}: commentary cut: a board keeps {MAX_COMMENTARY:,} characters"
                    )
            if room > 0:
                kept.append(replace(comment, text=comment.text[:room]))
                self.left -= room
            break
        return tuple(kept)

    def _noting(self) -> bool:
        """Whether a note made now is kept (else it is only counted)."""
        if len(self.notes) < NOTE_LIMIT:
            return True
        self.more += 1
        return False

    def finish(self) -> list[str]:
        """The notes, closed by a count of those past NOTE_LIMIT."""
        if self.more:
            return [*self.notes, f"... and {self.more} more boards with commentary cut"]
        return self.notes
