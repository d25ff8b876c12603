"""Hand records as drawn: every string and the compass box the PDF's canvas is asked to
draw, recorded with its box on the page, so a test can say that nothing overprints
anything else and nothing leaves the page, whatever the labels' lengths."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from games.bridge.board import dealer_for_board, vul_for_board
from games.bridge.rules import Call
from games.formats.model import Deck
from games.formats.pdf import HandRecord, _result_line, contract_text, hand_records_pdf
from tests.builders.decks import full_decks

LONG_SPADES = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
LONG_SUITS = "N:AKQJT98.AKQ.AK.A 765432.J432.QJ.K .T98765.T98765.Q ..432.JT98765432"


class Drawn:
    """What one PDF's pages hold: (page, text, (left, bottom, right, top)) for each string,
    and the rectangles (the compass boxes)."""

    def __init__(self) -> None:
        self.texts: list[tuple[int, str, tuple[float, float, float, float]]] = []
        self.rects: list[tuple[int, tuple[float, float, float, float]]] = []
        self.size = (0.0, 0.0)


@pytest.fixture
def drawn(monkeypatch) -> Drawn:
    """Records what hand_records_pdf draws, through a reportlab Canvas that notes each call."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.pdfgen import canvas as reportlab_canvas

    found = Drawn()

    class Recording(reportlab_canvas.Canvas):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            found.size = kwargs["pagesize"]

        def _note(self, x: float, y: float, text: str, anchor: float) -> None:
            width = stringWidth(text, self._fontname, self._fontsize)
            left = x - width * anchor
            # Capital letters, digits and suit symbols rise to about 0.75 of the font's
            # size; descenders reach 0.24 below the baseline.
            box = (left, y - 0.24 * self._fontsize, left + width, y + 0.75 * self._fontsize)
            page = self.getPageNumber()
            if found.texts and found.texts[-1][0] == page and found.texts[-1][2][1:3:] == (box[1], left):
                # the rest of a word drawn in parts ("3", red "♥", "X"): one text
                _, before, last = found.texts.pop()
                text, box = before + text, (last[0], box[1], box[2], max(box[3], last[3]))
            found.texts.append((page, text, box))

        def drawString(self, x, y, text, *args, **kwargs):
            self._note(x, y, text, 0)
            return super().drawString(x, y, text, *args, **kwargs)

        def drawCentredString(self, x, y, text, *args, **kwargs):
            self._note(x, y, text, 0.5)
            return super().drawCentredString(x, y, text, *args, **kwargs)

        def drawRightString(self, x, y, text, *args, **kwargs):
            self._note(x, y, text, 1)
            return super().drawRightString(x, y, text, *args, **kwargs)

        def rect(self, x, y, width, height, *args, **kwargs):
            found.rects.append((self.getPageNumber(), (x, y, x + width, y + height)))
            return super().rect(x, y, width, height, *args, **kwargs)

    monkeypatch.setattr(reportlab_canvas, "Canvas", Recording)
    return found


def overlap(a: tuple[float, ...], b: tuple[float, ...], room: float = 0) -> bool:
    """Whether boxes a and b share any room, or come closer than ``room`` side by side."""
    return a[0] - room < b[2] and b[0] - room < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return b[0] <= a[0] and a[2] <= b[2] and b[1] <= a[1] and a[3] <= b[3]


def assert_nothing_overprinted(drawn: Drawn) -> None:
    """No two strings share any room (nor come within a point and a half of each other on
    a line); a string is inside a compass box or clear of it; everything is on the paper."""
    width, height = drawn.size
    for (page_a, text_a, a), (page_b, text_b, b) in combinations(drawn.texts, 2):
        if page_a == page_b and text_a.strip() and text_b.strip():
            assert not overlap(a, b, 1.5), f"page {page_a}: {text_a!r} overprints {text_b!r}"
    for page, text, box in drawn.texts:
        assert min(box[0], box[1]) >= 0 and box[2] <= width and box[3] <= height, f"{text!r} is off the page"
        for rect_page, rect in drawn.rects:
            if rect_page == page and overlap(box, rect):
                assert inside(box, rect), f"page {page}: {text!r} runs over the compass box"


