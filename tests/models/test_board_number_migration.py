"""Migration 0017: boards dealt before DealtBoard.board_number existed keep their deck's own
number, which their dealer and vulnerability followed; a board without one keeps its place
among the game's deals, which they followed then."""

from __future__ import annotations

BEFORE = [("games", "0016_game_when_empty_script")]
AFTER = [("games", "0017_dealtboard_board_number")]


def test_boards_dealt_before_keep_their_decks_number(executor):
    old = executor.loader.project_state(BEFORE).apps
    host = old.get_model("auth", "User").objects.create(username="alice")
    game = old.get_model("games", "Game").objects.create(host=host, name="Lesson", next_board_number=5)
    Deck, DealtBoard = old.get_model("games", "Deck"), old.get_model("games", "DealtBoard")
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    old_boards = ((1, "7", "S", "All"), (2, "", "E", "NS"), (3, "12a", "S", "EW"), (4, None, "W", "All"))
    for number, label, dealer, vul in old_boards:
        deck = None if label is None else Deck.objects.create(game=game, position=number, deal=deal, board=label)
        DealtBoard.objects.create(game=game, number=number, deck=deck, deal=deal, dealer=dealer, vul=vul)

    executor.loader.build_graph()
    executor.migrate(AFTER)

    new = executor.loader.project_state(AFTER).apps
    boards = new.get_model("games", "DealtBoard").objects.filter(game_id=game.pk).order_by("number")
    assert [(b.number, b.board_number, b.dealer, b.vul) for b in boards] == [
        (1, 7, "S", "All"),
        (2, 2, "E", "NS"),
        (3, 3, "S", "EW"),
        (4, 4, "W", "All"),
    ]
