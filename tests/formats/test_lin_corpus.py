"""Every LIN file of the shared corpus gives exactly the decks and errors expected.json lists."""

from __future__ import annotations

import pytest

from games.formats.lin import read_lin
from tests.corpus import CORPUS, contents, names

FIELDS = ("index", "deal", "board", "dealer", "vul", "line")


def _decode(data: bytes) -> str:
    # A stand-in for games/formats/decode.py (another module's job): UTF-8 with or without
    # a byte-order mark, else cp1252 (which cannot fail on these files).
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


@pytest.mark.parametrize("name", names("lin"))
def test_it_reads_the_corpus_file_as_expected(name, expected):
    want = expected[name]
    decks, problems, _ = read_lin(_decode(contents(CORPUS / name)))

    got_decks = [{field: getattr(deck, field) for field in FIELDS} for deck in decks]
    want_decks = [{field: deck[field] for field in FIELDS} for deck in want["decks"]]
    assert got_decks == want_decks

    got_errors = [(p.index, p.line, p.kind) for p in problems]
    want_errors = [(e["index"], e["line"], e["kind"]) for e in want["errors"] if e["kind"] == "invalid_deal"]
    assert got_errors == want_errors


@pytest.mark.parametrize("name", names("lin"))
def test_its_deck_notes_match(name, expected):
    decks, _, _ = read_lin(_decode(contents(CORPUS / name)))
    for deck, want in zip(decks, expected[name]["decks"]):
        assert set(want.get("notes", [])) <= set(deck.notes)


def test_problems_name_the_board_or_the_deal_and_line(expected):
    name = "lin/problems_partial_lowercase_crlf.lin"
    if name not in expected:
        pytest.skip(f"{name} is not in the corpus")
    _, problems, _ = read_lin(_decode(contents(CORPUS / name)))
    assert problems[0].message == "deal 1 (line 104): North has 2 cards"
    assert problems[1].message == "deal 2 (line 109): 'J' comes before any suit letter in East's hand 'JT'"
    assert problems[20].message == "board 21: North has 7 cards"
    assert problems[33].message == "deal 34 (line 244): the six of diamonds is in both South and West"
