"""Many hosts pressing Deal New Cards at once: each queued deck dealt exactly once, in order.

Real threads, each with its own database connection. scripts/test.sh runs these again
on PostgreSQL (select_for_update); on SQLite the IMMEDIATE transactions serialise them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from games.bridge.cards import random_deal
from games.formats.model import Deck as ParsedDeck
from games.models import DealtBoard, Deck, Game

pytestmark = [pytest.mark.queue, pytest.mark.django_db(transaction=True)]

WORKERS = 8


def run_threads(targets: list[Callable[[], None]]) -> None:
    """Start all at once (a barrier), wait for all, re-raise the first error."""
    errors: list[BaseException] = []
    barrier = threading.Barrier(len(targets))

    def wrap(target: Callable[[], None]) -> None:
        try:
            barrier.wait()
            target()
        except BaseException as error:  # noqa: BLE001 - reported in the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=wrap, args=(t,)) for t in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "a worker hung"
    if errors:
        raise errors[0]


def tickets(total: int) -> Callable[[], bool]:
    """take() is True exactly `total` times across all threads."""
    lock = threading.Lock()
    left = [total]

    def take() -> bool:
        with lock:
            if left[0] == 0:
                return False
            left[0] -= 1
            return True

    return take


def dealer(game_pk: int, take: Callable[[], bool], as_user=None) -> Callable[[], None]:
    """Deals while there are tickets: Game.deal_next, or as the view does
    (GameManager.deal_next_as, the host's check in the dealing statement) when ``as_user``."""

    def work() -> None:
        while take():
            if as_user is None:
                Game.objects.get(pk=game_pk).deal_next()
            else:
                Game.objects.deal_next_as(as_user, game_pk)

    return work


def decks(count: int, first_board: int | None = 1) -> list[ParsedDeck]:
    """``count`` decks numbered from ``first_board`` (None: decks without a number)."""
    return [
        ParsedDeck(deal=random_deal(), index=i, line=1, board=None if first_board is None else str(first_board + i))
        for i in range(count)
    ]


def check_boards(game: Game, total: int) -> list[DealtBoard]:
    boards = list(DealtBoard.objects.filter(game=game).order_by("number"))
    assert [b.number for b in boards] == list(range(1, total + 1))  # no gaps, no repeats
    game.refresh_from_db()
    assert game.next_board_number == total + 1
    dealt = [b.deck_id for b in boards if b.deck_id is not None]
    assert len(dealt) == len(set(dealt))  # no deck dealt twice
    for board in boards:
        if board.deck_id:
            assert board.deal == board.deck.deal and board.deck.status == Deck.Status.DEALT
    top = 0
    for board in boards:  # the deck's own board number, else the next free one, in the order dealt
        stated = board.deck.board_number if board.deck_id else None
        assert board.board_number == (stated or top + 1), (board.number, board.board_number, stated, top)
        top = max(top, board.board_number)
    return boards


def test_concurrent_deals_take_each_deck_once_in_queue_order(host):
    game = Game.objects.create(host=host, name="Crowded table")
    game.add_decks(decks(40), source_name="forty.pbn")
    take = tickets(48)
    run_threads([dealer(game.pk, take, host if i % 2 else None) for i in range(WORKERS)])  # both ways at once

    boards = check_boards(game, 48)
    assert [b.deck.board for b in boards[:40]] == [str(n) for n in range(1, 41)]  # queue order, none skipped
    assert all(b.is_random for b in boards[40:])  # the last 8
    assert not game.queued().exists()


def test_concurrent_deals_never_give_two_boards_the_same_free_number(host):
    """Decks without a number and random deals take the next free board number under the
    game's lock: dealers pressing at once still number them one after another."""
    game = Game.objects.create(host=host, name="Numbered in turn")
    game.add_decks(decks(2, first_board=20), source_name="lesson.pbn")
    game.add_decks(decks(10, first_board=None), source_name="numberless.pbn")
    take = tickets(30)
    run_threads([dealer(game.pk, take, host if i % 2 else None) for i in range(WORKERS)])

    boards = check_boards(game, 30)
    assert [b.board_number for b in boards] == [20, 21, *range(22, 50)]
    assert sum(b.is_random for b in boards) == 18


def test_concurrent_uploads_and_deals_keep_the_queue_whole(host):
    game = Game.objects.create(host=host, name="Busy table")
    game.add_decks(decks(5, first_board=1000), source_name="start.pbn")
    take = tickets(40)
    batches_added: list[list[int]] = []
    lock = threading.Lock()

    def uploader(number: int) -> Callable[[], None]:
        def work() -> None:
            for batch in range(5):  # 5 files of 3 decks each
                rows = Game.objects.get(pk=game.pk).add_decks(
                    decks(3, first_board=100 * number + 10 * batch), source_name=f"u{number}-{batch}.pbn"
                )
                with lock:
                    batches_added.append([d.pk for d in rows])

        return work

    run_threads([dealer(game.pk, take) for _ in range(4)] + [uploader(n) for n in range(1, 5)])

    boards = check_boards(game, 40)
    all_decks = list(Deck.objects.filter(game=game).order_by("position"))
    assert len(all_decks) == 5 + 4 * 5 * 3
    by_pk = {d.pk: d for d in all_decks}
    for pks in batches_added:  # every file joined whole, in file order, side by side
        positions = [by_pk[pk].position for pk in pks]
        assert positions == list(range(positions[0], positions[0] + 3))
    dealt_positions = [b.deck.position for b in boards if b.deck_id]
    assert dealt_positions == sorted(dealt_positions)  # dealt in queue order
    last = dealt_positions[-1] if dealt_positions else None
    for deck in all_decks:  # nothing skipped: every deck before the last dealt one was dealt
        if last is not None and deck.position < last:
            assert deck.status == Deck.Status.DEALT
        else:
            assert deck.status in (Deck.Status.DEALT, Deck.Status.QUEUED)


def test_a_deck_reported_removed_is_never_dealt(host):
    game = Game.objects.create(host=host, name="Changing minds")
    rows = game.add_decks(decks(40), source_name="forty.pbn")
    take = tickets(40)
    removed: list[int] = []

    def remover() -> None:
        for deck in reversed(rows[::2]):
            if Game.objects.get(pk=game.pk).remove_deck(deck.pk):
                removed.append(deck.pk)

    run_threads([dealer(game.pk, take) for _ in range(4)] + [remover])

    boards = check_boards(game, 40)
    dealt = {b.deck_id for b in boards if b.deck_id}
    assert not dealt & set(removed)
    assert set(Deck.objects.filter(status=Deck.Status.REMOVED).values_list("pk", flat=True)) == set(removed)


def test_play_again_and_go_to_board_during_concurrent_deals_keep_the_queue_whole(host):
    """Boards played again come back at the front; a board gone to is dealt before the rest;
    every deck, original or copy, is dealt once, and positions stay unique."""
    game = Game.objects.create(host=host, name="Teacher's table")
    game.add_decks(decks(30), source_name="thirty.pbn")
    for _ in range(4):
        game.deal_next()
    take = tickets(30)
    again: list[int] = []
    gone_to: list[str] = []

    def replayer() -> None:
        for number in (1, 2, 3, 4):
            again.append(Game.objects.get(pk=game.pk).play_again(number).pk)

    def jumper() -> None:
        for label in ("29", "30", "28"):
            try:
                Game.objects.get(pk=game.pk).go_to_board(label)
                gone_to.append(label)
            except Deck.DoesNotExist:  # already dealt by the time we asked
                pass

    run_threads([dealer(game.pk, take) for _ in range(4)] + [replayer, jumper])

    boards = check_boards(game, 34)
    positions = list(Deck.objects.filter(game=game).values_list("position", flat=True))
    assert len(positions) == len(set(positions)) == 34
    dealt = {b.deck_id for b in boards if b.deck_id}
    assert set(again) <= dealt | set(game.queued().values_list("pk", flat=True))
    labels = [b.deck.board for b in boards if b.deck_id]
    for label in gone_to:  # dealt, and before the decks that stood ahead of it in the file
        assert label in labels
    # a copy put back after the queue ran dry waits in the queue (a random board was dealt meanwhile)
    waiting = list(game.queued().values_list("board", flat=True))
    assert sorted(labels + waiting) == sorted([str(n) for n in range(1, 31)] + ["1", "2", "3", "4"])
    assert sum(b.is_random for b in boards) == len(waiting)


def test_restarting_the_set_under_concurrent_dealers_deals_it_again_in_order(host):
    game = Game.objects.create(host=host, name="Again and again", when_empty=Game.WhenEmpty.RESTART)
    game.add_decks(decks(6), source_name="six.pbn")
    take = tickets(20)
    run_threads([dealer(game.pk, take, host if i % 2 else None) for i in range(WORKERS)])
    boards = check_boards(game, 20)
    assert [b.deck.board for b in boards] == [str(n) for n in [*range(1, 7)] * 4][:20]
    assert not any(b.is_random for b in boards)
