"""Game.add_decks keeps everything the reader found, on SQLite and on PostgreSQL: a deck
read back is the deck that went in."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.bridge.rules import Call
from games.formats.model import Deck as ParsedDeck
from games.models import Deck
from tests.builders.decks import full_decks

pytestmark = [pytest.mark.django_db, pytest.mark.queue]


def test_a_deck_read_back_is_the_deck_that_went_in(game):
    decks = full_decks(30)
    odd = ParsedDeck(
        deal=decks[0].deal,
        index=7,
        line=99,
        board="12a",
        board_name='Tab\there, "quoted", back\\slash',
        players=(("N", "Zoë|Ø"), ("S", "O'Brien")),
        auction=(Call("1C", True, "2+ clubs\nnewline"), Call("P")),
        tags=(("Event", "\\N{NULL} is not special; \\. neither"), ("Note", "1:a\tb")),
        notes=("kept in column order",),
        claim=9,
        contract="3NT",
        declarer="S",
        result="9",
    )
    rows = game.add_decks([*decks, odd], source_name="club.pbn", source_format="pbn")
    assert [r.position for r in rows] == list(range(31))
    back = [d.to_parsed() for d in Deck.objects.filter(game=game).order_by("position")]
    assert back == [replace(sent, source="") for sent in [*decks, odd]]  # the source text is not read back
    assert back[-1].board_name == odd.board_name and back[-1].auction == odd.auction
    assert back[-1].tags == odd.tags and back[-1].players == odd.players and back[-1].claim == 9
    assert [b.play for b in back[:30]] == [d.play for d in decks]
