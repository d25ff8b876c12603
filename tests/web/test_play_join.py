"""Playing a board at a Join table: each seat calls and plays for itself, through the
play routes (games/views/play.py), with or without htmx.

alice hosts and sits North, bob East, dave South, erin West. Board 1: North deals,
nobody vulnerable; the auction used below ends in 4♥ by North, East to lead, South dummy.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.core.cache import caches
from django.core.cache.utils import make_template_fragment_key
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.bridge import play as rules_of_play
from games.bridge.scoring import duplicate_score
from games.models import BoardPlay
from games.presentation.seats import seat_view

pytestmark = pytest.mark.django_db

PLAYERS = {"N": "alice", "E": "bob", "S": "dave", "W": "erin"}
HX = {"HX-Request": "true"}
TO_4H = ["1H", "P", "2NT", "P", "4H", "P", "P", "P"]  # from North


@pytest.fixture
def fragments():
    """The "fragments" cache, emptied before and after: a marker a test plants in it must
    not reach another test's page."""
    kept = caches["fragments"]
    kept.clear()
    yield kept
    kept.clear()


def actions(seated_table) -> int:
    return BoardPlay.objects.filter(board__game=seated_table.game).values_list("actions", flat=True).first() or 0


def state(seated_table) -> rules_of_play.BoardState:
    return BoardPlay.objects.get(board__game=seated_table.game).state()


def bid(act, calls, first: str = "N", **extra) -> None:
    seat = first
    for call in calls:
        response = act(PLAYERS[seat], "call", call=call, **extra.get(call, {}))
        assert response.status_code == 200 and 'role="alert"' not in response.text, response.text
        seat = "NESW"["NESW".index(seat) + 1 - 4]


def play_cards(act, seated_table, count: int) -> None:
    """The next ``count`` cards, each the first legal one, played by whoever acts."""
    for _ in range(count):
        now = state(seated_table)
        response = act(PLAYERS[now.actor], "card", card=rules_of_play.legal_cards(now)[0])
        assert response.status_code == 200 and 'role="alert"' not in response.text, response.text


def alert_text(response) -> str:
    found = re.search(r'role="alert">([^<]*)<', response.text)
    return unescape(found[1]) if found else ""


def box(html: str) -> dict[str, bool]:
    """The bidding box's calls: {"1H": legal, ...}."""
    return {
        value: not disabled
        for value, disabled in re.findall(r'name="call" value="([^"]+)" class="[^"]*"( disabled)?', html)
    }


def test_only_the_seat_to_call_gets_a_bidding_box_of_its_legal_calls(act, client, seated_table, django_user_model):
    client.force_login(django_user_model.objects.get(username="alice"))
    calls = box(client.get(f"/games/{seated_table.game.pk}/").text)
    assert calls["P"] and calls["1C"] and calls["7NT"] and not calls["X"] and not calls["XX"]
    assert "Your turn to call." in client.get(f"/games/{seated_table.game.pk}/").text
    act("alice", "call", call="1H")
    for username in ("alice", "dave", "erin"):
        client.force_login(django_user_model.objects.get(username=username))
        html = client.get(f"/games/{seated_table.game.pk}/").text
        assert box(html) == {} and "East to call." in html
    client.force_login(django_user_model.objects.get(username="bob"))
    calls = box(client.get(f"/games/{seated_table.game.pk}/").text)
    assert calls["P"] and calls["X"] and not calls["XX"]
    assert not calls["1C"] and not calls["1D"] and not calls["1H"] and calls["1S"] and calls["1NT"]
    assert set(calls) == {"P", "X", "XX", *(f"{n}{s}" for n in range(1, 8) for s in ("C", "D", "H", "S", "NT"))}


