"""A Join game played by a Mitchell or Howell: the pairs made at round 1, each table on its
round's set of boards, Next round moving every seat as the movement says, a sit-out, a
round ended by the host, a late pair, and the travellers naming the movement's pairs."""

from __future__ import annotations

import pytest

from games.models import BoardPlay, DealtBoard, Game, JoinTable, Seat
from games.models.club import game_results
from games.models.join import Pair, RoundNotOver, SeatError, next_round, round_state, start_movement
from games.models.join.rounds import SEATS_OF
from games.presentation.result_text import pair_label
from tests.models.test_deal_concurrency import run_threads
from tests.playing import call

pytestmark = pytest.mark.django_db


def club(host, tables: int, **fields) -> Game:
    fields = {"movement": Game.Movement.MITCHELL, "boards_per_round": 2, **fields}
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN, **fields)
    JoinTable.set_up(game, tables)
    return game


def seat_pairs(game: Game, django_user_model, *, leave_out: tuple[int, str] | None = None) -> dict[str, tuple]:
    """Two players in every pair's seats of round 1 (``leave_out``: a table's NS or EW left
    empty); {pair name: (first user, second user)}."""
    movement = game.club_movement(game.join_tables.count())
    pairs = {}
    for name in movement.pair_names:
        spot = movement.where(name, 1)
        if (spot.table, spot.direction) == leave_out:
            continue
        table = JoinTable.objects.get(game=game, number=spot.table)
        users = []
        for seat in SEATS_OF[spot.direction]:
            user = django_user_model.objects.create_user(f"p{name.replace(' ', '')}{seat}".lower(), password="x")
            table.take_seat(user, seat)
            users.append(user)
        pairs[name] = tuple(users)
    return pairs


def finish_round(game: Game, *, skip: set[int] = frozenset()) -> None:
    """Every table (but those in ``skip``) passes out each board of its set, in order."""
    game.refresh_from_db()
    for table in JoinTable.objects.select_related("game").filter(game=game):
        if table.number in skip:
            continue
        while True:
            board = table.board()
            if board is None:
                break
            play = BoardPlay.start(board, BoardPlay.Mode.TABLE, table)
            if play.done or play.abandoned:
                break
            call(play, "P", "P", "P", "P")


def where_seated(game: Game, user) -> tuple[int, str] | None:
    row = Seat.objects.filter(game=game, user=user).select_related("table").first()
    return None if row is None else (row.table.number, row.seat)


def test_round_1_makes_the_pairs_of_the_players_seated_there(host, django_user_model):
    game = club(host, 3)
    seated = seat_pairs(game, django_user_model)

    assert start_movement(game, host) == 6  # 3 sets of 2 boards
    game.refresh_from_db()
    assert game.round == 1 and game.phantom == ""
    pairs = {pair.name: (pair.first_id, pair.second_id) for pair in Pair.objects.filter(game=game)}
    assert pairs == {name: (a.pk, b.pk) for name, (a, b) in seated.items()}
    boards = list(DealtBoard.objects.filter(game=game).order_by("number").values_list("number", "board_number"))
    assert boards == [(n, n) for n in range(1, 7)]
    movement = game.club_movement()
    for table in JoinTable.objects.select_related("game").filter(game=game):
        assert table.board().board_number == movement.rounds[0].table(table.number).boards[0]


def test_it_refuses_to_start_with_a_pair_missing_that_is_not_the_phantom(host, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model, leave_out=(1, "EW"))
    with pytest.raises(SeatError, match="Table 1 needs a pair"):
        start_movement(game, host)
    game.refresh_from_db()
    assert game.round == 0 and not Pair.objects.filter(game=game).exists()
    assert not DealtBoard.objects.filter(game=game).exists()


def test_deal_new_cards_is_refused_in_a_movement_game(host):
    game = club(host, 3)
    with pytest.raises(Game.MovementDeals):
        game.deal_next(by=host)


