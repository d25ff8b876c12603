"""A game's tables, seats, pairs, decks and boards: ordered newest game first, as Game
orders itself, without joining the game to any query only to order by it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.formats.model import Deck as ParsedDeck
from games.models import DealtBoard, Deck, Game
from games.models.join import JoinTable, Pair, Seat, seat_of

pytestmark = pytest.mark.django_db

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"


@pytest.fixture
def two_nights(host, django_user_model):
    """Two games of two tables, a player at each table's North, two decks each, one dealt."""
    games = []
    for night in ("Monday", "Tuesday"):
        game = Game.objects.create(host=host, name=night, game_type=Game.Type.JOIN)
        for number in (1, 2):
            table = JoinTable.for_game(game) if number == 1 else JoinTable.add_to(game)
            table.take_seat(django_user_model.objects.create_user(f"{night}{number}", password="x"), "N")
            Pair.objects.create(game=game, name=f"{night} pair {number}")
        decks = [ParsedDeck(deal=DEAL, index=i, line=i + 1, board=str(i + 1)) for i in range(2)]
        game.add_decks(decks, source_name="night.pbn", source_format="pbn")
        game.deal_next(by=host)
        games.append(game)
    return games


def test_the_newest_game_comes_first_then_each_games_own_order(two_nights):
    monday, tuesday = two_nights
    assert [(t.game_id, t.number) for t in JoinTable.objects.all()] == [
        (tuesday.pk, 1), (tuesday.pk, 2), (monday.pk, 1), (monday.pk, 2),
    ]  # fmt: skip
    assert [s.user.username for s in Seat.objects.all()] == ["Tuesday1", "Tuesday2", "Monday1", "Monday2"]
    assert [p.name for p in Pair.objects.all()] == [
        "Tuesday pair 1", "Tuesday pair 2", "Monday pair 1", "Monday pair 2",
    ]  # fmt: skip
    assert [(d.game_id, d.position) for d in Deck.objects.all()] == [
        (tuesday.pk, 0), (tuesday.pk, 1), (monday.pk, 0), (monday.pk, 1),
    ]  # fmt: skip
    assert [b.game_id for b in DealtBoard.objects.all()] == [tuesday.pk, monday.pk]


def test_no_query_of_a_games_rows_joins_the_game_to_order_them(two_nights):
    game = two_nights[0]
    for rows in (JoinTable.objects, Seat.objects, Pair.objects, Deck.objects, DealtBoard.objects):
        sql = str(rows.filter(game=game).query)
        assert "games_game" not in sql and "ORDER BY" in sql, sql


def test_a_players_table_and_seat_in_a_game_are_read_with_no_order(two_nights, host, django_user_model):
    """One seat a player a game: their table and seat letter are one read each, no ORDER BY."""
    monday, tuesday = two_nights
    player = django_user_model.objects.get(username="Tuesday2")
    with CaptureQueriesContext(connection) as made:
        table, seat = JoinTable.of(tuesday, player), seat_of(tuesday, player)
        elsewhere = JoinTable.of(monday, player), seat_of(monday, player)
    assert (table.game_id, table.number, seat) == (tuesday.pk, 2, "N") and elsewhere == (None, "")
    assert len(made) == 4 and not [q["sql"] for q in made if "ORDER BY" in q["sql"]], made.captured_queries
