"""A Join game's tables: added and removed by the host, seating across them, each table
seeing only its own board, and the two movements (teaching and own pace)."""

from __future__ import annotations

import pytest

from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.models.board_play import BoardInPlay
from games.models.join import JoinTable, RemovingTableThatPlayed, Seat, SeatError, TableError
from games.presentation.seats import seat_view
from tests.playing import call, cards

pytestmark = pytest.mark.django_db

DEALS = [
    "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53",
    "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
    "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432 6543.876.876.876",
]


def club(host, django_user_model, *, movement: str = Game.Movement.TEACHING, tables: int = 2) -> Game:
    """A Join game of ``tables`` full tables (players p1n, p1e, ... p2w) and three decks queued."""
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN, movement=movement)
    first = JoinTable.for_game(game)
    for number in range(1, tables + 1):
        table = first if number == 1 else JoinTable.add_to(game)
        for seat in "NESW":
            table.take_seat(django_user_model.objects.create_user(f"p{number}{seat.lower()}"), seat)
    game.add_decks(
        [ParsedDeck(deal=deal, index=i, line=1, board=str(i + 1)) for i, deal in enumerate(DEALS)],
        source_name="club.pbn",
        source_format="pbn",
    )
    return game


def table(game: Game, number: int) -> JoinTable:
    return JoinTable.numbered(game, number)


def user(django_user_model, name: str):
    return django_user_model.objects.get(username=name)


# --- tables ------------------------------------------------------------------------------


def test_the_host_adds_tables_up_to_the_limit(host, settings):
    settings.JOIN_MAX_TABLES = 3
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN)
    JoinTable.for_game(game)
    assert [JoinTable.add_to(game).number for _ in range(2)] == [2, 3]
    with pytest.raises(TableError, match="3 tables at most"):
        JoinTable.add_to(game)
    assert list(game.join_tables.values_list("number", flat=True)) == [1, 2, 3]


def test_a_table_with_players_is_not_removed_and_says_who_sits_there(host, django_user_model):
    game = club(host, django_user_model)
    with pytest.raises(TableError, match=r"Table 2 has players: p2n \(North\), p2e \(East\)"):
        table(game, 2).remove()
    assert game.join_tables.count() == 2


def test_the_first_table_stays(host):
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN)
    JoinTable.add_to(game)
    with pytest.raises(TableError, match="first table stays"):
        JoinTable.for_game(game).remove(confirm=True)


def test_removing_a_table_that_played_asks_first_and_takes_its_results(host, django_user_model):
    game = club(host, django_user_model)
    board = game.deal_next()
    second = table(game, 2)
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, second), "P", "P", "P", "P")
    second.seats.all().delete()
    with pytest.raises(RemovingTableThatPlayed, match="Table 2 has played 1 board"):
        second.remove()
    assert BoardPlay.objects.filter(table=second).exists()
    second.remove(confirm=True)
    assert not BoardPlay.objects.filter(table_id=second.pk).exists() and game.join_tables.count() == 1


def test_an_empty_table_that_never_played_goes_at_once(host):
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN)
    JoinTable.for_game(game)
    JoinTable.add_to(game).remove()
    assert game.join_tables.count() == 1


def test_a_table_added_or_removed_moves_every_tables_version(host):
    """Each seat's page shows the count of tables ("Table 1 ·", the results link): a
    table that comes or goes moves every table on, and not as a play's change."""
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN)
    first = JoinTable.for_game(game)
    before = first.version
    second = JoinTable.add_to(game)
    first.refresh_from_db()
    assert first.version == before + 1 and first.played_version != first.version
    third = JoinTable.add_to(game)
    second.remove()
    first.refresh_from_db()
    third.refresh_from_db()
    assert first.version == before + 3 and third.version == 2


# --- seating -----------------------------------------------------------------------------


def test_a_player_sits_at_one_table_of_a_game(host, django_user_model):
    game = club(host, django_user_model)
    table(game, 2).unseat("S")
    with pytest.raises(SeatError, match="You already sit at table 1"):
        table(game, 2).take_seat(user(django_user_model, "p1n"), "S")


def test_the_same_seat_at_two_tables_is_two_seats(host, other_user, django_user_model):
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN)
    JoinTable.for_game(game).take_seat(other_user, "N")
    JoinTable.add_to(game).take_seat(django_user_model.objects.create_user("dave"), "N")
    assert sorted(Seat.objects.values_list("table__number", "seat")) == [(1, "N"), (2, "N")]


def test_moving_a_player_to_another_table_swaps_and_sees_from_that_tables_next_board(host, django_user_model):
    game = club(host, django_user_model)
    game.deal_next()
    one, two = table(game, 1), table(game, 2)
    one.move("E", "W", two)
    moved = Seat.objects.get(user__username="p1e")
    swapped = Seat.objects.get(user__username="p2w")
    assert (moved.table_id, moved.seat, moved.from_board) == (two.pk, "W", 2)
    assert (swapped.table_id, swapped.seat, swapped.from_board) == (one.pk, "E", 2)
    assert seat_view(game, moved.user).table == 2 and not seat_view(game, moved.user).held


def test_moving_to_an_empty_seat_at_another_table(host, django_user_model):
    game = club(host, django_user_model)
    two = table(game, 2)
    two.unseat("S")
    table(game, 1).move("N", "S", two)
    assert not table(game, 1).seats.filter(seat="N").exists()
    assert two.seats.get(seat="S").user.username == "p1n"


def test_a_move_to_a_table_of_another_game_is_refused(host, django_user_model):
    game = club(host, django_user_model)
    other = JoinTable.for_game(Game.objects.create(host=host, name="Other", game_type=Game.Type.JOIN))
    with pytest.raises(SeatError, match="table of this game"):
        table(game, 1).move("N", "S", other)