def test_a_table_plays_its_set_in_order_then_waits(host, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    start_movement(game, host)
    table = JoinTable.objects.select_related("game").get(game=game, number=2)
    first, second = game.club_movement().rounds[0].table(2).boards
    board = table.board()
    assert board.board_number == first
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, table), "P", "P", "P", "P")
    assert table.board().board_number == second
    call(BoardPlay.start(table.board(), BoardPlay.Mode.TABLE, table), "P", "P", "P", "P")
    assert table.board().board_number == second  # the round is over here: it stays on its last board
    assert round_state(game).of(2).over and not round_state(game).round_over


def test_next_round_moves_every_seat_as_the_movement_says(host, django_user_model):
    game = club(host, 3, arrow_switch=1)
    seated = seat_pairs(game, django_user_model)
    start_movement(game, host)
    movement = game.club_movement()
    versions = dict(JoinTable.objects.filter(game=game).values_list("pk", "version"))
    for round_number in range(2, len(movement.rounds) + 1):
        finish_round(game)
        assert next_round(game, round_number - 1, by=host) == round_number
        for name, users in seated.items():
            spot = movement.where(name, round_number)
            expected = [(spot.table, seat) for seat in SEATS_OF[spot.direction]]
            assert [where_seated(game, user) for user in users] == expected
    moved = dict(JoinTable.objects.filter(game=game).values_list("pk", "version"))
    assert all(moved[pk] > versions[pk] for pk in versions)  # every table's pages redraw
    assert movement.rounds[-1].arrow_switch  # the stationary pairs took the E-W seats last
    with pytest.raises(SeatError, match="last"):
        next_round(game, len(movement.rounds), by=host)


def test_next_round_moves_robots_with_their_pair(host, django_user_model):
    game = club(host, 2, movement=Game.Movement.HOWELL, boards_per_round=1)
    movement = game.club_movement(2)
    robots = next(name for name in movement.pair_names if movement.where(name, 1).direction == "EW")
    spot = movement.where(robots, 1)
    for name in movement.pair_names:
        here = movement.where(name, 1)
        table = JoinTable.objects.get(game=game, number=here.table)
        for seat in SEATS_OF[here.direction]:
            if name == robots:
                table.seat_robot(seat)
            else:
                table.take_seat(django_user_model.objects.create_user(f"h{name}{seat}", password="x"), seat)
    start_movement(game, host)
    assert Pair.objects.get(game=game, name=robots).robots
    next_round(game, 1, force=True, by=host)  # the robots bid on their own: the host ends the round
    now = movement.where(robots, 2)
    held = dict(JoinTable.objects.filter(game=game).values_list("number", "robots"))
    assert held[now.table] == "".join(SEATS_OF[now.direction])
    if now.table != spot.table:
        assert held[spot.table] == ""


