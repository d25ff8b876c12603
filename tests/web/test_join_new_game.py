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


def test_a_club_night_is_created_with_its_tables(host_client):
    response = host_client.post("/games/new/", {**RULES, "tables": "12", "scoring": "matchpoints"})
    game = Game.objects.get()
    assert response.status_code == 302
    assert list(game.join_tables.order_by("number").values_list("number", flat=True)) == list(range(1, 13))
    page = host_client.get(response.url).content.decode()
    assert "12 tables" in page and 'id="table-12-seats"' in page


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"tables": "31"}, "A game has 30 tables at most."),
        ({"tables": "0"}, "greater than or equal to 1"),
        ({"tables": "3", "game_type": "practice"}, "Only a Join game has several tables"),
    ],
)
def test_a_wrong_number_of_tables_is_said_and_nothing_is_made(host_client, fields, said):
    response = host_client.post("/games/new/", {**RULES, **fields})
    assert response.status_code == 200 and said in response.content.decode()
    assert not Game.objects.exists() and not JoinTable.objects.exists()


def test_an_older_page_without_the_field_makes_one_table(host_client):
    host_client.post("/games/new/", RULES)
    assert JoinTable.objects.get().number == 1
