"""A board's teaching text (``Deck.commentary``): kept as written, within bounds.

Both readers hand their comments here. ``clean`` makes every line end ``\\n`` and puts
U+FFFD for control characters: a database refuses NUL in text, and the others show as
nothing on a page and make an XML export invalid. ``Budget`` holds one file's bounds
(limits.py): past them a text is cut and the file gets a note naming the board and line.
``plain_text`` gives a comment as words alone (the hand records print it so); pages show
it through ``games.presentation.lesson_text``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from html.parser import HTMLParser

from games.bridge.cards import SUIT_SYMBOLS

from .limits import MAX_COMMENTARY, MAX_COMMENTS, MAX_FILE_COMMENTARY, NOTE_LIMIT
from .messages import Message
from .model import Comment

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
                        Message("commentary.too_many", where=where, count=MAX_COMMENTS, line=line_of(pos))
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
                        Message("commentary.file_full", where=where, line=line_of(pos), count=MAX_FILE_COMMENTARY)
                    )
                self.spent = True
            else:
                room = deck_room
                if self._noting():
                    self.notes.append(Message("commentary.cut", where=where, line=line_of(pos), count=MAX_COMMENTARY))
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
            return [*self.notes, Message("commentary.more", count=self.more)]
        return self.notes


# --- notes a program writes about itself -------------------------------------------------

# Programs that write deal files leave notes on their own working among the comments: BEN
# its par computation's time and its "Feasability" check, GIB, Bridgify and the other
# robots and solvers their signatures. They teach nothing, so they are kept apart from the
# commentary (``Deck.machine_notes``) and shown only in the preview's file details. A
# note is one short comment that opens with one of these; a longer text that happens to
# open so is someone's words and stays commentary.
_MACHINE_NOTE = re.compile(
    r"""\s*(?:
        PAR\ computation\ time | Feasability
      | (?:generated|created|produced|made|exported|analy[sz]ed|computed|solved|dealt)\s+(?:by|with|using)\s+
        (?:GIB|Bridgify|BEN|BBA|Bridge\ Baron|WBridge5|Jack|Q-plus|Shark|Deep\ Finesse|DDS|BigDeal)\b
      | (?:GIB|Bridgify|BEN)\s*(?:version|v?[0-9]|:)
    )""",
    re.IGNORECASE | re.VERBOSE,
)
MACHINE_NOTE_CHARS = 200  # a longer comment is someone's text
MAX_MACHINE_NOTES = 8  # a deck's, kept; more are dropped (they say nothing to a player)


def machine_note(text: str) -> bool:
    """Whether a comment is a program's note about itself, not teaching text."""
    return len(text) <= MACHINE_NOTE_CHARS and "\n" not in text.strip() and bool(_MACHINE_NOTE.match(text))


def apart(found: Iterable[tuple[Comment, int]]) -> tuple[list[tuple[Comment, int]], tuple[str, ...]]:
    """A deck's comments (comment, text position) without the programs' notes, and those
    notes' texts (at most MAX_MACHINE_NOTES, in file order)."""
    kept: list[tuple[Comment, int]] = []
    machine: list[str] = []
    for comment, pos in found:
        if machine_note(comment.text):
            if len(machine) < MAX_MACHINE_NOTES:
                machine.append(comment.text.strip())
        else:
            kept.append((comment, pos))
    return kept, tuple(machine)


# --- the text as plain words (hand records, the admin's lists) ---------------------------

# The suit escapes lesson tools write: BridgeComposer's \S \H \D \C, BBO's @S @H @D @C
# (either case, as BBO's own viewer reads them).
SUIT_ESCAPE = re.compile(r"\\([SHDC])|@([SHDCshdc])")
_BREAKS = {"br", "p", "div", "li", "tr"}  # tags a line ends at
_UNSEEN = {"script", "style", "title", "head"}  # tags whose content is not text


class _Words(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _UNSEEN:
            self.hidden += 1
        elif tag in _BREAKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _UNSEEN:
            self.hidden = max(0, self.hidden - 1)
        elif tag in _BREAKS - {"br"}:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def suit_symbols(text: str) -> str:
    """``text`` with its suit escapes as symbols: "1\\D" -> "1♦", "@sK" -> "♠K"."""
    return SUIT_ESCAPE.sub(lambda m: SUIT_SYMBOLS[(m.group(1) or m.group(2)).upper()], text)


def plain_text(text: str) -> str:
    """A comment as plain words: its HTML tags gone (with what a script or style holds),
    its entities read, its suit escapes as symbols, its spaces single; a ``<br>`` or
    ``<p>`` ends a line, and paragraphs stand one blank line apart."""
    words = _Words()
    words.feed(text)
    words.close()
    lines = [" ".join(line.split()) for line in suit_symbols("".join(words.parts)).split("\n")]
    paragraphs, current = [], []
    for line in lines:
        if line:
            current.append(line)
        elif current:
            paragraphs.append("\n".join(current))
            current = []
    if current:
        paragraphs.append("\n".join(current))
    return "\n\n".join(paragraphs)
