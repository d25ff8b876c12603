"""The director's desk on the web: a player calls the director (CSRF, their own table, one
open call), the host's overview announces it until answered; the host's adjusted-score
page (each kind's mistakes named) and what the results, the PBN, USEBIO and
``manage.py results --json`` then say; a pair's score card; Butler IMPs offered."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from games.models import Adjustment, DirectorCall, Game
from tests.models import test_club_results

pytestmark = pytest.mark.django_db

three_tables = test_club_results.three_tables  # the fixture
HX = {"HX-Request": "true"}


def player(name: str, *, csrf: bool = False) -> Client:
    client = Client(enforce_csrf_checks=csrf)
    client.force_login(get_user_model().objects.get(username=name))
    return client


def test_a_player_calls_and_the_host_answers(three_tables, host_client):
    game = three_tables(Game.Scoring.MATCHPOINTS)
    assert player("p2n", csrf=True).post(f"/games/{game.pk}/director/call/").status_code == 403  # no token
    page = player("p2n").get(f"/games/{game.pk}/").content.decode()
    assert "Call the director" in page
    response = player("p2n").post(f"/games/{game.pk}/director/call/", headers=HX)
    assert response.status_code == 200 and "table-moved" in response.headers["HX-Trigger"]
    assert "The director has been called" in response.content.decode()
    player("p2e").post(f"/games/{game.pk}/director/call/")  # the same table again: no second call
    call = DirectorCall.objects.get()
    assert (call.table.number, call.board_number, call.caller.username) == (2, 2, "p2n")

    overview = host_client.get(f"/games/{game.pk}/tables/", headers=HX).content.decode()
    region = overview[
        overview.index('id="director-calls"') : overview.index("</div>", overview.index("director-call-open"))
    ]
    assert 'role="alert"' in region and "Director to table 2, board 2: called by p2n." in region

    response = host_client.post(f"/games/{game.pk}/director/{call.pk}/answer/", headers=HX)
    assert "Director to table 2" not in response.content.decode()
    call.refresh_from_db()
    assert call.answered_at is not None and call.answered_by.username == "alice"


def test_only_the_host_answers_and_only_a_player_calls(three_tables, other_user):
    game = three_tables(Game.Scoring.MATCHPOINTS)
    player("p1n").post(f"/games/{game.pk}/director/call/")
    call = DirectorCall.objects.get()
    assert player("p1s").post(f"/games/{game.pk}/director/{call.pk}/answer/").status_code == 404
    outsider = Client()
    outsider.force_login(other_user)
    assert outsider.post(f"/games/{game.pk}/director/call/").status_code == 404
    assert DirectorCall.objects.get().answered_at is None


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"kind": "artificial", "ns_average": "Avg+"}, "An artificial score gives this side Avg+, Avg or Avg−."),
        ({"kind": "assigned", "contract": "5Q"}, "Write the assigned contract: 4S, 3NTX, or Pass."),
        ({"kind": "assigned", "contract": "4S", "declarer": "N"}, "Say how many tricks declarer takes (0 to 13)."),
        ({"kind": "assigned", "contract": "4S", "tricks": "10"}, "Say who declares the assigned contract."),
        ({"kind": "fouled"}, "Name the group of this table&#x27;s deal (A, B…)."),
    ],
)
def test_each_kinds_mistake_is_named(three_tables, host_client, fields, said):
    game = three_tables(Game.Scoring.MATCHPOINTS)
    response = host_client.post(f"/games/{game.pk}/results/board/1/adjust/", {"table": "2", "reason": "r", **fields})
    assert response.status_code == 200 and said in response.content.decode()
    assert not Adjustment.objects.exists()


def test_an_adjustment_shows_on_the_results_and_in_the_exports(three_tables, host_client):
    game = three_tables(Game.Scoring.MATCHPOINTS)
    assert host_client.get(f"/games/{game.pk}/results/board/1/adjust/").status_code == 200
    fields = {"table": "2", "kind": "artificial", "reason": "slow play", "ns_average": "Avg+", "ew_average": "Avg-"}
    response = host_client.post(f"/games/{game.pk}/results/board/1/adjust/", fields)
    assert response.status_code == 302
    page = host_client.get(f"/games/{game.pk}/results/").content.decode()
    assert "Avg+/Avg-" in page and "slow play" in page
    xml = host_client.get(f"/games/{game.pk}/results.usebio.xml").content.decode()
    assert "<SCORE>A6040</SCORE>" in xml and "adjusted: slow play" in xml
    pbn = host_client.get(f"/games/{game.pk}/results.pbn").content.decode()
    assert "Adjusted" in pbn and '"Avg+/Avg-: slow play"' in pbn
    out = StringIO()
    call_command("results", str(game.pk), "--json", stdout=out)
    board = json.loads(out.getvalue())["boards"][0]
    adjusted = next(line for line in board["results"] if line["table"] == 2)
    assert adjusted["adjustment"]["reason"] == "slow play" and adjusted["adjustment"]["ns"] == "Avg+"


def test_a_player_reaches_a_pairs_card_from_the_ranking(three_tables):
    game = three_tables(Game.Scoring.IMPS)
    client = player("p2e")
    page = client.get(f"/games/{game.pk}/results/").content.decode()
    assert f'href="/games/{game.pk}/results/pair/2-EW/"' in page
    card = client.get(f"/games/{game.pk}/results/pair/2-EW/").content.decode()
    assert "Table 2 E-W: score card" in card and "Table 2 N-S" in card and "+13" in card
    assert client.get(f"/games/{game.pk}/results/pair/7-EW/").status_code == 404


def test_the_new_game_form_offers_butler_imps_for_join_games(host_client):
    page = host_client.get("/games/new/").content.decode()
    assert 'value="butler"' in page
    rules = {"name": "B", "game_type": "practice", "allow_upload": "1", "scoring": "butler", "missing_info": "rotation"}
    response = host_client.post("/games/new/", rules)
    assert "Butler IMPs compare the tables of a Join game" in response.content.decode()
    response = host_client.post("/games/new/", {**rules, "game_type": "join", "tables": "2"})
    assert response.status_code == 302 and Game.objects.get().scoring == "butler"
