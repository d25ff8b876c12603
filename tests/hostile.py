"""Nasty inputs for the upload tests, made in code (nothing big is committed).

* ``PAYLOADS``: script and HTML that would run if a page ever showed it unescaped;
  ``payload_lin``/``payload_pbn`` put one in every field a LIN or PBN file has.
* ``CASES``: files that are hard to read (5 MB lines, as many boards as fit in the
  per-file limit, unterminated comments and quotes, NUL bytes, broken encodings,
  huge numbers), each with what the upload page must answer.
* ``NAMES``: file names that are paths, reserved, bidirectional, emoji or very long.
* ``assert_inert(html)``: nothing in a page would run (no handler attribute, no
  inline script, no ``javascript:`` link), whatever the payloads were.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html.parser import HTMLParser

from django.conf import settings
from django.utils.html import escape

from games.bridge.cards import random_deal

SCRIPT = "<script>alert(1)</script>"
BREAKOUT = '"><img src=x onerror=alert(1)>'
JS_URL = "javascript:alert(1)"
SVG = "'><svg onload=alert(1)>"
TEXTAREA = "</textarea></title><script>alert(1)</script>"
PAYLOADS = (SCRIPT, BREAKOUT, JS_URL, SVG, TEXTAREA)
# What a browser test looks for: each would set window.__pwned and open a dialog.
PWN_PAYLOADS = (
    "<script>window.__pwned=true;alert(1)</script>",
    '"><img src=x onerror=window.__pwned=true;alert(2)>',
    "'><svg onload=window.__pwned=true;alert(3)>",
    "javascript:window.__pwned=true;alert(4)",
)

SEATS = "NESW"
LIN_SEATS = "SWNE"  # the order of md's hands and of pn's names
SUIT_LETTERS = "SHDC"


def deals(count: int, seed: int = 5) -> list[str]:
    """``count`` different canonical deals ("N:... ... ... ..."), the same for a seed."""
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(count)]


def _lin_hand(hand: str) -> str:
    """ "AKQ.J2.T98.765" as LIN writes it: "SAKQHJ2DT98C765"."""
    return "".join(letter + cards for letter, cards in zip(SUIT_LETTERS, hand.split(".")))


def lin_md(deal: str, dealer: int = 3) -> str:
    """The md value of a canonical deal: the dealer digit, then South, West, North, East."""
    hands = dict(zip(SEATS, deal[2:].split(" ")))
    return f"{dealer}" + ",".join(_lin_hand(hands[seat]) for seat in LIN_SEATS[:3])


def pbn_value(text: str) -> str:
    """A PBN tag value with its two escapes: backslash and quote."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def payload_lin(payloads: Iterable[str], seed: int = 11) -> bytes:
    """A LIN file with one board per payload, the payload in every free-text pair:
    the vugraph header, results, players, the qx label, the heading, an alert's
    explanation, commentary and a stray pair."""
    payloads = list(payloads)
    records = []
    for number, (p, deal) in enumerate(zip(payloads, deals(len(payloads), seed)), start=1):
        records.append(
            f"vg|{p},{p},I,1,16,{p},0,{p},0|rs|{p},{p}|bn|{p}|pw|{p}|"
            f"pn|{p}S,{p}W,{p}N,{p}E|qx|o{number}{p}|st||md|{lin_md(deal)}|rh||"
            f"ah|Board {number} {p}|sv|o|mb|1C|an|{p}|mb|p|mb|p|mb|p|nt|{p}|zz|{p}|pg||\n"
        )
    return "".join(records).encode()


