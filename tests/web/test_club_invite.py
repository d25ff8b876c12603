"""The invite link of a club night: the free seats at every table, the link's own table
first; a seat taken at the table chosen."""

from __future__ import annotations

import pytest

from games.models.join import Seat

pytestmark = pytest.mark.django_db


def test_the_invite_page_shows_the_free_seats_at_every_table(club, other_client):
    night = club()
    night.table(1).unseat("W")
    night.table(2).unseat("N")
    night.table(2).unseat("S")
    html = other_client.get(f"/games/{night.game.pk}/join/{night.table(1).invite_token}/").content.decode()
    assert "Table 1: choose your seat" in html and "Table 2: choose your seat" in html
    assert html.count('class="primary"') == 3
    assert 'aria-label="West at table 1"' in html and 'aria-label="South at table 2"' in html
    assert "p1n" in html and "Every table is full" not in html


def test_a_tables_own_link_lists_that_table_first(club, other_client):
    night = club()
    html = other_client.get(f"/games/{night.game.pk}/join/{night.table(2).invite_token}/").content.decode()
    assert html.index("Table 2: choose") < html.index("Table 1: choose")
    assert "Every table is full: ask the host to free a seat." in html


def test_a_player_takes_a_seat_at_the_table_chosen(club, other_client, other_user):
    night = club()
    night.table(2).unseat("E")
    url = f"/games/{night.game.pk}/join/{night.table(1).invite_token}/"
    response = other_client.post(url, {"table": "2", "seat": "E"})
    assert response.status_code == 302
    seat = Seat.objects.get(user=other_user)
    assert (seat.table.number, seat.seat) == (2, "E")
    page = other_client.get(f"/games/{night.game.pk}/").content.decode()
    assert "You sit East at table 2 at Club night." in page and "Table 2" in page


def test_a_taken_seat_or_a_table_that_is_gone_is_refused(club, other_client, other_user):
    night = club()
    url = f"/games/{night.game.pk}/join/{night.table(1).invite_token}/"
    assert "East was just taken" in other_client.post(url, {"table": "2", "seat": "E"}).content.decode()
    assert "That table is gone" in other_client.post(url, {"table": "7", "seat": "E"}).content.decode()
    assert not Seat.objects.filter(user=other_user).exists()


def test_the_help_page_explains_a_club_night(client, settings):
    settings.JOIN_MAX_TABLES = 12
    html = client.get("/help/uploading-decks/").content.decode()
    section = " ".join(html[html.index('id="club-night"') :].split())
    assert "(up to 12)" in section and "Own pace" in section and "Teaching" in section
    assert "matchpoints" in section and "cross-IMPs" in section and "Neuberg" in section
