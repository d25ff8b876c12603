"""Robots holding seats at a table (games.bridge.robot_table): they act only in their own
turn, hand the table back to a person, fall back to a legal call when the engine fails,
and answer a claim by double dummy."""

from __future__ import annotations

import logging
import random

from games.bridge import play as rules_of_play
from games.bridge.cards import random_deal
from games.bridge.play import new_board, replay
from games.bridge.robot_table import robot_due, robot_turns
from tests.bridge.test_robots import ENGINE_BIDS_TOO_LOW, _deal_holding

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"


def test_robots_never_act_in_a_persons_turn():
    state = new_board(DEAL, "S", "None")  # South, a person, deals
    assert not robot_due(state, "NEW")
    assert robot_turns(state, "NEW") == state


def test_robots_call_in_turn_until_a_person_is_to_act():
    state = robot_turns(new_board(DEAL, "N", "None"), "NEW")
    assert len(state.calls) == 2 and state.turn == "S"


def test_with_a_robot_in_every_seat_the_board_is_played_to_its_end():
    rng = random.Random(7)
    for _ in range(3):
        state = robot_turns(new_board(random_deal(rng), "N", "NS"), "NESW")
        assert state.phase == rules_of_play.DONE
        replay(state.deal, "N", "NS", [c.call for c in state.calls], state.cards)  # every action legal


def test_without_cards_the_robots_stop_before_the_first_card():
    state = new_board(DEAL, "N", "None")
    for call in ("P", "P", "1NT", "P", "P", "P"):  # South declares: West, a robot, leads
        state = rules_of_play.make_call(state, state.turn or "", call)
    assert robot_due(state, "NEW")
    assert robot_turns(state, "NEW", cards=False) == state
    led = robot_turns(state, "NEW")
    assert len(led.cards) == 1 and led.actor == "S"  # dummy's card is the declarer's, a person's


def test_when_the_engine_fails_the_robot_makes_a_legal_call_and_logs_the_deal(caplog):
    hand, seat, dealer, calls = ENGINE_BIDS_TOO_LOW
    deal = _deal_holding(hand, seat)
    state = replay(deal, dealer, "None", calls)
    with caplog.at_level(logging.WARNING, logger="games.bridge.robot_table"):
        after = robot_turns(state, seat)
    assert after.calls[len(calls)].call == "P"
    assert deal in caplog.text and " ".join(calls) in caplog.text


def test_robot_defenders_accept_a_claim_double_dummy_allows_and_refuse_one_it_does_not():
    state = new_board(DEAL, "N", "None")
    for call in ("P", "P", "1NT", "P", "P", "P"):
        state = rules_of_play.make_call(state, state.turn or "", call)
    state = robot_turns(state, "EW")  # the lead
    fair = rules_of_play.claim(state, "S", 0)
    assert robot_turns(fair, "EW").phase == rules_of_play.DONE
    greedy = rules_of_play.claim(state, "S", 13)
    refused = robot_turns(greedy, "EW")
    assert refused.claim is None and refused.phase == rules_of_play.PLAY
