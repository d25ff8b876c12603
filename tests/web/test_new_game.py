from __future__ import annotations

import re

import pytest

from games.models import Game

pytestmark = pytest.mark.django_db

RULES = {
    "name": "Thursday teaching",
    "game_type": "practice",
    "allow_upload": "1",
    "scoring": "imps",
    "missing_info": "rotation",
}


def test_it_shows_the_bridge_rules_form(host_client):
    html = host_client.get("/games/new/").content.decode()
    for label in ("New game", "Allow deck upload", "Game type", "Scoring", "Create"):
        assert label in html
    assert '<select name="allow_upload"' in html
    assert '<option value="1" selected>Yes</option>' in html and '<option value="0">No</option>' in html
    assert 'value="rotation"' in html and "checked" in html


def test_it_creates_the_game_for_the_host(host_client, host):
    response = host_client.post("/games/new/", RULES)
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/"
    assert (game.host, game.name, game.allow_upload, game.missing_info) == (host, "Thursday teaching", True, "rotation")


def test_it_can_create_a_game_without_upload(host_client):
    host_client.post("/games/new/", {**RULES, "allow_upload": "0", "missing_info": "south_none"})
    game = Game.objects.get()
    assert not game.allow_upload
    assert (game.scoring, game.missing_info) == ("imps", "south_none")


def test_it_offers_imps_and_for_join_games_matchpoints_but_not_rubber(host_client):
    html = host_client.get("/games/new/").text
    assert 'name="scoring" value="imps"' in html and "against par" in html
    assert 'name="scoring" value="matchpoints"' in html and "Join games only" in html
    assert "rubber" not in html.lower()
    assert 'name="movement" value="teaching"' in html and 'name="movement" value="own_pace"' in html


def test_it_refuses_scoring_it_does_not_offer(host_client):
    response = host_client.post("/games/new/", {**RULES, "scoring": "rubber"})
    assert response.status_code == 200 and "Select a valid choice" in response.text
    assert not Game.objects.exists()


def test_a_practice_game_is_not_scored_at_matchpoints(host_client):
    response = host_client.post("/games/new/", {**RULES, "scoring": "matchpoints"})
    assert response.status_code == 200 and "Matchpoints compare the tables of a Join game" in response.text
    assert not Game.objects.exists()


def test_a_join_game_is_scored_at_matchpoints_in_the_movement_chosen(host_client):
    rules = {**RULES, "game_type": "join", "scoring": "matchpoints", "movement": "own_pace"}
    assert host_client.post("/games/new/", rules).status_code == 302
    game = Game.objects.get()
    assert (game.scoring, game.movement, game.join_tables.count()) == ("matchpoints", "own_pace", 1)


def test_a_form_without_the_movement_makes_a_teaching_game(host_client):
    host_client.post("/games/new/", {**RULES, "game_type": "join"})
    assert Game.objects.get().movement == "teaching"


def test_it_needs_a_name(host_client):
    response = host_client.post("/games/new/", {**RULES, "name": "   "})
    assert response.status_code == 200 and not Game.objects.exists()


def test_it_sends_anonymous_users_to_log_in(client):
    response = client.get("/games/new/")
    assert response.status_code == 302 and response.url.startswith("/login/?next=")


def test_each_rule_for_one_type_of_game_says_which_for_the_pages_script(host_client):
    html = host_client.get("/games/new/").text
    for name, condition in (
        ("tables", "game_type=join"),
        ("movement", "game_type=join"),
        ("rank_robot_pairs", "game_type=join"),
        ("practice_play", "game_type=practice"),
        ("practice_seat", "game_type=practice practice_play=robots"),
        ("robot_hints", "game_type=practice practice_play=robots"),
    ):
        block = re.search(
            rf'<div class="field" data-shown-when="([^"]*)">(?:(?!<div class="field).)*name="{name}"', html, re.S
        )
        assert block and block.group(1) == condition, name
    assert re.search(r'name="scoring" value="matchpoints"[^>]*data-shown-when="game_type=join"', html)
    assert re.search(r'name="scoring" value="butler"[^>]*data-shown-when="game_type=join"', html)
    assert 'name="scoring" value="imps"' in html and not re.search(r'value="imps"[^>]*data-shown-when', html)
    # what every game uses carries no condition, and the script is a static file: no inline code
    assert not re.search(
        r'<div class="field" data-shown-when="[^"]*">(?:(?!<div class="field).)*name="(?:name|game_type|scoring)"',
        html,
        re.S,
    )
    assert '<script src="/static/games/rules_form.js" defer></script>' in html and "<script>" not in html


def test_without_the_script_a_rule_for_the_other_type_is_refused(host_client):
    response = host_client.post("/games/new/", {**RULES, "game_type": "join", "practice_play": "robots"})
    assert response.status_code == 200 and "How a practice board is played is for practice games" in response.text
    response = host_client.post("/games/new/", {**RULES, "movement": "own_pace"})
    assert response.status_code == 200 and "The movement is for Join games" in response.text
    assert not Game.objects.exists()


def test_the_rules_a_game_does_not_use_take_their_defaults(host_client):
    # as the script posts it: the hidden fields are disabled, so an unticked box is not sent
    host_client.post("/games/new/", {**RULES, "practice_play": "declare", "practice_seat": "N"})
    game = Game.objects.get()
    assert (game.practice_play, game.practice_seat, game.robot_hints, game.rank_robot_pairs) == (
        "declare",
        "S",
        True,
        True,
    )


def test_a_practice_game_with_robots_keeps_its_seat_and_hints(host_client):
    host_client.post("/games/new/", {**RULES, "practice_play": "robots", "practice_seat": "W"})
    game = Game.objects.get()
    assert (game.practice_play, game.practice_seat, game.robot_hints) == ("robots", "W", False)