def payload_pbn(payloads: Iterable[str], seed: int = 12) -> bytes:
    """A PBN file with one game per payload, the payload in every tag that takes free
    text (Event, Site, players, Board, Contract, Declarer, Result, a tag of its own),
    in an alert's note and in both kinds of comment."""
    payloads = list(payloads)
    games = []
    for number, (p, deal) in enumerate(zip(payloads, deals(len(payloads), seed)), start=1):
        v = pbn_value(p)
        players = "".join(f'[{seat} "{v} {seat}"]\n' for seat in ("North", "East", "South", "West"))
        games.append(
            f'{{{p}}}\n; {p}\n[Event "{v}"]\n[Site "{v}"]\n[Date "{v}"]\n[Board "{number} {v}"]\n'
            f'{players}[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
            f'[Scoring "{v}"]\n[Declarer "{v}"]\n[Contract "{v}"]\n[Result "{v}"]\n[MyTag "{v}"]\n'
            f'[Auction "N"]\n1C =1= Pass Pass Pass\n[Note "1:{v}"]\n'
        )
    return "\n".join(games).encode()


def broken_pbn_with(payload: str) -> bytes:
    """A PBN board whose problem message quotes the payload (its Board and a bad deal)."""
    v = pbn_value(payload)
    return f'[Board "{v}"]\n[Deal "N:{v}.AKQ.AKQ.AKQ - - -"]\n'.encode()


# --- files that are hard to read ------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """A hostile file, how to make it at a size, and what the upload page must say.

    ``decks``: how many the preview offers (its "Add Decks to Game (N)"), or None when
    the upload must be refused with ``message`` (a regular expression).
    """

    id: str
    name: str
    make: Callable[[int], bytes]
    decks: int | None = None
    message: str = ""


def per_file() -> int:
    return settings.DECK_UPLOAD_MAX_FILE_BYTES


def _fill(unit: bytes, size: int, head: bytes = b"", tail: bytes = b"") -> bytes:
    """``head`` + as many ``unit`` as fit in ``size`` bytes + ``tail``."""
    room = size - len(head) - len(tail)
    return head + unit * (room // len(unit)) + tail


DEAL = deals(1, seed=1)[0]
PBN_DEAL = f'[Board "1"]\n[Deal "{DEAL}"]\n'.encode()
LIN_DEAL = f"qx|o1|md|{lin_md(DEAL)}|".encode()


def many_lin_boards(size: int) -> bytes:
    """As many LIN boards (all the same tiny md) as fit in ``size`` bytes."""
    return _fill(f"md|{lin_md(DEAL)}|".encode(), size)


def many_pbn_boards(size: int) -> bytes:
    """As many minimal PBN games (one Deal tag and a blank line) as fit in ``size`` bytes."""
    return _fill(f'[Deal "{DEAL}"]\n\n'.encode(), size)


def empty_lin_boards(size: int) -> bytes:
    """``md||`` as many times as fit: every one a board that is not a deal."""
    return _fill(b"md||", size)


def nested_comments(size: int) -> bytes:
    """``{{{{...}}}}`` (PBN comments do not nest: the first ``}`` ends it), then a deal."""
    depth = (size - len(PBN_DEAL)) // 2
    return b"{" * depth + b"}" * depth + b"\n" + PBN_DEAL


def unterminated_comment(size: int) -> bytes:
    return _fill(b"line of a comment that never ends\n", size, head=PBN_DEAL + b"\n{ ")


def unterminated_quote(size: int) -> bytes:
    return _fill(b"a value that never ends\n", size, head=b'[Event "')


def utf16_lone_surrogate(size: int) -> bytes:
    """UTF-16 with a byte-order mark, three games, a lone surrogate in the Event."""
    text = '[Event "half a pair: \ud800 here"]\n'.join(
        f'[Board "{n}"]\n[Deal "{d}"]\n\n' for n, d in enumerate(deals(3, seed=3), start=1)
    )
    return b"\xff\xfe" + ('[Event "x \udfff"]\n' + text).encode("utf-16-le", "surrogatepass")


def truncated_utf8(size: int) -> bytes:
    """Good UTF-8 games, then a multi-byte character cut after its first byte."""
    games = "\n".join(
        f'[Event "Übung ♠"]\n[Board "{n}"]\n[Deal "{d}"]\n' for n, d in enumerate(deals(2, seed=4), start=1)
    )
    return games.encode() + '\n[Event "Übung ♠"]'.encode()[:-3]


def invalid_utf8(size: int) -> bytes:
    """Bytes no UTF-8 decoder takes (overlong form, a stray continuation byte, 0xFF)."""
    return b'[Event "\xc0\xaf \x80 \xff\xfe"]\n' + PBN_DEAL


def nul_bytes(size: int) -> bytes:
    """A NUL after every line of a good file."""
    return PBN_DEAL.replace(b"\n", b"\n\x00")


def nul_in_a_value(size: int) -> bytes:
    """Good games; a NUL inside a tag value far from the start."""
    games = b"\n".join(f'[Board "{n}"]\n[Deal "{d}"]\n'.encode() for n, d in enumerate(deals(40, 6), 1))
    return games + b'\n[Event "a\x00b"]\n' + PBN_DEAL


def huge_numbers(size: int) -> bytes:
    d = deals(3, seed=7)
    return (
        f'[Board "99999999999999999999999"]\n[Deal "{d[0]}"]\n\n'
        f'[Board "00000000000000000000001"]\n[Deal "{d[1]}"]\n\n'
        f'[Board "{"9" * 300}"]\n[Deal "{d[2]}"]\n'
    ).encode()


def huge_lin_numbers(size: int) -> bytes:
    d = deals(3, seed=8)
    return (
        f"qx|o99999999999999|md|{lin_md(d[0])}|sv|o|mc|99999|pg||\n"
        f"qx|c99999999999999999999999|md|{lin_md(d[1])}|mb|99999N|mb|p|mb|p|mb|p|pg||\n"
        f"qx|o3|md|{lin_md(d[2], dealer=9)}|ah|Board 99999999999999999999|pc|S99999|pg||\n"
    ).encode()


def lin_board_of_5000_digits(size: int) -> bytes:
    """A qx label naming a board number longer than Python's int() takes (4300 digits)."""
    return f"qx|o{'9' * 5000}|md|{lin_md(DEAL)}|".encode()


