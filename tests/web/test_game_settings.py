"""The game's settings page: its manager renames the game, the name checked as the new-game
form checks it; a club night's movement, tables, boards a round and rounds changed until
round 1, checked as the new-game form checks them, then shown read-only; nobody else sees
the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game, JoinTable
from games.models.join import SeatError
from games.models.join.rounds import change_movement, start_movement
from tests.models.test_club_movement import club, seat_pairs

pytestmark = pytest.mark.django_db


def url(game) -> str:
    return reverse("game_settings", args=[game.pk])


def test_the_page_shows_the_name_the_rules_and_the_way_to_delete(host_client, game):
    html = host_client.get(url(game)).text
    assert 'name="name"' in html and 'value="Tuesday practice"' in html
    assert "csrfmiddlewaretoken" in html
    assert "IMPs" in html and "Board rotation" in html
    assert f'href="{reverse("game_delete", args=[game.pk])}"' in html


def test_the_host_renames_the_game(host_client, game):
    response = host_client.post(url(game), {"name": "  Thursday   teaching "}, follow=True)
    game.refresh_from_db()
    assert game.name == "Thursday teaching"
    assert response.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert "Game “Tuesday practice” renamed “Thursday teaching”." in response.text
    assert "<h1>Thursday teaching</h1>" in response.text


@pytest.mark.parametrize("name, error", [("   ", "This field is required."), ("x" * 101, "at most 100 characters")])
def test_a_name_the_new_game_form_refuses_is_refused_here(host_client, game, name, error):
    response = host_client.post(url(game), {"name": name})
    assert response.status_code == 200 and error in response.text
    assert "<h1>Settings: Tuesday practice</h1>" in response.text
    game.refresh_from_db()
    assert game.name == "Tuesday practice"


def test_staff_who_may_change_games_rename_any(client, game, game_manager):
    client.force_login(game_manager)
    assert client.get(url(game)).status_code == 200
    assert client.post(url(game), {"name": "Renamed by staff"}).status_code == 302
    game.refresh_from_db()
    assert game.name == "Renamed by staff"


def test_staff_without_the_permission_get_404(client, game, django_user_model):
    reviewer = django_user_model.objects.create_user("rita", password="x", is_staff=True)
    client.force_login(reviewer)
    assert client.get(url(game)).status_code == 404
    assert client.post(url(game), {"name": "Mine now"}).status_code == 404
    game.refresh_from_db()
    assert game.name == "Tuesday practice"


def test_another_user_gets_404_and_changes_nothing(other_client, game):
    assert other_client.get(url(game)).status_code == 404
    assert other_client.post(url(game), {"name": "Mine now"}).status_code == 404
    game.refresh_from_db()
    assert game.name == "Tuesday practice"


def test_anonymous_visitors_are_sent_to_log_in(client, game):
    for response in (client.get(url(game)), client.post(url(game), {"name": "Mine now"})):
        assert response.status_code == 302 and response.url.startswith("/login/?next=")
    assert Game.objects.get().name == "Tuesday practice"


def test_a_rename_needs_the_csrf_token(client, host, game):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    assert strict.post(url(game), {"name": "No token"}).status_code == 403
    game.refresh_from_db()
    assert game.name == "Tuesday practice"


def test_the_game_page_links_to_the_settings(host_client, game):
    html = host_client.get(reverse("game", args=[game.pk])).text
    assert f'href="{url(game)}"' in html


# --- a club night's movement, until play begins -----------------------------------------------


def test_a_club_nights_movement_tables_and_rounds_are_changed_before_round_1(host_client, host):
    game = club(host, 3)
    page = host_client.get(url(game)).text
    assert 'name="movement"' in page and 'name="tables" value="3"' in page and 'name="boards_per_round"' in page
    fields = {"name": "Club night", "movement": "howell", "tables": "4", "boards_per_round": "3", "rounds": "7"}
    assert host_client.post(url(game), fields).status_code == 302
    game.refresh_from_db()
    assert (game.movement, game.boards_per_round, game.rounds) == ("howell", 3, 7)
    assert list(game.join_tables.order_by("number").values_list("number", flat=True)) == [1, 2, 3, 4]
    host_client.post(url(game), {**fields, "movement": "mitchell", "tables": "2", "rounds": ""})
    game.refresh_from_db()
    assert (game.movement, game.rounds, game.join_tables.count()) == ("mitchell", None, 2)


def test_a_movement_that_cannot_be_played_is_refused_with_its_reason(host_client, host):
    game = club(host, 3)
    fields = {"name": "Renamed", "movement": "mitchell", "tables": "3", "rounds": "5"}
    response = host_client.post(url(game), fields)
    assert response.status_code == 200
    assert "This movement cannot be played: a Mitchell of 3 tables plays 1 to 3 rounds, not 5." in response.text
    game.refresh_from_db()
    assert (game.name, game.rounds, game.join_tables.count()) == ("Club night", None, 3)


def test_the_reason_is_said_in_the_pages_language(host_client, host):
    game = club(host, 1, movement=Game.Movement.TEACHING)
    fields = {"name": "Club night", "movement": "mitchell", "tables": "1"}
    response = host_client.post(url(game), fields, headers={"accept-language": "pl"})
    assert response.status_code == 200
    assert "Tego ruchu nie da się rozegrać: Mitchell ma od 2 do 20 stołów, nie 1." in response.text


def test_a_table_with_players_is_not_taken_away(host_client, host, django_user_model):
    game = club(host, 3)
    JoinTable.numbered(game, 3).take_seat(django_user_model.objects.create_user("tina"), "N")
    response = host_client.post(url(game), {"name": "Club night", "movement": "mitchell", "tables": "2"})
    assert response.status_code == 200 and "Table 3 has players: tina (North)." in response.text
    assert game.join_tables.count() == 3


def test_after_round_1_the_movement_is_shown_and_a_change_refused(host_client, host, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    start_movement(game, host)
    page = host_client.get(url(game)).text
    assert 'name="movement"' not in page and 'name="tables"' not in page
    assert "Round 1 has started: the movement, its tables, boards a round and rounds stay as they are." in page
    assert "Mitchell: N-S pairs stay" in page
    response = host_client.post(url(game), {"name": "Renamed", "movement": "howell", "tables": "4", "rounds": "7"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.name, game.movement, game.rounds, game.join_tables.count()) == ("Renamed", "mitchell", None, 3)


def test_a_change_saved_as_round_1_starts_is_refused(host, django_user_model):
    game = club(host, 3)
    read = Game.objects.get(pk=game.pk)  # the settings page, read before round 1
    seat_pairs(game, django_user_model)
    start_movement(game, host)  # meanwhile, on the tables' overview
    with pytest.raises(SeatError, match="Round 1 has started"):
        change_movement(read, 4, movement="howell")
    game.refresh_from_db()
    assert (game.movement, game.join_tables.count()) == ("mitchell", 3)
