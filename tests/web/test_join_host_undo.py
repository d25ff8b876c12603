"""At a Join table the host takes back a call or card only when its player asks: the undo
route, like keep, needs a request waiting.

alice hosts and sits North, bob East, dave South, erin West (tests/web/conftest.py).
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.models import BoardPlay, Game

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
REFUSED = "Nobody has asked to undo: the host takes back a call or card only when the player who made it asks"


def alert_text(response) -> str:
    found = re.search(r'role="alert">([^<]*)<', response.text)
    return unescape(found[1]) if found else ""


def calls() -> list[str]:
    return [c["call"] for c in BoardPlay.objects.get().calls]


def test_an_undo_nobody_asked_for_is_refused_and_the_table_is_unchanged(act, seated_table):
    act("alice", "call", call="1H")
    act("bob", "call", call="2C")
    before = BoardPlay.objects.get()
    version = type(seated_table).objects.get(pk=seated_table.pk).version

    assert alert_text(act("alice", "undo")) == REFUSED

    after = BoardPlay.objects.get()
    assert calls() == ["1H", "2C"] and after.actions == before.actions and after.undo_asked_by == ""
    assert type(seated_table).objects.get(pk=seated_table.pk).version == version  # the seats' pages see nothing new


def test_without_javascript_the_refusal_is_a_message_on_the_table(act, client, seated_table):
    act("alice", "call", call="1H")
    response = act("alice", "undo", htmx=False)
    assert response.status_code == 302 and response.url == f"/games/{seated_table.game.pk}/"
    assert REFUSED in unescape(client.get(response.url).text)
    assert calls() == ["1H"]


def test_staff_who_manage_every_game_are_refused_too(act, seated_table, django_user_model):
    from django.contrib.auth.models import Permission

    act("alice", "call", call="1H")
    manager = django_user_model.objects.create_user("mallory", password="x", is_staff=True)
    manager.user_permissions.set(Permission.objects.filter(content_type__app_label="games", codename="change_game"))
    assert Game.objects.managed_by(manager, seated_table.game.pk) == seated_table.game
    assert alert_text(act("mallory", "undo")) == REFUSED and calls() == ["1H"]


def test_with_a_request_waiting_the_host_takes_the_call_back(act, seated_table):
    act("alice", "call", call="1H")
    act("bob", "call", call="2C")
    act("bob", "ask_undo")
    assert alert_text(act("alice", "undo")) == ""
    play = BoardPlay.objects.get()
    assert calls() == ["1H"] and play.undo_asked_by == "" and play.state().turn == "E"


def test_a_request_refused_leaves_nothing_to_undo(act, seated_table):
    act("alice", "call", call="1H")
    act("bob", "call", call="2C")
    act("bob", "ask_undo")
    act("alice", "keep")
    act("dave", "call", call="P")  # play goes on once the host has answered
    assert alert_text(act("alice", "undo")) == REFUSED
    assert calls() == ["1H", "2C", "P"]
