"""A club three_tables's results, checked against figures worked by hand: each board's
traveller, N-S and E-W matchpoints, cross-IMPs, and the ranking by the game's scoring,
ties shown as ties; and a player's view, which holds only the boards their table has
finished.

Three tables, two boards, every result reached by an auction, the opening lead and a
claim the defenders accept:

Board 1 (dealer N, nobody vulnerable)          Board 2 (dealer E, N-S vulnerable)
  table 1: 4♥ by S, 10 tricks  N-S +420           table 1: passed out        0
  table 2: 4♥ by S,  9 tricks  N-S  -50           table 2: 2♠ by W, 8 tricks  N-S -110
  table 3: 3NT by N, 10 tricks N-S +430           table 3: passed out        0

Matchpoints, top 4 (2 for each of the two other tables):
  board 1  N-S: 2, 0, 4 (50%, 0%, 100%)   E-W: 2, 4, 0
  board 2  N-S: 3, 0, 3 (75%, 0%, 75%)    E-W: 1, 4, 1
  totals   N-S: 5, 0, 7 of 8 (62.5%, 0%, 87.5%)   E-W: 3, 8, 1 (37.5%, 100%, 12.5%)
Cross-IMPs for N-S, the average of the IMPs against each other table:
  board 1  table 1: (+470 = 10, -10 = 0) / 2 = 5; table 2: (-10 - 10) / 2 = -10; table 3: (0 + 10) / 2 = 5
  board 2  table 1: (+110 = 3, 0) / 2 = 1.5; table 2: -3; table 3: 1.5
  totals   N-S: 6.5, -13, 6.5 (tables 1 and 3 tie)   E-W: -6.5, 13, -6.5
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.models.club import game_results, results_for
from games.models.join import JoinTable
from games.presentation.result_text import line_summary, pair_label
from tests.playing import call

pytestmark = pytest.mark.django_db

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"

BOARD_1 = {
    1: (["P", "P", "4H", "P", "P", "P"], 10),
    2: (["P", "P", "4H", "P", "P", "P"], 9),
    3: (["3NT", "P", "P", "P"], 10),
}
BOARD_2 = {
    1: (["P", "P", "P", "P"], None),
    2: (["P", "P", "2S", "P", "P", "P"], 8),
    3: (["P", "P", "P", "P"], None),
}


def finish(board, table: JoinTable, calls: list[str], tricks: int | None) -> BoardPlay:
    """Bid ``calls``; then the opening lead and a claim of ``tricks``, which both defenders accept."""
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE, table), *calls)
    if tricks is None:
        return play
    state = play.state()
    play = play.act(state.actor, "card", play.actions, card=sorted(state.remaining(state.actor))[0])
    play = play.act(state.declarer, "claim", play.actions, tricks=tricks)
    for defender in play.state().defenders:
        play = play.act(defender, "accept", play.actions)
    assert play.done
    return play


@pytest.fixture
def three_tables(host, django_user_model):
    """Three full tables; board 1 and board 2 dealt (teaching) and played as above."""

    def make(scoring: str, *, boards=(BOARD_1, BOARD_2)) -> Game:
        game = Game.objects.create(host=host, name="Club three_tables", game_type=Game.Type.JOIN, scoring=scoring)
        JoinTable.for_game(game)
        JoinTable.add_to(game)
        JoinTable.add_to(game)
        for table in game.join_tables.all():
            for seat in "NESW":
                table.take_seat(django_user_model.objects.create_user(f"p{table.number}{seat.lower()}"), seat)
        game.add_decks(
            [ParsedDeck(deal=DEAL, index=i, line=1, board=str(i + 1)) for i in range(2)], source_name="club.pbn"
        )
        for results in boards:
            board = game.deal_next()
            for number, (calls, tricks) in results.items():
                finish(board, JoinTable.numbered(game, number), calls, tricks)
        return game

    return make


def lines(results, board_index: int):
    return [
        (line.table, line_summary(line), line.score, line.ns_mp, line.ew_mp, line.ns_percent, line.imps)
        for line in results.boards[board_index].lines
    ]


def test_each_boards_traveller_scores_matchpoints_and_cross_imps(three_tables):
    results = game_results(three_tables(Game.Scoring.MATCHPOINTS))
    assert results.tables == 3
    assert lines(results, 0) == [
        (1, "4♥ by S, 10 tricks", 420, 2, 2, 50, 5),
        (2, "4♥ by S, 9 tricks", -50, 0, 4, 0, -10),
        (3, "3NT by N, 10 tricks", 430, 4, 0, 100, 5),
    ]
    assert lines(results, 1) == [
        (1, "Passed out", 0, 3, 1, 75, Fraction(3, 2)),
        (2, "2♠ by W, 8 tricks", -110, 0, 4, 0, -3),
        (3, "Passed out", 0, 3, 1, 75, Fraction(3, 2)),
    ]
    first = results.boards[0].lines[0]
    assert (first.declarer, first.tricks, first.top, first.ew_percent) == ("S", 10, 4, 50)
    assert first.lead and results.boards[1].lines[0].lead == ""  # a lead was made; none on a board passed out


def ranking(results):
    return [
        (p.standing.direction, p.standing.place, p.standing.pair, p.standing.percent, p.standing.score)
        for p in results.ranking
    ]


def test_at_matchpoints_pairs_rank_by_their_percentage_each_direction_apart(three_tables):
    results = game_results(three_tables(Game.Scoring.MATCHPOINTS))
    assert ranking(results) == [
        ("NS", "1", "3", Fraction(175, 2), 7),
        ("NS", "2", "1", Fraction(125, 2), 5),
        ("NS", "3", "2", 0, 0),
        ("EW", "1", "2", 100, 8),
        ("EW", "2", "1", Fraction(75, 2), 3),
        ("EW", "3", "3", Fraction(25, 2), 1),
    ]
    assert results.ranking[0].players == "p3n & p3s" and pair_label(results.ranking[0].name) == "Table 3 N-S"
    assert results.ranking[3].players == "p2e & p2w" and pair_label(results.ranking[3].name) == "Table 2 E-W"


def test_at_imps_pairs_rank_by_cross_imps_and_ties_show_as_ties(three_tables):
    results = game_results(three_tables(Game.Scoring.IMPS))
    assert ranking(results) == [
        ("NS", "1=", "1", None, Fraction(13, 2)),
        ("NS", "1=", "3", None, Fraction(13, 2)),
        ("NS", "3", "2", None, -13),
        ("EW", "1", "2", None, 13),
        ("EW", "2=", "1", None, Fraction(-13, 2)),
        ("EW", "2=", "3", None, Fraction(-13, 2)),
    ]


def test_a_board_finished_at_fewer_tables_is_brought_to_the_full_count(three_tables):
    """Board 2 finished at tables 1 and 2 only: Neuberg's (M + 1) x 3 / 2 - 1 of the top 4.
    Table 1's 2 of 2 becomes 3.5, table 2's 0 becomes 0.5."""
    only_two = {number: result for number, result in BOARD_2.items() if number != 3}
    results = game_results(three_tables(Game.Scoring.MATCHPOINTS, boards=(BOARD_1, only_two)))
    assert [(line.table, line.ns_mp, line.top) for line in results.boards[1].lines] == [
        (1, Fraction(7, 2), 4),
        (2, Fraction(1, 2), 4),
    ]
    assert results.boards[1].playing == (3,)


def test_a_player_sees_only_the_boards_their_table_has_finished(three_tables, django_user_model):
    only_two = {number: result for number, result in BOARD_2.items() if number != 3}
    game = three_tables(Game.Scoring.MATCHPOINTS, boards=(BOARD_1, only_two))
    at_three = results_for(game, django_user_model.objects.get(username="p3e"))
    assert [board.board_number for board in at_three.boards] == [1] and at_three.hidden == 1
    # The ranking is made of board 1 alone, so it tells table 3 nothing of board 2.
    assert ranking(at_three)[0] == ("NS", "1", "3", 100, 4)
    at_one = results_for(game, django_user_model.objects.get(username="p1n"))
    assert [board.board_number for board in at_one.boards] == [1, 2] and at_one.hidden == 0
    host = results_for(game, game.host)
    assert len(host.boards) == 2 and host.hidden == 0


def test_a_board_left_unfinished_scores_nothing_and_says_so(three_tables, django_user_model):
    game = three_tables(Game.Scoring.MATCHPOINTS, boards=(BOARD_1,))
    board = game.deal_next()
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, JoinTable.numbered(game, 2)), "1C")
    JoinTable.numbered(game, 2).reveal(board.number, confirm=board.number)
    results = game_results(game)
    assert results.boards[1].lines == () and results.boards[1].unfinished == (2,)
    assert results.boards[1].playing == (1, 3)
