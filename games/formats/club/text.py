"""Line by line through a text, in pieces, for the line-based club formats (DLM, RBN, RBX).

``str.splitlines`` on a whole upload costs a list entry and a string per line at once: for a
file of line ends alone that is eight times its size. Splitting a piece at a time keeps what
is held to the piece while each line is still cut out in C.
"""

from __future__ import annotations

from collections.abc import Iterator

PIECE = 8192  # characters: a piece of line ends alone splits into 64 KB of list


def one_kind_of_line_end(text: str) -> str:
    """CRLF and lone CR (old Macs) as LF, line numbers unchanged; and NUL as U+FFFD, since
    what a reader keeps of the text is stored, and a database refuses NUL in text."""
    if "\x00" in text:
        text = text.replace("\x00", "\ufffd")
    if "\r" in text:
        return text.replace("\r\n", "\n") if "\n" in text else text.replace("\r", "\n")
    return text


def lines(text: str) -> Iterator[str]:
    """The lines of ``text`` (LF line ends), without their line ends."""
    pos, end = 0, len(text)
    while pos < end:
        cut = text.find("\n", pos + PIECE)
        stop = end if cut == -1 else cut + 1
        piece = text[pos:stop]
        parts = piece.split("\n")
        if piece.endswith("\n"):
            parts.pop()  # the empty text after the piece's last line end
        yield from parts
        pos = stop


def bounded(value: str, limit: int = 500) -> str:
    """A value kept from a file: one line, at most ``limit`` characters."""
    return " ".join(value[:limit].split())
