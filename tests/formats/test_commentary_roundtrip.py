"""Commentary written back: read -> write -> read gives the same texts in the same places.

PBN writes the board's comments first, then the auction's and the play's (a file that mixes
them comes back in that order); LIN has no place before the first call apart from the board,
nor before the lead apart from after the last call (``writers``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.formats import WRITERS, read_decks, write_lin, write_pbn
from games.formats.commentary import blank, clean
from games.formats.model import Comment, Deck
from tests.builders.decks import full_decks
from tests.corpus import CORPUS, decks_of

FILES = Path(__file__).resolve().parent / "commentary_files"
SECTIONS = {"": 0, "auction": 1, "play": 2}


def read_back(text: str, name: str) -> list[Deck]:
    result = read_decks(text.encode(), name)
    assert result.problems == []
    return result.decks


def as_pbn(deck: Deck) -> tuple[Comment, ...]:
    """The commentary as a PBN export holds it: the board's first, then each section's."""
    kept = {"", *(("auction",) if deck.auction else ()), *(("play",) if deck.play else ())}
    board = [replace(c, section="", at=0) for c in deck.commentary if c.section not in kept or not c.section]
    rest = sorted((c for c in deck.commentary if c.section and c.section in kept), key=lambda c: SECTIONS[c.section])
    return (*board, *rest)


def as_lin(deck: Deck) -> tuple[Comment, ...]:
    """... and as LIN holds it: before the first call is the board's, before the lead is after the auction."""
    placed = []
    for c in as_pbn(deck):
        if c.section == "auction" and c.at == 0 or c.section == "play" and c.at == 0 and not deck.auction:
            c = Comment(c.text)
        elif c.section == "play" and c.at == 0:
            c = Comment(c.text, "auction", len(deck.auction))
        placed.append(c)
    return tuple(placed)


def test_a_lesson_comes_back_the_same_through_pbn():
    decks = read_decks((FILES / "lesson_bridgecomposer.pbn").read_bytes(), "lesson.pbn").decks
    again = read_back(write_pbn(decks), "out.pbn")
    assert [d.commentary for d in again] == [d.commentary for d in decks]
    assert [d.commentary for d in read_back(write_pbn(again), "out.pbn")] == [d.commentary for d in decks]


def test_a_vugraph_comes_back_the_same_through_lin_and_through_pbn():
    decks = read_decks((FILES / "vugraph_notes.lin").read_bytes(), "vugraph.lin").decks
    for writer, name in ((write_lin, "out.lin"), (write_pbn, "out.pbn")):
        assert [d.commentary for d in read_back(writer(decks), name)] == [d.commentary for d in decks], name


def test_a_lesson_through_lin_keeps_its_texts_in_the_places_lin_has():
    decks = read_decks((FILES / "lesson_bridgecomposer.pbn").read_bytes(), "lesson.pbn").decks
    again = read_back(write_lin(decks), "out.lin")
    assert [d.commentary for d in again] == [as_lin(d) for d in decks]


def test_semicolon_comments_come_back_the_same():
    decks = read_decks((FILES / "semicolon_comments.pbn").read_bytes(), "semi.pbn").decks
    for writer, name in ((write_lin, "out.lin"), (write_pbn, "out.pbn")):
        assert [d.commentary for d in read_back(writer(decks), name)] == [d.commentary for d in decks], name


def test_a_board_comment_after_the_sections_comes_back_before_them_in_pbn():
    deck = replace(
        full_decks(1)[0],
        commentary=(Comment("a"), Comment("b", "auction", 1), Comment("c"), Comment("d", "play", 2), Comment("e")),
    )
    (again,) = read_back(write_pbn([deck]), "out.pbn")
    assert [c.text for c in again.commentary] == ["a", "c", "e", "b", "d"]
    assert again.commentary == as_pbn(deck)


def test_a_closing_brace_goes_into_semicolon_comments_in_pbn():
    texts = ("x = {1, 2}", "two}\nlines", "}\nafter a blank first line", "a } b\n\n  c")
    deck = replace(full_decks(1)[0], commentary=tuple(Comment(t) for t in texts))
    out = write_pbn([deck])
    assert ";x = {1, 2}\r\n{} ;two}\r\n;lines\r\n" in out
    (again,) = read_back(out, "out.pbn")
    assert [c.text for c in again.commentary] == list(texts)