def test_next_round_waits_for_a_slow_table_unless_forced(host, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    start_movement(game, host)
    finish_round(game, skip={2})
    slow = JoinTable.objects.select_related("game").get(game=game, number=2)
    call(BoardPlay.start(slow.board(), BoardPlay.Mode.TABLE, slow), "1C")  # under way

    with pytest.raises(RoundNotOver) as refused:
        next_round(game, 1, by=host)
    assert refused.value.tables == [2]
    game.refresh_from_db()
    assert game.round == 1

    next_round(game, 1, force=True, by=host)
    first, second = game.club_movement().rounds[0].table(2).boards
    plays = dict(BoardPlay.objects.filter(table=slow, board__game=game).values_list("board__board_number", "abandoned"))
    assert plays == {first: BoardPlay.Abandoned.DEALT, second: BoardPlay.Abandoned.NOT_PLAYED}
    results = game_results(game)
    assert all(2 in board.unfinished for board in results.boards if board.board_number in (first, second))


def test_a_page_showing_an_older_round_changes_nothing(host, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    start_movement(game, host)
    finish_round(game)
    next_round(game, 1, by=host)
    with pytest.raises(SeatError, match="round 2 now"):
        next_round(game, 1, force=True, by=host)


def test_an_odd_number_of_pairs_sits_one_out_each_round(host, django_user_model):
    game = club(host, 3)
    seated = seat_pairs(game, django_user_model, leave_out=(3, "NS"))  # the phantom: 3 NS
    start_movement(game, host)
    game.refresh_from_db()
    assert game.phantom == "3 NS" and Pair.objects.filter(game=game).count() == 5
    odd = game.club_movement(3, 5)
    for round_number in (1, 2, 3):
        if round_number > 1:
            finish_round(game)
            next_round(game, round_number - 1, by=host)
            game.refresh_from_db()
        state = round_state(game)
        assert state.sitout == odd.rounds[round_number - 1].sitout
        assert state.of(3).idle and state.of(3).deal is None
        sitting_out = seated[state.sitout]
        assert all(where_seated(game, user)[0] == 3 for user in sitting_out)  # at the idle table
        assert JoinTable.objects.select_related("game").get(game=game, number=3).board() is None


def test_a_late_pair_takes_the_phantoms_place_and_its_missed_boards_score_average(host, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model, leave_out=(3, "NS"))
    start_movement(game, host)
    finish_round(game)
    movement = game.club_movement()
    late = [django_user_model.objects.create_user(name, password="x") for name in ("late1", "late2")]
    idle = JoinTable.objects.get(game=game, number=3)
    idle.take_seat(late[0], "N")
    idle.take_seat(late[1], "S")
    assert round_state(game).late_pair

    next_round(game, 1, by=host)
    game.refresh_from_db()
    pair = Pair.objects.get(game=game, name="3 NS")
    assert (pair.first_id, pair.second_id, pair.joined_round) == (late[0].pk, late[1].pk, 2)
    assert game.phantom == "" and round_state(game).sitout == ""
    spot = movement.where("3 NS", 2)
    assert where_seated(game, late[0]) == (spot.table, "N")
    assert JoinTable.objects.select_related("game").get(game=game, number=3).board() is not None

    results = game_results(game)
    missed = movement.rounds[0].table(3).boards
    ranked = {line.standing.pair for line in results.ranking}
    assert "3 NS" in ranked  # scored on round 1's boards at the game's average
    for board in results.boards:
        if board.board_number in missed:
            assert any(r.ns == "3 NS" and r.artificial for r in board.scored.results)


def test_travellers_name_the_movements_pairs_and_rounds(host, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    start_movement(game, host)
    finish_round(game)
    next_round(game, 1, by=host)
    finish_round(game)
    movement = game.club_movement()
    results = game_results(game)
    seen = 0
    for board in results.boards:
        for line in board.lines:
            played = movement.rounds[line.round - 1].table(line.table)
            assert board.board_number in played.boards
            assert (line.ns_pair, line.ew_pair) == (played.ns, played.ew)
            seen += 1
    assert seen == 12  # 2 rounds x 3 tables x 2 boards
    assert {line.standing.pair for line in results.ranking} == set(movement.pair_names)
    assert all(line.players for line in results.ranking)
    assert pair_label(results.ranking[0].name).startswith("Pair ")


@pytest.mark.queue
@pytest.mark.django_db(transaction=True)
def test_two_next_round_clicks_at_once_move_the_pairs_once(host, django_user_model):
    game = club(host, 3)
    seated = seat_pairs(game, django_user_model)
    start_movement(game, host)
    finish_round(game)
    outcomes: list[str] = []

    def click() -> None:
        try:
            next_round(Game.objects.get(pk=game.pk), 1, by=host)
            outcomes.append("moved")
        except SeatError:
            outcomes.append("refused")

    run_threads([click, click])
    assert sorted(outcomes) == ["moved", "refused"]
    game.refresh_from_db()
    assert game.round == 2
    movement = game.club_movement()
    for name, users in seated.items():
        spot = movement.where(name, 2)
        assert [where_seated(game, user) for user in users] == [(spot.table, s) for s in SEATS_OF[spot.direction]]
