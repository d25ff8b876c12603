"""The director's desk, on the models: a table's call (one open at a time, every one kept),
adjusted scores scored into the travellers and the ranking, Butler IMPs, a pair's score
card, a movement pair's running figure, and a substitute who moves with the pair.

The boards are test_club_results' three tables (worked by hand there):
  board 1: table 1 4♥ by S 10 tricks +420; table 2 4♥ by S 9 tricks -50; table 3 3NT by N 10 +430
  board 2: table 1 passed out; table 2 2♠ by W 8 tricks -110; table 3 passed out
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.models import Adjustment, DirectorCall, Game, JoinTable
from games.models.club import game_results, pair_card, results_for, table_total
from games.models.director import save_adjustment
from games.models.join import Pair, Substitute, next_round, start_movement
from games.presentation.result_text import pair_label
from tests.models import test_club_results
from tests.models.test_club_movement import club, finish_round, seat_pairs, where_seated

pytestmark = pytest.mark.django_db

three_tables = test_club_results.three_tables  # the fixture


def line(results, board: int, table: int):
    return next(line for line in results.boards[board].lines if line.table == table)


def test_a_table_has_one_open_call_and_every_call_is_kept(host, django_user_model):
    game = Game.objects.create(host=host, name="Club", game_type=Game.Type.JOIN)
    table = JoinTable.for_game(game)
    player = django_user_model.objects.create_user("north")
    table.take_seat(player, "N")
    version = JoinTable.objects.get(pk=table.pk).version

    first, made = DirectorCall.call(table, player)
    again, made_again = DirectorCall.call(table, player)
    assert made and not made_again and again.pk == first.pk
    assert JoinTable.objects.get(pk=table.pk).version == version + 1  # the overview redraws

    answered = DirectorCall.answer(game, first.pk, host)
    assert answered.answered_by == host and answered.answered_at is not None
    second, made = DirectorCall.call(table, player)
    assert made and second.pk != first.pk
    assert DirectorCall.objects.filter(game=game).count() == 2  # the night's log


def test_an_artificial_score_takes_the_games_percentages_and_leaves_the_others_compared(three_tables, host):
    game = three_tables(Game.Scoring.MATCHPOINTS)
    Game.objects.filter(pk=game.pk).update(avg_plus_percent=55)
    game.refresh_from_db()
    board = game.boards.get(number=1)
    save_adjustment(game, board, JoinTable.numbered(game, 2), host, kind="artificial", reason="slow play",
                    ns_average="Avg+", ew_average="Avg-")  # fmt: skip
    results = game_results(game)
    adjusted = line(results, 0, 2)
    assert adjusted.adjustment.label == "Avg+/Avg-" and adjusted.adjustment.reason == "slow play"
    assert (adjusted.ns_percent, adjusted.ew_percent) == (55, 40)
    # Tables 1 and 3 compared with each other alone, brought to 3 results by Neuberg:
    # N-S 0 and 2 of 2 become (0 + 1) x 3/2 - 1 = 0.5 and (2 + 1) x 3/2 - 1 = 3.5 of 4.
    assert (line(results, 0, 1).ns_mp, line(results, 0, 3).ns_mp) == (Fraction(1, 2), Fraction(7, 2))


def test_an_assigned_score_is_scored_like_a_result(three_tables, host):
    game = three_tables(Game.Scoring.MATCHPOINTS)
    save_adjustment(game, game.boards.get(number=1), JoinTable.numbered(game, 2), host, kind="assigned",
                    reason="misinformation", contract="4H", declarer="S", tricks=10)  # fmt: skip
    results = game_results(game)
    # 420, 420, 430: tables 1 and 2 tie (1 of 4 each), table 3 beats both.
    assert [(lin.table, lin.score, lin.ns_mp) for lin in results.boards[0].lines] == [
        (1, 420, 1),
        (2, 420, 1),
        (3, 430, 4),
    ]
    assert line(results, 0, 2).adjustment.kind == "assigned"


def test_a_fouled_board_compares_each_group_apart(three_tables, host):
    game = three_tables(Game.Scoring.MATCHPOINTS)
    save_adjustment(game, game.boards.get(number=1), JoinTable.numbered(game, 3), host, kind="fouled",
                    reason="cards swapped", group="B")  # fmt: skip
    results = game_results(game)
    assert line(results, 0, 3).ns_percent == 50  # alone in its group: average
    # Tables 1 and 2 compared alone, brought to 3 results: N-S 2 and 0 of 2 become 3.5 and 0.5 of 4.
    assert (line(results, 0, 1).ns_percent, line(results, 0, 2).ns_percent) == (Fraction(175, 2), Fraction(25, 2))


def test_butler_imps_score_against_the_datum(three_tables):
    game = three_tables(Game.Scoring.BUTLER)
    results = game_results(game)
    # Board 1: datum 800 / 3 = 266.7 -> 270: +150 = 4, -320 = -8, +160 = 4 IMPs.
    # Board 2: datum -110 / 3 = -36.7 -> -40: +40 = 1, -70 = -2, +40 = 1 IMPs.
    assert [lin.imps for lin in results.boards[0].lines] == [4, -8, 4]
    assert [lin.ew_imps for lin in results.boards[1].lines] == [-1, 2, -1]
    ranked = {(s.standing.pair, s.standing.direction): s.standing.score for s in results.ranking}
    assert ranked[("1", "NS")] == 5 and ranked[("2", "NS")] == -10 and ranked[("2", "EW")] == 10
    assert results.butler and results.engine_scoring == "Butler"


def test_a_tables_pair_has_a_score_card(three_tables):
    game = three_tables(Game.Scoring.IMPS)
    card = pair_card(game, game_results(game), "2-EW")
    assert [(lin.board.board_number, pair_label(lin.opponents), lin.score, lin.points) for lin in card.lines] == [
        (1, "Table 2 N-S", 50, 10),
        (2, "Table 2 N-S", 110, 3),
    ]
    assert card.total == 13 and card.standing.score == 13
    assert pair_card(game, game_results(game), "9-EW") is None


def howell_night(host, django_user_model) -> tuple[Game, dict]:
    game = club(host, 2, movement=Game.Movement.HOWELL, boards_per_round=1, scoring=Game.Scoring.MATCHPOINTS)
    pairs = seat_pairs(game, django_user_model)
    start_movement(game, host)
    return game, pairs


def test_a_movement_pair_has_its_card_and_its_own_running_figure(host, django_user_model):
    game, pairs = howell_night(host, django_user_model)
    finish_round(game)  # every table passes its board out: every pair 50%
    player = pairs["1"][0]
    results = results_for(game, player)
    card = pair_card(game, results, "1")
    assert len(card.lines) == 1 and card.lines[0].round == 1 and pair_label(card.lines[0].opponents).startswith("Pair ")
    total = table_total(game, JoinTable.of(game, player), player)
    assert total is not None and total.pair is not None and pair_label(total.pair) == "Pair 1"
    assert total.ns == 50 and total.boards == 1
    assert table_total(game, JoinTable.numbered(game, 1), host) is None  # the host plays in no pair


def test_a_substitute_plays_for_the_pair_and_moves_with_it(host, django_user_model):
    game, pairs = howell_night(host, django_user_model)
    leaving = pairs["1"][1]
    table_number, seat = where_seated(game, leaving)
    table = JoinTable.objects.get(game=game, number=table_number)
    table.leave(leaving)
    substitute = django_user_model.objects.create_user("sub")
    table.take_seat(substitute, seat)

    pair = Pair.objects.get(game=game, name="1")
    assert pair.second_id == substitute.pk
    recorded = Substitute.objects.get(pair=pair)
    assert (recorded.replaced_id, recorded.substitute_id, recorded.round) == (leaving.pk, substitute.pk, 1)

    finish_round(game)
    next_round(game, 1, by=host)
    spot = game.club_movement().where("1", 2)
    assert where_seated(game, substitute) == (spot.table, "S" if spot.direction == "NS" else "W")
    assert where_seated(game, leaving) is None


def test_an_adjustment_is_one_a_table_and_board(three_tables, host):
    game = three_tables(Game.Scoring.MATCHPOINTS)
    board, table = game.boards.get(number=1), JoinTable.numbered(game, 2)
    save_adjustment(game, board, table, host, kind="fouled", reason="x", group="A")
    save_adjustment(game, board, table, host, kind="artificial", reason="y", ns_average="Avg", ew_average="Avg")
    assert Adjustment.objects.get(board=board, table=table).kind == "artificial"


def test_a_howells_ranking_is_one_field_and_says_so(host, django_user_model, client):
    game, _ = howell_night(host, django_user_model)
    finish_round(game)
    client.force_login(host)
    page = client.get(f"/games/{game.pk}/results/").text
    assert "<caption>Every pair, one field</caption>" in page and "East-West pairs" not in page
