"""Bytes to text, and which deal format the text holds.

Decoding never fails: a byte-order mark wins, then strict UTF-8, then cp1252
(what Windows tools write when they say "ISO-8859-1"). Detection looks at the
content first; the file name's extension only breaks a tie, because `.lin` is
also an AutoCAD extension and `.txt`/`.xml` may hold either format.
"""

from __future__ import annotations

import codecs
import re

from .club.detect import text_format as club_text_format
from .club.detect import text_record_format, unsigned_text_format
from .messages import Message

BINARY = Message("file.binary")

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def _latin1_fallback(error: UnicodeError) -> tuple[str, int]:
    # cp1252 leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D undefined; latin-1 maps every byte.
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error("deckupload-latin1", _latin1_fallback)


def decode(data: bytes) -> tuple[str, str]:
    """(text, encoding name) of ``data``; never raises."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data[len(bom) :].decode(encoding, errors="replace"), encoding
    bare = _bare_utf16(data)
    if bare:
        return data.decode(bare, errors="replace"), bare
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="deckupload-latin1"), "cp1252"


def _bare_utf16(data: bytes) -> str:
    """'utf-16-le'/'utf-16-be' for UTF-16 text written without a BOM, else ''.

    Such text is ASCII with a NUL beside every character, which would otherwise
    look binary. Only claimed when the pattern holds for (nearly) every pair.
    """
    head = data[:1024]
    if len(head) < 8 or len(data) % 2:
        return ""
    even, odd = head[0::2], head[1::2]
    for zeros, chars, encoding in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if zeros.count(0) >= 0.95 * len(zeros) and chars.count(0) == 0:
            return encoding
    return ""


# Control characters other than tab, LF, VT, FF, CR; the replacement character.
_NON_TEXT = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f\ufffd]")
_SAMPLE = 4096


def binary_reason(text: str) -> str:
    """Why ``text`` is not a text file ('' when it is, or holds a dealing machine's records)."""
    if text_record_format(text):
        return ""
    if "\x00" in text[:1024]:
        return BINARY
    sample = text[:_SAMPLE]
    if sample and len(_NON_TEXT.findall(sample)) > 0.1 * len(sample):
        return BINARY
    return ""


# Detection counts pairs and looks for links near the start of the text only, and looks
# for a deal in the whole text with plain str.find: this runs on every upload, and
# case-insensitive regex alternations crawl over megabytes.
_WINDOW = 65536
_COUNT_WINDOW = 8192  # enough pairs to compare; the regexes below are slow per character
# Signs of a handviewer link: the page name, or its lin= / n=..&s=.. query parameters.
# Written as one class of first characters (then what follows each), which the regex engine
# can skip to: the plain alternation, case-insensitive, tried every branch at every character.
# The parameters between two seats are taken possessively, up to the first seat: a repeated
# group that could give back kept a backtracking point per parameter (3 MB for 64 KB of them).
_HANDVIEWER = re.compile(
    r"[?&hH](?:(?<=[hH])(?i:andviewer)"
    r"|(?<=[?&])(?i:lin=|[nesw]=[^&\s]*+&(?:(?![nesw]=)[a-z]+=[^&\s]*+&)*+[nesw]=))"
)
_SPACE = re.compile(r"\s")
# A tag, or the "% PBN 2.1" line that starts even a file without games.
_PBN_TAG = re.compile(r'\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]+"|^%[ \t]*PBN\b', re.MULTILINE)
_PBN_DEAL = re.compile(r'\[[ \t]*Deal[ \t]+"')
# Not after a letter, so "cmd|" or "Amd|" do not count.
# Two letters and a pipe; the letters are then looked up (casefold: as IGNORECASE matches).
_LIN_PAIR = re.compile(r"(?<![A-Za-z])([A-Za-z]{2})\|", re.IGNORECASE)
_LIN_TAGS = frozenset(("md", "qx", "ah", "pn", "vg", "sv", "mb", "pc", "pg", "rh", "st", "an", "mc", "rs"))
_LIN_DEALS = tuple(
    a + b + "|" for tag in ("md", "qx") for a in (tag[0], tag[0].upper()) for b in (tag[1], tag[1].upper())
)


def _extension(name: str) -> str:
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[-1].lower() if "." in base else ""


def _has_lin_deal(text: str) -> bool:
    """Whether an ``md|`` or ``qx|`` pair (any case, not after a letter) stands anywhere."""
    for tag in _LIN_DEALS:
        at = text.find(tag)
        while at != -1:
            if at == 0 or not text[at - 1].isalpha():
                return True
            at = text.find(tag, at + 1)
    return False


def _without_links(text: str) -> tuple[str, bool]:
    """``text`` with every whitespace-delimited token holding a link sign blanked out
    (links are looked for in the first _WINDOW characters only)."""
    parts: list[str] = []
    pos = 0
    match = _HANDVIEWER.search(text, 0, _WINDOW)
    while match:
        start = max(text.rfind(c, pos, match.start()) for c in " \t\r\n") + 1
        start = max(start, pos)
        space = _SPACE.search(text, match.end())
        end = space.start() if space else len(text)
        parts.append(text[pos:start])
        pos = end
        match = _HANDVIEWER.search(text, end, _WINDOW)
    if not parts:
        return text, False
    parts.append(text[pos:])
    return " ".join(parts), True


def detect_format(text: str, name: str = "") -> str:
    """'lin', 'pbn', 'handviewer', a club format (games.formats.club: 'dup', 'bri', 'dge',
    'dlm', 'rbn', 'rbx') or '' (binary, or no format's signs)."""
    club = text_record_format(text) or club_text_format(text)
    if club:
        return club
    if binary_reason(text):
        return ""
    rest, links = _without_links(text)
    # Signs of each format: 1000 when it holds a deal, plus its pairs in the window.
    pbn = len(_PBN_TAG.findall(rest, 0, _COUNT_WINDOW))
    pairs = _LIN_PAIR.findall(rest, 0, _COUNT_WINDOW)
    lin = sum(1 for pair in pairs if pair in _LIN_TAGS or pair.casefold() in _LIN_TAGS)
    if "Deal" in rest and _PBN_DEAL.search(rest):
        pbn += 1000
    if (lin or pbn < 1000) and _has_lin_deal(rest):
        lin += 1000
    if links and max(pbn, lin) < 1000:
        return "handviewer"  # the deals are in the links, not around them
    if pbn == lin == 0:
        return unsigned_text_format(text)  # RBN or RBX without its first line, else ''
    ext = _extension(name)
    # Signs of both formats, both with (or both without) deals: the extension decides.
    if pbn and lin and (pbn >= 1000) == (lin >= 1000) and ext in ("lin", "pbn"):
        return ext
    if pbn != lin:
        return "pbn" if pbn > lin else "lin"
    return "pbn"