def test_an_illegal_call_is_refused_with_the_message(act, seated_table):
    act("alice", "call", call="1H")
    response = act("bob", "call", call="1C")
    assert response.status_code == 200 and alert_text(response) == "1♣ is not above 1♥"
    assert box(response.text)["P"]  # the box is there again, to choose another call
    response = act("bob", "call", call="XX")
    assert "redouble" in alert_text(response)
    assert [c.call for c in state(seated_table).calls] == ["1H"]


def test_a_call_out_of_turn_is_refused(act, seated_table):
    response = act("dave", "call", call="1NT")
    assert alert_text(response) == "It is North's turn to call"
    assert actions(seated_table) == 0 and not BoardPlay.objects.get().calls


def test_a_second_post_of_the_same_page_changes_nothing(act, seated_table):
    assert act("alice", "call", call="1H", at=0).status_code == 200
    response = act("alice", "call", call="1H", at=0)
    assert "The table has moved on" in alert_text(response)
    assert [c.call for c in state(seated_table).calls] == ["1H"] and actions(seated_table) == 1


def test_without_javascript_it_redirects_and_tells_the_player(act, client, seated_table):
    response = act("dave", "call", call="1NT", htmx=False)
    assert response.status_code == 302 and response.url == f"/games/{seated_table.game.pk}/"
    html = client.get(response.url).text
    assert "It is North&#x27;s turn to call" in html
    response = act("alice", "call", call="1NT", htmx=False)
    assert response.status_code == 302 and [c.call for c in state(seated_table).calls] == ["1NT"]


def test_a_form_missing_at_or_showing_another_board_is_refused(act, seated_table):
    response = act("alice", "call", call="1H", at="")
    assert "The table has moved on" in alert_text(response)
    seated_table.game.deal_next()
    response = act("alice", "call", call="1H", board=1)
    assert "board 2 is the one on the table now" in alert_text(response)
    assert not BoardPlay.objects.exists()


def test_an_illegal_card_is_refused_with_the_message(act, seated_table):
    bid(act, TO_4H)
    response = act("bob", "card", card="HA")
    assert alert_text(response) == "That card is not in East's hand"
    response = act("erin", "card", card="SA")
    assert alert_text(response) == "It is East's turn to play"
    assert act("bob", "card", card="S3").status_code == 200
    response = act("dave", "card", card="SK")
    assert alert_text(response) == "Dummy's cards are played by declarer"
    response = act("alice", "card", card="HA")  # declarer, from dummy: a heart on a spade lead
    assert alert_text(response) == "You must follow suit: dummy holds spades"
    assert state(seated_table).cards == ("S3",)


def test_an_action_done_answers_no_content_and_the_event_that_redraws_the_table(client, seated_table):
    """The acting seat's page redraws as the other three seats' pages do (its stream, or
    its poll asked at once: static/games/table.js): one view draws the table. The event
    names the table acted at."""
    client.force_login(seated_table.game.host)
    fields = {"board": 1, "at": 0, "call": "1H"}
    answer = client.post(f"/games/{seated_table.game.pk}/play/call/", fields, headers=HX)
    assert answer.status_code == 204 and answer.content == b""
    assert json.loads(answer["HX-Trigger"]) == {"table-moved": {"acted": seated_table.number}}
    assert "private" in answer["Cache-Control"] and "no-cache" in answer["Cache-Control"]
    assert "HX-Request" in answer["Vary"]
    assert state(seated_table).calls[0].call == "1H"


def test_a_refused_action_answers_the_seat_view_with_the_reason_kept_by_no_shared_cache(client, seated_table):
    client.force_login(seated_table.game.host)
    fields = {"board": 1, "at": 0, "call": "8H"}
    answer = client.post(f"/games/{seated_table.game.pk}/play/call/", fields, headers=HX)
    assert answer.status_code == 200 and answer.text.lstrip().startswith('<div id="seat-view"')
    assert 'role="alert"' in answer.text and "HX-Trigger" not in answer
    assert "private" in answer["Cache-Control"] and "no-cache" in answer["Cache-Control"]
    assert actions(seated_table) == 0


