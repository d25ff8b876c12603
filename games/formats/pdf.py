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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from games.bridge import rules, words
from games.bridge.cards import SEATS, SUITS, hcp
from games.bridge.dd import STRAINS, DDTable, Par, par_in_words
from games.bridge.types import AUCTION_COLUMNS, SEATS_BY_SIDE
from games.bridge.words import ENGLISH, Words

from .commentary import plain_text
from .model import ENGLISH_PLACES, Deck, PlaceWords

if TYPE_CHECKING:  # reportlab is imported where a PDF is drawn
    from reportlab.pdfgen.canvas import Canvas

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))
RED = (0.78, 0.0, 0.0)
PAPERS = ("A4", "Letter")


class FontMissing(RuntimeError):
    """No font with the suit symbols: the message says which package brings one."""


ENGLISH_TRICKS = tuple(f"{n} trick" if n == 1 else f"{n} tricks" for n in range(14))


@dataclass(frozen=True, slots=True)
class PdfLabels:
    """The hand records' own words, English unless the caller gives a language's (the
    site builds them from its catalogues: this package imports no Django). Bridge's words
    (seats, calls, vulnerability, HCP, no trump) are ``said``'s. Patterns name their
    values: ``board % {"board": "3"}``. Plain data (``as_json``), so that a PDF drawn by
    a task worker is drawn in the words of the request that asked for it."""

    said: Words = ENGLISH
    title: str = "Hand records"
    page: str = "page %(page)s"
    no_boards: str = "No boards."
    board: str = "Board %(board)s"
    header: str = "Dealer %(dealer)s · Vul %(vul)s"
    dealer: str = "dealer"
    vulnerable: str = "vul"
    lesson: str = "Lesson"
    double_dummy: str = "Double dummy"
    par: str = "Par: %(par)s"
    passed_out: str = "Passed out"
    contract: str = "Contract: %(contract)s"
    by: str = "%(contract)s by %(declarer)s"
    claimed: str = "%(result)s (claimed)"
    tricks: tuple[str, ...] = ENGLISH_TRICKS  # "0 tricks" to "13 tricks", in the language's plural forms
    # Where a lesson comment stands (model.PlaceWords): "after call %(call)s", ...
    after_call: str = ENGLISH_PLACES.after_call
    first_call: str = ENGLISH_PLACES.first_call
    at_trick: str = ENGLISH_PLACES.at_trick
    opening_lead: str = ENGLISH_PLACES.opening_lead

    @property
    def places(self) -> PlaceWords:
        return PlaceWords(self.after_call, self.first_call, self.at_trick, self.opening_lead)

    def trick_count(self, tricks: str) -> str:
        n = int(tricks) if tricks.isdecimal() else -1
        return self.tricks[n] if 0 <= n < len(self.tricks) else tricks

    def as_json(self) -> dict:
        return {**{f.name: getattr(self, f.name) for f in fields(self) if f.name != "said"}, "said": self.said.code}

    @classmethod
    def from_json(cls, data: Mapping | None) -> PdfLabels:
        """Labels as ``as_json`` wrote them; English for none, or for names it does not know."""
        if not data:
            return ENGLISH_LABELS
        known = {f.name for f in fields(cls)} - {"said"}
        values: dict[str, Any] = {k: v for k, v in data.items() if k in known and isinstance(v, (str, list, tuple))}
        if "tricks" in values:
            values["tricks"] = tuple(str(t) for t in values["tricks"])
        return cls(said=words.for_language(str(data.get("said", "en"))), **values)


ENGLISH_LABELS = PdfLabels()


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


