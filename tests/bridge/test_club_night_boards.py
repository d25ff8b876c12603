"""A board's traveller, its matchpoints (Neuberg's formula for boards with fewer results)
and its cross-IMPs, worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.bridge.club_night import Matchpoints, cross_imps, decimal_text, hundredths, matchpoints, neuberg, traveller

# Board 1 (nobody vulnerable) at four tables:
#   table 1: pair 1 N-S v pair 5 E-W, 4S by N, 10 tricks  +420
#   table 2: pair 2 v pair 6,         4S by S, 10 tricks  +420
#   table 3: pair 3 v pair 7,         4S by N, 11 tricks  +450
#   table 4: pair 4 v pair 8,         4S by N,  9 tricks   -50
BOARD_1 = traveller(
    1,
    [
        (1, 5, "4S", "N", 10, "HA"),
        (2, 6, "4S", "S", 10),
        (3, 7, "4S", "N", 11, "D2"),
        (4, 8, "4S", "N", 9, "C3"),
    ],
)


def test_a_traveller_scores_each_table_for_north_south():
    assert BOARD_1.vul == "None"  # board 1 of the 16-board cycle
    assert [r.score for r in BOARD_1.results] == [420, 420, 450, -50]
    assert [(r.ns, r.ew, r.lead) for r in BOARD_1.results] == [
        ("1", "5", "HA"),
        ("2", "6", ""),
        ("3", "7", "D2"),
        ("4", "8", "C3"),
    ]


def test_a_traveller_takes_vulnerability_from_the_board_number_unless_told():
    assert traveller(5, [(1, 2, "4H", "S", 10)]).results[0].score == 620  # board 5: N-S vulnerable
    assert traveller(5, [(1, 2, "4H", "S", 10)], vul="None").results[0].score == 420


def test_a_passed_out_board_scores_nothing():
    result = traveller(3, [(1, 2, "Pass", "", 0)]).results[0]
    assert (result.contract, result.declarer, result.tricks, result.score) == ("Pass", "", 0, 0)


@pytest.mark.parametrize(
    "row, message",
    [
        ((1, 2, "8S", "N", 10), "not a contract"),
        ((1, 2, "4S", "X", 10), "not a seat"),
        ((1, 2, "4S", "N", 14), "not a number of tricks"),
        ((1, 2, "4S", "N", 10, "S1"), "not a card"),
        ((1, 2, "Pass", "N", 0), "passed out"),
    ],
)
def test_a_row_that_is_no_result_is_refused(row, message):
    with pytest.raises(ValueError, match=message):
        traveller(1, [row])


def test_a_pair_cannot_sit_one_way_at_two_tables():
    with pytest.raises(ValueError, match="pair 1 sits NS at two tables"):
        traveller(1, [(1, 5, "4S", "N", 10), (1, 6, "4S", "N", 10)])
    # A Mitchell's "1" N-S and "1" E-W are two pairs.
    assert len(traveller(1, [(1, 1, "4S", "N", 10), (2, 2, "4S", "N", 10)]).results) == 2


def test_matchpoints_give_two_a_score_beaten_and_one_a_score_tied():
    # Top 2 x (4 - 1) = 6.
    #   +450 beats 420, 420 and -50:               3 x 2 = 6
    #   +420 beats -50 (2), ties 420 (1), loses 450: 3  (both tables)
    #    -50 beats nothing:                          0
    # E-W get the rest of the top: 3, 3, 0, 6.
    assert matchpoints(BOARD_1) == (
        Matchpoints(Fraction(3), Fraction(3), 6),
        Matchpoints(Fraction(3), Fraction(3), 6),
        Matchpoints(Fraction(6), Fraction(0), 6),
        Matchpoints(Fraction(0), Fraction(6), 6),
    )
    assert [(mp.ns_percent, mp.ew_percent) for mp in matchpoints(BOARD_1)] == [(50, 50), (50, 50), (100, 0), (0, 100)]


def test_a_board_with_fewer_results_is_brought_to_the_full_count_by_neuberg():
    # Played at 4 tables of a 5-table session: (M + 1) x 5/4 - 1, on a top of 8.
    #   6 -> 7 x 5/4 - 1 = 7.75;  3 -> 4 x 5/4 - 1 = 4;  0 -> 5/4 - 1 = 0.25
    scored = matchpoints(BOARD_1, tables=5)
    assert [(mp.ns, mp.ew, mp.top) for mp in scored] == [
        (4, 4, 8),
        (4, 4, 8),
        (Fraction("7.75"), Fraction("0.25"), 8),
        (Fraction("0.25"), Fraction("7.75"), 8),
    ]
    # 7.75 / 8 = 96.875%, shown 96.88 (halves away from zero).
    assert decimal_text(hundredths(scored[2].ns_percent), fixed=True) == "96.88"
    assert sum(mp.ns for mp in scored) == 4 * 8 / 2  # the board's average stays half the top


def test_neuberg_as_the_ebu_works_it_ten_results_of_eleven():
    # The EBU's example (ebu.co.uk, "The Neuberg Formula - the Principle"): ten different
    # scores on a board that should have had eleven, top 20: 19.9, 17.7, 15.5 ... 0.1.
    raw = [18, 16, 14, 12, 10, 8, 6, 4, 2, 0]
    assert [neuberg(points, 10, 11) for points in raw] == [
        Fraction(x) for x in ("19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1")
    ]


def test_neuberg_rounds_to_hundredths_and_east_west_get_the_rest_of_the_top():
    # Three results of four: (M + 1) x 4/3 - 1 on a top of 6.
    #   4 -> 5 x 4/3 - 1 = 5.666.. -> 5.67, E-W 0.33;  2 -> 3;  0 -> 0.333.. -> 0.33, E-W 5.67
    board = traveller(2, [(1, 5, "3NT", "N", 10), (2, 6, "3NT", "N", 9), (3, 7, "3NT", "N", 8)])
    assert [(mp.ns, mp.ew) for mp in matchpoints(board, tables=4)] == [
        (Fraction("5.67"), Fraction("0.33")),
        (Fraction(3), Fraction(3)),
        (Fraction("0.33"), Fraction("5.67")),
    ]


def test_a_board_played_at_one_table_is_average():
    board = traveller(2, [(1, 5, "7NT", "S", 13)])
    assert matchpoints(board)[0] == Matchpoints(Fraction(0), Fraction(0), 0)
    assert matchpoints(board)[0].ns_percent == 50
    assert matchpoints(board, tables=4)[0] == Matchpoints(Fraction(3), Fraction(3), 6)  # Neuberg: 1 x 4 - 1


def test_a_board_cannot_have_more_results_than_the_full_count():
    with pytest.raises(ValueError, match="4 results cannot stand for 3 tables"):
        matchpoints(BOARD_1, tables=3)


def test_cross_imps_average_the_imps_against_every_other_table():
    #   +450: v 420 (30: 1), v 420 (1), v -50 (500: 11)    = 13 / 3 =   4.333.. ->   4.33
    #   +420: v 420 (0), v 450 (-30: -1), v -50 (470: 10)  =  9 / 3 =   3
    #   +420: the same                                                  3
    #    -50: v 420 (-470: -10) twice, v 450 (-500: -11)   = -31 / 3 = -10.333.. -> -10.33
    assert cross_imps(BOARD_1) == (Fraction(3), Fraction(3), Fraction("4.33"), Fraction("-10.33"))


def test_cross_imps_at_two_tables_are_the_imps_of_a_team_match():
    board = traveller(7, [(1, 2, "4S", "N", 10), (2, 1, "4S", "N", 9)])  # board 7: both vulnerable
    assert cross_imps(board) == (12, -12)  # +620 v -100: 720


def test_a_board_played_once_has_no_cross_imps():
    assert cross_imps(traveller(1, [(1, 2, "3NT", "N", 9)])) == (0,)


@pytest.mark.parametrize(
    "value, rounded, text",
    [
        (Fraction(1, 8), Fraction(13, 100), "0.13"),  # a half goes away from zero, not to even
        (Fraction(-1, 8), Fraction(-13, 100), "-0.13"),
        (Fraction(10, 3), Fraction(333, 100), "3.33"),
        (Fraction(21, 2), Fraction(21, 2), "10.5"),
        (Fraction(7), Fraction(7), "7"),
    ],
)
def test_hundredths_round_halves_away_from_zero(value, rounded, text):
    assert hundredths(value) == rounded
    assert decimal_text(rounded) == text


def test_decimal_text_refuses_what_is_not_hundredths():
    assert decimal_text(Fraction(50), fixed=True) == "50.00"
    with pytest.raises(ValueError):
        decimal_text(Fraction(1, 3))
