"""The game's settings page: its manager renames the game, the name checked as the new-game
form checks it; nobody else sees the page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game

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
