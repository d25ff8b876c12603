"""A practice game With robots: the host bids and plays one seat, robots the other three.
The robots' calls come from the bidding engine (explained), their cards from the
double-dummy robot; the student may undo their own last call or card, and ask a hint."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from games.bridge import play as rules_of_play
from games.bridge import robots
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from tests.playing import DEAL
from tests.web.test_play_privacy import assert_sees

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def with_robots(host, seat: str = "S", hints: bool = True, dealer: str = "N") -> Game:
    """The game with its board dealt and shown once, as Deal New Cards shows it: the
    robots before the student have called."""
    game = Game.objects.create(
        host=host, name="Alone", practice_play=Game.PracticePlay.ROBOTS, practice_seat=seat, robot_hints=hints
    )
    game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer=dealer, vul="None")], source_name="lesson.pbn"
    )
    game.deal_next(by=host)
    client = Client()
    client.force_login(host)
    assert client.get(f"/games/{game.pk}/").status_code == 200
    return game


def post(client, game: Game, action: str, **data):
    at = BoardPlay.objects.filter(board__game=game).values_list("actions", flat=True).first() or 0
    return client.post(f"/games/{game.pk}/play/{action}/", {"board": 1, "at": at, **data}, headers=HX)


def alert_text(response) -> str:
    found = re.search(r'role="alert">([^<]*)<', response.text)
    return unescape(found[1]) if found else ""


def state(game: Game) -> rules_of_play.BoardState:
    return BoardPlay.objects.get(board__game=game).state()


def test_the_robots_in_front_call_before_the_student_and_explain_their_calls(host_client, host):
    game = with_robots(host)
    html = host_client.get(f"/games/{game.pk}/").text
    play = BoardPlay.objects.get()
    assert play.mode == "robots" and play.robots == "NEW"
    now = play.state()
    assert now.turn == "S" and len(now.calls) == 2  # North and East called, as the robots would
    expected = robots.bid_board(DEAL, "N", "None")[:2]
    assert [c.call for c in now.calls] == [made.call for _, made in expected]
    assert "Your turn to call." in html and "Robots bid Acol" in html
    for made in now.calls:  # each line of an explanation on a line of its own
        for line in made.explanation.splitlines():
            assert line in unescape(html)


def test_a_student_sees_only_what_their_seat_sees_at_every_step(host_client, host):
    game = with_robots(host)
    for _ in range(80):
        now = state(game)
        html = host_client.get(f"/games/{game.pk}/").text
        assert_sees(html, now, set(rules_of_play.visible_hands(now, "S")))
        if now.phase == rules_of_play.DONE:
            break
        if now.phase == rules_of_play.AUCTION:
            bid = "3NT" if "3NT" in rules_of_play.legal_calls(now) and len(now.calls) < 4 else "P"
            post(host_client, game, "call", call=bid)
        else:
            post(host_client, game, "card", card=rules_of_play.legal_cards(now)[0])
    assert state(game).phase == rules_of_play.DONE


def test_the_hint_is_the_robots_call_with_the_students_hand(host_client, host):
    game = with_robots(host)
    html = unescape(host_client.get(f"/games/{game.pk}/").text)
    now = state(game)
    hint = robots.hint(now.hand("S"), "S", "N", "None", [c.call for c in now.calls])
    assert "Hint" in html and "A robot would call" in html
    if hint.explanation:
        assert hint.explanation in html


def test_the_host_can_turn_hints_off(host_client, host):
    game = with_robots(host, hints=False)
    assert "A robot would call" not in host_client.get(f"/games/{game.pk}/").text


def test_a_student_bids_and_plays_a_whole_board_alone(host_client, host):
    game = with_robots(host)
    for _ in range(80):
        now = state(game)
        if now.phase == rules_of_play.DONE:
            break
        assert now.actor == "S", "the robots hand the table back to the student"
        if now.phase == rules_of_play.AUCTION:
            response = post(host_client, game, "call", call="P")
        else:
            response = post(host_client, game, "card", card=rules_of_play.legal_cards(now)[0])
        assert alert_text(response) == "", response.text
    play = BoardPlay.objects.get()
    assert play.done and play.reference_score is not None  # scored against par, as today
    html = host_client.get(f"/games/{game.pk}/").text
    assert "The board is over." in html or "Passed out" in html


def test_undo_takes_back_the_students_call_and_the_robots_answers(host_client, host):
    game = with_robots(host)
    before = state(game)
    post(host_client, game, "call", call="P")
    assert len(state(game).calls) > len(before.calls) + 1  # West and North answered
    response = post(host_client, game, "undo")
    assert alert_text(response) == ""
    assert state(game).calls == before.calls and state(game).turn == "S"


def test_undo_before_the_student_acted_is_refused(host_client, host):
    game = with_robots(host)
    response = post(host_client, game, "undo")
    assert alert_text(response) == "There is none of your calls or cards to undo"
    assert len(state(game).calls) == 2


def test_a_student_acts_for_their_own_seat_only(host_client, host, never_run):
    game = with_robots(host, seat="W", dealer="S")  # South (a robot) deals
    now = state(game)
    assert now.turn == "W" and len(now.calls) == 1
    response = post(host_client, game, "call", call="P")
    assert alert_text(response) == "" and state(game).calls[1].call == "P"  # West's own call
    while state(game).phase == rules_of_play.AUCTION:
        assert state(game).turn == "W"
        post(host_client, game, "call", call="P")
    now = state(game)
    if now.phase != rules_of_play.DONE and now.actor != "W":  # a robot leads: the worker has not played yet
        card = rules_of_play.legal_cards(now)[0]
        response = post(host_client, game, "card", card=card)
        assert alert_text(response) and state(game).cards == now.cards


def test_a_stale_robot_task_changes_nothing(host):
    from games.tasks import robot_plays

    with_robots(host)
    play = BoardPlay.objects.get()
    before = play.actions
    robot_plays.call(play.pk, before - 1)  # asked when the table stood elsewhere
    play.refresh_from_db()
    assert play.actions == before and play.state().turn == "S"


def test_the_dealt_boards_export_names_the_robots_as_robots(host_client, host):
    game = with_robots(host)
    post(host_client, game, "call", call="P")
    text = host_client.get(f"/games/{game.pk}/export/dealt.pbn").content.decode()
    assert '[North "Robot"]' in text and '[East "Robot"]' in text and '[West "Robot"]' in text
    assert f'[South "{host.get_username()}"]' in text


def test_the_host_turns_hints_off_on_the_settings_page(host_client, host):
    game = with_robots(host)
    page = host_client.get(f"/games/{game.pk}/settings/").text
    assert 'name="robot_hints"' in page and 'name="rank_robot_pairs"' not in page
    host_client.post(f"/games/{game.pk}/settings/", {"name": game.name, "show_lesson": game.show_lesson})
    game.refresh_from_db()
    assert game.robot_hints is False
    assert "A robot would call" not in host_client.get(f"/games/{game.pk}/").text