def test_dummy_is_played_by_declarer_only(act, seated_table):
    bid(act, TO_4H)
    act("bob", "card", card="S3")
    html = act("alice", "card", card="S2").text  # North plays South's (dummy's) two
    assert 'role="alert"' not in html and state(seated_table).cards == ("S3", "S2")
    assert "West to play." in html


def test_declarer_sees_dummys_cards_to_click_on_dummys_turn(act, client, seated_table, django_user_model):
    bid(act, TO_4H)
    act("bob", "card", card="S3")
    client.force_login(django_user_model.objects.get(username="alice"))
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert "Your turn to play from dummy." in html
    assert set(re.findall(r'name="card" value="(\w\w)"', html)) == {"SK", "ST", "S2"}  # dummy's spades
    client.force_login(django_user_model.objects.get(username="dave"))
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert 'name="card"' not in html and "North plays it" in html


def test_a_claim_accepted_by_both_defenders_ends_the_board(act, client, seated_table, django_user_model):
    bid(act, TO_4H)
    play_cards(act, seated_table, 4)
    response = act("bob", "claim", tricks=10)
    assert alert_text(response) == "Only declarer can claim"
    html = act("alice", "claim", tricks=10).text
    assert "North claims 10 of the remaining tricks" in html and "Claim</button>" not in html
    response = act("alice", "accept")
    assert alert_text(response) == "Only a defender can accept a claim"
    html = act("bob", "accept").text
    assert "East accepted" in html and "Accept the claim" not in html
    assert state(seated_table).phase == rules_of_play.CLAIM_PENDING
    html = act("erin", "accept").text
    play = BoardPlay.objects.get()
    assert play.done and (play.contract, play.declarer) == ("4H", "N")
    won = state(seated_table).tricks_won
    assert play.tricks == won["NS"] and play.score == duplicate_score("4H", "N", "None", play.tricks)
    assert "The board is over." in html and f"N-S +{play.score}" in html
    client.force_login(django_user_model.objects.get(username="dave"))
    assert f"N-S +{play.score}" in client.get(f"/games/{seated_table.game.pk}/").text


def test_a_rejected_claim_lets_play_go_on(act, seated_table):
    bid(act, TO_4H)
    play_cards(act, seated_table, 4)
    assert alert_text(act("alice", "claim", tricks=12)) == ""
    assert alert_text(act("bob", "accept")) == ""
    html = act("erin", "reject").text
    after = state(seated_table)
    assert after.claim is None and after.phase == rules_of_play.PLAY
    assert "Claim</button>" not in html  # erin is no declarer
    play_cards(act, seated_table, 1)
    assert len(state(seated_table).cards) == 5


def test_a_claim_of_more_tricks_than_are_left_is_refused(act, seated_table):
    bid(act, TO_4H)
    play_cards(act, seated_table, 4)
    assert alert_text(act("alice", "claim", tricks=12)) == ""
    act("bob", "reject")
    assert alert_text(act("alice", "claim", tricks=14)) == "You can claim from 0 to 12 tricks"
    assert alert_text(act("alice", "claim", tricks="many")) == "You can claim from 0 to 12 tricks"


def test_only_the_last_actor_may_ask_to_undo(act, seated_table):
    act("alice", "call", call="1H")
    act("bob", "call", call="2C")
    assert alert_text(act("alice", "ask_undo")) == "You can only ask to undo your own last call or card"
    html = act("bob", "ask_undo").text
    assert "You ask to undo the last call: waiting for the host." in html and "Ask to undo" not in html
    assert BoardPlay.objects.get().undo_asked_by == "E"


def test_an_undo_request_holds_the_table_until_the_host_answers(act, seated_table):
    act("alice", "call", call="1H")
    act("bob", "call", call="2C")
    act("bob", "ask_undo")
    assert alert_text(act("dave", "call", call="P")) == "Waiting for the host to answer East's undo request"
    play = BoardPlay.objects.get()
    assert play.undo_asked_by == "E" and len(play.calls) == 2