def handviewer_odd_boards(size: int) -> bytes:
    """Handviewer links whose board (b=) is a superscript digit, or 5,000 digits long."""
    links = []
    for board, deal in zip(("\u00b2", "9" * 5000, "\u0663"), deals(3, seed=9)):
        hands = dict(zip(SEATS, deal[2:].split(" ")))
        seats = "&".join(f"{seat.lower()}={_lin_hand(hands[seat])}" for seat in "NES")
        links.append(f"https://www.bridgebase.com/tools/handviewer.html?{seats}&d=n&v=-&b={board}\n")
    return "".join(links).encode()


CASES = [
    Case(
        "pbn_5mb_line",
        "long.pbn",
        lambda size: b'[Event "' + b"A" * (size - len(PBN_DEAL) - 20) + b'"]\n' + PBN_DEAL,
        decks=1,
    ),
    Case(
        "lin_5mb_line",
        "long.lin",
        lambda size: LIN_DEAL + b"ah|" + b"B" * (size - len(LIN_DEAL) - 20) + b"|pg||",
        decks=1,
    ),
    Case(
        "5mb_line_of_nothing",
        "nothing.txt",
        lambda size: b"x" * size,
        message=r"no LIN pairs \(like md\|...\|\) or PBN tags",
    ),
    Case(
        "lin_boards_filling_the_file",
        "tiny.lin",
        many_lin_boards,
        message=r"tiny\.lin holds [\d,]+ decks; the limit is [\d,]+ decks per upload\.",
    ),
    Case(
        "pbn_boards_filling_the_file",
        "tiny.pbn",
        many_pbn_boards,
        message=r"tiny\.pbn holds [\d,]+ decks; the limit is [\d,]+ decks per upload\.",
    ),
    Case("nested_comments", "nested.pbn", nested_comments, decks=1),
    Case("unterminated_comment", "comment.pbn", unterminated_comment, decks=1),
    Case("unterminated_quote", "quote.pbn", unterminated_quote, message=r"quote\.pbn: no deals found in this file"),
    Case("utf16_lone_surrogate", "utf16.pbn", utf16_lone_surrogate, decks=3),
    Case("truncated_utf8", "cut.pbn", truncated_utf8, decks=2),
    Case("invalid_utf8", "bytes.pbn", invalid_utf8, decks=1),
    Case("nul_bytes", "nul.pbn", nul_bytes, message=r"nul\.pbn: this file is binary"),
    Case("nul_in_a_value", "nul2.pbn", nul_in_a_value, decks=41),
    Case("huge_pbn_numbers", "numbers.pbn", huge_numbers, decks=3),
    Case("huge_lin_numbers", "numbers.lin", huge_lin_numbers, decks=3),
    Case("lin_board_of_5000_digits", "digits.lin", lin_board_of_5000_digits, decks=1),
    Case("handviewer_odd_boards", "links.txt", handviewer_odd_boards, decks=3),
]
# Not in CASES: a file of a million boards that are not deals (``empty_lin_boards``) reads
# slowly and holds a problem per board; its test says so.

