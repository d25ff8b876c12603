"""Own pace at a club night: tables finishing at the same moment go on to the next board
at once, and still take one deal for each board number, never two decks.

Real threads, each with its own database connection, as the queue's tests
(test_deal_concurrency.py). scripts/test.sh runs these again on PostgreSQL
(select_for_update); on SQLite the IMMEDIATE transactions serialise them.
"""

from __future__ import annotations

import pytest

from games.bridge.cards import random_deal
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, DealtBoard, Deck, Game
from games.models.join import JoinTable, SeatError, TableError
from tests.models.test_deal_concurrency import run_threads
from tests.playing import call

pytestmark = [pytest.mark.queue, pytest.mark.django_db(transaction=True)]

TABLES = 6
ROUNDS = 5


def club(host, tables: int, decks: int) -> Game:
    game = Game.objects.create(host=host, name="Club night", game_type=Game.Type.JOIN, movement="own_pace")
    JoinTable.for_game(game)
    for _ in range(tables - 1):
        JoinTable.add_to(game)
    game.add_decks(
        [ParsedDeck(deal=random_deal(), index=i, line=1, board=str(i + 1)) for i in range(decks)],
        source_name="club.pbn",
    )
    return game


def table_goes_on(table_pk: int, rounds: int, reached: list[int]):
    """A table that passes its board out and goes on, ``rounds`` times, as fast as it can."""

    def work() -> None:
        table = JoinTable.objects.select_related("game").get(pk=table_pk)
        for _ in range(rounds):
            board = table.board()
            call(BoardPlay.start(board, BoardPlay.Mode.TABLE, table), "P", "P", "P", "P")
            reached.append(table.next_board(at=board.number).number)

    return work


def test_tables_going_on_at_once_take_one_deal_per_board(host):
    game = club(host, TABLES, decks=ROUNDS - 2)  # the last boards are random deals: the queue runs out
    game.deal_next(by=host)  # board 1, which every table starts with
    reached: list[int] = []
    tables = list(game.join_tables.values_list("pk", flat=True))
    run_threads([table_goes_on(pk, ROUNDS - 1, reached) for pk in tables])

    boards = list(DealtBoard.objects.filter(game=game).order_by("number"))
    assert [b.number for b in boards] == list(range(1, ROUNDS + 1))  # one deal a board, none skipped
    decks = [b.deck_id for b in boards if b.deck_id is not None]
    assert len(decks) == len(set(decks)) == ROUNDS - 2  # each queued deck dealt once, in queue order
    assert [b.deck.board for b in boards if b.deck_id] == [str(n) for n in range(1, ROUNDS - 1)]
    assert not Deck.objects.filter(game=game, status=Deck.Status.QUEUED).exists()
    assert sorted(reached) == sorted(n for n in range(2, ROUNDS + 1) for _ in tables)
    assert set(JoinTable.objects.filter(game=game).values_list("deal", flat=True)) == {ROUNDS}
    # Every table played every board it passed: one play of each board at each table.
    assert BoardPlay.objects.filter(board__game=game).count() == TABLES * (ROUNDS - 1)


def test_a_table_going_on_and_the_host_dealing_at_once_never_share_a_number(host):
    """The host's Deal New Cards and a table's going on both take the game's next deal
    under its lock: the table gets the board the host dealt, or deals the one after."""
    game = club(host, 2, decks=12)
    game.deal_next(by=host)
    reached: list[int] = []
    first = JoinTable.for_game(game)

    def host_deals() -> None:
        for _ in range(ROUNDS):
            Game.objects.get(pk=game.pk).deal_next(by=host)

    run_threads([host_deals, table_goes_on(first.pk, ROUNDS, reached)])
    boards = list(DealtBoard.objects.filter(game=game).order_by("number"))
    assert [b.number for b in boards] == list(range(1, len(boards) + 1))
    assert [b.deck.board for b in boards] == [str(n) for n in range(1, len(boards) + 1)]  # queue order, once each
    assert reached == list(range(2, ROUNDS + 2))  # the table went on one board at a time, none skipped


def test_tables_added_and_removed_while_players_move_to_them_never_deadlock(host, django_user_model):
    """Removing a table locks every table, in the order a move locks its two: a move into
    the table being removed, and the removal, wait for each other (on PostgreSQL), and
    neither is chosen as a deadlock's victim. Each may be refused: the table is gone, or
    someone sits there."""
    game = club(host, 2, decks=1)
    first = JoinTable.numbered(game, 1)
    first.take_seat(django_user_model.objects.create_user("mover"), "N")
    refused: list[str] = []

    def add_and_remove() -> None:
        for _ in range(ROUNDS * 4):
            added = JoinTable.add_to(Game.objects.get(pk=game.pk))
            try:
                added.remove()
            except TableError:
                refused.append("removal")

    def move_to_the_newest_and_back() -> None:
        for _ in range(ROUNDS * 4):
            here = JoinTable.objects.get(pk=first.pk)
            newest = JoinTable.objects.filter(game=game).order_by("-number").first()
            try:
                here.move("N", "S", newest)
                newest.move("S", "N", here)
            except (SeatError, JoinTable.DoesNotExist):
                refused.append("move")

    run_threads([add_and_remove, move_to_the_newest_and_back])
    assert JoinTable.objects.filter(game=game, seats__user__username="mover").exists()