def test_the_host_grants_an_undo(act, client, seated_table, django_user_model):
    act("alice", "call", call="1H")
    act("bob", "call", call="2C")
    act("bob", "ask_undo")
    assert alert_text(act("bob", "undo")) == "Only the host can grant or refuse an undo."
    client.force_login(django_user_model.objects.get(username="alice"))
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert "East asks to undo their last call." in html and "Grant undo" in html
    html = act("alice", "undo").text
    assert [c.call for c in state(seated_table).calls] == ["1H"] and "Grant undo" not in html
    assert "East to call." in html


def test_the_host_refuses_an_undo(act, seated_table):
    act("alice", "call", call="1H")
    act("bob", "call", call="2C")
    act("bob", "ask_undo")
    act("alice", "keep")
    play = BoardPlay.objects.get()
    assert play.undo_asked_by == "" and [c["call"] for c in play.calls] == ["1H", "2C"]


def test_a_card_can_be_taken_back_too(act, seated_table):
    bid(act, TO_4H)
    act("bob", "card", card="S3")
    act("bob", "ask_undo")
    act("alice", "undo")
    assert state(seated_table).cards == () and state(seated_table).phase == rules_of_play.OPENING_LEAD


def test_a_board_passed_out_is_over_at_once(act, client, seated_table, django_user_model):
    bid(act, ["P", "P", "P", "P"])
    play = BoardPlay.objects.get()
    assert play.done and play.contract == "Pass" and play.score == 0
    client.force_login(django_user_model.objects.get(username="erin"))
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert "Passed out: the board is over." in html and "N-S 0" in html
    assert "North's hand" in html and "East's hand" in html  # every hand once the board is over
    assert alert_text(act("alice", "call", call="1C")) == "The auction is over"


@pytest.mark.parametrize("action", ["call", "card", "claim", "accept", "reject", "ask_undo", "undo", "keep"])
def test_anyone_not_at_the_table_gets_404(act, seated_table, django_user_model, action):
    django_user_model.objects.create_user("frank", password="x")
    response = act("frank", action, call="1H")
    assert response.status_code == 404 and not BoardPlay.objects.exists()


@pytest.mark.parametrize("action", ["call", "card", "claim", "accept", "reject", "ask_undo", "undo", "keep"])
def test_the_play_routes_take_only_posts(client, seated_table, host, action):
    client.force_login(host)
    assert client.get(f"/games/{seated_table.game.pk}/play/{action.replace('_', '-')}/").status_code == 405


def test_anonymous_users_are_sent_to_log_in(client, seated_table):
    response = client.post(f"/games/{seated_table.game.pk}/play/call/", {"board": 1, "at": 0, "call": "1H"})
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_a_seat_taken_after_the_deal_cannot_act(act, seated_table, django_user_model):
    seated_table.unseat("N")
    frank = django_user_model.objects.create_user("frank", password="x")
    seated_table.take_seat(frank, "N")
    response = act("frank", "call", call="1H")
    assert "since board 1 was dealt: you play from the next board" in alert_text(response)
    assert not BoardPlay.objects.exists()
    seated_table.game.deal_next()  # board 2: East deals, and frank holds North
    for username, call in (("bob", "1H"), ("dave", "P"), ("erin", "P"), ("frank", "P")):
        assert alert_text(act(username, "call", call=call, board=2)) == ""
    assert BoardPlay.objects.get(board__number=2).state().contract == "1H"


def test_the_host_not_seated_may_not_call(act, seated_table, host):
    seated_table.leave(host)
    response = act("alice", "call", call="1H")
    assert response.status_code == 200
    assert alert_text(response) == "You do not sit at this table: only the four players call and play."