NAMES = [
    ("../../etc/passwd", "passwd"),
    ("..\\..\\windows\\win.ini", "win.ini"),
    ("CON.pbn", "CON.pbn"),
    ("NUL", "NUL"),
    ("gnp.\u202ecod.exe", "gnp.cod.exe"),  # the override (a format character) is dropped
    ("\u2067deals\u2069.pbn", "deals.pbn"),
    ("🂡🃁 bridge 👨\u200d👩\u200d👧.pbn", "🂡🃁 bridge 👨👩👧.pbn"),  # zero-width joiners are format characters too
    ("x" * 1000 + ".pbn", None),
    ("\r\nContent-Type: text/html\r\n\r\n<b>x</b>.pbn", None),
    ("   ", "unnamed file"),
]


# --- looking at pages -------------------------------------------------------------------------


class _Scripts(HTMLParser):
    """Everything in a page that would run: handler attributes, inline scripts, js: links."""

    URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "xlink:href", "hx-get", "hx-post"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on") or name.startswith("hx-on"):
                self.found.append(f"<{tag} {name}={value!r}>")
            if name in self.URL_ATTRIBUTES and re.sub(r"[\s\x00-\x1f]", "", value or "").lower().startswith(
                ("javascript:", "vbscript:", "data:text/html")
            ):
                self.found.append(f"<{tag} {name}={value!r}>")
        if tag == "script":
            src = dict(attrs).get("src") or ""
            if not src.startswith(
                settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL
            ):
                self._in_script = True
        if tag in {"iframe", "object", "embed", "base"}:  # (the admin draws its icons with inline svg)
            self.found.append(f"<{tag}>")
        if tag == "img" and dict(attrs).get("src") == "x":
            self.found.append("<img src=x>")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.found.append(f"inline script: {data.strip()[:80]!r}")


def assert_inert(html: str, where: str = "the page", payloads: Iterable[str] = PAYLOADS + PWN_PAYLOADS) -> None:
    """No payload stands in ``html`` as markup, and nothing in it would run."""
    for payload in payloads:
        if set(payload) & set("<>\"'"):
            assert payload not in html, f"unescaped in {where}: {payload!r}"
    for fragment in ("<script>alert", "<script>window", "<img src=x", "<svg onload", "</textarea></title>"):
        assert fragment not in html, f"unescaped in {where}: {fragment!r}"
    parser = _Scripts()
    parser.feed(html)
    parser.close()
    assert not parser.found, f"would run, in {where}: {parser.found}"


def shown(payload: str) -> str:
    """How an autoescaping template writes the payload."""
    return str(escape(payload))
