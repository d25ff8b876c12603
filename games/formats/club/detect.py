"""Recognising the club formats from their first bytes, before LIN and PBN are looked for.

Each check reads a few hundred bytes at most: detection runs on every upload, and a LIN or
PBN file must not pay for formats it is not in.

- BRI: 78 ASCII bytes, all digits but for a few (39 card numbers), then padding.
- DUP: the same 78 digits, then a DGE part (its spade mark, byte 06) or 68 blanks and the
  trailer's ``Y``/``N``, or a second record's digits 156 bytes in.
- DGE: a spade mark (06) first, and in the first 68 bytes sixteen marks (06 03 04 05), then
  padding.
- DLM: a ``[Document]`` section and a board, range or crypto key line near the start.
- RBN: a first line ``% RBN`` (or ``%RBN``); without it (only when the text has no LIN or
  PBN signs), label lines and an ``H`` line with a seat, a colon and a hand near the start.
- RBX: a first element ``%{RBX``; without it (the same), a line of ``L{...}`` elements
  holding ``H{`` and a hand.
"""

from __future__ import annotations

import re

RECORD_FORMATS = ("bri", "dge", "dup")  # binary: their readers take the bytes
TEXT_FORMATS = ("dlm", "rbn", "rbx")
FORMATS = RECORD_FORMATS + TEXT_FORMATS
_PADDING = frozenset(b" \x00\x1a")
_MARKS = b"\x06\x03\x04\x05"
_HEAD = 4096
HEAD_BYTES = 320  # two DUP records' starts

# Lines may end in CR alone (old Macs): '^' and '$' know only LF.
_DLM_SECTION = re.compile(r"(?:^|[\r\n])[ \t]*\[[ \t]*document[ \t]*\][ \t]*(?:[\r\n]|$)", re.IGNORECASE)
_DLM_KEY = re.compile(
    r"[\r\n][ \t]*(?:board[ \t]*\d+|from[ \t]+board|to[ \t]+board|crypto[ \t]+key)[ \t]*=", re.IGNORECASE
)
_RBN_SIGN = re.compile(r"[ \t]*%[ \t]*RBN\b", re.IGNORECASE)
_RBX_SIGN = re.compile(r"[ \t]*%[ \t]*\{[ \t]*RBX\b|[ \t]*%[ \t]*RBX\b", re.IGNORECASE)
_RBN_LABEL = re.compile(r"[TDLESFKNBHACPRMI0-9](?: |$)")
_RBN_HANDS = re.compile(r"(?:^|\r)H [NESWnesw][:;][^:;\r\n.]*\.[^:;\r\n.]*\.[^:;\r\n.]*\.", re.MULTILINE)
_RBX_LINE = re.compile(r"[TDLESFKNBHACPRMI%0-9]\{[^{}\n]*\}")
_RBX_HANDS = re.compile(r"H\{[NESWnesw][:;][^:;{}.]*\.[^:;{}.]*\.[^:;{}.]*\.")


def record_format(head: bytes) -> str:
    """'bri', 'dup', 'dge' when ``head`` (a file's first 320 bytes or more) has that record
    shape, else ''."""
    if len(head) >= 78 and card_numbers(head[:78]) and head[:2].isdigit():
        after = head[78:79]
        if after == b"\x06":
            return "dup"
        if len(head) >= 147 and not head[78:146].strip(b" \x00") and head[146:147] in (b"Y", b"N"):
            return "dup"  # a "blind" DUP record: no cards on the machine's screen
        if len(head) >= 234 and head[156:234].isdigit() and not head[128:206].isdigit():
            return "dup"  # the second record starts 156 bytes in, not 128
        if not after or padding(after):
            return "bri"
        return ""
    if head[:1] == b"\x06" and len(head) >= 68 and suit_marks(head[:68]) == 16:
        return "dge" if all(b in _PADDING for b in head[68:128]) else ""
    return ""


def card_numbers(part: bytes) -> bool:
    """Whether a record's first 78 bytes are BRI's card numbers: digits, but for a few
    (a damaged number is the reader's problem to report, not a reason to call the file binary).
    The BRI and DUP readers stop at the first record that is not."""
    return part.isascii() and sum(part.count(d) for d in b"0123456789") >= 72


def padding(byte: bytes) -> bool:
    """Whether ``byte`` (one byte) is padding: what BRI writes after its card numbers."""
    return bool(byte) and byte[0] in _PADDING


def suit_marks(part: bytes) -> int:
    """How many suit marks (bytes 06 03 04 05, in any order) a DGE part holds: four hands'
    sixteen in a DGE record."""
    return sum(part.count(mark) for mark in _MARKS)


def text_record_format(text: str) -> str:
    """``record_format`` of a text decoded from such bytes (their bytes are ASCII)."""
    return record_format(text[:HEAD_BYTES].encode("latin-1", errors="replace"))


def text_format(text: str) -> str:
    """'dlm', 'rbn', 'rbx' when the text starts with that format's signs (a DLM section, an
    RBN or RBX first line), else ''."""
    head = text[:_HEAD].lstrip("\ufeff \t\r\n")
    if head[:1] == "%":
        if _RBX_SIGN.match(head):
            return "rbx"
        if _RBN_SIGN.match(head):
            return "rbn"
    # a plain find first: the section's regex would walk every PBN file's head
    if ("ocument" in head or "OCUMENT" in head) and _DLM_SECTION.search(head) and _DLM_KEY.search(text, 0, 2 * _HEAD):
        return "dlm"
    return ""


def unsigned_text_format(text: str) -> str:
    """'rbn' or 'rbx' for a file without its first line: label lines (or elements) first,
    and hands of that notation near the start. Asked only when no LIN or PBN signs are found."""
    head = text[:_HEAD].lstrip("\ufeff \t\r\n")
    first = _first_data_line(head)
    if _RBN_LABEL.match(first) and _RBN_HANDS.search(head):
        return "rbn"
    if _RBX_LINE.match(first) and _RBX_HANDS.search(head):
        return "rbx"
    return ""


def _first_data_line(head: str) -> str:
    """The first line that is not blank and not a '%' comment."""
    for line in head.replace("\r", "\n").split("\n", 40)[:40]:
        stripped = line.strip()
        if stripped and stripped[0] != "%":
            return line.lstrip()
    return ""