def test_every_action_moves_the_version_the_seats_poll(act, client, seated_table, django_user_model):
    client.force_login(django_user_model.objects.get(username="dave"))
    html = client.get(f"/games/{seated_table.game.pk}/").text
    url = re.search(r'hx-get="(/games/\d+/seat/\?v=[^"]+)"', html)[1]
    assert client.get(url, headers=HX).status_code == 204
    act("alice", "call", call="1H")
    client.force_login(django_user_model.objects.get(username="dave"))
    response = client.get(url, headers=HX)
    assert response.status_code == 200 and "Board 1" in response.text
    assert box(response.text) == {}  # East is to call, not dave
    act("bob", "call", call="P")
    client.force_login(django_user_model.objects.get(username="dave"))
    assert box(client.get(url, headers=HX).text)["2NT"]


def test_an_alert_is_shown_to_the_opponents_and_not_to_partner(act, client, seated_table, django_user_model):
    bid(act, TO_4H[:3], **{"2NT": {"alert": "on", "explanation": "Jacoby: <4+ hearts>"}})
    seen = {}
    for seat, username in PLAYERS.items():
        client.force_login(django_user_model.objects.get(username=username))
        seen[seat] = client.get(f"/games/{seated_table.game.pk}/").text
    for seat in "ESW":  # the caller and the opponents
        assert "Jacoby: &lt;4+ hearts&gt;" in seen[seat] and 'class="call alerted"' in seen[seat]
    assert "Jacoby" not in seen["N"] and "alerted" not in seen["N"] and "Alerted" not in seen["N"]
    assert "<4+ hearts>" not in "".join(seen.values())  # escaped everywhere
    seated_table.leave(seated_table.game.host, confirm=1)  # the host, not seated, sees every alert
    client.force_login(seated_table.game.host)
    assert "Jacoby: &lt;4+ hearts&gt;" in client.get(f"/games/{seated_table.game.pk}/").text


def test_the_seats_that_see_the_same_record_share_its_drawing(act, client, seated_table, django_user_model, fragments):
    bid(act, TO_4H[:3], **{"2NT": {"alert": "on", "explanation": "Jacoby"}})
    fragments.clear()
    users = {seat: django_user_model.objects.get(username=name) for seat, name in PLAYERS.items()}
    keys = {
        seat: make_template_fragment_key("play_record", [seat_view(seated_table.game, user).play.record, "en"])
        for seat, user in users.items()
    }
    assert keys["E"] == keys["S"] == keys["W"] != keys["N"]  # North, the caller's partner, sees no explanation
    client.force_login(users["E"])
    client.get(f"/games/{seated_table.game.pk}/")
    assert "Jacoby" in fragments.get(keys["E"]) and fragments.get(keys["N"]) is None
    fragments.set(keys["E"], "<p>the record kept</p>")
    for seat in "SW":
        client.force_login(users[seat])
        assert "<p>the record kept</p>" in client.get(f"/games/{seated_table.game.pk}/").text
    client.force_login(users["N"])
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert "the record kept" not in html and "Jacoby" not in html and 'class="panel play-record"' in html
    act("erin", "call", call="P")  # a new call: a new record, drawn again
    client.force_login(users["S"])
    assert "the record kept" not in client.get(f"/games/{seated_table.game.pk}/").text


def test_the_bidding_box_is_drawn_once_for_the_calls_it_allows(act, client, seated_table, django_user_model, fragments):
    bid(act, TO_4H[:1])  # North opens 1♥: East may double
    fragments.clear()
    east = django_user_model.objects.get(username="bob")
    allowed = seat_view(seated_table.game, east).play.box_key
    assert allowed.startswith("P X 1S ") and "1H" not in allowed.split()
    key = make_template_fragment_key("bidding_box", [allowed, "en"])
    client.force_login(east)
    client.get(f"/games/{seated_table.game.pk}/")
    kept = fragments.get(key)
    assert 'value="1S"' in kept and 'value="1H" class="call-button" disabled' in kept
    fragments.set(key, '<div class="box-grid">the box kept</div>')
    assert "the box kept" in client.get(f"/games/{seated_table.game.pk}/").text
    pl = client.get(f"/games/{seated_table.game.pk}/", headers={"accept-language": "pl"}).text
    assert "the box kept" not in pl and "Pas" in pl
    act("bob", "call", call="P")  # South may not double partner: another box
    client.force_login(django_user_model.objects.get(username="dave"))
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert "the box kept" not in html and 'name="call" value="X" class="call-button dbl" disabled' in html


