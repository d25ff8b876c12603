"""The invite link: log in, come back, choose a free seat; wrong or old links are 404."""

from __future__ import annotations

import pytest

from games.models import Game
from games.models.join import JoinTable, seat_of

pytestmark = pytest.mark.django_db


def link(join_table: JoinTable) -> str:
    return f"/games/{join_table.game.pk}/join/{join_table.invite_token}/"


def test_anonymous_visitors_log_in_and_come_back_to_the_link(client, join_table, other_user, password):
    response = client.get(link(join_table))
    assert response.status_code == 302 and response.url == f"/login/?next={link(join_table)}"
    response = client.post("/login/", {"username": "bob", "password": password, "next": link(join_table)})
    assert response.status_code == 302 and response.url == link(join_table)
    assert "Choose your seat" in client.get(link(join_table)).content.decode()


def test_it_offers_the_free_seats_and_names_the_taken_ones(other_client, join_table, django_user_model):
    join_table.take_seat(django_user_model.objects.create_user("dave"), "S")
    html = other_client.get(link(join_table)).content.decode()
    for seat, name in (("N", "North"), ("E", "East"), ("W", "West")):
        assert f'name="seat" value="{seat}" class="primary">{name}</button>' in html
    assert 'value="S"' not in html and "dave" in html
    assert "Friday four" in html and "alice" in html


def test_choosing_a_seat_sits_the_player_and_opens_the_table(other_client, join_table, other_user):
    response = other_client.post(link(join_table), {"seat": "W"})
    assert response.status_code == 302 and response.url == f"/games/{join_table.game.pk}/"
    assert seat_of(join_table.game, other_user) == "W"
    assert "You sit West" in other_client.get(response.url).content.decode()


def test_a_seat_taken_meanwhile_is_refused_with_the_reason(other_client, join_table, django_user_model, other_user):
    join_table.take_seat(django_user_model.objects.create_user("dave"), "N")
    response = other_client.post(link(join_table), {"seat": "N"})
    assert response.status_code == 200 and "North was just taken" in response.content.decode()
    assert seat_of(join_table.game, other_user) == ""


def test_a_bad_seat_is_refused(other_client, join_table, other_user):
    response = other_client.post(link(join_table), {"seat": "Q"})
    assert "Choose North, East, South or West" in response.content.decode()
    assert not join_table.game.seats.exists()


def test_a_full_table_says_so(other_client, join_table, django_user_model):
    for seat, name in zip("NESW", ("d", "e", "f", "g")):
        join_table.take_seat(django_user_model.objects.create_user(name), seat)
    html = other_client.get(link(join_table)).content.decode()
    assert "The table is full" in html and 'type="submit" name="seat"' not in html


def test_a_seated_player_opening_the_link_again_goes_to_the_table(other_client, join_table, other_user):
    join_table.take_seat(other_user, "E")
    response = other_client.get(link(join_table))
    assert response.status_code == 302 and response.url == f"/games/{join_table.game.pk}/"


def test_the_host_opening_the_link_is_sent_to_the_players_panel(host_client, join_table):
    response = host_client.get(link(join_table))
    assert response.status_code == 302 and response.url == f"/games/{join_table.game.pk}/"


@pytest.mark.parametrize("token", ["wrong", "x" * 24])
def test_a_wrong_token_is_404(other_client, join_table, token):
    assert other_client.get(f"/games/{join_table.game.pk}/join/{token}/").status_code == 404
    assert other_client.post(f"/games/{join_table.game.pk}/join/{token}/", {"seat": "N"}).status_code == 404
    assert not join_table.game.seats.exists()


def test_a_token_of_another_game_is_404(other_client, join_table, host):
    other = JoinTable.for_game(Game.objects.create(host=host, name="Other", game_type=Game.Type.JOIN))
    assert other_client.get(f"/games/{join_table.game.pk}/join/{other.invite_token}/").status_code == 404


def test_the_old_link_stops_working_after_a_new_one_and_seated_players_stay(client, join_table, host, other_user):
    old = link(join_table)
    join_table.take_seat(other_user, "N")
    client.force_login(host)
    assert client.post(f"/games/{join_table.game.pk}/invite/").status_code == 302
    join_table.refresh_from_db()
    assert link(join_table) != old and seat_of(join_table.game, other_user) == "N"
    client.force_login(other_user)
    client.post(f"/games/{join_table.game.pk}/seats/leave/")
    assert client.get(old).status_code == 404
    assert client.get(link(join_table)).status_code == 200


def test_practice_games_have_no_invite_link(other_client, game):
    join_table = JoinTable.for_game(game)  # even with a stray row
    assert other_client.get(link(join_table)).status_code == 404


def test_a_player_can_leave_the_table(other_client, join_table, other_user):
    join_table.take_seat(other_user, "S")
    response = other_client.post(f"/games/{join_table.game.pk}/seats/leave/")
    assert response.status_code == 302 and response.url == "/"
    assert seat_of(join_table.game, other_user) == ""
    assert other_client.get(f"/games/{join_table.game.pk}/").status_code == 404
