"""While an undo request waits for the host, the table holds: every call, card and claim, by
anyone, is refused with "Waiting for the host to answer East's undo request" until the
host grants or refuses it. When the host who answers sits opposite the asker, the request
says so, to the host and to the table.

Here alice hosts and sits West, bob East, dave South, erin North; board 1, North deals."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.bridge import play as rules_of_play
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay
from games.models.join import JoinTable
from tests.playing import DEAL

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
PLAYERS = {"N": "erin", "E": "bob", "S": "dave", "W": "alice"}
HOLD = "Waiting for the host to answer East's undo request"


@pytest.fixture
def host_west_table(join_table, host, other_user, django_user_model) -> JoinTable:
    """alice hosts and sits West, bob East, dave South, erin North; board 1 of DEAL dealt."""
    join_table.take_seat(host, "W")
    join_table.take_seat(other_user, "E")
    for name, seat in (("dave", "S"), ("erin", "N")):
        join_table.take_seat(django_user_model.objects.create_user(name, password="x"), seat)
    deck = ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None")
    join_table.game.add_decks([deck], source_name="c.pbn")
    join_table.game.deal_next(by=host)
    return join_table


def play(host_west_table) -> BoardPlay:
    return BoardPlay.objects.get(board__game=host_west_table.game)


def alert_text(response) -> str:
    found = re.search(r'role="alert">([^<]*)<', response.text)
    return unescape(found[1]) if found else ""


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def bid(act, calls, first: str = "N") -> None:
    seat = first
    for made in calls:
        assert alert_text(act(PLAYERS[seat], "call", call=made)) == ""
        seat = "NESW"[("NESW".index(seat) + 1) % 4]


def test_the_next_player_cannot_call_while_the_request_waits(act, host_west_table):
    bid(act, ["1H", "2C"])
    act("bob", "ask_undo")
    for username, call in (("dave", "P"), ("alice", "P"), ("erin", "P")):
        assert alert_text(act(username, "call", call=call)) == HOLD, username
    assert [c["call"] for c in play(host_west_table).calls] == ["1H", "2C"] and play(
        host_west_table
    ).undo_asked_by == "E"


def test_without_javascript_the_refusal_is_a_message_on_the_table(act, host_west_table):
    bid(act, ["1H", "2C"])
    act("bob", "ask_undo")
    response = act("dave", "call", htmx=False, follow=True, call="P")
    assert HOLD in text(response.text) and len(play(host_west_table).calls) == 2


def test_cards_and_claims_wait_too(act, host_west_table):
    bid(act, ["1H", "P", "2NT", "P", "4H", "P", "P", "P"])  # 4♥ by North, East leads
    assert alert_text(act("bob", "card", card="S3")) == ""
    act("bob", "ask_undo")
    assert alert_text(act("erin", "card", card=rules_of_play.legal_cards(play(host_west_table).state())[0])) == HOLD
    assert alert_text(act("erin", "claim", tricks=10)) == HOLD
    assert play(host_west_table).cards == ["S3"]


def test_the_hosts_answer_lets_the_table_go_on(act, host_west_table):
    bid(act, ["1H", "2C"])
    act("bob", "ask_undo")
    assert alert_text(act("alice", "undo")) == ""  # granted: East calls again
    assert [c["call"] for c in play(host_west_table).calls] == ["1H"] and play(host_west_table).undo_asked_by == ""
    bid(act, ["P", "P"], first="E")
    act("dave", "ask_undo")
    assert alert_text(act("alice", "keep")) == ""  # refused: West calls next
    assert alert_text(act("alice", "call", call="P")) == ""


def test_the_host_is_told_they_are_the_askers_partner(act, client, host_west_table, django_user_model):
    bid(act, ["1H", "2C"])
    act("bob", "ask_undo")
    client.force_login(django_user_model.objects.get(username="alice"))
    html = text(client.get(f"/games/{host_west_table.game.pk}/").text)
    assert "East asks to undo their last call; you are East's partner." in html
    assert "You answer it as the host, and you are East's partner." in html


def test_the_table_is_told_the_host_is_the_askers_partner(act, client, host_west_table, django_user_model):
    bid(act, ["1H", "2C"])
    act("bob", "ask_undo")
    seen = {}
    for username in ("bob", "dave", "erin"):
        client.force_login(django_user_model.objects.get(username=username))
        seen[username] = text(client.get(f"/games/{host_west_table.game.pk}/seat/", headers=HX).text)
    assert "You ask to undo the last call: waiting for the host. The host, West, is your partner." in seen["bob"]
    for username in ("dave", "erin"):
        assert (
            "East asks to undo the last call: waiting for the host. The host, West, is East's partner."
            in (seen[username])
        )


def test_no_partner_is_named_when_the_host_sits_elsewhere(act, client, host_west_table, django_user_model):
    bid(act, ["1H"])
    act("erin", "ask_undo")  # North: the host, West, is an opponent
    client.force_login(django_user_model.objects.get(username="alice"))
    html = text(client.get(f"/games/{host_west_table.game.pk}/").text)
    assert "North asks to undo their last call." in html and "partner" not in html