def deck(number: int, deal: str, **fields) -> Deck:
    return Deck(
        deal=deal,
        index=number - 1,
        line=1,
        board=str(number),
        dealer=dealer_for_board(number),
        vul=vul_for_board(number),
        **fields,
    )


@pytest.mark.parametrize("per_page, paper", [(1, "A4"), (4, "A4"), (4, "Letter")])
def test_sixteen_boards_with_auctions_overprint_nothing(drawn, per_page, paper):
    """Each dealer and vulnerability once: the labels "West · dealer · vul  20 HCP" and
    the like beside the compass."""
    records = [HandRecord(d) for d in full_decks(16)]
    hand_records_pdf(records, per_page=per_page, paper=paper, title="Club night")
    assert len(drawn.texts) > 16 * 50
    assert_nothing_overprinted(drawn)


@pytest.mark.parametrize("per_page", [1, 4])
def test_the_longest_suits_and_labels_overprint_nothing(drawn, per_page):
    """Thirteen cards in one suit in every hand, seven-card suits beside the compass, every
    seat dealing and vulnerable in turn, a long board label and a long auction."""
    auction = tuple(Call(c) for c in ["P"] * 3 + ["1C", "X", "XX"] + ["P", "1D", "P", "1H"] * 5 + ["P"] * 3)
    decks = [deck(n, LONG_SPADES if n % 2 else LONG_SUITS) for n in range(1, 17)]
    decks += [replace(deck(4, LONG_SUITS), board="Board 4 of round 12", auction=auction, contract="7NTXX")]
    hand_records_pdf([HandRecord(d) for d in decks], per_page=per_page)
    assert_nothing_overprinted(drawn)


def test_the_west_dealer_label_is_clear_of_the_compass(drawn):
    """Board 4: West deals, both sides vulnerable; "West · dealer · vul" and its HCP end
    before the compass box's top edge starts, or sit above it."""
    hand_records_pdf([HandRecord(deck(4, LONG_SUITS))], per_page=4)
    texts = [text for _, text, _ in drawn.texts]
    at = texts.index("West · dealer · vul")
    label, points = drawn.texts[at][2], drawn.texts[at + 1][2]
    assert drawn.texts[at + 1][1] == "1 HCP"
    (compass,) = [rect for _, rect in drawn.rects]
    assert not overlap(label, compass) and not overlap(points, compass)


def test_checking_finds_an_overprint(drawn):
    """The check itself: two strings drawn on top of each other are caught."""
    drawn.size = (600, 800)
    drawn.texts = [(1, "West · dealer", (10, 10, 90, 19)), (1, "20 HCP", (80, 10, 110, 19))]
    with pytest.raises(AssertionError, match="overprints"):
        assert_nothing_overprinted(drawn)


@pytest.mark.parametrize(
    "stated, written",
    [("3HX", "3♥X"), ("4s", "4♠"), ("6DXX", "6♦XX"), ("1C", "1♣"), ("3NT", "3NT"), ("Pass", "Passed out")],
)
def test_contracts_are_written_with_suit_symbols(stated, written):
    assert contract_text(stated) == written


def test_the_result_line_writes_the_contract_as_the_auction_does(drawn):
    hand_records_pdf([HandRecord(deck(1, LONG_SUITS, contract="3HX", declarer="S", result="9"))])
    texts = [text for _, text, _ in drawn.texts]
    assert "Contract: 3♥X by South, 9 tricks" in texts
    assert not any("3HX" in text for text in texts)


@pytest.mark.parametrize(
    "fields, line",
    [
        ({"auction": tuple(Call(c) for c in ("1H", "P", "P", "P"))}, "Contract: 1♥ by North"),
        ({"auction": tuple(Call(c) for c in ("1H", "P", "P"))}, ""),  # unfinished: no contract yet
        ({"contract": "4S", "declarer": "E", "claim": 10}, "Contract: 4♠ by East, 10 tricks (claimed)"),
        ({"contract": "Pass"}, "Passed out"),
    ],
)
def test_the_result_line_reads_the_record_as_the_pages_do(fields, line):
    assert _result_line(deck(1, LONG_SUITS, **fields)) == line
