"""Fixtures shared by the web tests of playing a board."""

from __future__ import annotations

import pytest

from games.formats.model import Deck as ParsedDeck
from games.models import Game
from games.models.join import JoinTable
from tests.playing import DEAL


@pytest.fixture
def table(host, other_user, django_user_model) -> JoinTable:
    """A Join table with four players (the host North, other_user East, dave South, erin
    West) and board 1 of ``DEAL`` dealt, North dealing, nobody vulnerable."""
    game = Game.objects.create(host=host, name="Friday four", game_type=Game.Type.JOIN)
    table = JoinTable.for_game(game)
    table.take_seat(host, "N")
    table.take_seat(other_user, "E")
    for name, seat in (("dave", "S"), ("erin", "W")):
        table.take_seat(django_user_model.objects.create_user(name, password="x"), seat)
    game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None")],
        source_name="club.pbn",
        source_format="pbn",
    )
    game.deal_next(by=host)
    return table
