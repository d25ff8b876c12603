"""The teacher's view of one table of a club watched_night: that table's play with all four
hands, notes to its players alone, and the players told they are watched only there."""

from __future__ import annotations

import pytest

from games.models import BoardPlay
from games.models.lesson import BoardNote
from tests.playing import call

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


@pytest.fixture
def watched_night(club):
    watched_night = club()
    watched_night.board = watched_night.game.deal_next()
    call(BoardPlay.start(watched_night.board, BoardPlay.Mode.TABLE, watched_night.table(2)), "1C", "1S")
    return watched_night


def test_the_teacher_watches_table_two_its_play_and_its_players(watched_night, host_client):
    html = host_client.get(f"/games/{watched_night.game.pk}/tables/2/teacher/").content.decode()
    assert "teacher's view of table 2" in html and "p2n" in html and "p1n" not in html
    assert 'data-at="2"' in html  # table 2's two calls, not table 1's none
    assert f'href="/games/{watched_night.game.pk}/teacher/">1</a>' in html and 'aria-current="page">2<' in html
    assert f"/games/{watched_night.game.pk}/tables/2/teacher/table/?v=" in html
    one = host_client.get(f"/games/{watched_night.game.pk}/teacher/").content.decode()
    assert "p1n" in one and "p2n" not in one


def test_only_the_watched_tables_players_are_told(watched_night, host_client):
    host_client.get(f"/games/{watched_night.game.pk}/tables/2/teacher/")
    assert (
        "The teacher is watching"
        in watched_night.client("p2n").get(f"/games/{watched_night.game.pk}/").content.decode()
    )
    assert (
        "The teacher is watching"
        not in watched_night.client("p1n").get(f"/games/{watched_night.game.pk}/").content.decode()
    )


def test_a_note_reaches_the_watched_table_alone(watched_night, host_client):
    url = f"/games/{watched_night.game.pk}/tables/2/teacher/note/"
    response = host_client.post(url, {"board": "1", "text": "Think about the lead"})
    assert response.status_code == 302 and response.url == f"/games/{watched_night.game.pk}/tables/2/teacher/"
    assert BoardNote.objects.get().table == watched_night.table(2)
    assert (
        "Think about the lead" in watched_night.client("p2e").get(f"/games/{watched_night.game.pk}/").content.decode()
    )
    assert (
        "Think about the lead"
        not in watched_night.client("p1e").get(f"/games/{watched_night.game.pk}/").content.decode()
    )


def test_a_table_the_game_does_not_have_or_a_player_gets_404(watched_night, host_client):
    assert host_client.get(f"/games/{watched_night.game.pk}/tables/3/teacher/").status_code == 404
    assert host_client.get(f"/games/{watched_night.game.pk}/tables/3/teacher/table/", headers=HX).status_code == 404
    assert watched_night.client("p1n").get(f"/games/{watched_night.game.pk}/tables/2/teacher/").status_code == 404
    assert watched_night.client("p2n").get(f"/games/{watched_night.game.pk}/tables/2/teacher/").status_code == 404
