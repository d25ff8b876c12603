"""A board's teaching text as pages show it (games.presentation.lesson_text) and as hand records print
it (games.formats.commentary.plain_text): the markup lesson tools write becomes
formatting, and nothing else in a file reaches a page as markup."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.formats import read_decks
from games.formats.commentary import plain_text, suit_symbols
from games.presentation.lesson_text import folded, lesson_html, shown

HOSTILE = Path(__file__).resolve().parent.parent / "lesson_files" / "hostile_lesson.pbn"
SPADE = '<span class="suit suit-s black" title="spades">♠</span>'
HEART = '<span class="suit suit-h red" title="hearts">♥</span>'
DIAMOND = '<span class="suit suit-d red" title="diamonds">♦</span>'
CLUB = '<span class="suit suit-c black" title="clubs">♣</span>'


def test_bridgecomposer_markup_is_kept_as_formatting():
    html = lesson_html("<b>Lesson 3</b>: <i>hold up</i> the <u>ace</u><br>then <p>a paragraph</p>")
    assert html == "<b>Lesson 3</b>: <i>hold up</i> the <u>ace</u><br>then <p>a paragraph</p>"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1\\D opening", f"1{DIAMOND} opening"),
        ("\\SA \\HK \\DQ \\CJ", f"{SPADE}A {HEART}K {DIAMOND}Q {CLUB}J"),
        ("@S @h @D @c", f"{SPADE} {HEART} {DIAMOND} {CLUB}"),
        ("3@C is forcing", f"3{CLUB} is forcing"),
    ],
)
def test_suit_escapes_are_the_sites_suit_symbols(text, expected):
    assert lesson_html(text) == expected


def test_line_ends_are_line_breaks_and_blank_lines_one_gap():
    assert lesson_html("\n\none\ntwo\n\n\n\nthree\n") == "one<br>two<br><br>three"


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        '<a href="javascript:alert(1)">x</a>',
        '<p style="position:fixed">x</p>',
        "<svg onload=alert(1)>",
        '<iframe src="javascript:alert(1)"></iframe>',
        "<style>body{display:none}</style>",
        '<b onmouseover="alert(1)">x</b>',
        '<object data="data:text/html,x"></object>',
        "<!-- <script>alert(1)</script> -->",
    ],
)
def test_nothing_but_the_allowed_tags_reaches_the_page(text):
    html = lesson_html(text)
    for word in ("<script", "onerror", "javascript:", "style", "<svg", "onload", "<iframe", "onmouseover", "<object"):
        assert word not in html.lower()
    assert "alert(1)" not in html or "<" not in html.replace("<b>", "").replace("</b>", "").replace("<p>", "")


def test_text_that_looks_like_markup_is_escaped():
    assert lesson_html("&lt;script&gt; 3 < 4 & 5 > 2") == "&lt;script&gt; 3 &lt; 4 &amp; 5 &gt; 2"


def test_a_suit_escape_in_a_dropped_attribute_stays_in_no_attribute():
    assert lesson_html('<b title="@S" class="x">hover</b>') == "<b>hover</b>"
    assert lesson_html('<p lang="en" title="x" dir="rtl">y</p>') == "<p>y</p>"


def test_the_hostile_file_keeps_its_words_and_loses_its_markup():
    (deck,) = read_decks(HOSTILE.read_bytes(), "hostile.pbn").decks
    html = "".join(item.html for item in shown(deck.commentary))
    assert "Safe heading" in html and "click me" in html and "cover" in html and "after one club" in html
    assert f"Look at the {SPADE} suit." in html
    for word in ("<script", "onerror", "javascript:", "style=", "<svg", "<iframe", "<object", "<a ", "</details>"):
        assert word not in html
    assert [item.place for item in shown(deck.commentary)][-1] == "after call 1"


def test_a_long_text_starts_folded():
    assert not folded(shown(read_decks(HOSTILE.read_bytes(), "h.pbn").decks[0].commentary[:2]))
    assert folded(lesson_item for lesson_item in shown([_comment("x" * 700)]))
    assert folded(shown([_comment("short")] * 5))


def test_plain_text_has_words_and_suit_symbols_only():
    text = "<b>Lesson</b> 1\\D &amp; @sK<script>alert(1)</script><br>next<p>para</p>  spaced   out"
    assert plain_text(text) == "Lesson 1♦ & ♠K\nnext\npara\nspaced out"
    assert plain_text("one\n\n\ntwo") == "one\n\ntwo"
    assert suit_symbols("\\H and @d") == "♥ and ♦"


def _comment(text: str):
    from games.formats.model import Comment

    return Comment(text)
