"""The bidding robots: a legal call whatever the engine does, from the seat's own hand and
the auction alone, with the engine's explanation as plain text."""

from __future__ import annotations

import logging
import random

import pytest

from games.bridge import rules
from games.bridge.cards import SEATS, random_deal
from games.bridge.play import replay
from games.bridge.robots import SYSTEM, RobotCall, bid_board, hint, plain_text, robot_call

SEED = 20261207
# Auctions the engine cannot answer, found by asking it: it raises on the first (its
# Blackwood looks for a 4NT that is not there) and bids 5D below 5S on the second.
ENGINE_RAISES = ("AQ65.QJ9743.K2.T", "E", "W", ["1S", "P", "2C", "2D", "2S", "4S", "5NT", "P", "P", "7NT"])
ENGINE_BIDS_TOO_LOW = ("AJ8643.4.AKT6.A5", "S", "S", ["2C", "2S", "4D", "5S"])
# A plain auction where the engine repeats its own 4S.
ENGINE_REPEATS_ITSELF = ("QT654.AKT7.AJT.4", "W", "N", ["P", "1C", "P", "1S", "P", "1NT", "P", "3H", "P", "4S", "P"])


def test_it_opens_a_balanced_hand_and_explains_why():
    answer = robot_call("AKQ2.AK3.654.987", "N", "N", "None", [])
    assert answer == RobotCall("1S", answer.explanation, fallback=False)
    assert answer.explanation.startswith("Balanced and 15pts or more, with no 5 card suit:")
    assert "- with two 4 card Majors, 1♥;" in answer.explanation.split("\n")


def test_it_takes_the_hand_as_cards_or_dotted_and_calls_as_files_write_them():
    cards = ["SA", "SK", "SQ", "S2", "HA", "HK", "H3", "D6", "D5", "D4", "C9", "C8", "C7"]
    dotted = robot_call("AKQ2.AK3.654.987", "S", "N", "All", ["1NT", "P"])
    assert robot_call(cards, "S", "N", "All", ["1N", "Pass"]) == dotted


@pytest.mark.parametrize("case", [ENGINE_RAISES, ENGINE_BIDS_TOO_LOW, ENGINE_REPEATS_ITSELF])
def test_when_the_engine_fails_the_robot_passes_and_logs_the_auction(case, caplog, capsys):
    hand, seat, dealer, calls = case
    with caplog.at_level(logging.ERROR, logger="games.bridge.robots"):
        answer = robot_call(hand, seat, dealer, "None", calls)
    assert answer == RobotCall("P", "", fallback=True)
    replay(_deal_holding(hand, seat), dealer, "None", [*calls, answer.call])  # legal: raises otherwise
    assert f"{seat} holding {hand}, dealer {dealer}, vul None, auction {' '.join(calls)}" in caplog.text
    assert capsys.readouterr() == ("", "")  # the engine's own printing stays out of the output


def test_a_robot_at_every_seat_makes_only_legal_calls_on_random_deals():
    rng = random.Random(SEED)
    for n in range(300):
        deal, dealer, vul = random_deal(rng), SEATS[n % 4], ("None", "NS", "EW", "All")[n % 4]
        calls = [answer.call for _, answer in bid_board(deal, dealer, vul)]
        state = replay(deal, dealer, vul, calls)  # raises IllegalAction at an illegal call
        assert state.auction_over


def test_the_call_depends_on_the_seats_own_hand_and_the_auction_alone():
    rng = random.Random(SEED + 1)
    for n in range(60):
        deal, dealer = random_deal(rng), SEATS[n % 4]
        other = _other_cards_reshuffled(deal, "S", rng)
        made = bid_board(deal, dealer, "None")
        calls = [answer.call for _, answer in made]
        for i, (seat, answer) in enumerate(made):
            if seat == "S":
                again = bid_board(other, dealer, "None", calls[:i])
                assert again[0] == ("S", answer), f"{deal} / {other} after {calls[:i]}"


def test_a_hint_is_the_robots_call():
    args = ("KJ3.AQ2.KT65.Q43", "E", "N", "NS", ["1H"])
    assert hint(*args) == robot_call(*args)


def test_the_system_is_acol():
    assert SYSTEM == "Acol"


@pytest.mark.parametrize(
    ("hand", "seat", "dealer", "vul", "calls"),
    [
        ("AKQ2.AK3.654.98", "N", "N", "None", []),  # 12 cards
        (["SA"] * 13, "N", "N", "None", []),  # the same card 13 times
        ("AKQ2.AK3.654.987", "E", "N", "None", []),  # North is to call
        ("AKQ2.AK3.654.987", "N", "X", "None", []),  # no such dealer
        ("AKQ2.AK3.654.987", "N", "N", "Both", []),  # vulnerability as rules write it: All
        ("AKQ2.AK3.654.987", "S", "N", "None", ["1S", "1H"]),  # 1H is not above 1S
        ("AKQ2.AK3.654.987", "N", "N", "None", ["P", "P", "P", "P"]),  # passed out: no call is due
    ],
)
def test_a_question_without_an_answer_is_a_value_error(hand, seat, dealer, vul, calls):
    with pytest.raises(ValueError):
        robot_call(hand, seat, dealer, vul, calls)


def test_explanations_are_plain_text():
    assert plain_text('With 18+ points: <span style="color:red"3NT</span>.') == "With 18+ points: 3NT."
    assert plain_text("Two 4 card Majors: 1<red>!h</red>, else &clubs;") == "Two 4 card Majors: 1♥, else ♣"
    listed = "With:<ul><li>4-10 points: 3NT;<li>11-12: 4NT.</ul>"
    assert plain_text(listed) == "With:\n- 4-10 points: 3NT;\n- 11-12: 4NT."
    assert plain_text('<span style=\\"color:red\\">2NT</span><br>next') == "2NT\nnext"
    assert plain_text("a &lt;script&gt; stays text") == "a <script> stays text"  # a page escapes it


def test_every_explanation_on_random_deals_is_plain_text():
    rng = random.Random(SEED + 2)
    for n in range(40):
        for _, answer in bid_board(random_deal(rng), SEATS[n % 4], "None"):
            assert not any(mark in answer.explanation for mark in ("<red>", "<span", "<li>", "!h", "&"))


def _deal_holding(hand: str, seat: str, rng: random.Random | None = None) -> str:
    """A canonical deal where ``seat`` holds ``hand`` and the other 39 cards go to the other
    seats in order, or shuffled by ``rng``."""
    mine = {suit + rank for suit, ranks in zip("SHDC", hand.split(".")) for rank in ranks}
    rest = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432" if suit + rank not in mine]
    if rng is not None:
        rng.shuffle(rest)
    cards = {seat: mine, **{s: set(rest[i * 13 : i * 13 + 13]) for i, s in enumerate(s for s in SEATS if s != seat)}}

    def dotted(held: set[str]) -> str:
        return ".".join("".join(r for r in "AKQJT98765432" if suit + r in held) for suit in "SHDC")

    return "N:" + " ".join(dotted(cards[s]) for s in SEATS)


def _other_cards_reshuffled(deal: str, seat: str, rng: random.Random) -> str:
    """``deal`` with ``seat``'s hand kept and the other 39 cards dealt again."""
    return _deal_holding(rules.hands(deal)[seat], seat, rng)
