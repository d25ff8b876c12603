"""Own pace: a table whose board is over goes on to the next with Next board, pressed by
one of its players (or the host for a table). The leading table deals the queue's next
deck; a table behind takes the board the leader dealt."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import BoardPlay, Game
from tests.playing import call

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


@pytest.fixture
def night(club):
    night = club(movement=Game.Movement.OWN_PACE)
    night.first = night.game.deal_next()
    return night


def pass_out(night, number: int, board) -> None:
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, night.table(number)), "P", "P", "P", "P")


def test_a_table_whose_board_is_over_goes_on(night):
    url = f"/games/{night.game.pk}/tables/next/"
    client = night.client("p1s")
    assert "Next board" not in client.get(f"/games/{night.game.pk}/").content.decode()
    pass_out(night, 1, night.first)
    page = client.get(f"/games/{night.game.pk}/").content.decode()
    assert "Next board" in page and 'name="board" value="1"' in page
    html = client.post(url, {"board": "1"}, headers=HX).content.decode()
    assert "Board 2" in html and night.table(1).board().number == 2 and night.table(2).board() == night.first
    assert night.game.boards.count() == 2


def test_a_table_behind_takes_the_board_the_leader_dealt(night):
    pass_out(night, 1, night.first)
    night.client("p1s").post(f"/games/{night.game.pk}/tables/next/", {"board": "1"})
    pass_out(night, 2, night.first)
    night.client("p2e").post(f"/games/{night.game.pk}/tables/next/", {"board": "1"})
    assert night.table(2).board() == night.table(1).board() and night.game.boards.count() == 2


def test_a_board_not_over_or_a_stale_page_is_refused(night):
    url = f"/games/{night.game.pk}/tables/next/"
    client = night.client("p1s")
    assert "has not been played at your table yet" in client.post(url, {"board": "1"}, headers=HX).content.decode()
    pass_out(night, 1, night.first)
    client.post(url, {"board": "1"})
    assert "gone on already" in client.post(url, {"board": "1"}, headers=HX).content.decode()
    assert night.game.boards.count() == 2


def test_a_player_moves_only_their_own_table_on(night):
    pass_out(night, 2, night.first)
    # A player at table 1 naming table 2 moves their own table, whose board is not over.
    night.client("p1s").post(f"/games/{night.game.pk}/tables/next/", {"board": "1", "table": "2"})
    assert night.table(2).board() == night.first and night.game.boards.count() == 1


def test_the_host_moves_a_table_on(night, host_client):
    pass_out(night, 2, night.first)
    host_client.post(f"/games/{night.game.pk}/tables/next/", {"board": "1", "table": "2"})
    assert night.table(2).board().number == 2


def test_it_checks_ownership_and_the_csrf_token(night, other_client, host):
    pass_out(night, 1, night.first)
    url = f"/games/{night.game.pk}/tables/next/"
    assert other_client.post(url, {"board": "1", "table": "1"}).status_code == 404
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(night.users["p1s"])
    assert strict.post(url, {"board": "1"}).status_code == 403
    assert night.game.boards.count() == 1
