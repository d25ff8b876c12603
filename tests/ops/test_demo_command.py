"""python manage.py demo: a demo host and a practice table with decks queued, idempotent."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from games.bridge import cards
from games.management.commands.demo import DEMO_DEALS, PASSWORD
from games.models import Game

pytestmark = pytest.mark.django_db


def demo() -> str:
    out = StringIO()
    call_command("demo", stdout=out)
    return out.getvalue()


def test_it_makes_the_demo_host_and_game_and_prints_how_to_log_in(rf, monkeypatch):
    monkeypatch.delenv("ADDRESS", raising=False)
    monkeypatch.delenv("PORT", raising=False)
    output = demo()
    assert "http://127.0.0.1:8000/" in output and f"demo / {PASSWORD}" in output
    game = Game.objects.get(name="Demo practice table")
    # With a request, as a log-in page calls it: the throttle's backend (axes) needs one.
    assert authenticate(rf.post("/login/"), username="demo", password=PASSWORD) == game.host
    assert game.queued().count() == len(DEMO_DEALS) >= 4
    assert game.allow_upload and game.game_type == "practice"


def test_running_it_again_changes_nothing():
    demo()
    game = Game.objects.get()
    game.deal_next()
    output = demo()
    assert Game.objects.count() == 1 and game.decks.count() == len(DEMO_DEALS)
    assert game.queued().count() == len(DEMO_DEALS) - 1
    assert "ready" in output


def test_its_deals_are_valid_canonical_deals():
    for _, _, _, _, deal in DEMO_DEALS:
        hands = {seat: cards.parse_dotted_hand(hand)[0] for seat, hand in zip("NESW", deal[2:].split(" "))}
        assert cards.build_deal(hands) == (deal, False)


@pytest.mark.parametrize(
    ("variables", "url"),
    [
        ({"PORT": "8001"}, "http://127.0.0.1:8001/"),
        ({"ADDRESS": "8002"}, "http://127.0.0.1:8002/"),
        ({"ADDRESS": "0.0.0.0:8003", "PORT": "8001"}, "http://0.0.0.0:8003/"),
    ],
)
def test_it_prints_the_address_scripts_serve_sh_serves_on(monkeypatch, variables, url):
    monkeypatch.delenv("ADDRESS", raising=False)
    monkeypatch.delenv("PORT", raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    output = demo()
    assert f"Open {url} " in output and f"{url}admin/" in output and "8000" not in output
