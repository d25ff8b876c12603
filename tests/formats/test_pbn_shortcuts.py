"""Shortcuts of the PBN reader: each one taken where it applies, and each one's way back
to the longer road, with the same answer either way."""

from __future__ import annotations

import itertools

import pytest

from games.formats.pbn import tokens
from games.formats.pbn.reader import read_pbn
from games.formats.pbn.tokens import SEP_SPLIT, game_spans
from tests.formats.test_pbn_fastpath import DEAL, read_both

# --- game_spans: str.find where every separator is two line ends -------------------------


def split_games(text: str) -> list[str]:
    """The games and separators game_spans finds, as SEP_SPLIT lists them."""
    pieces: list[str] = []
    for start, end, next_start in game_spans(text):
        pieces.append(text[start:end])
        if next_start > end:
            pieces.append(text[end:next_start])
    return pieces


def _spied(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the texts game_spans hands to the regex."""
    calls: list[str] = []
    separator = tokens.SEPARATOR

    class Spy:
        def finditer(self, text: str):  # noqa: ANN201
            calls.append(text)
            return separator.finditer(text)

    monkeypatch.setattr(tokens, "SEPARATOR", Spy())
    return calls


@pytest.mark.parametrize(
    "text", ["", "a", "a\n\nb", "\n\na\n\n", "a\nb\n\nc\n", "\n\n", "a\n\n\n\n\n"[:-3], "a\n\n\x01\n\nb"]
)
def test_split_games_takes_str_split(text, monkeypatch):
    regex = _spied(monkeypatch)
    assert split_games(text) == SEP_SPLIT(text)
    assert regex == []


@pytest.mark.parametrize(
    "text",
    [
        "a\n\n\nb",  # three line ends
        "a\n\n\n\nb",  # four: an empty piece
        "a\n\n\n",  # three at the end
        "\n\n\nb",  # three at the start
        "a\n \nb",  # a line of spaces
        "a\n\t\nb",  # of tabs
        "a\r\n\r\nb",  # CR
        "a \n\nb",  # a trailing space: read by the regex, to be safe
    ],
)
def test_split_games_leaves_other_separators_to_the_regex(text, monkeypatch):
    regex = _spied(monkeypatch)
    assert split_games(text) == SEP_SPLIT(text)
    assert regex == [text]


def test_split_games_is_sep_split_on_short_texts():
    for n in range(7):
        for letters in itertools.product("a\n \t\r", repeat=n):
            text = "".join(letters)
            assert split_games(text) == SEP_SPLIT(text), repr(text)


# --- Contract, Declarer and Result: the usual spellings and the others --------------------


SHAPE = (
    '[Board "{n}"]\n[Deal "' + DEAL + '"]\n[Declarer "{declarer}"]\n[Contract "{contract}"]\n'
    '[Result "{result}"]\n[Auction "N"]\n1S Pass 4S Pass\nPass Pass\n[Note "1:{note}"]\n'
    '[Play "E"]\nH2 HA H3 H4'
)


@pytest.mark.parametrize(
    "odd",
    [
        {},  # every value looked up
        {"contract": " 4S ", "declarer": "?", "result": "?"},  # stated() reads them
        {"contract": "4 spades", "declarer": "", "result": " 10"},
    ],
)
def test_contract_declarer_result_read_the_same(odd, monkeypatch):
    usual = {"contract": "4S", "declarer": "N", "result": "10", "note": "x"}
    games = [SHAPE.format(n=n, **{**usual, **(odd if n == 2 else {})}) for n in range(1, 4)]
    assert read_both("\n\n".join(games), monkeypatch) == 2  # all but the first


# --- line ends counted outside the data ---------------------------------------------------


@pytest.mark.parametrize("note", ["spans\nlines", "two\nline\nends"])
def test_a_note_between_the_data_spanning_lines_goes_to_the_general_path(note, monkeypatch):
    usual = {"contract": "4S", "declarer": "N", "result": "10", "note": "x"}
    games = [SHAPE.format(n=n, **usual) for n in range(1, 4)]
    games.insert(1, SHAPE.format(n=9, **{**usual, "note": note}))
    assert read_both("\n\n".join(games), monkeypatch) == 2  # the usual games after the first


def test_lines_after_games_with_data_are_counted(monkeypatch):
    usual = {"contract": "4S", "declarer": "N", "result": "10", "note": "x"}
    text = "\n\n".join(SHAPE.format(n=n, **usual).replace("Pass Pass", "Pass\nPass\n") for n in range(1, 5))
    assert read_both(text, monkeypatch) == 3  # all but the first
    lines = [deck.line for deck in read_pbn(text)[0]]
    assert lines == [2 + 14 * i for i in range(4)]
