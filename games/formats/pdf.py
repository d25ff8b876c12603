"""Printable hand records: one board a page, or four, on A4 or Letter, by reportlab.

Each board shows its diagram (suit symbols, high-card points, dealer, vulnerability,
board number), the double-dummy table and par when known, and the auction and result
when the record has them. Suit symbols need a font that has them: DejaVu Sans (Debian's
fonts-dejavu-core) is embedded in the file, so it prints the same everywhere.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from . import rules
from .dd import STRAINS, DDTable, Par, par_text
from .model import SEATS, Deck

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))
RED = (0.78, 0.0, 0.0)
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
VUL_WORDS = {"None": "None", "NS": "N-S", "EW": "E-W", "All": "Both"}
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
PAPERS = ("A4", "Letter")


class FontMissing(RuntimeError):
    """No font with the suit symbols: the message says which package brings one."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    deck: Deck  # board, dealer, vul as the record should print them
    table: DDTable | None = None
    par: Par | None = None


@cache
def _fonts() -> tuple[str, str]:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for folder in FONT_DIRS:
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.exists() and bold.exists():
            pdfmetrics.registerFont(TTFont("DejaVuSans", str(regular)))
            pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(bold)))
            return "DejaVuSans", "DejaVuSans-Bold"
    raise FontMissing("Hand records need the DejaVu Sans font for the suit symbols: apt-get install fonts-dejavu-core")


def hand_records_pdf(records: Sequence[HandRecord], *, per_page: int = 1, paper: str = "A4", title: str = "") -> bytes:
    """The PDF, as bytes: ``per_page`` 1 or 4 boards a page."""
    from reportlab.lib.pagesizes import A4, LETTER
    from reportlab.pdfgen.canvas import Canvas

    if per_page not in (1, 4) or paper not in PAPERS:
        raise ValueError("one or four boards a page, on A4 or Letter")
    regular, bold = _fonts()
    size = A4 if paper == "A4" else LETTER
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=size, pageCompression=1)
    canvas.setTitle(title or "Hand records")
    canvas.setCreator("Deck Upload Bridge")
    width, height = size
    margin = 36
    cells = (
        [(margin, margin, width - 2 * margin, height - 2 * margin)]
        if per_page == 1
        else [
            (
                margin + col * (width - 2 * margin) / 2,
                margin + (1 - row) * (height - 2 * margin) / 2,
                (width - 2 * margin) / 2,
                (height - 2 * margin) / 2,
            )
            for row in range(2)
            for col in range(2)
        ]
    )
    for start in range(0, len(records), per_page):
        for record, (x, y, w, h) in zip(records[start : start + per_page], cells):
            _board(canvas, record, x, y, w, h, regular, bold, big=per_page == 1)
        if title:
            canvas.setFont(regular, 8)
            canvas.drawString(margin, 18, title)
        canvas.setFont(regular, 8)
        canvas.drawRightString(width - margin, 18, f"page {start // per_page + 1}")
        canvas.showPage()
    if not records:
        canvas.setFont(regular, 12)
        canvas.drawString(margin, height - margin - 12, "No boards.")
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def hcp(hand: str) -> int:
    return sum(HCP.get(card, 0) for card in hand)


def _board(
    canvas, record: HandRecord, x: float, y: float, w: float, h: float, regular: str, bold: str, *, big: bool
) -> None:
    """One board in the box (x, y, w, h), drawn from its top-left corner down."""
    deck = record.deck
    scale = min(w / 270, h / 370) if not big else min(w / 270, h / 370) * 0.9
    line = 11 * scale
    top = y + h
    canvas.setFont(bold, 13 * scale)
    board = deck.board or "?"
    canvas.drawString(x, top - 13 * scale, f"Board {board}")
    canvas.setFont(regular, 9 * scale)
    dealer = SEAT_WORDS.get(deck.effective_dealer, "?")
    vul = VUL_WORDS.get(deck.effective_vul or "", "?")
    canvas.drawString(x + 80 * scale, top - 13 * scale, f"Dealer {dealer} · Vul {vul}")

    hands = rules.hands(deck.deal)
    col = 85 * scale
    grid_top = top - 30 * scale
    spots = {
        "N": (x + col, grid_top),
        "W": (x, grid_top - 5.5 * line),
        "E": (x + 2 * col, grid_top - 5.5 * line),
        "S": (x + col, grid_top - 11 * line),
    }
    for seat in SEATS:
        _hand(
            canvas,
            seat,
            hands[seat],
            *spots[seat],
            line,
            regular,
            bold,
            scale,
            dealer=seat == deck.effective_dealer,
            vulnerable=seat in _vulnerable(deck.effective_vul),
        )
    box = 4.5 * line
    _compass(canvas, x + col + 4 * scale, grid_top - 9.7 * line, box, str(board), regular, scale)

    below = grid_top - 16 * line
    if record.table is not None:
        below = _dd_table(canvas, record.table, record.par, x, below, line, regular, bold, scale)
    if deck.auction:
        below = _auction(canvas, deck, x, below - line * 0.5, line, regular, bold, scale)
    result = _result_line(deck)
    if result:
        canvas.setFont(regular, 9 * scale)
        canvas.drawString(x, below - line, result)


