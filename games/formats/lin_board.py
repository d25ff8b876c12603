"""The board number and heading of a LIN record (from its ah pairs, else its qx label),
and its players (pn): used by ``lin``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING
from urllib.parse import unquote_plus

if TYPE_CHECKING:
    from .lin_record import Record as _Record

TAG_LIMIT = 500  # characters kept of one header value in Deck.tags
BOARD = re.compile(r"(?i)\bboard\s*+#?\s*+(\d+)")  # possessive: '\s*#?\s*' tried each split of a run of spaces
_LABEL = re.compile(r"\s*([oOcC])(\d+)")
_ENCODED = re.compile(r"%[0-9A-Fa-f]{2}")
_HEADINGS: dict[str, tuple[str | None, str]] = {}


def board_of(rec: _Record) -> tuple[str | None, str]:
    """(board number, heading) from the record's ah, else from its qx label."""
    ah = rec.ah
    if ah is not None and len(ah) == 1:  # the usual 'Board 12': as the loop below reads it
        raw = ah[0]
        if raw[:6] == "Board " and raw[6:].isdecimal() and raw.isascii() and len(raw) < 40:
            return raw[6:], raw
    board, name = None, ""
    for raw in ah or ():
        hit = _HEADINGS.get(raw)
        if hit is None and raw[:6] == "Board " and raw[6:].isdecimal() and raw.isascii() and len(raw) < 40:
            hit = (raw[6:], raw)  # what the general path below makes of 'Board 1234'
        if hit is None:
            heading = decode_heading(raw)[:TAG_LIMIT]
            found = BOARD.search(heading)
            hit = (found[1] if found else None, heading)
            if len(_HEADINGS) < 4096 and len(raw) <= 100:  # (the cache outlives the file)
                _HEADINGS[raw] = hit
        name = name or hit[1]
        board = board or hit[0]
    if board is None and rec.label:
        found = _LABEL.match(rec.label)
        if found:
            board = found[2]
    return board, name


def decode_heading(raw: str) -> str:
    """'Board+1' and 'Board%202' are 'Board 1' and 'Board 2'."""
    text = raw.strip()
    if _ENCODED.search(text) or ("+" in text and " " not in text):
        text = unquote_plus(text).strip()
    return text


def players_of(names: str, room: str) -> tuple[tuple[str, str], ...]:
    """(seat, name) in N, E, S, W order; an 8-name vugraph pn picks the room's four."""
    parts = names.split(",")
    if len(parts) not in (4, 8) and ", " in names:
        parts = _with_commas(parts)
    four = parts[4:8] if room == "c" and len(parts) >= 8 else parts[:4]
    south, west, north, east = [name.strip() for name in four] + [""] * (4 - len(four))  # md order
    return tuple(pair for pair in (("N", north), ("E", east), ("S", south), ("W", west)) if pair[1])


def _with_commas(parts: list[str]) -> list[str]:
    """Names with a comma in them ("Smith, J."): a piece that starts with a space continues
    the name before it, when that makes the 4 or 8 names of a pn; else the pieces as split."""
    joined: list[str] = []
    for part in parts:
        if joined and part[:1] == " ":
            joined[-1] += "," + part
        else:
            joined.append(part)
    return joined if len(joined) in (4, 8) else parts