def test_each_player_sees_only_their_own_tables_hand_and_play(host, django_user_model):
    game = club(host, django_user_model)
    board = game.deal_next()
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, table(game, 1)), "1C")
    first, second = seat_view(game, user(django_user_model, "p1n")), seat_view(game, user(django_user_model, "p2n"))
    assert first.table == 1 and second.table == 2 and first.tables == 2
    hands = dict(zip("NESW", DEALS[0][2:].split()))
    assert first.slots[0].cards == hands["N"] == second.slots[0].cards  # the same deal, each their own hand
    assert not any(slot.cards for slot in first.slots[1:]) and not any(slot.cards for slot in second.slots[1:])
    assert first.play.at == 1 and second.play.at == 0  # table 2 sees nothing of table 1's call
    assert first.slots[1].player == "p1e" and second.slots[1].player == "p2e"
    # A seated player always sees their own table, whichever table a caller names.
    assert seat_view(game, user(django_user_model, "p2n"), table(game, 1)).table == 2


# --- the teaching movement ----------------------------------------------------------------


def test_teaching_every_table_plays_the_board_the_host_deals(host, django_user_model):
    game = club(host, django_user_model)
    board = game.deal_next()
    assert table(game, 1).board() == board == table(game, 2).board()
    assert BoardPlay.start(board, BoardPlay.Mode.TABLE, table(game, 1)).pk != (
        BoardPlay.start(board, BoardPlay.Mode.TABLE, table(game, 2)).pk
    )


def test_teaching_a_table_still_playing_finishes_its_board_then_goes_on(host, django_user_model):
    game = club(host, django_user_model)
    first = game.deal_next()
    one, two = table(game, 1), table(game, 2)
    play = call(BoardPlay.start(first, BoardPlay.Mode.TABLE, two), "1C", "P", "P", "P")
    second = game.deal_next()  # no question: table 2 plays on
    assert one.board() == second and two.board() == first
    assert seat_view(game, user(django_user_model, "p2n")).behind == second.board_number
    assert seat_view(game, user(django_user_model, "p1n")).behind is None
    cards(play, 52)
    assert two.board() == second and BoardPlay.objects.get(pk=play.pk).done


def test_teaching_the_host_moves_a_table_on_after_asking(host, django_user_model):
    game = club(host, django_user_model)
    first = game.deal_next()
    two = table(game, 2)
    play = call(BoardPlay.start(first, BoardPlay.Mode.TABLE, two), "1C")
    second = game.deal_next()
    with pytest.raises(BoardInPlay, match="Board 1 is being played: 1 call made"):
        two.move_on(first.number)
    assert two.board() == first
    with pytest.raises(SeatError, match="gone on already"):
        two.move_on(second.number, confirm=first.number)  # a page showing another board
    two.move_on(first.number, confirm=first.number)
    assert two.board() == second and BoardPlay.objects.get(pk=play.pk).abandoned == "dealt"


def test_a_one_table_game_deals_over_the_board_in_play_as_before(host, django_user_model):
    game = club(host, django_user_model, tables=1)
    first = game.deal_next()
    call(BoardPlay.start(first, BoardPlay.Mode.TABLE), "1C")
    with pytest.raises(BoardInPlay):
        game.deal_next()
    game.deal_next(confirm_abandon=first.number)
    assert BoardPlay.objects.get(board=first).abandoned == "dealt"


# --- own pace -------------------------------------------------------------------------------


def test_own_pace_each_table_goes_on_when_it_has_finished(host, django_user_model):
    game = club(host, django_user_model, movement=Game.Movement.OWN_PACE)
    one, two = table(game, 1), table(game, 2)
    first = game.deal_next()
    assert one.board() == first == two.board()
    with pytest.raises(SeatError, match="has not been played at your table yet"):
        one.next_board(at=first.number)
    play = call(BoardPlay.start(first, BoardPlay.Mode.TABLE, one), "1C")
    with pytest.raises(SeatError, match="not over yet"):
        one.next_board(at=first.number)
    cards(call(play, "P", "P", "P"), 52)
    second = one.next_board(at=first.number)  # the leading table deals the queue's next deck
    assert (second.number, second.deck.board) == (2, "2") and one.board() == second and two.board() == first
    call(BoardPlay.start(first, BoardPlay.Mode.TABLE, two), "P", "P", "P", "P")
    assert two.next_board(at=first.number) == second  # the board the leading table dealt
    assert game.boards.count() == 2 and game.queued().count() == 1


def test_own_pace_a_double_click_goes_on_once(host, django_user_model):
    game = club(host, django_user_model, movement=Game.Movement.OWN_PACE)
    one = table(game, 1)
    first = game.deal_next()
    call(BoardPlay.start(first, BoardPlay.Mode.TABLE, one), "P", "P", "P", "P")
    one.next_board(at=first.number)
    with pytest.raises(SeatError, match="gone on already"):
        one.next_board(at=first.number)
    assert one.board().number == 2 and game.boards.count() == 2


def test_own_pace_the_host_moves_a_table_on_from_a_board_not_played(host, django_user_model):
    game = club(host, django_user_model, movement=Game.Movement.OWN_PACE)
    two = table(game, 2)
    first = game.deal_next()
    assert two.move_on(first.number).number == 2 and two.board().number == 2


def test_teaching_tables_do_not_go_on_by_themselves(host, django_user_model):
    game = club(host, django_user_model)
    first = game.deal_next()
    call(BoardPlay.start(first, BoardPlay.Mode.TABLE, table(game, 1)), "P", "P", "P", "P")
    with pytest.raises(SeatError, match="host deals the next board"):
        table(game, 1).next_board(at=first.number)
