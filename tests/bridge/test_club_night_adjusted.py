"""Adjusted scores on a traveller (assigned, artificial Avg+/Avg/Avg-, a fouled board's
groups) and Butler IMPs, worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.bridge.club_night import (
    AVG,
    AVG_MINUS,
    AVG_PLUS,
    BUTLER,
    Adjustment,
    ArtificialScores,
    Imps,
    adjust,
    artificial,
    assigned,
    butler_imps,
    cross_imps,
    cross_imps_by_side,
    datum,
    fouled,
    matchpoints,
    rank_pairs,
    traveller,
)

# Board 1 (nobody vulnerable): +420 (1 v 5), +420 (2 v 6), +450 (3 v 7), -50 (4 v 8).
BOARD_1_ROWS = [(1, 5, "4S", "N", 10), (2, 6, "4S", "S", 10), (3, 7, "4S", "N", 11), (4, 8, "4S", "N", 9)]
BOARD_1 = traveller(1, BOARD_1_ROWS)


def test_an_artificial_score_takes_no_part_in_the_others_matchpoints():
    # Pairs 9 v 10 get Avg+ / Avg- at a fifth table: the four real results are compared
    # among themselves (3, 3, 6, 0 on a top of 6) and brought to five by Neuberg, top 8:
    #   (M + 1) x 5/4 - 1:  3 -> 4,  6 -> 7.75,  0 -> 0.25
    # The artificial line: 60% of 8 = 4.8 for N-S, 40% of 8 = 3.2 for E-W.
    board = adjust(BOARD_1, [artificial(9, 10, AVG_PLUS, AVG_MINUS, reason="slow play at table 5")])
    scored = matchpoints(board)
    assert [(mp.ns, mp.ew, mp.top) for mp in scored] == [
        (4, 4, 8),
        (4, 4, 8),
        (Fraction("7.75"), Fraction("0.25"), 8),
        (Fraction("0.25"), Fraction("7.75"), 8),
        (Fraction("4.8"), Fraction("3.2"), 8),
    ]
    assert (scored[4].ns_percent, scored[4].ew_percent) == (60, 40)
    line = board.results[4]
    assert line.artificial and (line.contract, line.score) == ("", 0)
    assert (line.adjustment.label, line.adjustment.reason) == ("Avg+/Avg-", "slow play at table 5")


def test_each_side_of_an_artificial_score_is_given_apart():
    board = adjust(BOARD_1, [artificial(4, 8, AVG_PLUS, AVG_PLUS, reason="board damaged, nobody at fault")])
    mp = matchpoints(board)[3]
    assert (mp.ns_percent, mp.ew_percent) == (60, 60)  # not the rest of the top
    assert cross_imps_by_side(board)[3] == Imps(Fraction(3), Fraction(3))


def test_a_session_sets_what_the_averages_are_worth():
    values = ArtificialScores(plus_percent=Fraction(55), minus_percent=Fraction(45), plus_imps=Fraction(2))
    board = adjust(BOARD_1, [artificial(4, 8, AVG_PLUS, AVG_MINUS, reason="late arrival")])
    mp = matchpoints(board, artificial=values)[3]
    assert (mp.ns, mp.ew) == (Fraction("3.3"), Fraction("2.7"))  # 55% and 45% of a top of 6
    assert cross_imps_by_side(board, values)[3] == Imps(Fraction(2), Fraction(-3))
    assert matchpoints(adjust(BOARD_1, [artificial(4, 8, AVG, AVG, reason="")]))[3].ns_percent == 50


def test_an_assigned_score_is_scored_and_compared_like_a_result():
    # Table 4's -50 becomes 4S by N, 10 tricks, +420: 420, 420, 450, 420 on a top of 6.
    #   each 420 ties two and loses to 450: 2;  450: 6
    board = adjust(BOARD_1, [assigned(4, 8, "4S", "N", 10, vul="None", reason="misinformation, Law 21B3")])
    assert board.results[3].score == 420
    assert board.results[3].adjustment == Adjustment("assigned", "misinformation, Law 21B3")
    assert [mp.ns for mp in matchpoints(board)] == [2, 2, 6, 2]
    assert cross_imps(board) == (Fraction("-0.33"), Fraction("-0.33"), 1, Fraction("-0.33"))


def test_a_fouled_board_is_scored_within_each_group_and_brought_to_the_full_count():
    # Tables 1 and 2 played deal A (+420, +420), tables 3 and 4 deal B (+450, -50). Each
    # group of two is brought to four by Neuberg, top 6: (M + 1) x 4/2 - 1.
    #   A: 1 and 1 -> 3 and 3.   B: 2 -> 5, 0 -> 1.   Each group averages half the top.
    results = BOARD_1.results
    board = adjust(
        BOARD_1,
        [fouled(results[0], "A", reason="board fouled"), fouled(results[1], "A", reason="board fouled")]
        + [fouled(results[2], "B", reason="board fouled"), fouled(results[3], "B", reason="board fouled")],
    )
    assert [(mp.ns, mp.ew) for mp in matchpoints(board)] == [(3, 3), (3, 3), (5, 1), (1, 5)]
    assert cross_imps(board) == (0, 0, 11, -11)  # 450 v -50 only
    assert board.results[2].adjustment.label == "fouled (B)"


def test_an_adjusted_line_may_stand_for_a_table_that_did_not_finish():
    board = adjust(traveller(1, BOARD_1_ROWS[:3]), [artificial(4, 8, AVG_MINUS, AVG_PLUS, reason="not finished")])
    assert [r.ns for r in board.results] == ["1", "2", "3", "4"]
    with pytest.raises(ValueError, match="another line"):
        adjust(board, [artificial(1, 9, AVG, AVG, reason="")])


@pytest.mark.parametrize(
    "kind, ns, ew, group, message",
    [
        ("penalty", "", "", "", "not an adjustment"),
        ("artificial", "Avg+", "60%", "", "one of Avg"),
        ("fouled", "", "", " ", "names its group"),
    ],
)
def test_an_adjustment_that_is_none_is_refused(kind, ns, ew, group, message):
    with pytest.raises(ValueError, match=message):
        Adjustment(kind, "reason", ns, ew, group)


def test_a_ranking_counts_an_artificial_score_as_its_share_of_the_top():
    # Pairs 4 v 8 get Avg+ / Avg-; the three real results, compared among themselves
    # (1, 1, 4 on a top of 4), are brought to four by Neuberg: (M + 1) x 4/3 - 1, top 6:
    #   1 -> 1.67,  4 -> 5.67.   Pair 4: 3.6 of 6 = 60%;  pair 8: 2.4 of 6 = 40%.
    board = adjust(BOARD_1, [artificial(4, 8, AVG_PLUS, AVG_MINUS, reason="revoke, director's ruling")])
    standings = {(s.direction, s.pair): s.percent for s in rank_pairs([board], by_direction=True)}
    assert standings[("NS", "4")] == 60
    assert standings[("EW", "8")] == 40
    assert standings[("NS", "3")] == Fraction("94.5")  # 5.67 of 6
    assert standings[("NS", "1")] == Fraction("27.83")  # 1.67 of 6


# --- Butler ------------------------------------------------------------------------------


def test_butler_imps_are_scored_against_the_average_rounded_to_ten():
    # Four results, all kept: (420 + 420 + 450 - 50) / 4 = 310.
    #   +420 v 310: 110 -> 3;  +450: 140 -> 4;  -50: -360 -> -8
    assert datum([420, 420, 450, -50]) == 310
    assert butler_imps(BOARD_1) == (Imps(3, -3), Imps(3, -3), Imps(4, -4), Imps(-8, 8))


def test_a_butler_datum_leaves_out_the_best_and_the_worst_from_five_results():
    # -50, 420, 420, 450, 980: the -50 and the 980 are left out: 1290 / 3 = 430.
    #   420: -10 -> 0;  450: 20 -> 1;  -50: -480 -> -10;  980: 550 -> 11
    board = adjust(BOARD_1, [assigned(9, 10, "6S", "N", 12, vul="None", reason="claim contested")])
    assert datum([r.score for r in board.results]) == 430
    assert [imp.ns for imp in butler_imps(board)] == [0, 0, 1, -10, 11]


@pytest.mark.parametrize(
    "scores, expected",
    [([420, 430], 430), ([-420, -430], -430), ([424], 420), ([0, 0], 0), ([5], 10), ([-5], -10), ([-4, -5], 0)],
)
def test_a_datum_rounds_to_ten_with_a_five_away_from_zero(scores, expected):
    assert datum(scores) == expected


def test_butler_leaves_artificial_scores_out_of_the_datum():
    board = adjust(BOARD_1, [artificial(9, 10, AVG_MINUS, AVG_PLUS, reason="fouled, no result")])
    assert butler_imps(board)[:4] == butler_imps(BOARD_1)
    assert butler_imps(board)[4] == Imps(-3, 3)


def test_pairs_rank_by_butler_imps():
    standings = rank_pairs([BOARD_1], scoring=BUTLER, by_direction=True)
    assert [(s.direction, s.pair, s.score, s.percent) for s in standings] == [
        ("NS", "3", 4, None),
        ("NS", "1", 3, None),
        ("NS", "2", 3, None),
        ("NS", "4", -8, None),
        ("EW", "8", 8, None),
        ("EW", "5", -3, None),
        ("EW", "6", -3, None),
        ("EW", "7", -4, None),
    ]