def _vulnerable(vul: str | None) -> str:
    return {"NS": "NS", "EW": "EW", "All": "NESW"}.get(vul or "", "")


def _hand(
    canvas,
    seat: str,
    hand: str,
    x: float,
    y: float,
    line: float,
    regular: str,
    bold: str,
    scale: float,
    *,
    dealer: bool,
    vulnerable: bool,
) -> None:
    canvas.setFont(bold, 9 * scale)
    label = SEAT_WORDS[seat] + (" · dealer" if dealer else "") + (" · vul" if vulnerable else "")
    canvas.drawString(x, y, label)
    canvas.setFont(regular, 7.5 * scale)
    canvas.drawString(x + canvas.stringWidth(label, bold, 9 * scale) + 4 * scale, y, f"{hcp(hand)} HCP")
    for i, (suit, cards) in enumerate(zip("SHDC", hand.split("."))):
        yy = y - (i + 1) * line
        canvas.setFillColorRGB(*(RED if suit in "HD" else (0, 0, 0)))
        canvas.setFont(regular, 10 * scale)
        canvas.drawString(x, yy, rules.STRAIN_SYMBOLS[suit])
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(x + 12 * scale, yy, " ".join("10" if c == "T" else c for c in cards) or "—")


def _compass(canvas, x: float, y: float, size: float, board: str, regular: str, scale: float) -> None:
    canvas.setStrokeColorRGB(0.4, 0.4, 0.4)
    canvas.rect(x, y, size, size)
    canvas.setFont(regular, 7 * scale)
    canvas.drawCentredString(x + size / 2, y + size - 8 * scale, "N")
    canvas.drawCentredString(x + size / 2, y + 3 * scale, "S")
    canvas.drawString(x + 2 * scale, y + size / 2 - 3 * scale, "W")
    canvas.drawRightString(x + size - 2 * scale, y + size / 2 - 3 * scale, "E")
    canvas.setFont(regular, 11 * scale)
    canvas.drawCentredString(x + size / 2, y + size / 2 - 4 * scale, board[:4])


def _dd_table(
    canvas, table: DDTable, par: Par | None, x: float, y: float, line: float, regular: str, bold: str, scale: float
) -> float:
    canvas.setFont(bold, 8.5 * scale)
    canvas.drawString(x, y, "Double dummy")
    width = 22 * scale
    for i, strain in enumerate(STRAINS):
        canvas.setFillColorRGB(*(RED if strain in ("H", "D") else (0, 0, 0)))
        canvas.setFont(regular, 9 * scale)
        canvas.drawCentredString(x + 30 * scale + i * width, y - line, rules.STRAIN_SYMBOLS[strain])
    canvas.setFillColorRGB(0, 0, 0)
    for row, seat in enumerate("NSEW", start=2):
        canvas.setFont(bold, 8.5 * scale)
        canvas.drawString(x, y - row * line, seat)
        canvas.setFont(regular, 8.5 * scale)
        for i, strain in enumerate(STRAINS):
            canvas.drawCentredString(x + 30 * scale + i * width, y - row * line, str(table[seat][strain]))
    y -= 6 * line
    if par is not None:
        canvas.setFont(regular, 9 * scale)
        canvas.drawString(x, y, f"Par: {par_text(par)}")
        y -= line
    return y


def _auction(canvas, deck: Deck, x: float, y: float, line: float, regular: str, bold: str, scale: float) -> float:
    canvas.setFont(bold, 8.5 * scale)
    columns = "WNES"
    width = 40 * scale
    for i, seat in enumerate(columns):
        canvas.drawString(x + i * width, y, SEAT_WORDS[seat])
    first = deck.auction_first or deck.effective_dealer
    cells = [""] * columns.index(first) + [_call(call.call) + ("!" if call.alert else "") for call in deck.auction]
    canvas.setFont(regular, 8.5 * scale)
    for n, text in enumerate(cells):
        row, col = divmod(n, 4)
        canvas.drawString(x + col * width, y - (row + 1) * line, text)
    return y - (len(cells) // 4 + 2) * line


def _call(call: str) -> str:
    if call[:1].isdigit():
        strain = call[1:]
        return call[0] + rules.STRAIN_SYMBOLS.get(strain, strain)
    return {"P": "Pass", "X": "Dbl", "XX": "Rdbl"}.get(call, call)


def _result_line(deck: Deck) -> str:
    contract, declarer = deck.contract, deck.declarer
    if not contract and deck.auction:
        contract, declarer = rules.final_contract(
            [c.call for c in deck.auction], deck.auction_first or deck.effective_dealer
        )
    if not contract:
        return ""
    tricks = deck.result or (str(deck.claim) if deck.claim is not None else "")
    text = f"Contract: {contract}" + (f" by {SEAT_WORDS.get(declarer[:1], declarer)}" if declarer else "")
    return text + (f", {tricks} tricks" if tricks else "") + (" (claimed)" if deck.claim is not None else "")
