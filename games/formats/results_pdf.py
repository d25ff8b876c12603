"""A club night's printable results sheet: the ranking, then each board's traveller, by
reportlab, in the hand records' fonts and colours (``pdf``).

Plain values in, bytes out: the caller gives the figures (matchpoints and percentages,
or cross-IMPs) as the results page shows them; nothing is scored here. The ranking
comes first, a table for each direction ranked; then the travellers, one block a board,
moved whole to the next page when it does not fit the rest of this one (a traveller
longer than a page goes on over the page under its column headings again). Names are
cut, with "…", to their column.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.bridge.club_night import hundredths_text, signed_text

from .pdf import ENGLISH_LABELS, PAPERS, RED, PdfLabels, contract_text, fonts


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One table's line of a traveller."""

    table: int
    contract: str  # "4HX", "3NT", "Pass"
    declarer: str  # N/E/S/W; "" when passed out
    lead: str  # "SA"; "" when not known
    tricks: int  # declarer's
    score: int  # N-S's
    ns_mp: Fraction
    ew_mp: Fraction
    ns_percent: Fraction
    ew_percent: Fraction
    imps: Fraction  # N-S's cross-IMPs (or Butler IMPs)
    ew_imps: Fraction | None = None  # E-W's: N-S's turned unless an artificial score gives each side its own
    adjusted: str = ""  # a director's adjustment as the traveller writes it: "Avg+/Avg-", "assigned"


@dataclass(frozen=True, slots=True)
class SheetBoard:
    board: int  # the board number everyone says
    dealer: str
    vul: str
    lines: tuple[SheetLine, ...]
    note: str = ""  # "Still playing: table 3."


@dataclass(frozen=True, slots=True)
class SheetPair:
    """One pair's line of the ranking."""

    place: str  # "1", "2="
    label: str  # "Table 1 N-S"
    players: str
    boards: int
    score: Fraction  # matchpoints or cross-IMPs
    percent: Fraction | None
    direction: str  # "NS", "EW", or "" when ranked together


@dataclass(frozen=True, slots=True)
class SheetLabels:
    """The results sheet's own words, English unless the caller gives a language's (this
    package imports no Django); bridge's words and the hand records' shared ones
    (board, dealer and vulnerability, contracts) are ``records``'."""

    records: PdfLabels = ENGLISH_LABELS
    results: str = "Results"
    ranking: str = "Ranking"
    nothing_yet: str = "No board has been played to the end yet."
    not_played: str = "Not played to the end at any table yet."
    ns_pairs: str = "North-South pairs"
    ew_pairs: str = "East-West pairs"
    pairs: str = "Pairs"
    table: str = "Table"
    contract: str = "Contract"
    by: str = "By"
    lead: str = "Lead"
    tricks: str = "Tricks"
    mp: str = "MP"  # after a side: "N-S MP"
    imps: str = "IMPs"
    rank: str = "Rank"
    pair: str = "Pair"
    players: str = "Players"
    boards: str = "Boards"
    mps: str = "MPs"


ENGLISH_SHEET = SheetLabels()
MARGIN = 36.0
ROW = 12.5  # a table's row
SIZE = 9.0  # its type
FOOT = 18.0  # the footer's baseline


def results_sheet_pdf(
    boards: Sequence[SheetBoard],
    ranking: Sequence[SheetPair],
    *,
    matchpoints: bool,
    title: str = "",
    subtitle: str = "",
    paper: str = "A4",
    labels: SheetLabels = ENGLISH_SHEET,
) -> bytes:
    """The sheet as PDF bytes: ``title`` (the game's name) and ``subtitle`` (the scoring,
    the tables) at the top, the ranking, then the travellers, in ``labels``' words."""
    from reportlab.lib.pagesizes import A4, LETTER

    if paper not in PAPERS:
        raise ValueError("A4 or Letter")
    said = labels.records.said
    sheet = _Sheet(A4 if paper == "A4" else LETTER, title, labels)
    sheet.heading(title or labels.results, 16)
    if subtitle:
        sheet.text(subtitle, 9.5)
    sheet.space(6)
    sheet.heading(labels.ranking, 13)
    if not ranking:
        sheet.text(labels.nothing_yet, SIZE)
    directions = list(dict.fromkeys(pair.direction for pair in ranking))
    for direction in directions:
        field = [pair for pair in ranking if pair.direction == direction]
        caption = {"NS": labels.ns_pairs, "EW": labels.ew_pairs}.get(direction, labels.pairs)
        rows = [_ranking_row(pair, matchpoints) for pair in field]
        sheet.table(caption, _ranking_columns(matchpoints, labels), rows)
    for board in boards:
        heading = labels.records.board % {"board": board.board}
        facts = labels.records.header % {
            "dealer": said.seat_names.get(board.dealer, "?"),
            "vul": said.vulnerability.get(board.vul, "?"),
        }
        rows = [_traveller_row(line, matchpoints, labels) for line in board.lines]
        sheet.traveller(heading, facts, _traveller_columns(matchpoints, labels), rows, board.note)
    return sheet.save()


