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
def own_pace(club):
    own_pace = club(movement=Game.Movement.OWN_PACE)
    own_pace.first = own_pace.game.deal_next()
    return own_pace


def pass_out(own_pace, number: int, board) -> None:
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, own_pace.table(number)), "P", "P", "P", "P")


def test_a_table_whose_board_is_over_goes_on(own_pace):
    url = f"/games/{own_pace.game.pk}/tables/next/"
    client = own_pace.client("p1s")
    assert "Next board" not in client.get(f"/games/{own_pace.game.pk}/").content.decode()
    pass_out(own_pace, 1, own_pace.first)
    page = client.get(f"/games/{own_pace.game.pk}/").content.decode()
    assert "Next board" in page and 'name="board" value="1"' in page
    html = client.post(url, {"board": "1"}, headers=HX).content.decode()
    assert "Board 2" in html and own_pace.table(1).board().number == 2 and own_pace.table(2).board() == own_pace.first
    assert own_pace.game.boards.count() == 2


def test_a_table_behind_takes_the_board_the_leader_dealt(own_pace):
    pass_out(own_pace, 1, own_pace.first)
    own_pace.client("p1s").post(f"/games/{own_pace.game.pk}/tables/next/", {"board": "1"})
    pass_out(own_pace, 2, own_pace.first)
    own_pace.client("p2e").post(f"/games/{own_pace.game.pk}/tables/next/", {"board": "1"})
    assert own_pace.table(2).board() == own_pace.table(1).board() and own_pace.game.boards.count() == 2


def test_a_board_not_over_or_a_stale_page_is_refused(own_pace):
    url = f"/games/{own_pace.game.pk}/tables/next/"
    client = own_pace.client("p1s")
    assert "has not been played at your table yet" in client.post(url, {"board": "1"}, headers=HX).content.decode()
    pass_out(own_pace, 1, own_pace.first)
    client.post(url, {"board": "1"})
    assert "gone on already" in client.post(url, {"board": "1"}, headers=HX).content.decode()
    assert own_pace.game.boards.count() == 2


def test_a_player_moves_only_their_own_table_on(own_pace):
    pass_out(own_pace, 2, own_pace.first)
    # A player at table 1 naming table 2 moves their own table, whose board is not over.
    own_pace.client("p1s").post(f"/games/{own_pace.game.pk}/tables/next/", {"board": "1", "table": "2"})
    assert own_pace.table(2).board() == own_pace.first and own_pace.game.boards.count() == 1


def test_the_host_moves_a_table_on(own_pace, host_client):
    pass_out(own_pace, 2, own_pace.first)
    host_client.post(f"/games/{own_pace.game.pk}/tables/next/", {"board": "1", "table": "2"})
    assert own_pace.table(2).board().number == 2


def test_it_checks_ownership_and_the_csrf_token(own_pace, other_client, host):
    pass_out(own_pace, 1, own_pace.first)
    url = f"/games/{own_pace.game.pk}/tables/next/"
    assert other_client.post(url, {"board": "1", "table": "1"}).status_code == 404
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(own_pace.users["p1s"])
    assert strict.post(url, {"board": "1"}).status_code == 403
    assert own_pace.game.boards.count() == 1
