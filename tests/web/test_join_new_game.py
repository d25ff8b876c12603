"""Creating a Join game: selectable in the Bridge Rules form, with its table and invite link."""

from __future__ import annotations

import pytest

from games.models import Game
from games.models.join import JoinTable

pytestmark = pytest.mark.django_db

RULES = {"name": "Friday four", "game_type": "join", "allow_upload": "1", "scoring": "imps", "missing_info": "rotation"}


def test_join_is_offered_and_selectable(host_client):
    html = host_client.get("/games/new/").content.decode()
    assert '<option value="join">Join</option>' in html
    assert "coming soon" not in html and "disabled" not in html[html.index('name="game_type"') :][:300]


def test_it_creates_a_join_game_with_its_table(host_client, host):
    response = host_client.post("/games/new/", RULES)
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/"
    assert game.game_type == Game.Type.JOIN and game.host == host
    assert JoinTable.objects.filter(game=game).exists()
    assert "send the invite link" in host_client.get(response.url).content.decode()


def test_practice_games_get_no_table(host_client):
    host_client.post("/games/new/", {**RULES, "game_type": "practice"})
    assert Game.objects.get().game_type == "practice" and not JoinTable.objects.exists()