# --- columns and rows ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Column:
    heading: str
    width: float
    right: bool = False  # numbers to the right


def _traveller_columns(matchpoints: bool, labels: SheetLabels = ENGLISH_SHEET) -> list[_Column]:
    ns, ew = labels.records.said.pair("NS"), labels.records.said.pair("EW")
    columns = [
        _Column(labels.table, 34),
        _Column(labels.contract, 62),
        _Column(labels.by, 24),
        _Column(labels.lead, 34),
        _Column(labels.tricks, 38, True),
        _Column(ns, 42, True),
        _Column(ew, 42, True),
    ]
    if matchpoints:
        return columns + [
            _Column(f"{ns} {labels.mp}", 46, True),
            _Column(f"{ew} {labels.mp}", 46, True),
            _Column(f"{ns} %", 46, True),
            _Column(f"{ew} %", 46, True),
        ]
    return columns + [_Column(f"{ns} {labels.imps}", 56, True), _Column(f"{ew} {labels.imps}", 56, True)]


def _traveller_row(line: SheetLine, matchpoints: bool, labels: SheetLabels = ENGLISH_SHEET) -> list[str]:
    passed = not line.declarer
    contract = contract_text(line.contract, labels.records) if line.contract else ""
    if line.adjusted:
        contract = f"{contract} ({line.adjusted})" if contract else line.adjusted
    row = [
        str(line.table),
        contract,
        labels.records.said.seat(line.declarer) if line.declarer else "—",
        labels.records.said.card_text(line.lead) if line.lead else "—",
        "—" if passed else str(line.tricks),
        str(line.score) if line.score >= 0 and line.contract else "—" if not line.contract else "",
        str(-line.score) if line.score <= 0 and line.contract else "—" if not line.contract else "",
    ]
    if matchpoints:
        return row + [
            hundredths_text(line.ns_mp),
            hundredths_text(line.ew_mp),
            hundredths_text(line.ns_percent, fixed=True),
            hundredths_text(line.ew_percent, fixed=True),
        ]
    return row + [signed_text(line.imps), signed_text(-line.imps if line.ew_imps is None else line.ew_imps)]


def _ranking_columns(matchpoints: bool, labels: SheetLabels = ENGLISH_SHEET) -> list[_Column]:
    columns = [
        _Column(labels.rank, 34),
        _Column(labels.pair, 84),
        _Column(labels.players, 190),
        _Column(labels.boards, 44, True),
    ]
    if matchpoints:
        return columns + [_Column(labels.mps, 54, True), _Column("%", 54, True)]
    return columns + [_Column(labels.imps, 60, True)]


def _ranking_row(pair: SheetPair, matchpoints: bool) -> list[str]:
    row = [pair.place, pair.label, pair.players, str(pair.boards)]
    if matchpoints:
        return row + [hundredths_text(pair.score), hundredths_text(pair.percent or 0, fixed=True)]
    return row + [signed_text(pair.score)]


# --- the page -------------------------------------------------------------------------------


