"""Fixtures shared by the web tests: the Join table and playing at it, the help page,
a game manager."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse

from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.models.join import JoinTable
from tests.builders.client import redrawn
from tests.playing import DEAL, call

HX = {"HX-Request": "true"}


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


@pytest.fixture
def bidding(seated_table) -> BoardPlay:
    """1♥ by North, East passes: the auction is under way."""
    return call(BoardPlay.start(seated_table.game.boards.get(), BoardPlay.Mode.TABLE), "1H", "P")


@pytest.fixture
def at(client, django_user_model):
    """at("bob") -> the test client logged in as bob."""

    def log_in(username: str):
        client.force_login(django_user_model.objects.get(username=username))
        return client

    return log_in


@pytest.fixture
def act(client, django_user_model):
    """act("bob", "call", call="1H") -> bob's POST to that play route of the test's Join
    game, sending the board (1 unless ``board=``) and the number of actions the table is at
    (unless ``at=``), as his page would; htmx unless ``htmx=False``. With htmx, an action
    done answers no content and the event that makes the page poll at once: what is
    returned is then that poll's answer, the table as the page shows it next."""

    def post(username: str, action: str, *, htmx=True, follow=False, board=1, at: int | str | None = None, **data):
        client.force_login(django_user_model.objects.get(username=username))
        game = Game.objects.get(game_type=Game.Type.JOIN)
        if at is None:
            at = BoardPlay.objects.filter(board__game=game).values_list("actions", flat=True).first() or 0
        route = action.replace("_", "-")
        fields = {"board": board, "at": at, **data}
        answer = client.post(f"/games/{game.pk}/play/{route}/", fields, headers=HX if htmx else {}, follow=follow)
        return redrawn(client, answer, game.pk) if htmx else answer

    return post


@pytest.fixture
def help_page(client) -> str:
    """The upload help page's HTML."""
    response = client.get(reverse("help_upload"))
    assert response.status_code == 200
    return response.text


@pytest.fixture
def game_manager(django_user_model):
    """Staff with the admin's "Can change game" only (not a superuser)."""
    user = django_user_model.objects.create_user("gina", password="x", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="change_game"))
    return user
