"""PBN [ScoreTable] and [TotalScoreTable]: written from a traveller and a ranking as PBN
2.1 section 5 lays them out, and read back to the same traveller and ranking."""

from __future__ import annotations

import pytest

from games.bridge.club_night import IMPS, rank_pairs, traveller
from games.formats.pbn.score_table import (
    Column,
    read_tables,
    score_table,
    standings_of,
    total_score_table,
    traveller_of,
    write_score_table,
    write_total_score_table,
)

# Board 1 (nobody vulnerable): +420, +420, +450, -50; matchpoints 3, 3, 6, 0 and cross-IMPs
# 3, 3, 4.33, -10.33 (test_club_night_boards). Table 2 wrote no lead.
BOARD_1 = traveller(
    1,
    [
        (1, 5, "4S", "N", 10, "HA"),
        (2, 6, "4S", "S", 10),
        (3, 7, "4S", "N", 11, "D2"),
        (4, 8, "4S", "N", 9, "C3"),
    ],
)
BOARD_2 = traveller(2, [(1, 6, "3NT", "N", 9), (2, 7, "3NT", "S", 10), (3, 8, "Pass", "", 0), (4, 5, "2H", "E", 8)])


def test_a_matchpointed_traveller_is_written_as_a_score_table():
    assert write_score_table(BOARD_1).split("\r\n") == [
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1L;Result\\2R;Lead\\2L;'
        'Score_NS\\5R;Score_EW\\5R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\6R;Percentage_EW\\6R"]',
        " 1  5 4S   N 10 HA   420     -     3     3  50.00  50.00",
        " 2  6 4S   S 10 ?    420     -     3     3  50.00  50.00",
        " 3  7 4S   N 11 D2   450     -     6     0 100.00   0.00",
        " 4  8 4S   N  9 C3     -    50     0     6   0.00 100.00",
        "",
    ]


def test_an_imp_traveller_carries_cross_imps_and_a_passed_out_board_has_no_declarer():
    assert write_score_table(BOARD_2, scoring=IMPS).split("\r\n") == [
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1L;Result\\2R;'
        'Score_NS\\5R;Score_EW\\5R;IMP_NS\\6R;IMP_EW\\6R"]',
        " 1  6 3NT  N  9   600     -   7.67  -7.67",
        " 2  7 3NT  S 10   630     -   8.33  -8.33",
        " 3  8 Pass -  -     0     0     -7      7",
        " 4  5 2H   E  8     -   110     -9      9",
        "",
    ]


@pytest.mark.parametrize("scoring", ["MP", IMPS])
@pytest.mark.parametrize("board", [BOARD_1, BOARD_2], ids=["leads", "passed out"])
def test_a_score_table_reads_back_to_its_traveller(board, scoring):
    tables = read_tables(write_score_table(board, scoring=scoring))
    assert tables == (score_table(board, scoring=scoring),)
    assert traveller_of(tables[0], board=board.board, vul=board.vul) == board


def test_neuberg_matchpoints_are_written_to_hundredths():
    table = score_table(BOARD_1, tables=5)
    assert table.values("MP_NS") == ("4", "4", "7.75", "0.25")
    assert table.values("Percentage_NS") == ("50.00", "50.00", "96.88", "3.13")


def test_a_ranking_is_written_as_a_total_score_table_ties_at_their_best_rank():
    standings = rank_pairs([BOARD_1, BOARD_2])
    assert write_total_score_table(standings).split("\r\n") == [
        '[TotalScoreTable "Rank\\3R;PairId\\2R;NrBoards\\2R;TotalMP\\6R;TotalPercentage\\6R"]',
        "  1  8  2     10  83.33",
        "  2  2  2      9  75.00",
        "  2  5  2      9  75.00",
        "  4  3  2      8  66.67",
        "  5  1  2      7  58.33",
        "  6  6  2      5  41.67",
        "  7  4  2      0   0.00",
        "  7  7  2      0   0.00",
        "",
    ]
    assert standings_of(read_tables(write_total_score_table(standings))[0]) == standings


@pytest.mark.parametrize("by_direction", [False, True])
def test_an_imp_ranking_reads_back(by_direction):
    standings = rank_pairs([BOARD_1, BOARD_2], scoring=IMPS, by_direction=by_direction)
    table = total_score_table(standings, scoring=IMPS)
    assert (table.values("Direction") is not None) == by_direction
    assert standings_of(read_tables(table.text())[0]) == standings


