"""The host's page of a Join game: the seat view, the Players panel and its buttons."""

from __future__ import annotations

import pytest

from games.models.join import BoardReveal, JoinTable, seat_of

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


@pytest.fixture
def dave(django_user_model):
    return django_user_model.objects.create_user("dave", password="x")


def page(client, join_table) -> str:
    response = client.get(f"/games/{join_table.game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_host_sees_the_invite_link_and_the_players_panel(host_client, join_table):
    html = page(host_client, join_table)
    assert f'value="http://testserver/games/{join_table.game.pk}/join/{join_table.invite_token}/"' in html
    assert 'Players <span class="count">0/4</span>' in html
    assert html.count("Sit here") == 4 and html.count("empty seat") == 4
    assert 'src="/static/games/join.js"' in html and "<script>" not in html


def test_the_host_keeps_the_queue_upload_and_exports(host_client, join_table, queue_decks):
    queue_decks(join_table.game, 2)
    html = page(host_client, join_table)
    assert "Deal New Cards" in html and "Upload Decks" in html and 'id="queue"' in html
    assert f"/games/{join_table.game.pk}/export/dealt.pbn" in html


def test_a_practice_game_shows_four_hands_and_no_players_panel(host_client, game):
    game.deal_next()
    html = host_client.get(f"/games/{game.pk}/").content.decode()
    assert html.count('<ul class="suits"') == 4
    assert 'id="seating"' not in html and 'id="seat-view"' not in html and "join.js" not in html


def test_the_host_can_sit_and_stand_up(host_client, host, join_table):
    response = host_client.post(f"/games/{join_table.game.pk}/seats/sit/", {"seat": "S"}, headers=HX)
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<section id="seating"')
    assert "alice (you)" in html and "Sit here" not in html
    assert '<div id="seat-view" class="seat-view" hx-swap-oob="true">' in html
    assert seat_of(join_table.game, host) == "S"
    host_client.post(f"/games/{join_table.game.pk}/seats/leave/", headers=HX)
    assert seat_of(join_table.game, host) == ""


def test_the_host_moves_and_swaps_players(host_client, join_table, other_user, dave):
    join_table.take_seat(other_user, "N")
    join_table.take_seat(dave, "E")
    host_client.post(f"/games/{join_table.game.pk}/seats/move/", {"seat": "N", "to": "W"})
    assert seat_of(join_table.game, other_user) == "W"
    response = host_client.post(f"/games/{join_table.game.pk}/seats/move/", {"seat": "W", "to": "E"})
    assert response.status_code == 302 and response.url == f"/games/{join_table.game.pk}/#seating"
    assert (seat_of(join_table.game, other_user), seat_of(join_table.game, dave)) == ("E", "W")


def test_the_host_removes_a_player_and_the_seat_stays_empty(host_client, join_table, other_user):
    join_table.take_seat(other_user, "N")
    response = host_client.post(f"/games/{join_table.game.pk}/seats/remove/", {"seat": "N"}, headers=HX)
    assert "empty" in response.content.decode() and not join_table.game.seats.exists()


def test_a_seating_mistake_is_shown_in_the_panel(host_client, join_table):
    response = host_client.post(f"/games/{join_table.game.pk}/seats/move/", {"seat": "N", "to": "S"}, headers=HX)
    assert response.status_code == 200 and "Nobody sits North" in response.content.decode()
    response = host_client.post(f"/games/{join_table.game.pk}/seats/remove/", {"seat": "Z"})
    assert response.status_code == 302
    assert "Choose North, East, South or West" in host_client.get(response.url).content.decode()


def test_a_new_invite_link_via_htmx_shows_the_new_link(host_client, join_table):
    old = join_table.invite_token
    html = host_client.post(f"/games/{join_table.game.pk}/invite/", headers=HX).content.decode()
    join_table.refresh_from_db()
    assert join_table.invite_token != old and join_table.invite_token in html and old not in html


def test_reveal_shows_all_hands_and_hides_the_button(host_client, join_table):
    join_table.game.deal_next()
    html = page(host_client, join_table)
    assert "Reveal hands" in html and f'hx-post="/games/{join_table.game.pk}/reveal/"' in html
    assert '<input type="hidden" name="board" value="1">' in html
    response = host_client.post(f"/games/{join_table.game.pk}/reveal/", {"board": "1"}, headers=HX)
    html = response.content.decode()
    assert response.status_code == 200 and html.count('<ul class="suits"') == 4
    assert "Reveal hands" not in html and "All four hands are shown" in html
    assert BoardReveal.objects.filter(board__game=join_table.game).count() == 1


def test_reveal_before_any_deal_says_so(host_client, join_table):
    response = host_client.post(f"/games/{join_table.game.pk}/reveal/")
    assert response.status_code == 302
    assert "Deal a board first" in host_client.get(response.url).content.decode()


def test_the_deal_button_deals_from_the_queue_as_in_practice(host_client, join_table, queue_decks, other_user):
    decks = queue_decks(join_table.game, 2)
    join_table.take_seat(other_user, "E")
    answer = host_client.post(f"/games/{join_table.game.pk}/deal/", headers=HX)
    html = answer.content.decode()
    assert answer["HX-Reswap"] == "none" and "table-moved" in answer["HX-Trigger"]  # the seat view polls
    assert 'id="shown-board" name="shown" value="1" hx-swap-oob="true"' in html and "Board 1" in html
    assert join_table.game.boards.get().deck == decks[0]
    assert '<span class="count" id="queue-count">1</span>' in html  # one deck left in the queue


def test_join_actions_on_a_practice_game_change_nothing(host_client, game):
    for path, data in (("reveal/", {}), ("invite/", {}), ("seats/sit/", {"seat": "N"})):
        response = host_client.post(f"/games/{game.pk}/{path}", data)
        assert response.status_code == 302 and response.url == f"/games/{game.pk}/"
    assert not game.seats.exists() and not JoinTable.objects.filter(game=game).exists()


def test_the_seated_player_page_has_the_seat_view_and_a_leave_button(other_client, join_table, other_user):
    join_table.take_seat(other_user, "W")
    html = page(other_client, join_table)
    assert 'id="seat-view"' in html and "Leave the table" in html
    assert "Deal New Cards" not in html and "invite" not in html.lower() and 'id="queue"' not in html
    assert "you sit West" in html
