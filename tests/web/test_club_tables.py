"""The host's Players panel at a club night: adding and removing tables, seating a player
at another table, moving players between tables; only the host does any of it, with the
CSRF token, and every refusal says why."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import BoardPlay, Game
from games.models.join import JoinTable, Seat
from tests.playing import call

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def test_the_host_adds_a_table_and_the_panel_shows_its_free_seats(host_client, host):
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN)
    JoinTable.for_game(game)
    page = host_client.get(f"/games/{game.pk}/").content.decode()
    assert "Add a table" in page and "Table 2" not in page  # one table looks as it always did
    html = host_client.post(f"/games/{game.pk}/tables/add/", headers=HX).content.decode()
    assert 'id="table-2-seats"' in html and "2 tables" in html and "Remove table 2" in html
    assert html.count("Sit here") == 8
    assert game.join_tables.count() == 2


def test_a_full_table_folds_to_a_line_of_its_players_and_one_with_a_free_seat_stays_open(club, host_client):
    night = club()
    Seat.objects.get(table=night.table(2), seat="W").delete()
    html = host_client.get(f"/games/{night.game.pk}/").content.decode()
    full = html[html.index('<details class="table-seats" id="table-1-seats"') : html.index('id="table-2-seats"')]
    assert " open>" not in full.split("\n")[0]
    assert '<span class="seated-names">p1n · p1e · p1s · p1w</span></summary>' in full
    free = html[html.index('id="table-2-seats"') :].split("\n")[0]
    assert free.endswith(" open>")
    # One table is not folded: its four seats show as they always did.
    Seat.objects.filter(table=night.table(2)).delete()
    assert host_client.post(f"/games/{night.game.pk}/tables/remove/", {"table": "2"}).status_code == 302
    single = host_client.get(f"/games/{night.game.pk}/").content.decode()
    panel = single.split('id="seating"')[1]
    assert '<div class="table-seats" id="table-1-seats">' in panel and "<details" not in panel


def test_past_the_limit_the_host_is_told(host_client, host, settings):
    settings.JOIN_MAX_TABLES = 2
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN)
    JoinTable.for_game(game)
    JoinTable.add_to(game)
    assert "Add a table" not in host_client.get(f"/games/{game.pk}/").content.decode()
    html = host_client.post(f"/games/{game.pk}/tables/add/", headers=HX).content.decode()
    assert "A game has 2 tables at most" in html and game.join_tables.count() == 2


def test_a_table_with_players_is_not_removed(club, host_client):
    night = club()
    html = host_client.post(f"/games/{night.game.pk}/tables/remove/", {"table": "2"}, headers=HX).content.decode()
    assert "Table 2 has players: p2n (North)" in html and night.game.join_tables.count() == 2


def test_removing_a_table_that_played_asks_first(club, host_client):
    night = club()
    board = night.game.deal_next()
    two = night.table(2)
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, two), "P", "P", "P", "P")
    two.seats.all().delete()
    url = f"/games/{night.game.pk}/tables/remove/"
    response = host_client.post(url, {"table": "2"}, headers=HX)
    assert response.headers["HX-Retarget"] == "#confirm" and "Remove table 2 anyway?" in response.text
    assert night.game.join_tables.count() == 2
    without_js = host_client.post(url, {"table": "2"})
    assert without_js.status_code == 302 and without_js.url == f"{url}?table=2"
    assert "Its results leave the travellers" in host_client.get(without_js.url).text
    assert host_client.post(url, {"table": "2", "confirm": "2"}).status_code == 302
    assert night.game.join_tables.count() == 1 and not BoardPlay.objects.filter(table_id=two.pk).exists()


def test_the_host_moves_a_player_to_another_tables_seat_swapping(club, host_client):
    night = club()
    url = f"/games/{night.game.pk}/seats/move/"
    html = host_client.post(url, {"table": "1", "seat": "E", "to": "2W"}, headers=HX).content.decode()
    assert Seat.objects.get(user__username="p1e").table.number == 2
    assert Seat.objects.get(user__username="p2w").table.number == 1
    assert 'value="2W"' in html  # the panel offers every seat at every table
    response = host_client.post(url, {"table": "1", "seat": "E", "to": "9N"})
    assert response.status_code == 302 and Seat.objects.get(user__username="p2w").seat == "E"


def test_the_host_sits_at_the_table_named(club, host_client, host):
    night = club()
    night.table(2).unseat("S")
    host_client.post(f"/games/{night.game.pk}/seats/sit/", {"table": "2", "seat": "S"})
    assert Seat.objects.get(user=host).table.number == 2
    page = host_client.get(f"/games/{night.game.pk}/").content.decode()
    assert "Table 2" in page and "alice (you)" in page


def test_a_player_removed_from_table_two(club, host_client):
    night = club()
    host_client.post(f"/games/{night.game.pk}/seats/remove/", {"table": "2", "seat": "N"})
    assert not Seat.objects.filter(user__username="p2n").exists()
    assert Seat.objects.filter(user__username="p1n").exists()


def test_it_checks_ownership(club, other_client):
    night = club()
    for path, data in (("tables/add/", {}), ("tables/remove/", {"table": "2"})):
        assert other_client.post(f"/games/{night.game.pk}/{path}", data).status_code == 404
    assert night.game.join_tables.count() == 2
    assert Client().post(f"/games/{night.game.pk}/tables/add/").status_code == 302  # to log in


def test_adding_a_table_needs_the_csrf_token(club, host):
    night = club()
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    assert strict.post(f"/games/{night.game.pk}/tables/add/").status_code == 403
    assert night.game.join_tables.count() == 2


def test_a_practice_games_host_is_sent_back(host_client, game):
    response = host_client.post(f"/games/{game.pk}/tables/add/")
    assert response.status_code == 302 and not JoinTable.objects.exists()
