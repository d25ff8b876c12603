"""The lesson text in the hand records: words and suit symbols only, under each board,
wrapped to its width and cut where its part of the page ends, overprinting nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from games.formats import read_decks
from games.formats.model import Comment
from games.formats.pdf import GUTTER, MAX_LESSON_CHARS, HandRecord, hand_records_pdf, lesson_lines
from tests.builders.decks import full_decks
from tests.formats.test_pdf import assert_nothing_overprinted, drawn  # noqa: F401 (a fixture)

FILES = Path(__file__).resolve().parent / "commentary_files"
LONG = (
    "<p>Count your winners. " + "Then count them again, slowly, one suit at a time: \\S, \\H, \\D, \\C. " * 80 + "</p>"
)


def lesson_decks():
    return read_decks((FILES / "lesson_bridgecomposer.pbn").read_bytes(), "lesson.pbn").decks


def test_the_lesson_text_is_words_with_suit_symbols_and_places():
    lines = lesson_lines(lesson_decks()[0], 3000)
    assert lines[0] == "Lesson 3: the hold-up play"
    assert "After call 2: A weak jump overcall: six ♠ and 6-10 points." in lines
    assert not any("<" in line or "\\" in line for line in lines)


def test_a_long_text_is_bounded():
    deck = replace(lesson_decks()[1], commentary=(Comment(LONG),))
    lines = lesson_lines(deck, MAX_LESSON_CHARS[4])
    assert sum(len(line) for line in lines) <= MAX_LESSON_CHARS[4] and lines[-1].endswith("…")


@pytest.mark.parametrize("per_page", [1, 4])
def test_every_board_prints_its_lesson_and_overprints_nothing(drawn, per_page):  # noqa: F811
    decks = lesson_decks() + [replace(d, commentary=(Comment(LONG, "play", 2),)) for d in full_decks(6)]
    hand_records_pdf([HandRecord(d) for d in decks], per_page=per_page)
    texts = [text for _, text, _ in drawn.texts]
    assert texts.count("Lesson") == len(decks)
    assert "Lesson 3: the hold-up play" in texts
    assert any(text.startswith("At trick 2: Count your winners.") for text in texts)
    assert any(text.endswith("…") for text in texts)
    assert not any("<" in text or "\\S" in text for text in texts)
    assert_nothing_overprinted(drawn)


def test_a_board_with_a_long_lesson_stays_in_its_part_of_the_page(drawn):  # noqa: F811
    decks = [replace(d, commentary=(Comment(LONG),)) for d in full_decks(4)]
    hand_records_pdf([HandRecord(d) for d in decks], per_page=4)
    width, height = drawn.size
    margin, gutter = 36, GUTTER
    cell_w, cell_h = (width - 2 * margin - gutter) / 2, (height - 2 * margin - gutter) / 2
    cells = [
        (margin + col * (cell_w + gutter), margin + (1 - row) * (cell_h + gutter), cell_w, cell_h)
        for row in range(2)
        for col in range(2)
    ]
    starts = [i for i, (_, text, _) in enumerate(drawn.texts) if text.startswith("Board ")]
    assert len(starts) == 4
    for board, (first, last) in enumerate(zip(starts, [*starts[1:], len(drawn.texts)])):
        x, y, w, h = cells[board]
        texts = [(text, box) for _, text, box in drawn.texts[first:last] if not text.startswith("page")]
        assert any(text.startswith("Count your winners") for text, _ in texts)
        assert texts[-1][0].endswith("…")
        for text, box in texts:
            assert x - 0.5 <= box[0] and box[2] <= x + w + 0.5, f"board {board + 1}: {text!r} leaves its width"
            assert y - 2 <= box[1] and box[3] <= y + h + 0.5, f"board {board + 1}: {text!r} leaves its part"


def test_the_pdf_holds_the_lesson_text():
    from io import BytesIO

    from pypdf import PdfReader

    pdf = hand_records_pdf([HandRecord(d) for d in lesson_decks()], per_page=1)
    text = PdfReader(BytesIO(pdf)).pages[0].extract_text()
    assert "Lesson 3: the hold-up play" in text and "Hold up the" in text
