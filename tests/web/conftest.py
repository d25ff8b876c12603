"""Fixtures shared by the web tests of playing a board."""

from __future__ import annotations

import pytest

from games.formats.model import Deck as ParsedDeck
from games.models.join import JoinTable
from tests.playing import DEAL


@pytest.fixture
def seated_table(join_table, host, other_user, django_user_model) -> JoinTable:
    """A Join table with four players (the host North, other_user East, dave South, erin
    West) and board 1 of ``DEAL`` dealt, North dealing, nobody vulnerable."""
    for user, seat in ((host, "N"), (other_user, "E")):
        join_table.take_seat(user, seat)
    for name, seat in (("dave", "S"), ("erin", "W")):
        join_table.take_seat(django_user_model.objects.create_user(name, password="x"), seat)
    join_table.game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None")],
        source_name="club.pbn",
        source_format="pbn",
    )
    join_table.game.deal_next(by=host)
    return join_table
