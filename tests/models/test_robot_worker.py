"""The Just Declare robot plays in a task worker: never in a request, never under a lock,
and never over a table that moved on while it thought."""

from __future__ import annotations

import pytest
from django.db import transaction

from games.bridge import robot
from games.bridge.play import legal_cards
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay

pytestmark = pytest.mark.django_db
# East holds the top cards; the file says East declares 3NT, so Just Declare turns the
# deck and South declares: West (the robot) leads.
EAST_STRONG = "N:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876"


@pytest.fixture
def declare_board(game):
    game.practice_play = game.PracticePlay.DECLARE
    game.save()
    deck = ParsedDeck(EAST_STRONG, 0, 1, dealer="N", vul="None", board="1", contract="3NT", declarer="E")
    game.add_decks([deck], source_name="r.pbn")
    return game.deal_next()


def test_starting_the_board_only_asks_for_the_robots_lead(declare_board, never_run):
    from django_tasks import task_backends

    play = BoardPlay.start(declare_board, BoardPlay.Mode.DECLARE)
    assert play.cards == [] and play.robot_due and play.state().turn == "W"
    backend = task_backends["default"]
    (asked,) = backend.results
    assert asked.task.name == "robot_plays" and asked.args == [play.pk, play.actions]


def test_the_worker_plays_the_robots_card_and_moves_the_table_on(declare_board, never_run):
    play = BoardPlay.start(declare_board, BoardPlay.Mode.DECLARE)
    stored = play.robot_moves()
    assert len(stored.cards) == 1 and stored.actions == play.actions + 1 and not stored.robot_due
    assert BoardPlay.objects.get(pk=play.pk).cards == stored.cards


def test_the_robot_stores_nothing_when_the_table_moved_on_while_it_thought(declare_board, never_run):
    play = BoardPlay.start(declare_board, BoardPlay.Mode.DECLARE).robot_moves()  # West led
    state = play.state()
    play = play.act("S", "card", play.actions, card=legal_cards(state)[0])  # dummy plays; East is due
    asked = BoardPlay.objects.get(pk=play.pk)  # the row the worker read when it took the task
    assert asked.robot_due
    BoardPlay.objects.get(pk=play.pk).act("S", "undo", play.actions)  # meanwhile, South takes it back
    after_undo = BoardPlay.objects.get(pk=play.pk)
    asked.robot_moves()
    assert BoardPlay.objects.get(pk=play.pk).cards == after_undo.cards  # East's card was not stored


@pytest.mark.django_db(transaction=True)  # no test-wide transaction around it
def test_no_solver_runs_inside_a_transaction(declare_board, never_run, monkeypatch):
    seen = []
    solve = robot.robot_card

    def watched(state):
        seen.append(transaction.get_connection().in_atomic_block)
        return solve(state)

    monkeypatch.setattr(robot, "robot_card", watched)
    play = BoardPlay.start(declare_board, BoardPlay.Mode.DECLARE).robot_moves()
    play = play.act("S", "card", play.actions, card=legal_cards(play.state())[0]).robot_moves()
    assert seen and not any(seen)


def test_a_claim_is_answered_by_the_worker(declare_board, never_run):
    play = BoardPlay.start(declare_board, BoardPlay.Mode.DECLARE).robot_moves()
    play = play.act("S", "claim", play.actions, tricks=13)  # South holds every top card
    assert play.robot_due and play.claim_tricks == 13 and not play.done
    answered = play.robot_moves()
    assert answered.done and answered.tricks == 13  # accepted


def test_the_page_waits_for_the_robot_by_htmx_and_without_javascript(host_client, declare_board, never_run):
    """The felt asks again by htmx; a page without JavaScript reloads (a refresh inside
    <noscript>, so that it never reloads a page whose htmx already asks)."""
    html = host_client.get(f"/games/{declare_board.game_id}/").text
    assert "West (robot) is choosing a card" in html and 'hx-trigger="load delay:' in html
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in html
    BoardPlay.objects.get().robot_moves()
    assert "http-equiv" not in host_client.get(f"/games/{declare_board.game_id}/").text
