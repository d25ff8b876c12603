"""A club night's boards as one PBN file: each game followed by its [ScoreTable] (a board's
later records, other tables' games named by their [Table] tag, with none), the
[TotalScoreTable] once after the last, all of it read back by the PBN reader (which reads
the tables past) and by the score-table reader (which reads them)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.bridge.club_night import IMPS, rank_pairs, traveller
from games.formats import Deck, read_decks
from games.formats.pbn.results import write_results_pbn
from games.formats.pbn.score_table import (
    TOTAL_SCORE_TABLE,
    read_tables,
    score_table,
    standings_of,
    total_score_table,
    traveller_of,
)

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
BOARD_1 = traveller(1, [("1", "1", "4H", "S", 10, "SA"), ("2", "2", "4H", "S", 9, "C2"), ("3", "3", "Pass", "", 0)])
BOARD_2 = traveller(2, [("1", "1", "3NT", "N", 9), ("2", "2", "2S", "W", 8)])
DECKS = [
    Deck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None"),
    Deck(deal=DEAL, index=1, line=1, board="2", dealer="E", vul="NS"),
    Deck(deal=DEAL, index=2, line=1, board="3", dealer="S", vul="EW"),
]
PLAYERS = {("1", "NS"): ("ann", "bob"), ("2", "EW"): ("Zoë Quinn", "li")}


def written(scoring: str = "MP") -> str:
    standings = rank_pairs([BOARD_1, BOARD_2], scoring=scoring, tables=3, by_direction=True)
    tables = [score_table(BOARD_1, scoring=scoring, tables=3), score_table(BOARD_2, scoring=scoring, tables=3), None]
    return write_results_pbn(DECKS, tables, total_score_table(standings, scoring=scoring, players=PLAYERS))


@pytest.mark.parametrize("scoring", ["MP", IMPS])
def test_each_board_has_its_score_table_and_the_ranking_comes_once_at_the_end(scoring):
    text = written(scoring)
    games = text.split("\r\n\r\n")
    assert len(games) == 3
    assert games[0].count("[ScoreTable ") == 1 and games[1].count("[ScoreTable ") == 1
    assert "[ScoreTable " not in games[2]  # nobody finished board 3
    assert text.count("[TotalScoreTable ") == 1 and games[2].index("[Board ") < games[2].index("[TotalScoreTable ")
    result = read_decks(text.encode(), "night.pbn")
    assert result.ok and not result.notes and [deck.board for deck in result.decks] == ["1", "2", "3"]
    assert all(deck.deal == DEAL for deck in result.decks)


def test_a_boards_later_records_are_games_of_their_own_named_by_their_table():
    records = [
        replace(DECKS[0], contract=contract, tags=(("Table", table),))
        for table, contract in (("1", "4H"), ("2", "3NT"))
    ]
    text = write_results_pbn([*records, DECKS[1]], [score_table(BOARD_1, scoring="MP", tables=3), None, None])
    games = text.split("\r\n\r\n")
    assert ['[Table "1"]' in games[0], '[Table "2"]' in games[1], "[Table " in games[2]] == [True, True, False]
    assert ["[ScoreTable " in game for game in games] == [True, False, False]
    result = read_decks(text.encode(), "night.pbn")
    assert result.ok and not result.notes
    assert [(deck.board, deck.contract, dict(deck.tags).get("Table")) for deck in result.decks] == [
        ("1", "4H", "1"),
        ("1", "3NT", "2"),
        ("2", "", None),
    ]


def test_the_tables_read_back_to_the_travellers_and_the_ranking():
    tables = read_tables(written())
    assert [table.name for table in tables] == ["ScoreTable", "ScoreTable", TOTAL_SCORE_TABLE]
    assert traveller_of(tables[0], board=1, vul="None") == BOARD_1
    assert traveller_of(tables[1], board=2, vul="NS") == BOARD_2
    standings = rank_pairs([BOARD_1, BOARD_2], tables=3, by_direction=True)
    assert standings_of(tables[2]) == standings
    # The players' names, PBN's <names>: one string token, ';' between the two.
    names = dict(zip(zip(tables[2].values("PairId"), tables[2].values("Direction")), tables[2].values("Names")))
    assert names[("1", "NS")] == "ann;bob" and names[("2", "EW")] == "Zoë Quinn;li" and names[("3", "NS")] == "?"
    assert '"Zoë Quinn;li"' in written()


def test_a_ranking_without_names_has_no_names_column():
    standings = rank_pairs([BOARD_1], tables=3, by_direction=True)
    assert total_score_table(standings).values("Names") is None
    assert total_score_table(standings, players={("1", "NS"): ("", "")}).values("Names") is None


def test_the_tables_are_one_a_deck():
    with pytest.raises(ValueError, match="2 score tables for 3 boards"):
        write_results_pbn(DECKS, [None, None])
    assert write_results_pbn([], [], None) == "% PBN 2.1\r\n% EXPORT\r\n"
