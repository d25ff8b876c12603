"""A FileResult stored as JSON comes back equal, field by field, for every real file."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from games.bridge.rules import Call
from games.formats import read_decks
from games.formats.model import Comment, Deck, FileResult, Problem
from games.formats.stored import VERSION, deck_from_json, deck_to_json, result_from_json, result_to_json
from tests.builders.decks import full_decks
from tests.corpus import contents, files, require

CLUB_FILES = Path(__file__).resolve().parent / "club_files"


def _through_json(result: FileResult) -> FileResult | None:
    return result_from_json(json.loads(json.dumps(result_to_json(result))))


SUFFIXES = (".lin", ".pbn", ".txt")  # every corpus file a reader may take


@pytest.mark.parametrize("path", files(*SUFFIXES), ids=lambda p: p.name)
def test_every_corpus_file_comes_back_equal(path: Path) -> None:
    result = read_decks(contents(path), path.name)
    assert _through_json(result) == result


@pytest.mark.parametrize("path", sorted(p for p in CLUB_FILES.iterdir() if p.suffix != ".md"), ids=lambda p: p.name)
def test_every_club_file_comes_back_equal(path: Path) -> None:
    result = read_decks(path.read_bytes(), path.name)
    assert result.decks and _through_json(result) == result


def test_the_corpus_is_there_or_skipped() -> None:
    require()
    assert len(files(*SUFFIXES)) >= 20


def test_every_field_of_a_deck_is_kept() -> None:
    """A field added to Deck and forgotten here fails: each one is given a value other than its default."""
    deck = Deck(
        deal=full_decks(1)[0].deal,
        index=4,
        line=17,
        dealer="E",
        vul="EW",
        board="12a",
        board_name="Round 2",
        deal_first="W",
        players=(("N", "Zoë"), ("S", "O'Brien")),
        auction=(Call("1C", True, "2+ clubs"), Call("P"), Call("?")),
        auction_first="E",
        play=(("DQ", "D3", "D2", "DA"),),
        claim=9,
        contract="3NTX",
        declarer="S",
        result="9",
        tags=(("Event", "club"),),
        source='[Board "12a"]',
        notes=("a note",),
        commentary=(
            Comment("<b>Lead</b> the \\S4"),
            Comment("a 2\u2663 opener", "auction", 1),
            Comment("ducks", "play", 3),
        ),
        rotation=True,
        machine_notes=("PAR computation time: 0.21 s",),
    )
    for f in fields(Deck):
        assert getattr(deck, f.name) != f.default, f"give {f.name} a value in this test"
    result = FileResult(
        name="x.pbn",
        format="pbn",
        encoding="utf-8",
        decks=[deck],
        problems=[Problem("board 3: North has 12 cards", 30, 2, "3", "invalid_deal")],
        notes=["read past"],
    )
    assert _through_json(result) == result


def test_another_layout_is_not_loaded() -> None:
    stored = result_to_json(FileResult(name="x.lin", format="lin"))
    assert result_from_json({**stored, "version": VERSION + 1}) is None
    assert result_from_json(None) is None and result_from_json([1, 2]) is None


def test_a_deck_row_kept_without_commentary_reads_as_a_deck_without_it() -> None:
    """A PDF job's decks are stored with the job: one made before the commentary was kept
    still reads."""
    deck = Deck(deal=full_decks(1)[0].deal, index=0, line=1, commentary=(Comment("kept"),))
    row = deck_to_json(deck)
    assert deck_from_json(row) == deck
    assert deck_from_json(row[:19]) == Deck(deal=deck.deal, index=0, line=1)


def test_a_deck_row_kept_without_rotation_reads_as_a_deck_without_it() -> None:
    """A PDF job's deck row of 20 items (no rotation) reads as a deck whose unstated
    dealer is South."""
    deck = Deck(deal=full_decks(1)[0].deal, index=0, line=1, board="2", rotation=True)
    row = deck_to_json(deck)
    assert deck_from_json(row) == deck and deck.effective_dealer == "E"
    assert deck_from_json(row[:20]) == Deck(deal=deck.deal, index=0, line=1, board="2")
