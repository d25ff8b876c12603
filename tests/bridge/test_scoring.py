"""Duplicate scores, checked against endplay's scorer for every contract and result, and
the IMP scale."""

from __future__ import annotations

import pytest
from endplay.types import Contract as EndplayContract
from endplay.types import Denom, Penalty, Player, Vul

from games.bridge.rules import STRAINS
from games.bridge.scoring import duplicate_score, imps, score_against

DENOMS = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "NT": Denom.nt}
PENALTIES = {"": Penalty.passed, "X": Penalty.doubled, "XX": Penalty.redoubled}
VULS = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}


def endplay_score(level: int, strain: str, risk: str, declarer: str, vul: str, tricks: int) -> int:
    """endplay scores for declarer; turned to North-South's side."""
    contract = EndplayContract(
        level=level,
        denom=DENOMS[strain],
        declarer=Player.find(declarer),
        penalty=PENALTIES[risk],
        result=tricks - 6 - level,
    )
    score = contract.score(VULS[vul])
    return score if declarer in "NS" else -score


def test_every_contract_and_result_scores_as_endplay_scores_it():
    checked = 0
    wrong = []
    for level in range(1, 8):
        for strain in STRAINS:
            for risk in PENALTIES:
                for declarer in "NESW":
                    for vul in VULS:
                        for tricks in range(14):
                            ours = duplicate_score(f"{level}{strain}{risk}", declarer, vul, tricks)
                            theirs = endplay_score(level, strain, risk, declarer, vul, tricks)
                            checked += 1
                            if ours != theirs:
                                wrong.append((f"{level}{strain}{risk}", declarer, vul, tricks, ours, theirs))
    assert checked == 35 * 3 * 4 * 4 * 14 == 23_520
    assert wrong[:10] == []


@pytest.mark.parametrize(
    "contract, declarer, vul, tricks, score",
    [
        ("4S", "S", "None", 10, 420),
        ("4S", "E", "EW", 11, -650),
        ("3NT", "N", "All", 10, 630),
        ("1NT", "W", "None", 7, -90),
        ("2H", "S", "None", 8, 110),
        ("1NTX", "N", "NS", 6, -200),
        ("4HX", "E", "None", 6, 800),  # down four doubled, not vulnerable: 100 + 200 + 200 + 300
        ("2CX", "S", "None", 8, 180),  # doubled, still a part score: 80 + 50 + 50 for the insult
        ("7NTXX", "S", "All", 13, 2980),
        ("6D", "W", "EW", 12, -1370),
        ("3DXX", "N", "None", 0, -4600),  # down nine: (100 + 200 + 200 + 6 x 300) x 2
    ],
)
def test_scores_players_know(contract, declarer, vul, tricks, score):
    assert duplicate_score(contract, declarer, vul, tricks) == score


def test_a_passed_out_board_scores_nothing():
    assert duplicate_score("Pass", "", "All", 0) == 0


@pytest.mark.parametrize(
    "contract, declarer, vul, tricks",
    [
        ("8S", "N", "None", 7),
        ("4S", "Q", "None", 7),
        ("4S", "N", "Both", 7),
        ("4S", "N", "None", 14),
        ("4S", "N", "None", -1),
        ("", "N", "None", 7),
    ],
)
def test_what_is_no_contract_or_result_is_refused(contract, declarer, vul, tricks):
    with pytest.raises(ValueError):
        duplicate_score(contract, declarer, vul, tricks)


@pytest.mark.parametrize(
    "difference, won",
    [
        *[(d, 0) for d in range(0, 11)],
        (20, 1),
        (40, 1),
        (50, 2),
        (80, 2),
        (90, 3),
        (120, 3),
        (130, 4),
        (170, 5),
        (220, 6),
        (270, 7),
        (320, 8),
        (370, 9),
        (420, 9),
        (430, 10),
        (500, 11),
        (600, 12),
        (740, 12),
        (750, 13),
        (900, 14),
        (1100, 15),
        (1300, 16),
        (1500, 17),
        (1750, 18),
        (2000, 19),
        (2250, 20),
        (2500, 21),
        (3000, 22),
        (3500, 23),
        (3990, 23),
        (4000, 24),
        (7600, 24),
    ],
)
def test_the_imp_scale(difference, won):
    assert imps(difference) == won
    assert imps(-difference) == -won


def test_a_score_against_another_table():
    assert score_against(420, 450) == 1  # an overtrick
    assert score_against(-100, 620) == 12  # game made here, one down there
    assert score_against(620, -100) == -12
    assert score_against(1430, 1430) == 0
