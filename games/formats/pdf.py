"""Printable hand records: one board a page, or four, on A4 or Letter, by reportlab.

Each board shows its diagram (suit symbols, high-card points, dealer, vulnerability,
board number), the double-dummy table and par when known, the auction and result when
the record has them, every contract with its suit symbol ("3♥X"), and the board's
lesson text: its words alone (``commentary.plain_text``), each comment with its place,
wrapped to the board's width and cut, with "…", where the board's part of the page
ends (and at ``MAX_LESSON_CHARS``), so that a board still fits its page. Nothing is drawn
over anything else: a long label or suit moves the next block of text over, and a board
that would not fit its part of the page then is drawn smaller. Suit symbols need a font
that has them: DejaVu Sans (Debian's fonts-dejavu-core) is embedded in the file, so it
prints the same everywhere.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from games.bridge import rules
from games.bridge.board import VUL_NAMES
from games.bridge.cards import SEAT_NAMES, SEATS, SUITS, hcp
from games.bridge.dd import STRAINS, DDTable, Par, par_text

from .commentary import plain_text
from .model import Deck

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))
RED = (0.78, 0.0, 0.0)
PAPERS = ("A4", "Letter")


class FontMissing(RuntimeError):
    """No font with the suit symbols: the message says which package brings one."""


@dataclass(frozen=True, slots=True)
class HandRecord:
    deck: Deck  # board, dealer, vul as the record should print them
    table: DDTable | None = None
    par: Par | None = None


@cache
def fonts() -> tuple[str, str]:
    """The regular and bold fonts' names, registered with reportlab (the results sheet's too)."""
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
    regular, bold = fonts()
    size = A4 if paper == "A4" else LETTER
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=size, pageCompression=1)
    canvas.setTitle(title or "Hand records")
    canvas.setCreator("Deck Upload Bridge")
    width, height = size
    margin = 36
    cell_w, cell_h = (width - 2 * margin - GUTTER) / 2, (height - 2 * margin - GUTTER) / 2
    cells = (
        [(margin, margin, width - 2 * margin, height - 2 * margin)]
        if per_page == 1
        else [
            (margin + col * (cell_w + GUTTER), margin + (1 - row) * (cell_h + GUTTER), cell_w, cell_h)
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


# A board's layout, in points at scale 1 (a four-a-page cell is 270 wide): each hand as far
# left as the grid has it, moved right only where a long label or suit would run into the
# next block of text, and the whole board drawn smaller when it then needs more room than
# its cell has.
LINE = 11.0  # a suit's line
GAP = 8.0  # the least room between two blocks of text
COMPASS = 4.0 * LINE
NS_AT, COMPASS_AT, EAST_AT = 85.0, 89.0, 170.0
HEADER_AT = 80.0  # "Dealer ... · Vul ..." beside "Board N"
DIAGRAM_TOP = 30.0  # North's label, below the board's heading
DESCENT = 3.0  # below the last line's baseline
GUTTER = 18.0  # between the four boards of a page: one board's long suit never meets the next's
LESSON_LINE = 0.85 * LINE  # a line of the lesson text, in 8-point type
LESSON_KEPT = 4.0  # lines kept for the lesson text (its heading and three): the board shrinks for them
MAX_LESSON_CHARS = {1: 3000, 4: 900}  # a board's lesson text printed, by boards a page


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where one board's parts go, in points at scale 1 from the cell's left edge, and
    the scale that fits the board in its cell."""

    scale: float
    header: float  # "Dealer ... · Vul ..."
    ns: float  # North's and South's hands
    compass: float
    east: float


def _hand_label(seat: str, deck: Deck) -> str:
    dealer = seat == deck.effective_dealer
    vulnerable = seat in _vulnerable(deck.effective_vul)
    return SEAT_NAMES[seat] + (" · dealer" if dealer else "") + (" · vul" if vulnerable else "")


def _card_line(cards: str) -> str:
    return " ".join("10" if c == "T" else c for c in cards) or "—"


