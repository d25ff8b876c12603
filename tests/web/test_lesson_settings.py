"""The rule "Show the lesson text": chosen on the new-game form, changed on the game's
settings page, explained on the help page with a real lesson file."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game, LessonRule
from tests.web.test_new_game import RULES

pytestmark = pytest.mark.django_db


def test_the_new_game_form_offers_the_three_moments(host_client):
    html = host_client.get("/games/new/").text
    assert "Show the lesson text" in html
    for value, label in LessonRule.choices:
        assert f'value="{value}"' in html and str(label) in html
    assert 'name="show_lesson" value="after" id="id_show_lesson_1" checked' in html


@pytest.mark.parametrize("rule", ["never", "after", "deal"])
def test_a_new_game_keeps_the_chosen_moment(host_client, host, rule):
    host_client.post("/games/new/", {**RULES, "show_lesson": rule})
    assert Game.objects.get(host=host).show_lesson == rule


def test_a_form_without_the_rule_shows_it_after_the_board(host_client, host):
    host_client.post("/games/new/", {key: value for key, value in RULES.items() if key != "show_lesson"})
    assert Game.objects.get(host=host).show_lesson == LessonRule.AFTER


def test_the_settings_page_changes_the_moment(host_client, game):
    url = reverse("game_settings", args=[game.pk])
    assert 'name="show_lesson"' in host_client.get(url).text
    response = host_client.post(url, {"name": game.name, "show_lesson": "deal"}, follow=True)
    game.refresh_from_db()
    assert game.show_lesson == LessonRule.WITH_DEAL
    assert "Show the lesson text: with the deal, before the auction." in response.text


def test_a_rename_keeps_the_moment(host_client, game):
    Game.objects.filter(pk=game.pk).update(show_lesson=LessonRule.NEVER)
    host_client.post(reverse("game_settings", args=[game.pk]), {"name": "Renamed"})
    game.refresh_from_db()
    assert (game.name, game.show_lesson) == ("Renamed", LessonRule.NEVER)


def test_an_unknown_moment_is_refused(host_client, game):
    response = host_client.post(reverse("game_settings", args=[game.pk]), {"name": game.name, "show_lesson": "soon"})
    assert response.status_code == 200 and "Select a valid choice" in response.text
    game.refresh_from_db()
    assert game.show_lesson == LessonRule.AFTER


def test_the_help_page_explains_and_shows_a_real_file(client):
    html = client.get(reverse("help_lesson")).text
    assert "lesson_example.pbn" in html
    assert "{&lt;b&gt;Lesson 5: counting winners in no trump&lt;/b&gt;" in html  # the file, as text
    assert "<b>Lesson 5: counting winners in no trump</b>" in html  # its rendering
    assert 'East leads the <span class="suit suit-s black" title="spades">♠</span>10' in html
    assert "After call 1" in html and "At trick 1" in html
    for _, label in LessonRule.choices:
        assert str(label) in html
    assert "\\S \\H \\D \\C" in html and "@S @H @D @C" in html


def test_the_help_pages_link_to_each_other(client, host_client, game):
    assert reverse("help_lesson") in client.get(reverse("help_upload")).text
    assert reverse("help_lesson") in host_client.get(reverse("game_settings", args=[game.pk])).text