class _Sheet:
    """A canvas written from the top of the page down, a new page when the next block
    does not fit; each page's footer has the title and its number."""

    def __init__(self, size: tuple[float, float], title: str, labels: SheetLabels = ENGLISH_SHEET) -> None:
        from reportlab.pdfgen.canvas import Canvas

        self.regular, self.bold = fonts()
        self.out = io.BytesIO()
        self.canvas = Canvas(self.out, pagesize=size, pageCompression=1)
        self.labels = labels
        self.canvas.setTitle(title or labels.results)
        self.canvas.setCreator("Deck Upload Bridge")
        self.width, self.height = size
        self.title = title
        self.page = 1
        self.y = self.height - MARGIN

    @property
    def bottom(self) -> float:
        return MARGIN

    def room(self) -> float:
        return self.y - self.bottom

    def new_page(self) -> None:
        self._footer()
        self.canvas.showPage()
        self.page += 1
        self.y = self.height - MARGIN

    def space(self, points: float) -> None:
        self.y -= points

    def heading(self, text: str, size: float) -> None:
        if self.room() < size + 3 * ROW:  # a heading never ends a page
            self.new_page()
        self.y -= size
        self.canvas.setFont(self.bold, size)
        self.canvas.drawString(MARGIN, self.y, self._fit(text, self.bold, size, self.width - 2 * MARGIN))
        self.y -= size * 0.5

    def text(self, text: str, size: float) -> None:
        if self.room() < size * 1.4:
            self.new_page()
        self.y -= size * 1.2
        self.canvas.setFont(self.regular, size)
        self.canvas.drawString(MARGIN, self.y, self._fit(text, self.regular, size, self.width - 2 * MARGIN))
        self.y -= size * 0.3

    def traveller(self, heading: str, facts: str, columns: list[_Column], rows: list[list[str]], note: str) -> None:
        """A board's block: kept on one page when it fits a page at all."""
        height = 13 + 6 + ROW * (len(rows) + 1) + (ROW if note or not rows else 0) + 10
        if height <= self.height - 2 * MARGIN and self.room() < height:
            self.new_page()
        self.space(8)
        self.heading(heading, 12)
        self.canvas.setFont(self.regular, SIZE)
        self.canvas.drawString(MARGIN + self.canvas.stringWidth(heading, self.bold, 12) + 10, self.y + 6, facts)
        if rows:
            self.table("", columns, rows)
        else:
            self.text(self.labels.not_played, SIZE)
        if note:
            self.text(note, SIZE - 0.5)

    def table(self, caption: str, columns: list[_Column], rows: list[list[str]]) -> None:
        """``rows`` under the columns' headings, which stand again at the top of each page
        the table goes on to."""
        if caption:
            self.text(caption, SIZE + 0.5)
        self._headings(columns)
        for row in rows:
            if self.room() < ROW:
                self.new_page()
                self._headings(columns)
            self.y -= ROW
            x = MARGIN
            for value, column in zip(row, columns):
                text = self._fit(value, self.regular, SIZE, column.width - 4)
                if column.right:
                    self.canvas.setFont(self.regular, SIZE)
                    self.canvas.drawRightString(x + column.width - 4, self.y, text)
                else:
                    self._coloured(x, self.y, text)
                x += column.width
        self.y -= ROW * 0.4

    def _coloured(self, x: float, y: float, text: str) -> None:
        """``text`` with its hearts and diamonds in red, as the hand records draw them; in
        one run of text, so that a PDF reader copies "4♥X" as one word."""
        run = self.canvas.beginText(x, y)
        run.setFont(self.regular, SIZE)
        for char in text:
            run.setFillColorRGB(*(RED if char in "♥♦" else (0, 0, 0)))
            run.textOut(char)
        self.canvas.drawText(run)

    def _headings(self, columns: list[_Column]) -> None:
        self.y -= ROW
        self.canvas.setFont(self.bold, SIZE - 0.5)
        x = MARGIN
        for column in columns:
            if column.right:
                self.canvas.drawRightString(x + column.width - 4, self.y, column.heading)
            else:
                self.canvas.drawString(x, self.y, column.heading)
            x += column.width
        self.canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
        self.canvas.line(MARGIN, self.y - 3, x, self.y - 3)
        self.canvas.setStrokeColorRGB(0, 0, 0)

    def _fit(self, text: str, font: str, size: float, width: float) -> str:
        """``text`` cut, with "…", to ``width``."""
        if self.canvas.stringWidth(text, font, size) <= width:
            return text
        while text and self.canvas.stringWidth(text + "…", font, size) > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def _footer(self) -> None:
        self.canvas.setFont(self.regular, 8)
        if self.title:
            self.canvas.drawString(MARGIN, FOOT, self._fit(self.title, self.regular, 8, self.width / 2))
        self.canvas.drawRightString(self.width - MARGIN, FOOT, self.labels.records.page % {"page": self.page})

    def save(self) -> bytes:
        self._footer()
        self.canvas.showPage()
        self.canvas.save()
        return self.out.getvalue()
