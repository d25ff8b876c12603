"""A deck keeps its file's teaching text (``Deck.commentary``) from the upload to the
table and back out: added decks hold it, a board dealt from one exports it, and Play
again's copy keeps it."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.formats import read_decks
from games.models import Deck

pytestmark = pytest.mark.django_db

FILES = Path(__file__).resolve().parent.parent / "formats" / "commentary_files"


def read(name: str):
    result = read_decks((FILES / name).read_bytes(), name)
    assert result.decks and all(d.commentary for d in result.decks[:1])
    return result.decks


@pytest.mark.parametrize("name", ["lesson_bridgecomposer.pbn", "semicolon_comments.pbn", "vugraph_notes.lin"])
def test_added_decks_keep_their_commentary(game, name):
    parsed = read(name)
    game.add_decks(parsed, source_name=name, source_format=name[-3:])
    stored = list(Deck.objects.filter(game=game).order_by("position"))
    assert [d.to_parsed().commentary for d in stored] == [d.commentary for d in parsed]
    assert stored[0].commentary[0] == [
        parsed[0].commentary[0].text,
        parsed[0].commentary[0].section,
        parsed[0].commentary[0].at,
    ]


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_dealt_board_exports_its_commentary(game, fmt):
    parsed = read("lesson_bridgecomposer.pbn")
    game.add_decks(parsed, source_name="lesson.pbn", source_format="pbn")
    game.deal_next()
    (back,) = read_decks(_write(game, fmt), f"dealt.{fmt}").decks
    texts = [c.text for c in back.commentary]
    assert "A weak jump overcall: six \\S and 6-10 points." in texts
    assert any("<i>Hold up</i>" in text for text in texts)


def test_play_again_keeps_the_commentary(game):
    parsed = read("semicolon_comments.pbn")
    game.add_decks(parsed, source_name="class.pbn", source_format="pbn")
    board = game.deal_next()
    copy = game.play_again(board.number)
    assert copy.to_parsed().commentary == parsed[0].commentary


def test_a_deck_without_commentary_stores_an_empty_list(game, queue_decks):
    (deck,) = queue_decks(game, 1)
    deck.refresh_from_db()
    assert deck.commentary == [] and deck.to_parsed().commentary == ()


def _write(game, fmt: str) -> bytes:
    from games.formats import WRITERS

    written = WRITERS[fmt](game.exported_decks(dealt=True))
    return written if isinstance(written, bytes) else written.encode()