def _layout(
    record: HandRecord, hands: dict[str, str], w: float, h: float, big: bool, fonts: tuple[str, str]
) -> _Layout:
    """The board's places in a cell ``w`` by ``h``.

    West's and East's labels are on the row above the compass, their suits beside it:
    West's suits push the compass (and North and South with it) right, West's label and
    the compass push East right, and East moves left, down to them, when the cell's edge
    is near. North's and South's hands share rows with nothing else."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    regular, bold = fonts
    deck = record.deck
    labels, suits = {}, {}
    for seat in SEATS:
        labels[seat] = (
            stringWidth(_hand_label(seat, deck), bold, 9) + 4 + stringWidth(f"{hcp(hands[seat])} HCP", regular, 7.5)
        )
        suits[seat] = max(12 + stringWidth(_card_line(cards), regular, 10) for cards in hands[seat].split("."))
    header = max(HEADER_AT, stringWidth(f"Board {deck.board or '?'}", bold, 13) + GAP)
    compass = max(COMPASS_AT, suits["W"] + GAP)
    ns = compass - (COMPASS_AT - NS_AT)
    scale = min(w / 270, h / 370) * (0.9 if big else 1)
    east_width = max(labels["E"], suits["E"])
    lowest = max(compass + COMPASS + GAP, labels["W"] + GAP)
    east = max(lowest, min(EAST_AT, w / scale - east_width))
    width = max(
        header + stringWidth(_header_text(deck), regular, 9),
        ns + max(labels["N"], suits["N"], labels["S"], suits["S"]),
        east + east_width,
        stringWidth(_result_line(deck), regular, 9),
    )
    scale = min(scale, w / width, h / _depth(record))
    return _Layout(scale, header, ns, compass, east)


def _depth(record: HandRecord) -> float:
    """How far below the cell's top the board reaches, at scale 1 (as ``_board`` draws it)."""
    lines = 16.0  # the diagram, down to South's clubs and a line's room
    if record.table is not None:
        lines += 6 + (record.par is not None)
    if record.deck.auction:
        lines += 0.5 + len(_auction_cells(record.deck)) // 4 + 2
    if _result_line(record.deck):
        lines += 1
    if record.deck.commentary:
        lines += 1.5 + (LESSON_KEPT - 1) * LESSON_LINE / LINE  # to the heading, then its lines
    return DIAGRAM_TOP + lines * LINE + DESCENT


def _header_text(deck: Deck) -> str:
    dealer = SEAT_NAMES.get(deck.effective_dealer, "?")
    return f"Dealer {dealer} · Vul {VUL_NAMES.get(deck.effective_vul or '', '?')}"


def _board(
    canvas, record: HandRecord, x: float, y: float, w: float, h: float, regular: str, bold: str, *, big: bool
) -> None:
    """One board in the box (x, y, w, h), drawn from its top-left corner down."""
    deck = record.deck
    hands = rules.hands(deck.deal)
    layout = _layout(record, hands, w, h, big, (regular, bold))
    scale = layout.scale
    line = LINE * scale
    top = y + h
    canvas.setFont(bold, 13 * scale)
    canvas.drawString(x, top - 13 * scale, f"Board {deck.board or '?'}")
    canvas.setFont(regular, 9 * scale)
    canvas.drawString(x + layout.header * scale, top - 13 * scale, _header_text(deck))

    grid_top = top - DIAGRAM_TOP * scale
    spots = {
        "N": (x + layout.ns * scale, grid_top),
        "W": (x, grid_top - 5.5 * line),
        "E": (x + layout.east * scale, grid_top - 5.5 * line),
        "S": (x + layout.ns * scale, grid_top - 11 * line),
    }
    for seat in SEATS:
        _hand(canvas, _hand_label(seat, deck), hands[seat], *spots[seat], line, regular, bold, scale)
    # Below West's and East's labels, beside their suits, above South's label.
    compass_at = (x + layout.compass * scale, grid_top - 9.95 * line)
    _compass(canvas, *compass_at, COMPASS * scale, str(deck.board or "?"), regular, scale)

    below = grid_top - 16 * line
    if record.table is not None:
        below = _dd_table(canvas, record.table, record.par, x, below, line, regular, bold, scale)
    if deck.auction:
        below = _auction(canvas, deck, x, below - line * 0.5, line, regular, bold, scale)
    result = _result_line(deck)
    if result:
        below -= line
        symbols(canvas, x, below, result, regular, 9 * scale)
    if deck.commentary:
        _lesson(canvas, deck, x, below - line * 1.5, w, below - line * 1.5 - y, regular, bold, scale, big=big)