def test_a_pipe_and_a_line_break_are_escaped_in_a_lin_note():
    deck = replace(full_decks(1)[0], commentary=(Comment("a|b\nc 100%"), Comment("50%25 +1"), Comment("x+y")))
    out = write_lin([deck])
    assert "nt|a%7Cb%0Ac 100%25|nt|50%2525 %2B1|nt|x%2By|" in out
    (again,) = read_back(out, "out.lin")
    assert again.commentary == deck.commentary


@pytest.mark.parametrize("section", ["", "auction", "play"])
@pytest.mark.parametrize(
    "text",
    [
        "plain",
        "<b>bold</b> \\S \\H @S @h",
        "two\nlines",
        "a blank line\n\nbetween",
        '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]',
        '\n\n[Board "9"]\n\n',
        "% at the start\n% of lines",
        ";semicolon {brace",
        "a } closing brace\nand a | pipe",
        "  spaces around  ",
        "%0A%7C literal escapes",
        'quote " and backslash \\',
        "Zoë ♠♥ 中文",
    ],
    ids=lambda v: repr(v)[:24],
)
def test_awkward_texts_come_back_the_same_in_every_place(text, section):
    deck = full_decks(1)[0]
    at = {"": 0, "auction": 2, "play": 3}[section]
    deck = replace(deck, commentary=(Comment("before"), Comment(text, section, at), Comment("after", section, at)))
    for writer, name in ((write_pbn, "out.pbn"), (write_lin, "out.lin")):
        (again,) = read_back(writer([deck]), name)
        assert again.commentary == deck.commentary, name
        assert (again.deal, again.auction, again.play) == (deck.deal, deck.auction, deck.play), name


TEXT = st.text(
    alphabet=st.sampled_from(list('ab }{|%+\n;"[]\\@2AF<>#*=$!-')) | st.characters(blacklist_categories=("Cs",)),
    min_size=1,
    max_size=40,
).filter(lambda t: clean(t) == t and not blank(t))


@st.composite
def commented(draw) -> Deck:
    deck = draw(st.sampled_from(full_decks(6)))
    comments = []
    for _ in range(draw(st.integers(1, 6))):
        section = draw(st.sampled_from(["", "auction", "play"]))
        top = {"": 0, "auction": len(deck.auction), "play": len(deck.play)}[section]
        comments.append(Comment(draw(TEXT), section, draw(st.integers(0, top))))
    comments.sort(key=lambda c: (SECTIONS[c.section], c.at))  # as a reader finds them
    return replace(deck, commentary=tuple(comments))


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(commented(), min_size=1, max_size=3))
def test_any_commentary_comes_back_the_same(decks):
    assert [d.commentary for d in read_back(write_pbn(decks), "out.pbn")] == [d.commentary for d in decks]
    assert [d.commentary for d in read_back(write_lin(decks), "out.lin")] == [as_lin(d) for d in decks]


def test_a_section_the_deck_lacks_writes_its_comments_as_the_boards():
    deck = Deck(
        deal=full_decks(1)[0].deal, index=0, line=1, commentary=(Comment("x", "auction", 2), Comment("y", "play", 1))
    )
    for writer, name in ((write_pbn, "out.pbn"), (write_lin, "out.lin")):
        (again,) = read_back(writer([deck]), name)
        assert again.commentary == (Comment("x"), Comment("y")), name


def test_the_club_writers_leave_commentary_out():
    deck = replace(full_decks(1)[0], board="1", commentary=(Comment("kept only by PBN and LIN"),))
    for name, writer in WRITERS.items():
        out = writer([deck])
        text = out.decode("latin-1") if isinstance(out, bytes) else out
        assert ("kept only by PBN and LIN" in text) == (name in ("pbn", "lin")), name


CORPUS_FILES = [
    CORPUS / name
    for name in (
        "pbn/pbnref_correct_10_latin1.pbn",
        "pbn/pbnref_errors_10.pbn",
        "pbn/pbnref_errors_20.pbn",
        "pbn/bridgebots_sample.pbn",
        "pbn/lots_of_curlies.pbn",
        "pbn/empty_line_in_comment.pbn",
        "lin/vugraph_usbf_sf.lin",
    )
]


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.name)
def test_real_commentary_comes_back_the_same(path: Path):
    decks = [d for d in decks_of(path) if d.commentary]
    assert decks
    assert [d.commentary for d in read_back(write_pbn(decks), "out.pbn")] == [as_pbn(d) for d in decks]
    assert [d.commentary for d in read_back(write_lin(decks), "out.lin")] == [as_lin(d) for d in decks]
