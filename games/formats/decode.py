"""Bytes to text, and which deal format the text holds.

Decoding never fails: a byte-order mark wins, then strict UTF-8, then cp1252
(what Windows tools write when they say "ISO-8859-1"). Detection looks at the
content first; the file name's extension only breaks a tie, because `.lin` is
also an AutoCAD extension and `.txt`/`.xml` may hold either format.
"""

from __future__ import annotations

import codecs
import re

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def _latin1_fallback(error: UnicodeError) -> tuple[str, int]:
    # cp1252 leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D undefined; latin-1 maps every byte.
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start:error.end].decode("latin-1"), error.end


codecs.register_error("deckupload-latin1", _latin1_fallback)


def decode(data: bytes) -> tuple[str, str]:
    """(text, encoding name) of ``data``; never raises."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(encoding, errors="replace"), encoding
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
    """Why ``text`` is not a text file ('' when it is)."""
    if "\x00" in text[:1024]:
        return "this file is binary, not a LIN or PBN text file"
    sample = text[:_SAMPLE]
    if sample and len(_NON_TEXT.findall(sample)) > 0.1 * len(sample):
        return "this file is binary, not a LIN or PBN text file"
    return ""


# Signs of a handviewer link: the page name, or its lin= / n=..&s=.. query parameters.
_HANDVIEWER = re.compile(
    r"handviewer|[?&]lin=|[?&][nesw]=[^&\s]*&(?:[a-z]+=[^&\s]*&)*[nesw]=", re.IGNORECASE
)
_SPACE = re.compile(r"\s")
_PBN_TAG = re.compile(r'\[[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]+"')
_PBN_DEAL = re.compile(r'\[[ \t]*Deal[ \t]+"')
# Not after a letter, so "cmd|" or "Amd|" do not count.
_LIN_PAIR = re.compile(
    r"(?<![A-Za-z])(?:md|qx|ah|pn|vg|sv|mb|pc|pg|rh|st|an|mc|rs)\|", re.IGNORECASE
)
_LIN_DEAL = re.compile(r"(?<![A-Za-z])(?:md|qx)\|", re.IGNORECASE)
_COUNT_WINDOW = 65536


def _extension(name: str) -> str:
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[-1].lower() if "." in base else ""


def _score(text: str, deal: re.Pattern[str], any_: re.Pattern[str]) -> int:
    """Signals of one format: plenty when it holds a deal, a few for other pairs."""
    if deal.search(text):
        return 1000 + len(any_.findall(text, 0, _COUNT_WINDOW))
    return len(any_.findall(text, 0, _COUNT_WINDOW)) if any_.search(text) else 0


def _without_links(text: str) -> tuple[str, bool]:
    """``text`` with every whitespace-delimited token holding a link sign blanked out."""
    parts: list[str] = []
    pos = 0
    match = _HANDVIEWER.search(text)
    while match:
        start = max(text.rfind(c, pos, match.start()) for c in " \t\r\n") + 1
        start = max(start, pos)
        space = _SPACE.search(text, match.end())
        end = space.start() if space else len(text)
        parts.append(text[pos:start])
        pos = end
        match = _HANDVIEWER.search(text, end)
    if not parts:
        return text, False
    parts.append(text[pos:])
    return " ".join(parts), True


def detect_format(text: str, name: str = "") -> str:
    """'lin', 'pbn', 'handviewer' or '' (binary, or neither format's signs)."""
    if binary_reason(text):
        return ""
    rest, links = _without_links(text)
    pbn = _score(rest, _PBN_DEAL, _PBN_TAG)
    lin = _score(rest, _LIN_DEAL, _LIN_PAIR)
    if links and max(pbn, lin) < 1000:
        return "handviewer"  # the deals are in the links, not around them
    if pbn == lin == 0:
        return ""
    ext = _extension(name)
    # Both formats with (or both without) deals: the extension decides, then the counts.
    if (pbn >= 1000) == (lin >= 1000) and ext in ("lin", "pbn"):
        return ext
    if pbn != lin:
        return "pbn" if pbn > lin else "lin"
    return "pbn"
