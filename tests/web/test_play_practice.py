"""Playing a practice board: the host makes every call and plays every card (all four
hands), or declares from South against the double-dummy robot (Just Declare); showing
the hands stays as it was."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.bridge import play as rules_of_play
from games.bridge.rules import Call
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.presentation.result_text import reference_said

pytestmark = pytest.mark.django_db

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
HANDS = dict(zip("NESW", DEAL[2:].split()))
HX = {"HX-Request": "true"}


def practice(host, how: str, **deck) -> Game:
    game = Game.objects.create(host=host, name="Tuesday practice", practice_play=how)
    game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None", **deck)],
        source_name="club.lin",
        source_format="lin",
    )
    game.deal_next(by=host)
    return game


def post(client, game: Game, action: str, htmx: bool = True, **data):
    at = BoardPlay.objects.filter(board__game=game).values_list("actions", flat=True).first() or 0
    fields = {"board": 1, "at": at, **data}
    return client.post(f"/games/{game.pk}/play/{action}/", fields, headers=HX if htmx else {})


def alert_text(response) -> str:
    found = re.search(r'role="alert">([^<]*)<', response.text)
    return unescape(found[1]) if found else ""


def state(game: Game) -> rules_of_play.BoardState:
    return BoardPlay.objects.get(board__game=game).state()


# --- all four hands ------------------------------------------------------------------------


def test_the_host_plays_a_whole_board_from_all_four_seats(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    html = host_client.get(f"/games/{game.pk}/").text
    assert "North to call (you call for every seat)." in html and "North's call" in html
    for name in ("North", "East", "South", "West"):
        assert f"{name}'s hand" in html
    for call in ["1H", "P", "2NT", "P", "4H", "P", "P", "P"]:
        response = post(host_client, game, "call", call=call)
        assert response.status_code == 200 and alert_text(response) == ""
    assert response.text.lstrip().startswith('<div id="felt"')
    while state(game).phase != rules_of_play.DONE:
        now = state(game)
        response = post(host_client, game, "card", card=rules_of_play.legal_cards(now)[0])
        assert alert_text(response) == "", response.text
    play = BoardPlay.objects.get()
    assert play.done and play.mode == BoardPlay.Mode.ALL_FOUR and len(play.cards) == 52
    final = state(game)
    assert (play.contract, play.declarer) == ("4H", "N")
    assert play.tricks == final.declarer_tricks and play.score == final.score is not None
    html = host_client.get(f"/games/{game.pk}/").text
    assert "The board is over." in html and "<caption>Play</caption>" in html and "1 board played" in html
    assert html.count('<th scope="row">') >= 13


def test_a_claim_at_a_practice_table_ends_the_board_at_once(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    for call in ["1NT", "P", "P", "P"]:
        post(host_client, game, "call", call=call)
    post(host_client, game, "card", card=rules_of_play.legal_cards(state(game))[0])
    html = post(host_client, game, "claim", tricks=7).text
    play = BoardPlay.objects.get()
    assert play.done and (play.contract, play.declarer, play.tricks) == ("1NT", "N", 7)
    assert "The board is over." in html


def test_the_host_takes_back_a_call_or_a_card(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    post(host_client, game, "call", call="1H")
    html = post(host_client, game, "call", call="2C").text
    assert "Undo</button>" in html
    post(host_client, game, "undo")
    assert [c.call for c in state(game).calls] == ["1H"]


def test_an_illegal_card_at_a_practice_table_is_refused(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    for call in ["1NT", "P", "P", "P"]:
        post(host_client, game, "call", call=call)
    response = post(host_client, game, "card", card="SA")  # East leads; the ace is West's
    assert alert_text(response) == "That card is not in East's hand"
    response = post(host_client, game, "card", card="SQ", htmx=False)
    assert response.status_code == 302 and state(game).cards == ("SQ",)


def test_a_double_post_changes_nothing(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    post(host_client, game, "call", call="1H", at=0)
    assert "The table has moved on" in alert_text(post(host_client, game, "call", call="1S", at=0))
    assert [c.call for c in state(game).calls] == ["1H"]


def test_deal_new_cards_answers_the_board_to_play(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    html = host_client.post(f"/games/{game.pk}/deal/", {"shown": "1"}, headers=HX).text
    assert "Board 2" in html and "East to call" in html and 'name="call"' in html


# --- Just Declare --------------------------------------------------------------------------


@pytest.fixture
def declare(host):
    """Board 1, whose file says 4♥ by North: turned a half, so South declares it."""
    return practice(host, Game.PracticePlay.DECLARE, contract="4H", declarer="N", result="10")


def test_just_declare_shows_the_contract_and_souths_hand_only(host_client, declare):
    html = host_client.get(f"/games/{declare.pk}/").text
    play = BoardPlay.objects.get()
    assert play.mode == BoardPlay.Mode.DECLARE and play.quarters == 2 and play.state().declarer == "S"
    assert "You declare" in html and "from South; the contract comes from the file&#x27;s contract" in html
    assert len(play.cards) == 1 and "South's hand" in html  # the robot (West) has led
    assert "North's hand" in html  # dummy, after the lead
    assert "East's hand" not in html and "West's hand" not in html
    turned = rules_of_play.rules.hands(play.deal)
    for seat in "EW":
        assert turned[seat] not in html
        for card in play.state().remaining(seat):
            assert f'data-card="{card}"' not in html and f'value="{card}"' not in html


def test_just_declare_is_played_to_the_end_against_the_robot(host_client, declare):
    host_client.get(f"/games/{declare.pk}/")
    for _ in range(26):
        now = state(declare)
        if now.phase == rules_of_play.DONE:
            break
        assert now.actor == "S"  # the robot has played East's and West's cards
        response = post(host_client, declare, "card", card=rules_of_play.legal_cards(now)[0])
        assert alert_text(response) == "", response.text
    play = BoardPlay.objects.get()
    assert play.done and len(play.cards) == 52 and play.score is not None
    assert reference_said(play.reference).startswith("at the other table")
    html = host_client.get(f"/games/{declare.pk}/").text
    assert "The board is over." in html and "East's hand" in html and "West's hand" in html
    assert f"N-S {'+' if play.score > 0 else '−'}{abs(play.score)}" in html


def test_the_robot_answers_a_claim(host_client, declare):
    host_client.get(f"/games/{declare.pk}/")
    post(host_client, declare, "card", card=rules_of_play.legal_cards(state(declare))[0])
    html = post(host_client, declare, "claim", tricks=12).text  # more than double dummy allows
    assert state(declare).claim is None and state(declare).phase == rules_of_play.PLAY
    assert "The defenders reject your claim: play on." in html and "Claim</button>" in html
    from games.bridge import robot

    can = robot.declarer_can_take(state(declare))
    response = post(host_client, declare, "claim", tricks=can, htmx=False)
    assert BoardPlay.objects.get().done
    assert "The defenders accept your claim." in host_client.get(response.url).text


def test_just_declare_takes_back_the_hosts_card_and_the_robots_answers(host_client, declare):
    host_client.get(f"/games/{declare.pk}/")
    before = state(declare).cards
    post(host_client, declare, "card", card=rules_of_play.legal_cards(state(declare))[0])
    assert len(state(declare).cards) > len(before)
    post(host_client, declare, "undo")
    assert state(declare).cards == before


def test_just_declare_plays_only_as_south(host_client, declare):
    host_client.get(f"/games/{declare.pk}/")
    now = state(declare)
    east = [c for c in now.remaining("E")][0]
    assert alert_text(post(host_client, declare, "card", card=east)).startswith("That card is not in")


def test_just_declare_tells_the_robots_cards_to_the_live_region(host_client, declare):
    host_client.get(f"/games/{declare.pk}/")
    html = post(host_client, declare, "card", card=rules_of_play.legal_cards(state(declare))[0]).text
    news = re.findall(r'<li data-made="\d+" data-by="(\w*)">([^<]*)</li>', html)
    robot = [unescape(text) for by, text in news if by in ("E", "W") and " played the " in text]
    assert robot and all(said.startswith(("East played the ", "West played the ")) for said in robot)
    assert 'data-acts-for="S"' in html  # the page leaves out South's own cards, dummy's too (data-by="S")


def test_the_felt_the_page_polls_brings_the_boards_history_row(host_client, declare):
    host_client.get(f"/games/{declare.pk}/")
    from games.bridge import robot

    post(host_client, declare, "card", card=rules_of_play.legal_cards(state(declare))[0])
    post(host_client, declare, "claim", tricks=robot.declarer_can_take(state(declare)))
    assert BoardPlay.objects.get().done
    html = host_client.get(f"/games/{declare.pk}/play/felt/", headers=HX).text
    assert html.lstrip().startswith('<div id="felt"')
    row = re.search(r'<tr id="history-board-1"[^>]*hx-swap-oob="true">.*?</tr>', html, re.S)
    assert row and "4♥ by S" in row[0] and "claimed" in row[0]


@pytest.mark.parametrize("how", [Game.PracticePlay.DECLARE, Game.PracticePlay.ALL_FOUR])
def test_undo_is_not_offered_once_the_board_is_over(host_client, host, how):
    game = practice(host, how, contract="4H", declarer="N")
    host_client.get(f"/games/{game.pk}/")
    if how == Game.PracticePlay.ALL_FOUR:
        for call in ["1NT", "P", "P", "P"]:
            post(host_client, game, "call", call=call)
    for _ in range(2):  # the host's own cards: Undo is offered
        html = post(host_client, game, "card", card=rules_of_play.legal_cards(state(game))[0]).text
    assert "Undo" in html
    from games.bridge import robot

    tricks = robot.declarer_can_take(state(game)) if how == Game.PracticePlay.DECLARE else 7
    html = post(host_client, game, "claim", tricks=tricks).text
    assert BoardPlay.objects.get().done and "The board is over." in html
    assert "Undo" not in html
    assert "Undo" not in host_client.get(f"/games/{game.pk}/").text


def test_the_claim_box_starts_empty(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    for call in ["1NT", "P", "P", "P"]:
        post(host_client, game, "call", call=call)
    html = post(host_client, game, "card", card=rules_of_play.legal_cards(state(game))[0]).text
    field = re.search(r'<input id="claim-tricks-1"[^>]*>', html)[0]
    assert 'type="number"' in field and "required" in field and "value=" not in field


def test_the_running_total_stays_off_the_felt_until_a_board_is_over(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    html = host_client.get(f"/games/{game.pk}/").text
    assert "play-total" not in html and "No board played to the end yet" not in html
    for call in ["P", "P", "P", "P"]:
        html = post(host_client, game, "call", call=call).text
    assert '<p id="play-total"' in html and "1 board played" in html


# --- who may play ---------------------------------------------------------------------------


def test_a_table_that_shows_the_hands_is_not_played(host_client, host):
    game = practice(host, Game.PracticePlay.SHOW)
    html = host_client.get(f"/games/{game.pk}/").text
    assert 'name="call"' not in html and "North's hand" in html and "East's hand" in html
    response = post(host_client, game, "call", call="1H")
    assert "it is not played" in alert_text(response) and not BoardPlay.objects.exists()


@pytest.mark.parametrize("action", ["call", "card", "claim", "undo"])
def test_anyone_but_the_host_gets_404(client, host, other_user, action):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    client.force_login(other_user)
    assert post(client, game, action, call="1H").status_code == 404
    assert client.get(f"/games/{game.pk}/").status_code == 404
    assert not BoardPlay.objects.exists()


def test_a_board_the_page_does_not_show_is_not_played(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR)
    game.deal_next()
    response = post(host_client, game, "call", call="1H", board=1)
    assert "board 2 is the one on the table now" in alert_text(response)


# --- the new-game form ------------------------------------------------------------------------


def test_the_new_game_form_asks_how_a_practice_board_is_played(host_client):
    html = host_client.get("/games/new/").text
    assert "How a practice board is played" in html and "Just Declare" in html
    assert 'value="show"' in html and 'value="all_four"' in html and 'value="declare"' in html
    response = host_client.post(
        "/games/new/",
        {
            "name": "Declarer play",
            "game_type": "practice",
            "practice_play": "declare",
            "allow_upload": "1",
            "scoring": "imps",
            "missing_info": "rotation",
        },
    )
    assert response.status_code == 302 and Game.objects.get().practice_play == Game.PracticePlay.DECLARE


def test_a_form_without_the_choice_shows_the_hands_as_before(host_client):
    host_client.post(
        "/games/new/",
        {
            "name": "Old page",
            "game_type": "practice",
            "allow_upload": "1",
            "scoring": "imps",
            "missing_info": "rotation",
        },
    )
    assert Game.objects.get().practice_play == Game.PracticePlay.SHOW


def test_calls_with_alerts_keep_their_explanations_escaped(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR, auction=(Call("1H"),))
    post(host_client, game, "call", call="1NT", alert="on", explanation="<b>15-17</b>")
    html = host_client.get(f"/games/{game.pk}/").text
    assert "&lt;b&gt;15-17&lt;/b&gt;" in html and "<b>15-17</b>" not in html
