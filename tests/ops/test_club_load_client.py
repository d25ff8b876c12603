"""The club-night load test's parts that run in the test suite: the bare request it measures
against exists only under its own settings, and its players read the seat view and play a
board as the pages do (tests.builders.client: ClubScript, seat_state)."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import Resolver404, resolve, reverse

from games.formats import read_decks
from games.models import BoardPlay, Game
from games.models.join import JoinTable
from tests.builders.client import ClubScript, moved_table, page_state, redrawn, seat_state, table_pbn
from tests.ops.test_load_invariants import check_queues

HX = {"HX-Request": "true"}
ROOT = Path(__file__).resolve().parents[2]


def test_the_sites_urls_have_no_bare_request():
    with pytest.raises(Resolver404):
        resolve("/load/ok/")
    assert resolve("/load/ok/", urlconf="bench.load_urls").url_name == "load_ok"


def _under(settings_module: str) -> str:
    """What "/load/ok/" resolves to under ``settings_module``, in a process of its own (the
    production settings refuse to load beside the test settings)."""
    code = (
        "import django; django.setup(); from django.urls import resolve, Resolver404\n"
        "try: print(resolve('/load/ok/').url_name)\n"
        "except Resolver404: print('404')"
    )
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(DJANGO_SETTINGS_MODULE=settings_module, SECRET_KEY=secrets.token_urlsafe(48))
    env["ALLOWED_HOSTS"] = "example.org"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_only_the_load_tests_settings_route_to_the_bare_request():
    assert _under("deckupload.settings_production") == "404"
    assert _under("bench.load_settings") == "load_ok"


@pytest.mark.django_db
def test_the_site_answers_404_for_the_bare_request(host_client):
    assert host_client.get("/load/ok/").status_code == 404


@pytest.mark.django_db
def test_the_bare_request_answers_ok_to_a_logged_in_user_only(host_client, settings):
    settings.ROOT_URLCONF = "bench.load_urls"
    answer = host_client.get("/load/ok/")
    assert answer.status_code == 200 and answer.content == b"ok"
    assert Client().get("/load/ok/").status_code == 302  # to the log-in page, as every page


@pytest.mark.django_db
def test_four_players_play_a_short_board_as_the_load_clients_pages_do(host, django_user_model):
    game = Game.objects.create(host=host, name="night", game_type=Game.Type.JOIN)
    table = JoinTable.for_game(game)
    clients = {}
    for seat in "NESW":
        player = django_user_model.objects.create_user(f"p{seat}", password="x")
        table.take_seat(player, seat)
        clients[seat] = Client()
        clients[seat].force_login(player)
    (deck,) = read_decks(table_pbn(1), "t.pbn").decks
    game.add_decks([deck], source_name="t.pbn")
    north = clients["N"]
    version, board, at = seat_state(north.get(f"/games/{game.pk}/").content)
    assert version and board is None and at is None  # nothing dealt yet
    host_client = Client()
    host_client.force_login(host)
    dealt = host_client.post(reverse("deal", args=[game.pk]), headers=HX)
    assert dealt.status_code == 200 and dict(page_state(dealt.content))["shown"] == "1"
    assert "table-moved" in dealt["HX-Trigger"]

    poll = reverse("seat_poll", args=[game.pk])
    answer = north.get(f"{poll}?v={version}", headers=HX)
    version, board, at = seat_state(answer.content)
    assert answer.status_code == 200 and (board, at) == (1, 0)
    assert north.get(f"{poll}?v={version}", headers=HX).status_code == 204

    script = ClubScript(deck.deal, deck.effective_dealer, deck.effective_vul, board, cards=5)
    routes = []
    while not script.over:
        seat, route, fields = script.next()
        answer = clients[seat].post(reverse(route, args=[game.pk]), fields, headers=HX)
        assert moved_table(answer), answer.content[:2000]  # done: the page polls at once
        assert seat_state(redrawn(clients[seat], answer, game.pk).content)[1:] == (1, script.at + 1)
        script.done()
        routes.append(route)
    assert routes == ["play_call"] * 6 + ["play_card"] * 5 + ["play_claim", "play_accept", "play_accept"]
    assert seat_state(north.get(f"{poll}?v={version}", headers=HX).content)[1:] == (1, 14)
    play = BoardPlay.objects.get(board__game=game)
    assert play.done and play.contract == "3NT" and play.calls[0]["explanation"] == "15-17"
    assert check_queues(game.pk) == []