def test_partner_sees_the_alert_once_the_board_is_over(act, client, seated_table, django_user_model):
    bid(act, TO_4H, **{"2NT": {"explanation": "Jacoby"}})
    play_cards(act, seated_table, 1)
    act("alice", "claim", tricks=10)
    act("bob", "accept")
    act("erin", "accept")
    client.force_login(django_user_model.objects.get(username="alice"))
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert "Jacoby" in html and 'class="call alerted"' in html


def test_the_play_by_trick_is_shown_when_the_board_is_over(act, client, seated_table, django_user_model):
    bid(act, TO_4H)
    play_cards(act, seated_table, 8)
    act("alice", "claim", tricks=9)
    act("bob", "accept")
    html = act("erin", "accept").text
    assert "<caption>Play</caption>" in html and html.count('<th scope="row">') == 2
    assert "Bidding" in html and "scored against" in html


# --- what each player sees of the table ----------------------------------------------------


def slot_sides(html: str) -> dict[str, str]:
    """{seat: side} of the seat view's slots: where each seat's hand is drawn."""
    return {seat.upper(): side for seat, side in re.findall(r'class="slot slot-([nesw]) side-(\w+)', html)}


@pytest.mark.parametrize(
    "seat, sides",
    [
        ("N", {"N": "bottom", "E": "left", "S": "top", "W": "right"}),
        ("E", {"E": "bottom", "S": "left", "W": "top", "N": "right"}),
        ("S", {"S": "bottom", "W": "left", "N": "top", "E": "right"}),
        ("W", {"W": "bottom", "N": "left", "E": "top", "S": "right"}),
    ],
)
def test_each_player_sees_their_own_hand_at_the_bottom(client, seated_table, django_user_model, seat, sides):
    client.force_login(django_user_model.objects.get(username=PLAYERS[seat]))
    html = client.get(f"/games/{seated_table.game.pk}/seat/", headers=HX).text
    assert slot_sides(html) == sides
    order = sorted(sides, key=lambda s: html.index(f"slot-{s.lower()} side-"))
    assert [sides[s] for s in order] == ["top", "left", "right", "bottom"]  # read as drawn, own hand last


def test_someone_not_seated_sees_south_at_the_bottom(client, seated_table, django_user_model):
    seated_table.leave(django_user_model.objects.get(username="alice"))  # the host stands up
    client.force_login(django_user_model.objects.get(username="alice"))
    html = client.get(f"/games/{seated_table.game.pk}/").text
    assert slot_sides(html) == {"S": "bottom", "W": "left", "N": "top", "E": "right"}


def test_the_trick_is_turned_with_the_table(act, seated_table):
    bid(act, TO_4H)
    lead = rules_of_play.legal_cards(state(seated_table))[0]
    html = act("bob", "card", card=lead).text  # East leads; East's own page
    assert f'class="trick-card side-bottom lead" data-card="{lead}"' in html
    act("alice", "card", card=rules_of_play.legal_cards(state(seated_table))[0])  # dummy's card, by North
    html = act("erin", "card", card=rules_of_play.legal_cards(state(seated_table))[0]).text  # West
    assert f'class="trick-card side-top lead" data-card="{lead}"' in html  # East is West's partner