def test_pair_names_with_spaces_are_string_tokens():
    board = traveller(3, [("Ann & Bo", 'the "B" team', "2S", "N", 8)])
    text = write_score_table(board)
    assert '"Ann & Bo" "the \\"B\\" team"' in text
    assert traveller_of(read_tables(text)[0], board=3, vul="EW") == board


def test_a_table_is_found_among_a_games_tags_comments_and_sections():
    text = (
        '% a file\r\n[Board "1"]\r\n[Vulnerable "None"]\r\n[Auction "N"]\r\n1S Pass 4S AP\r\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"] { two tables }\r\n'
        "1 5 4S N 10 420\r\n2 6\r\n4S N 9 -50\r\n"  # import format: rows need not keep to lines
        '[Play "E"]\r\nHA - - -\r\n\r\n[Board "2"]\r\n'
    )
    (table,) = read_tables(text)
    assert table.columns[0] == Column("PairId_NS")
    assert table.rows == (("1", "5", "4S", "N", "10", "420"), ("2", "6", "4S", "N", "9", "-50"))
    board = traveller_of(table, board=1, vul="None")
    assert [r.score for r in board.results] == [420, -50]  # a signed Score_NS alone reads too


def test_a_tables_rows_end_with_its_game():
    # An empty line ends a game (PBN 3.1): what follows it is no row of this table.
    (table,) = read_tables('[ScoreTable "Rank;Score_NS"]\n1 500\n\n2 450\n')
    assert table.rows == (("1", "500"),)


def test_order_marks_and_widths_are_read():
    (table,) = read_tables('[TotalScoreTable "-Rank\\\\3R;+TotalMP\\6;Names"]\n1 10 "A;B"\n')
    assert table.columns == (Column("Rank", 3, "R", "-"), Column("TotalMP", 6, "", "+"), Column("Names"))
    assert table.rows == (("1", "10", "A;B"),)


def test_a_score_that_the_result_does_not_make_is_refused():
    (table,) = read_tables('[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n1 5 4S N 10 450\n')
    with pytest.raises(ValueError, match="row 1: a score of 450 is not what 4S makes"):
        traveller_of(table, board=1, vul="None")


@pytest.mark.parametrize(
    "text, message",
    [
        ('[ScoreTable "PairId_NS;PairId_EW"]\n1 5 2\n', "3 elements do not fill rows of 2 columns"),
        ('[ScoreTable "#"]\n1 5\n', "no table before it"),
        ('[ScoreTable "Rank\\x"]\n1\n', "is not a column name"),
    ],
)
def test_a_table_that_cannot_be_read_says_why(text, message):
    with pytest.raises(ValueError, match=message):
        read_tables(text)


def test_a_table_that_cannot_be_read_names_the_line_of_its_tag():
    text = '[Board "1"]\r\n{ a traveller }\r\n\r\n[Board "2"]\r\n[ScoreTable "PairId_NS;PairId_EW"]\r\n1 5\r\n2\r\n'
    with pytest.raises(ValueError, match=r"^line 5: \[ScoreTable\]: 3 elements"):
        read_tables(text)


def test_a_rows_comments_escape_lines_and_strings_are_read_as_the_pbn_reader_reads_them():
    text = '[TotalScoreTable "Rank;Names;TotalMP"]\n1 "A;B {x}" ; a comment\n%escape\n10 {a} 2 "C \\"D\\"" 9\n'
    (table,) = read_tables(text)
    assert table.rows == (("1", "A;B {x}", "10"), ("2", 'C "D"', "9"))


def test_a_tag_repeated_in_a_game_is_ignored_as_the_pbn_reader_ignores_it():
    # PBN 3.4: a game's first [ScoreTable] counts; the next game may hold one of its own.
    text = '[ScoreTable "Rank"]\n1\n[ScoreTable "Rank;MP"]\n2 3\n\n[ScoreTable "MP"]\n4\n'
    assert [table.rows for table in read_tables(text)] == [(("1",),), (("4",),)]


def test_a_row_without_its_tricks_is_refused():
    (table,) = read_tables('[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 5 4S N ?\n')
    with pytest.raises(ValueError, match="row 1: '\\?' is not a number of tricks"):
        traveller_of(table, board=1, vul="None")


def test_a_score_table_without_results_is_no_traveller():
    (table,) = read_tables('[ScoreTable "Rank;Score_NS"]\n1 500\n')
    with pytest.raises(ValueError, match="no PairId_NS, PairId_EW, Contract, Declarer, Result column"):
        traveller_of(table, board=1, vul="None")