def lesson_lines(deck: Deck, limit: int) -> list[str]:
    """The board's lesson text as lines of words, before wrapping: each comment's place
    first ("After call 2: ..."), a blank line between comments, ``limit`` characters at
    most (the last line then ends "…")."""
    lines: list[str] = []
    left = limit
    for comment in deck.commentary:
        text = plain_text(comment.text)
        if not text:
            continue
        if comment.place:
            text = f"{comment.place[:1].upper()}{comment.place[1:]}: {text}"
        if len(text) > left:
            text = text[: max(left - 1, 0)].rstrip() + "…"
        if lines:
            lines.append("")
        lines.extend(text.split("\n"))
        left -= len(text)
        if left <= 0:
            break
    return lines


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width``; a word wider than that is broken."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines, current = [], ""
    for word in text.split(" "):
        while stringWidth(word, font, size) > width:  # a long word (a link, a row of dashes)
            cut = max(1, next(n for n in range(len(word), 0, -1) if stringWidth(word[:n], font, size) <= width))
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:cut])
            word = word[cut:]
        joined = f"{current} {word}" if current else word
        if stringWidth(joined, font, size) <= width:
            current = joined
        else:
            lines.append(current)
            current = word
    lines.append(current)
    return lines


def _lesson(
    canvas, deck: Deck, x: float, y: float, w: float, room: float, regular: str, bold: str, scale: float, *, big: bool
) -> None:
    """The lesson text from ``y`` down, in ``room`` points and ``w`` wide: as many lines
    as fit, the last one ending "…" when the text goes on."""
    line, size = LESSON_LINE * scale, 8 * scale
    fits = int((room - DESCENT * scale) // line)  # lines below the heading
    if fits < 1:
        return
    canvas.setFont(bold, 8.5 * scale)
    canvas.drawString(x, y, "Lesson")
    wrapped = [
        part for text in lesson_lines(deck, MAX_LESSON_CHARS[1 if big else 4]) for part in _wrap(text, regular, size, w)
    ]
    if len(wrapped) > fits:
        wrapped = wrapped[:fits]
        while len(wrapped) > 1 and not wrapped[-1]:
            wrapped.pop()  # the gap before a comment that does not fit
        last = wrapped[-1]
        while last and canvas.stringWidth(last + " …", regular, size) > w:
            last = last[:-1]
        wrapped[-1] = (last.rstrip() + " …").lstrip()
    for n, text in enumerate(wrapped, start=1):
        if text:
            symbols(canvas, x, y - n * line, text, regular, size)


def _vulnerable(vul: str | None) -> str:
    return {"NS": "NS", "EW": "EW", "All": SEATS}.get(vul or "", "")


def _hand(
    canvas, label: str, hand: str, x: float, y: float, line: float, regular: str, bold: str, scale: float
) -> None:
    canvas.setFont(bold, 9 * scale)
    canvas.drawString(x, y, label)
    canvas.setFont(regular, 7.5 * scale)
    canvas.drawString(x + canvas.stringWidth(label, bold, 9 * scale) + 4 * scale, y, f"{hcp(hand)} HCP")
    for i, (suit, cards) in enumerate(zip(SUITS, hand.split("."))):
        yy = y - (i + 1) * line
        canvas.setFillColorRGB(*(RED if suit in "HD" else (0, 0, 0)))
        canvas.setFont(regular, 10 * scale)
        canvas.drawString(x, yy, rules.STRAIN_SYMBOLS[suit])
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(x + 12 * scale, yy, _card_line(cards))


def _compass(canvas, x: float, y: float, size: float, board: str, regular: str, scale: float) -> None:
    canvas.setStrokeColorRGB(0.4, 0.4, 0.4)
    canvas.rect(x, y, size, size)
    canvas.setFont(regular, 7 * scale)
    canvas.drawCentredString(x + size / 2, y + size - 8 * scale, "N")
    canvas.drawCentredString(x + size / 2, y + 3 * scale, "S")
    canvas.drawString(x + 2 * scale, y + size / 2 - 3 * scale, "W")
    canvas.drawRightString(x + size - 2 * scale, y + size / 2 - 3 * scale, "E")
    # The board's number between W and E, smaller when it is long ("Board 4", "12a").
    number = board[:4]
    size_pt = min(
        11 * scale, 11 * scale * (size - 24 * scale) / max(canvas.stringWidth(number, regular, 11 * scale), 1)
    )
    canvas.setFont(regular, size_pt)
    canvas.drawCentredString(x + size / 2, y + size / 2 - 4 * scale, number)


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
        symbols(canvas, x, y, f"Par: {par_text(par)}", regular, 9 * scale)
        y -= line
    return y


def _auction(canvas, deck: Deck, x: float, y: float, line: float, regular: str, bold: str, scale: float) -> float:
    canvas.setFont(bold, 8.5 * scale)
    columns = "WNES"
    width = 40 * scale
    for i, seat in enumerate(columns):
        canvas.drawString(x + i * width, y, SEAT_NAMES[seat])
    cells = _auction_cells(deck)
    for n, text in enumerate(cells):
        row, col = divmod(n, 4)
        symbols(canvas, x + col * width, y - (row + 1) * line, text, regular, 8.5 * scale)
    return y - (len(cells) // 4 + 2) * line


def _auction_cells(deck: Deck) -> list[str]:
    """The auction's calls by column, West first: blank cells before the first call."""
    first = deck.auction_first or deck.effective_dealer
    return [""] * "WNES".index(first) + [_call(call.call) + ("!" if call.alert else "") for call in deck.auction]


def _call(call: str) -> str:
    if call[:1].isdigit():
        strain = call[1:]
        return call[0] + rules.STRAIN_SYMBOLS.get(strain, strain)
    return {"P": "Pass", "X": "Dbl", "XX": "Rdbl"}.get(call, call)


def contract_text(contract: str) -> str:
    """A contract as the page writes it, with the auction's suit symbols: "3♥X", "4♠",
    "3NTXX"; "Passed out"; anything not read as a contract as stated."""
    if contract.strip().lower() in ("pass", "passed out"):
        return "Passed out"
    bid = rules.parse_contract(contract)
    return contract if bid is None else f"{bid.level}{rules.STRAIN_SYMBOLS[bid.strain]}{bid.risk}"


def _result_line(deck: Deck) -> str:
    contract, declarer = deck.contract, deck.declarer
    if not contract and deck.auction:
        contract, declarer = rules.final_contract(
            [c.call for c in deck.auction], deck.auction_first or deck.effective_dealer
        )
    if not contract:
        return ""
    if contract_text(contract) == "Passed out":
        return "Passed out"
    tricks = deck.result or (str(deck.claim) if deck.claim is not None else "")
    text = f"Contract: {contract_text(contract)}"
    text += f" by {SEAT_NAMES.get(declarer[:1], declarer)}" if declarer else ""
    text += f", {tricks} trick{'s' * (tricks != '1')}" if tricks else ""
    return text + (" (claimed)" if deck.claim is not None else "")


def symbols(canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """``text`` at (x, y) with its hearts and diamonds in red, as the diagram's (the
    results sheet's contracts and leads too)."""
    canvas.setFont(font, size)
    for part in re.split("([♥♦])", text):
        if not part:
            continue
        canvas.setFillColorRGB(*(RED if part in "♥♦" else (0, 0, 0)))
        canvas.drawString(x, y, part)
        x += canvas.stringWidth(part, font, size)
    canvas.setFillColorRGB(0, 0, 0)