def test_a_hidden_hand_shows_one_back_for_each_card_it_holds(act, client, seated_table, django_user_model):
    bid(act, TO_4H)
    play_cards(act, seated_table, 6)
    client.force_login(django_user_model.objects.get(username="dave"))  # dummy
    html = client.get(f"/games/{seated_table.game.pk}/seat/", headers=HX).text
    for seat, name in (("E", "East"), ("W", "West")):
        left = len(state(seated_table).remaining(seat))
        backs = re.search(rf'aria-label="{name}\'s {left} cards, face down">((?:<span></span>)*)</div>', html)
        assert backs and backs[1].count("<span>") == left, name


def test_the_claim_is_said_once(act, seated_table):
    bid(act, TO_4H)
    play_cards(act, seated_table, 4)
    act("alice", "claim", tricks=10)
    html = act("bob", "accept").text
    assert html.count("North claims 10 of the remaining tricks") == 1
    assert "North claims 10 of the remaining tricks: East accepted, waiting for West." in html


def test_the_claim_box_leaves_the_number_to_declarer(act, seated_table):
    bid(act, TO_4H)
    html = act("bob", "card", card=rules_of_play.legal_cards(state(seated_table))[0]).text
    html = act("alice", "card", card=rules_of_play.legal_cards(state(seated_table))[0]).text
    field = re.search(r'<input id="claim-tricks-1"[^>]*>', html)[0]
    assert 'max="13"' in field and "required" in field and "value=" not in field


def test_the_table_news_says_each_call_and_the_cards_on_show(act, seated_table):
    bid(act, TO_4H[:3])
    html = act("erin", "call", call="P").text
    news = re.findall(r'<li data-made="(\d+)" data-by="(\w*)">([^<]*)</li>', html)
    said = [(int(n), by, unescape(text)) for n, by, text in news]
    assert said == [
        (1, "N", "North bids 1 heart."),
        (2, "E", "East passes."),
        (3, "S", "South bids 2 no trump."),
        (4, "W", "West passes."),
    ]
    bid(act, TO_4H[4:], first="N")
    lead = rules_of_play.legal_cards(state(seated_table))[0]
    act("bob", "card", card=lead)
    html = act("alice", "card", card=rules_of_play.legal_cards(state(seated_table))[0]).text
    news = [unescape(text) for text in re.findall(r'<li data-made="\d+" data-by="\w*">([^<]*)</li>', html)]
    assert news[-2].startswith("East played the ") and news[-1].startswith("Dummy (South) played the ")
    assert 'data-made="10"' in html and 'data-acts-for="N"' in html


def test_the_hosts_page_gets_the_boards_result_in_its_history(act, client, seated_table, django_user_model):
    bid(act, TO_4H)
    play_cards(act, seated_table, 4)
    assert "history-board-1" not in act("alice", "claim", tricks=10).text  # the host, the board not over
    act("bob", "accept")
    assert "history-board-1" not in act("erin", "accept").text  # the answer that ends it: erin is no host
    client.force_login(django_user_model.objects.get(username="alice"))
    html = client.get(f"/games/{seated_table.game.pk}/seat/", headers=HX).text  # the host's poll
    row = re.search(r'<tr id="history-board-1"[^>]*hx-swap-oob="true">.*?</tr>', html, re.S)
    assert row and re.search(r"4♥ by N, \d+ tricks, claimed", row[0]), html[-2000:]


def test_a_call_reads_the_seat_by_its_key_and_orders_nothing_by_the_game(seated_table, client, host):
    """A call's seat, table and game are one read by the seat's unique (game, user), with no
    ORDER BY to compile, and no statement joins the game only to order by it."""
    client.force_login(host)
    with CaptureQueriesContext(connection) as made:
        answer = client.post(
            f"/games/{seated_table.game.pk}/play/call/", {"board": 1, "at": 0, "call": "1H"}, headers=HX
        )
    assert answer.status_code == 204 and actions(seated_table) == 1
    said = [q["sql"] for q in made]
    seat = [sql for sql in said if sql.startswith('SELECT "games_seat"')]
    assert len(seat) == 1 and "ORDER BY" not in seat[0], seat
    assert not [sql for sql in said if '"created_at" DESC' in sql], said
