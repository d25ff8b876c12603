from __future__ import annotations

import pytest

from games.models import Game

pytestmark = pytest.mark.django_db


def test_it_pitches_to_anonymous_visitors(client):
    html = client.get("/").content.decode()
    assert "Deal New Cards" in html
    assert 'href="/signup/"' in html and ">Sign up<" in html
    assert 'href="/login/"' in html and ">Log in<" in html


def test_it_lists_only_the_users_games(host_client, game, other_user, queue_decks):
    Game.objects.create(host=other_user, name="Bob's secret game")
    queue_decks(game, 2)
    html = host_client.get("/").content.decode()
    assert f'href="/games/{game.pk}/"' in html and "Tuesday practice" in html
    assert "2 decks queued" in html
    assert "Bob" not in html


def test_it_has_a_new_game_button(host_client):
    html = host_client.get("/").content.decode()
    assert 'class="button primary" href="/games/new/">New game<' in html


def test_it_escapes_game_names(host_client, host):
    Game.objects.create(host=host, name="<b>bold</b>")
    html = host_client.get("/").content.decode()
    assert "<b>bold</b>" not in html and "&lt;b&gt;bold&lt;/b&gt;" in html


def test_it_lists_the_join_tables_the_user_sits_at(other_client, other_user, host):
    from games.models import Game
    from games.models.join import JoinTable, Seat

    table = JoinTable.for_game(Game.objects.create(host=host, name="Friday four", game_type=Game.Type.JOIN))
    Seat.objects.create(game=table.game, table=table, seat="E", user=other_user)
    html = other_client.get("/").content.decode()
    assert "Tables you sit at" in html
    assert f'href="/games/{table.game.pk}/"' in html and "East · hosted by alice" in html


def test_favicon_ico_leads_to_the_sites_icon(client):
    """Pages that name no icon (the admin's) make browsers ask for /favicon.ico."""
    from django.contrib.staticfiles import finders

    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response["Location"].endswith(".svg")
    assert finders.find(response["Location"].removeprefix("/static/"))
    assert client.post("/favicon.ico").status_code == 405
