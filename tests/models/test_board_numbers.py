"""The board number a dealt board shows: the deck's own, else the game's next free number,
with that number's dealer and vulnerability when the deck states none (Game.deal_next)."""

from __future__ import annotations

import pytest

from games.bridge.cards import random_deal
from games.bridge.rotate import renumber
from games.formats.model import Deck as ParsedDeck
from games.models import Game
from games.models.queue_check import queue_problems

pytestmark = [pytest.mark.django_db, pytest.mark.queue]  # a raw statement: on PostgreSQL too

# The standard 16-board cycle, written out rather than computed, so that a test can fail.
CYCLE = {
    1: ("N", "None"),
    2: ("E", "NS"),
    3: ("S", "EW"),
    4: ("W", "All"),
    5: ("N", "NS"),
    6: ("E", "EW"),
    7: ("S", "All"),
    8: ("W", "None"),
    9: ("N", "EW"),
    10: ("E", "All"),
    11: ("S", "None"),
    12: ("W", "NS"),
    13: ("N", "All"),
    14: ("E", "None"),
    15: ("S", "NS"),
    16: ("W", "EW"),
}


def decks(*labels: str | None, **fields) -> list[ParsedDeck]:
    return [ParsedDeck(deal=random_deal(), index=i, line=1, board=label, **fields) for i, label in enumerate(labels)]


def deal_all(game: Game, count: int) -> list[tuple[int, int, str, str]]:
    """(deal, board number, dealer, vulnerability) of ``count`` boards dealt now."""
    boards = [game.deal_next() for _ in range(count)]
    return [(b.number, b.board_number, b.dealer, b.vul) for b in boards]


def test_a_deck_keeps_its_files_number_whatever_its_place_in_the_queue(game):
    game.add_decks(decks("3", "7", "12"), source_name="lesson.pbn")
    assert deal_all(game, 3) == [(1, 3, "S", "EW"), (2, 7, "S", "All"), (3, 12, "W", "NS")]
    assert queue_problems([game.pk]) == ([], 1)


def test_a_board_label_with_leading_zeros_is_its_number(game):
    game.add_decks(decks("07"))
    assert deal_all(game, 1) == [(1, 7, "S", "All")]


def test_dealer_and_vulnerability_the_file_states_are_kept(game):
    game.add_decks(decks("7", dealer="E", vul="None"))
    assert deal_all(game, 1) == [(1, 7, "E", "None")]


def test_a_renumbered_upload_keeps_the_numbers_the_host_chose(game):
    game.add_decks(renumber(decks("1", "2", None), 21), source_name="lesson.pbn")
    assert deal_all(game, 3) == [(1, 21, "N", "NS"), (2, 22, "E", "EW"), (3, 23, "S", "All")]


def test_decks_without_a_number_take_the_next_free_number(game):
    game.add_decks(decks(None, None), source_name="first.pbn")
    game.add_decks(decks("5", "6", "7", "8"), source_name="lesson.pbn")
    game.add_decks(decks(None, "12a", "99999999999"), source_name="more.pbn")  # no number, or none that fits
    dealt = deal_all(game, 9)
    assert [board for _, board, _, _ in dealt] == [1, 2, 5, 6, 7, 8, 9, 10, 11]
    assert [(dealer, vul) for _, _, dealer, vul in dealt[-3:]] == [CYCLE[9], CYCLE[10], CYCLE[11]]


def test_random_deals_when_the_queue_is_empty_take_the_next_free_number(game):
    game.add_decks(decks("15", "14"))
    dealt = deal_all(game, 4)
    assert dealt == [(1, 15, "S", "NS"), (2, 14, "E", "None"), (3, 16, "W", "EW"), (4, 17, "N", "None")]
    assert all(board.is_random for board in game.boards.filter(number__gt=2))


def test_dealer_and_vulnerability_follow_the_16_board_cycle(game):
    dealt = deal_all(game, 33)  # random deals: boards 1 to 33
    assert [board for _, board, _, _ in dealt] == list(range(1, 34))
    for _, board, dealer, vul in dealt:
        assert (dealer, vul) == CYCLE[(board - 1) % 16 + 1], board


def test_play_again_deals_the_same_board_number_again(game):
    game.add_decks(decks("7", "8"))
    seven, eight = game.deal_next(), game.deal_next()
    copy = game.play_again(seven.number)
    assert (copy.board, copy.dealer, copy.vul) == ("7", "S", "All")  # the queue lists "Board 7"
    again = game.deal_next()
    assert (again.number, again.board_number, again.deal, again.dealer, again.vul) == (3, 7, seven.deal, "S", "All")
    assert [b.board_number for b in game.boards.order_by("number")] == [7, 8, 7]
    assert game.deal_next().board_number == 9  # then the next free number, random
    assert eight.board_number == 8


def test_play_again_of_a_random_board_keeps_its_number(game):
    game.add_decks(decks("4"))
    game.deal_next()
    random_board = game.deal_next()
    assert (random_board.board_number, random_board.dealer, random_board.vul) == (5, "N", "NS")
    game.play_again(random_board.number)
    again = game.deal_next()
    assert (again.board_number, again.deal, again.dealer, again.vul) == (5, random_board.deal, "N", "NS")


def test_starting_the_set_again_deals_the_same_numbers(game):
    game.when_empty = Game.WhenEmpty.RESTART
    game.save()
    game.add_decks(decks("3", "4"))
    assert [board for _, board, _, _ in deal_all(game, 4)] == [3, 4, 3, 4]


def test_another_rule_for_missing_information_keeps_the_number(game):
    game.missing_info = Game.MissingInfo.SOUTH_NONE
    game.save()
    game.add_decks(decks("7"))
    assert deal_all(game, 1) == [(1, 7, "S", "None")]


def test_deal_next_as_the_host_numbers_boards_by_the_same_rule(game, host):
    game.add_decks(decks("7", None))
    boards = [Game.objects.deal_next_as(host, game.pk) for _ in range(2)]
    assert [(b.number, b.board_number, b.dealer, b.vul) for b in boards] == [(1, 7, "S", "All"), (2, 8, "W", "None")]


def test_the_upload_page_offers_the_number_after_the_queue(game):
    assert game.board_number_after_queue() == 1
    game.add_decks(decks("5", "6"))
    game.deal_next()
    game.add_decks(decks(None, "3"))  # queued: 6, then a deck dealt as 7, then 3
    assert game.board_number_after_queue() == 8


def test_the_table_names_a_deal_by_its_board_number(game):
    game.add_decks(decks("7"))
    game.deal_next()
    named = game.board_named(1), game.board_named(None), game.board_named(5)
    assert named == ("board 7", "no board", "another board")
