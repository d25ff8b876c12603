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


class Club:
    """A Join game of two full tables (players p1n, p1e, p1s, p1w at table 1, p2n... at
    table 2) and its host, who sits nowhere; three decks queued, none dealt yet."""

    DEALS = (
        DEAL,
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
        "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432 6543.876.876.876",
    )

    def __init__(self, game: Game, users: dict[str, object]) -> None:
        self.game, self.users = game, users

    def table(self, number: int) -> JoinTable:
        return JoinTable.numbered(self.game, number)

    def client(self, name: str):
        from django.test import Client

        client = Client()
        client.force_login(self.users[name])
        return client


@pytest.fixture
def club(host, django_user_model):
    def make(*, movement: str = Game.Movement.TEACHING, scoring: str = Game.Scoring.MATCHPOINTS) -> Club:
        game = Game.objects.create(
            host=host, name="Club night", game_type=Game.Type.JOIN, movement=movement, scoring=scoring
        )
        users = {}
        for number in (1, 2):
            table = JoinTable.for_game(game) if number == 1 else JoinTable.add_to(game)
            for seat in "NESW":
                name = f"p{number}{seat.lower()}"
                users[name] = django_user_model.objects.create_user(name, password="x")
                table.take_seat(users[name], seat)
        game.add_decks(
            [ParsedDeck(deal=deal, index=i, line=1, board=str(i + 1)) for i, deal in enumerate(Club.DEALS)],
            source_name="club.pbn",
            source_format="pbn",
        )
        return Club(game, users)

    return make
