"""The session's ranking: by matchpoint percentage or by cross-IMPs, ties shown as ties,
boards counted per pair; worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.bridge.club_night import IMPS, Standing, rank_pairs, ranked_without, traveller

# Board 1 (nobody vulnerable): +420 (1 v 5), +420 (2 v 6), +450 (3 v 7), -50 (4 v 8)
#   N-S matchpoints 3, 3, 6, 0; E-W 3, 3, 0, 6.
# Board 2 (N-S vulnerable): 3NT= by N +600 (1 v 6), 3NT+1 by S +630 (2 v 7), passed out
# 0 (3 v 8), 2H= by E -110 (4 v 5)
#   N-S matchpoints 4, 6, 2, 0; E-W 2, 0, 4, 6.
SESSION = [
    traveller(1, [(1, 5, "4S", "N", 10), (2, 6, "4S", "S", 10), (3, 7, "4S", "N", 11), (4, 8, "4S", "N", 9)]),
    traveller(2, [(1, 6, "3NT", "N", 9), (2, 7, "3NT", "S", 10), (3, 8, "Pass", "", 0), (4, 5, "2H", "E", 8)]),
]


def line(standing: Standing) -> tuple[str, str, int, Fraction, Fraction | None]:
    return standing.place, standing.pair, standing.boards, standing.score, standing.percent


def test_pairs_rank_by_matchpoint_percentage_and_a_tie_shares_the_best_place():
    # Of 12 matchpoints (two boards, top 6):
    #   pair 8: 6 + 4 = 10  83.33%      pair 1: 3 + 4 = 7  58.33%
    #   pair 2: 3 + 6 =  9  75%         pair 6: 3 + 2 = 5  41.67%
    #   pair 5: 3 + 6 =  9  75%         pair 4: 0 + 0 = 0   0%
    #   pair 3: 6 + 2 =  8  66.67%      pair 7: 0 + 0 = 0   0%
    assert [line(s) for s in rank_pairs(SESSION)] == [
        ("1", "8", 2, 10, Fraction("83.33")),
        ("2=", "2", 2, 9, 75),
        ("2=", "5", 2, 9, 75),
        ("4", "3", 2, 8, Fraction("66.67")),
        ("5", "1", 2, 7, Fraction("58.33")),
        ("6", "6", 2, 5, Fraction("41.67")),
        ("7=", "4", 2, 0, 0),
        ("7=", "7", 2, 0, 0),
    ]


def test_pairs_rank_by_cross_imps_when_the_session_scores_imps():
    # Board 1 cross-IMPs for N-S: 3, 3, 4.33, -10.33 (test_club_night_boards).
    # Board 2 for N-S:
    #   +600: v 630 (-1), v 0 (600: 12), v -110 (710: 12) = 23 / 3 =  7.67
    #   +630: v 600 (1), v 0 (630: 12), v -110 (740: 12)  = 25 / 3 =  8.33
    #      0: v 600 (-12), v 630 (-12), v -110 (110: 3)   = -21 / 3 = -7
    #   -110: v 600 (-12), v 630 (-12), v 0 (-3)          = -27 / 3 = -9
    # Totals: pair 8 10.33 + 7 = 17.33; 2: 3 + 8.33 = 11.33; 1: 3 + 7.67 = 10.67;
    # 5: -3 + 9 = 6; 3: 4.33 - 7 = -2.67; 6: -3 - 7.67 = -10.67; 7: -4.33 - 8.33 = -12.66;
    # 4: -10.33 - 9 = -19.33.
    assert [(s.place, s.pair, s.score, s.percent) for s in rank_pairs(SESSION, scoring=IMPS)] == [
        ("1", "8", Fraction("17.33"), None),
        ("2", "2", Fraction("11.33"), None),
        ("3", "1", Fraction("10.67"), None),
        ("4", "5", Fraction(6), None),
        ("5", "3", Fraction("-2.67"), None),
        ("6", "6", Fraction("-10.67"), None),
        ("7", "7", Fraction("-12.66"), None),
        ("8", "4", Fraction("-19.33"), None),
    ]


def test_a_pair_is_scored_on_the_boards_it_played():
    # Five pairs, one sitting out each round: top 2 a board.
    #   board 3 (E-W vulnerable): 2S= by N +110 (1 v 2), 2S+1 by N +140 (3 v 4); 5 sits out
    #   board 4 (both): 3NT= by S +600 (5 v 1), 3NT-1 by S -100 (2 v 3); 4 sits out
    # pair 3: 2 + 2 of 4 = 100%; pair 5: 2 of 2 = 100%; pair 2: 2 + 0 of 4 = 50%;
    # pair 1: 0 + 0 of 4 = 0%; pair 4: 0 of 2 = 0%.
    session = [
        traveller(3, [(1, 2, "2S", "N", 8), (3, 4, "2S", "N", 9)]),
        traveller(4, [(5, 1, "3NT", "S", 9), (2, 3, "3NT", "S", 8)]),
    ]
    assert [line(s) for s in rank_pairs(session)] == [
        ("1=", "3", 2, 4, 100),
        ("1=", "5", 1, 2, 100),
        ("3", "2", 2, 2, 50),
        ("4=", "1", 2, 0, 0),
        ("4=", "4", 1, 0, 0),
    ]


def test_a_mitchell_ranks_north_south_and_east_west_apart():
    # Board 1: N-S 1 v E-W 1 +420, N-S 2 v E-W 2 +400 -> N-S 1: 2, E-W 2: 2.
    # Board 2: N-S 1 v E-W 2 +110, N-S 2 v E-W 1 +140 -> N-S 2: 2, E-W 2: 2.
    session = [
        traveller(1, [(1, 1, "4S", "N", 10), (2, 2, "3NT", "N", 9)]),
        traveller(2, [(1, 2, "2S", "N", 8), (2, 1, "2S", "N", 9)], vul="None"),
    ]
    ranked = rank_pairs(session, by_direction=True)
    assert [(s.direction, s.place, s.pair, s.percent) for s in ranked] == [
        ("NS", "1=", "1", 50),
        ("NS", "1=", "2", 50),
        ("EW", "1", "2", 100),
        ("EW", "2", "1", 0),
    ]
    # Without by_direction "1" is one pair, N-S on one board and E-W on another.
    assert [(s.pair, s.boards) for s in rank_pairs(session)] == [("2", 4), ("1", 4)]


def test_a_field_all_tied_shares_first_place():
    # Board 1: +90 (1 v 2), +120 (3 v 4); board 2: +120 (1 v 2), +90 (3 v 4): every pair
    # scores a top and a bottom, 2 of 4, 50%.
    session = [
        traveller(1, [(1, 2, "1NT", "N", 7), (3, 4, "1NT", "N", 8)]),
        traveller(2, [(1, 2, "1NT", "N", 8), (3, 4, "1NT", "N", 7)], vul="None"),
    ]
    assert [(s.place, s.pair, s.percent) for s in rank_pairs(session)] == [
        ("1=", "1", 50),
        ("1=", "2", 50),
        ("1=", "3", 50),
        ("1=", "4", 50),
    ]


def test_an_unknown_scoring_is_refused():
    with pytest.raises(ValueError, match="not a scoring"):
        rank_pairs(SESSION, scoring="BAM")


def test_pairs_left_out_leave_the_others_ranked_again_ties_as_ties():
    def line(rank: int, pair: str, percent: int, direction: str = "EW") -> Standing:
        return Standing(rank, False, pair, 3, Fraction(percent), Fraction(percent), direction)

    standings = (line(1, "2", 70), line(2, "4", 60), line(3, "1", 50), line(3, "3", 50), line(1, "1", 55, "NS"))
    kept = ranked_without(standings, {("4", "EW")})
    assert [(s.pair, s.direction, s.place) for s in kept] == [
        ("2", "EW", "1"),
        ("1", "EW", "2="),
        ("3", "EW", "2="),
        ("1", "NS", "1"),
    ]