def hand_records_pdf(
    records: Sequence[HandRecord],
    *,
    per_page: int = 1,
    paper: str = "A4",
    title: str = "",
    labels: PdfLabels = ENGLISH_LABELS,
) -> bytes:
    """The PDF, as bytes: ``per_page`` 1 or 4 boards a page, in ``labels``' words."""
    from reportlab.lib.pagesizes import A4, LETTER
    from reportlab.pdfgen.canvas import Canvas

    if per_page not in (1, 4) or paper not in PAPERS:
        raise ValueError("one or four boards a page, on A4 or Letter")
    regular, bold = fonts()
    size = A4 if paper == "A4" else LETTER
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=size, pageCompression=1)
    canvas.setTitle(title or labels.title)
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
            _board(canvas, record, x, y, w, h, regular, bold, big=per_page == 1, labels=labels)
        if title:
            canvas.setFont(regular, 8)
            canvas.drawString(margin, 18, title)
        canvas.setFont(regular, 8)
        canvas.drawRightString(width - margin, 18, labels.page % {"page": start // per_page + 1})
        canvas.showPage()
    if not records:
        canvas.setFont(regular, 12)
        canvas.drawString(margin, height - margin - 12, labels.no_boards)
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


def _hand_label(seat: str, deck: Deck, labels: PdfLabels) -> str:
    dealer = seat == deck.effective_dealer
    vulnerable = seat in _vulnerable(deck.effective_vul)
    said = labels.said.seat_name(seat)
    return said + (f" · {labels.dealer}" if dealer else "") + (f" · {labels.vulnerable}" if vulnerable else "")


def _card_line(cards: str, said: Words = ENGLISH) -> str:
    return said.cards(cards) or "—"


def _layout(
    record: HandRecord,
    hands: dict[str, str],
    w: float,
    h: float,
    big: bool,
    fonts: tuple[str, str],
    labels: PdfLabels = ENGLISH_LABELS,
) -> _Layout:
    """The board's places in a cell ``w`` by ``h``.

    West's and East's labels are on the row above the compass, their suits beside it:
    West's suits push the compass (and North and South with it) right, West's label and
    the compass push East right, and East moves left, down to them, when the cell's edge
    is near. North's and South's hands share rows with nothing else."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    regular, bold = fonts
    deck = record.deck
    widths, suits = {}, {}
    for seat in SEATS:
        widths[seat] = (
            stringWidth(_hand_label(seat, deck, labels), bold, 9)
            + 4
            + stringWidth(_points(hands[seat], labels), regular, 7.5)
        )
        suits[seat] = max(
            12 + stringWidth(_card_line(cards, labels.said), regular, 10) for cards in hands[seat].split(".")
        )
    header = max(HEADER_AT, stringWidth(labels.board % {"board": deck.board or "?"}, bold, 13) + GAP)
    compass = max(COMPASS_AT, suits["W"] + GAP)
    ns = compass - (COMPASS_AT - NS_AT)
    scale = min(w / 270, h / 370) * (0.9 if big else 1)
    east_width = max(widths["E"], suits["E"])
    lowest = max(compass + COMPASS + GAP, widths["W"] + GAP)
    east = max(lowest, min(EAST_AT, w / scale - east_width))
    width = max(
        header + stringWidth(_header_text(deck, labels), regular, 9),
        ns + max(widths["N"], suits["N"], widths["S"], suits["S"]),
        east + east_width,
        stringWidth(_result_line(deck, labels), regular, 9),
    )
    scale = min(scale, w / width, h / _depth(record, labels))
    return _Layout(scale, header, ns, compass, east)


def _depth(record: HandRecord, labels: PdfLabels = ENGLISH_LABELS) -> float:
    """How far below the cell's top the board reaches, at scale 1 (as ``_board`` draws it)."""
    lines = 16.0  # the diagram, down to South's clubs and a line's room
    if record.table is not None:
        lines += 6 + (record.par is not None)
    if record.deck.auction:
        lines += 0.5 + len(_auction_cells(record.deck)) // 4 + 2
    if _result_line(record.deck, labels):
        lines += 1
    if record.deck.commentary:
        lines += 1.5 + (LESSON_KEPT - 1) * LESSON_LINE / LINE  # to the heading, then its lines
    return DIAGRAM_TOP + lines * LINE + DESCENT


def _header_text(deck: Deck, labels: PdfLabels) -> str:
    said = labels.said
    dealer = said.seat_names.get(deck.effective_dealer or "", "?")
    return labels.header % {"dealer": dealer, "vul": said.vulnerability.get(deck.effective_vul or "", "?")}


def _points(hand: str, labels: PdfLabels) -> str:
    return f"{hcp(hand)} {labels.said.term('hcp')}"


def _board(
    canvas: Canvas,
    record: HandRecord,
    x: float,
    y: float,
    w: float,
    h: float,
    regular: str,
    bold: str,
    *,
    big: bool,
    labels: PdfLabels = ENGLISH_LABELS,
) -> None:
    """One board in the box (x, y, w, h), drawn from its top-left corner down."""
    deck = record.deck
    hands = rules.hands(deck.deal)
    layout = _layout(record, hands, w, h, big, (regular, bold), labels)
    scale = layout.scale
    line = LINE * scale
    top = y + h
    canvas.setFont(bold, 13 * scale)
    canvas.drawString(x, top - 13 * scale, labels.board % {"board": deck.board or "?"})
    canvas.setFont(regular, 9 * scale)
    canvas.drawString(x + layout.header * scale, top - 13 * scale, _header_text(deck, labels))

    grid_top = top - DIAGRAM_TOP * scale
    spots = {
        "N": (x + layout.ns * scale, grid_top),
        "W": (x, grid_top - 5.5 * line),
        "E": (x + layout.east * scale, grid_top - 5.5 * line),
        "S": (x + layout.ns * scale, grid_top - 11 * line),
    }
    for seat in SEATS:
        _hand(canvas, _hand_label(seat, deck, labels), hands[seat], *spots[seat], line, regular, bold, scale, labels)
    # Below West's and East's labels, beside their suits, above South's label.
    compass_at = (x + layout.compass * scale, grid_top - 9.95 * line)
    _compass(canvas, *compass_at, COMPASS * scale, str(deck.board or "?"), regular, scale, labels.said)

    below = grid_top - 16 * line
    if record.table is not None:
        below = _dd_table(canvas, record.table, record.par, x, below, line, regular, bold, scale, labels)
    if deck.auction:
        below = _auction(canvas, deck, x, below - line * 0.5, line, regular, bold, scale, labels.said)
    result = _result_line(deck, labels)
    if result:
        below -= line
        symbols(canvas, x, below, result, regular, 9 * scale)
    if deck.commentary:
        room = below - line * 1.5 - y
        _lesson(canvas, deck, x, below - line * 1.5, w, room, regular, bold, scale, big=big, labels=labels)


def lesson_lines(deck: Deck, limit: int, labels: PdfLabels = ENGLISH_LABELS) -> list[str]:
    """The board's lesson text as lines of words, before wrapping: each comment's place
    first ("After call 2: ...", in ``labels``' words), a blank line between comments,
    ``limit`` characters at most (the last line then ends "…")."""
    lines: list[str] = []
    left = limit
    places = labels.places
    for comment in deck.commentary:
        text = plain_text(comment.text)
        if not text:
            continue
        place = comment.place_in(places)
        if place:
            text = f"{place[:1].upper()}{place[1:]}: {text}"
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
    canvas: Canvas,
    deck: Deck,
    x: float,
    y: float,
    w: float,
    room: float,
    regular: str,
    bold: str,
    scale: float,
    *,
    big: bool,
    labels: PdfLabels = ENGLISH_LABELS,
) -> None:
    """The lesson text from ``y`` down, in ``room`` points and ``w`` wide: as many lines
    as fit, the last one ending "…" when the text goes on."""
    line, size = LESSON_LINE * scale, 8 * scale
    fits = int((room - DESCENT * scale) // line)  # lines below the heading
    if fits < 1:
        return
    canvas.setFont(bold, 8.5 * scale)
    canvas.drawString(x, y, labels.lesson)
    wrapped = [
        part
        for text in lesson_lines(deck, MAX_LESSON_CHARS[1 if big else 4], labels)
        for part in _wrap(text, regular, size, w)
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
    canvas: Canvas,
    label: str,
    hand: str,
    x: float,
    y: float,
    line: float,
    regular: str,
    bold: str,
    scale: float,
    labels: PdfLabels = ENGLISH_LABELS,
) -> None:
    canvas.setFont(bold, 9 * scale)
    canvas.drawString(x, y, label)
    canvas.setFont(regular, 7.5 * scale)
    canvas.drawString(x + canvas.stringWidth(label, bold, 9 * scale) + 4 * scale, y, _points(hand, labels))
    for i, (suit, cards) in enumerate(zip(SUITS, hand.split("."))):
        yy = y - (i + 1) * line
        canvas.setFillColorRGB(*(RED if suit in "HD" else (0, 0, 0)))
        canvas.setFont(regular, 10 * scale)
        canvas.drawString(x, yy, rules.STRAIN_SYMBOLS[suit])
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(x + 12 * scale, yy, _card_line(cards, labels.said))


def _compass(
    canvas: Canvas, x: float, y: float, size: float, board: str, regular: str, scale: float, said: Words = ENGLISH
) -> None:
    canvas.setStrokeColorRGB(0.4, 0.4, 0.4)
    canvas.rect(x, y, size, size)
    canvas.setFont(regular, 7 * scale)
    canvas.drawCentredString(x + size / 2, y + size - 8 * scale, said.seat("N"))
    canvas.drawCentredString(x + size / 2, y + 3 * scale, said.seat("S"))
    canvas.drawString(x + 2 * scale, y + size / 2 - 3 * scale, said.seat("W"))
    canvas.drawRightString(x + size - 2 * scale, y + size / 2 - 3 * scale, said.seat("E"))
    # The board's number between W and E, smaller when it is long ("Board 4", "12a").
    number = board[:4]
    size_pt = min(
        11 * scale, 11 * scale * (size - 24 * scale) / max(canvas.stringWidth(number, regular, 11 * scale), 1)
    )
    canvas.setFont(regular, size_pt)
    canvas.drawCentredString(x + size / 2, y + size / 2 - 4 * scale, number)


def _dd_table(
    canvas: Canvas,
    table: DDTable,
    par: Par | None,
    x: float,
    y: float,
    line: float,
    regular: str,
    bold: str,
    scale: float,
    labels: PdfLabels = ENGLISH_LABELS,
) -> float:
    canvas.setFont(bold, 8.5 * scale)
    canvas.drawString(x, y, labels.double_dummy)
    width = 22 * scale
    for i, strain in enumerate(STRAINS):
        canvas.setFillColorRGB(*(RED if strain in ("H", "D") else (0, 0, 0)))
        canvas.setFont(regular, 9 * scale)
        canvas.drawCentredString(x + 30 * scale + i * width, y - line, labels.said.strain_symbol(strain))
    canvas.setFillColorRGB(0, 0, 0)
    for row, seat in enumerate(SEATS_BY_SIDE, start=2):
        canvas.setFont(bold, 8.5 * scale)
        canvas.drawString(x, y - row * line, labels.said.seat(seat))
        canvas.setFont(regular, 8.5 * scale)
        for i, strain in enumerate(STRAINS):
            canvas.drawCentredString(x + 30 * scale + i * width, y - row * line, str(table[seat][strain]))
    y -= 6 * line
    if par is not None:
        symbols(
            canvas,
            x,
            y,
            labels.par % {"par": par_in_words(par, labels.said, labels.by, labels.passed_out)},
            regular,
            9 * scale,
        )
        y -= line
    return y


def _auction(
    canvas: Canvas,
    deck: Deck,
    x: float,
    y: float,
    line: float,
    regular: str,
    bold: str,
    scale: float,
    said: Words = ENGLISH,
) -> float:
    canvas.setFont(bold, 8.5 * scale)
    width = 40 * scale
    for i, seat in enumerate(AUCTION_COLUMNS):
        canvas.drawString(x + i * width, y, said.seat_name(seat))
    cells = _auction_cells(deck, said)
    for n, text in enumerate(cells):
        row, col = divmod(n, 4)
        symbols(canvas, x + col * width, y - (row + 1) * line, text, regular, 8.5 * scale)
    return y - (len(cells) // 4 + 2) * line


def _auction_cells(deck: Deck, said: Words = ENGLISH) -> list[str]:
    """The auction's calls by column, West first: blank cells before the first call."""
    first = deck.auction_first or deck.effective_dealer
    blanks = [""] * AUCTION_COLUMNS.index(first)
    return blanks + [_call(call.call, said) + ("!" if call.alert else "") for call in deck.auction]


def _call(call: str, said: Words = ENGLISH) -> str:
    return said.contract(call[0], call[1:]) if call[:1].isdigit() else said.call(call)


def contract_text(contract: str, labels: PdfLabels = ENGLISH_LABELS) -> str:
    """A contract as the page writes it, with the auction's suit symbols: "3♥X", "4♠",
    "3NTXX" ("3BAXX" in Polish); "Passed out"; anything not read as a contract as stated."""
    return rules.contract_in_words(contract, labels.said, labels.passed_out)


def _result_line(deck: Deck, labels: PdfLabels = ENGLISH_LABELS) -> str:
    """ "Contract: 3♥X by South, 9 tricks": the record's parts as the pages read them
    (``rules.record_parts``), the declarer named in full."""
    parts = rules.record_parts(
        contract=deck.contract,
        declarer=deck.declarer,
        result=deck.result,
        claim=deck.claim,
        calls=[call.call for call in deck.auction],
        first=deck.auction_first or deck.effective_dealer,
    )
    if parts is None or parts.contract is None:
        return "" if parts is None else labels.passed_out
    played = rules.record_in_words(
        replace(parts, claimed=False),  # the sheet says a claim around the whole line
        labels.said,
        by=labels.by,
        tricks=lambda count: labels.trick_count(str(count)),
        claimed="",
        passed_out=labels.passed_out,
        seat=labels.said.seat_name,
    )
    text = labels.contract % {"contract": played}
    return labels.claimed % {"result": text} if parts.claimed else text


def symbols(canvas: Canvas, x: float, y: float, text: str, font: str, size: float) -> None:
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
