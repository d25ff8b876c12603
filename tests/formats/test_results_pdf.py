"""The results sheet as a reader of the PDF finds it (pypdf): the ranking, then each
board's traveller with its contracts, scores and percentages or cross-IMPs; a traveller
longer than a page goes on under its headings; names too long for their column are cut."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from pypdf import PdfReader

from games.formats.results_pdf import SheetBoard, SheetLine, SheetPair, results_sheet_pdf


def line(table: int, contract: str, declarer: str, tricks: int, score: int, ns_mp, lead: str = "", imps=0) -> SheetLine:
    ns_mp = Fraction(ns_mp)
    return SheetLine(
        table, contract, declarer, lead, tricks, score, ns_mp, 4 - ns_mp, ns_mp * 25, 100 - ns_mp * 25, Fraction(imps)
    )


BOARD_1 = SheetBoard(
    1,
    "N",
    "None",
    (
        line(1, "4H", "S", 10, 420, 2, "SA", 5),
        line(2, "4HX", "S", 9, -100, 0, "CT", -10),
        line(3, "3NT", "N", 10, 430, 4, "D2", 5),
    ),
)
BOARD_2 = SheetBoard(
    2, "E", "NS", (line(1, "Pass", "", 0, 0, 3), line(2, "2S", "W", 8, -110, 0)), "Still playing: table 3."
)
RANKING = [
    SheetPair("1", "Table 3 N-S", "p3n & p3s", 2, Fraction(7), Fraction(175, 2), "NS"),
    SheetPair("2=", "Table 1 N-S", "p1n & p1s", 2, Fraction(5), Fraction(125, 2), "NS"),
    SheetPair("1", "Table 2 E-W", "p2e & p2w", 2, Fraction(8), Fraction(100), "EW"),
]


def text_of(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_the_sheet_holds_the_ranking_and_every_traveller_at_matchpoints():
    data = results_sheet_pdf([BOARD_1, BOARD_2], RANKING, matchpoints=True, title="Tuesday club: results")
    assert data.startswith(b"%PDF")
    (page,) = text_of(data)
    order = ("Ranking", "North-South pairs", "East-West pairs", "Board 1", "Board 2")
    assert [page.index(text) for text in order] == sorted(page.index(text) for text in order)
    for text in ("Table 3 N-S", "p3n & p3s", "87.50", "62.50", "100.00", "2="):
        assert text in page
    board_1 = page[page.index("Board 1") : page.index("Board 2")]
    for text in ("Dealer North · Vul None", "4♥ S ♠A", "4♥X S ♣10", "3NT N ♦2", "420", "100", "430", "50.00", "0.00"):
        assert text in board_1, text
    board_2 = page[page.index("Board 2") :]
    for text in ("Dealer East · Vul N-S", "Passed out", "2♠ W", "110", "75.00", "Still playing: table 3."):
        assert text in board_2, text


def test_at_imps_the_travellers_show_cross_imps():
    (page,) = text_of(results_sheet_pdf([BOARD_1], RANKING[:1], matchpoints=False))
    assert "N-S IMPs" in page and "+5" in page and "−10" in page and "+10" in page and "N-S %" not in page


def test_a_traveller_longer_than_a_page_goes_on_under_its_headings():
    many = SheetBoard(7, "S", "All", tuple(line(n, "1NT", "N", 7, 90, 2) for n in range(1, 81)))
    pages = text_of(results_sheet_pdf([many], [], matchpoints=True, title="Big night"))
    assert len(pages) >= 2
    assert all("Contract" in page and "N-S %" in page for page in pages)
    assert "page 2" in pages[1] and "Big night" in pages[1]
    assert "No board has been played to the end yet." in pages[0]


def test_a_long_name_is_cut_to_its_column():
    pair = SheetPair("1", "Table 1 N-S", "a-very-long-player-name " * 10, 1, Fraction(1), Fraction(50), "NS")
    (page,) = text_of(results_sheet_pdf([], [pair], matchpoints=True))
    assert "a-very-long-player-name a-very" in page and "…" in page
    assert page.count("a-very-long-player-name") < 10


def test_a_board_without_results_says_so():
    (page,) = text_of(results_sheet_pdf([SheetBoard(3, "S", "EW", ())], [], matchpoints=True))
    assert "Board 3" in page and "Not played to the end at any table yet." in page


def test_the_paper_is_a4_or_letter():
    reader = PdfReader(io.BytesIO(results_sheet_pdf([], [], matchpoints=True, paper="Letter")))
    assert round(float(reader.pages[0].mediabox.width)) == 612
    with pytest.raises(ValueError):
        results_sheet_pdf([], [], matchpoints=True, paper="A3")
