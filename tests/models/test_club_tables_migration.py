"""Migrations 0020-0022: a Join game of one table keeps what it has, at its table 1: the
seats, the boards' plays, reveals and notes, and the invite link; a practice game's
plays stay its host's, at no table. Each moved row keeps working: the next call is
played, the next reveal made."""

from __future__ import annotations

import pytest

BEFORE = [("games", "0019_lesson_rule_and_teacher_notes")]
AFTER = [("games", "0022_club_tables_constraints")]
DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"

pytestmark = pytest.mark.queue  # the primary keys change: run on PostgreSQL too


def test_a_join_games_seats_plays_and_reveals_go_to_its_table_one(executor):
    old = executor.loader.project_state(BEFORE).apps
    User = old.get_model("auth", "User")
    alice, bob, dave = (User.objects.create(username=name) for name in ("alice", "bob", "dave"))
    Game, DealtBoard = old.get_model("games", "Game"), old.get_model("games", "DealtBoard")
    join = Game.objects.create(host=alice, name="Friday four", game_type="join", next_board_number=3)
    practice = Game.objects.create(host=alice, name="Practice", practice_play="all_four", next_board_number=2)
    table = old.get_model("games", "JoinTable").objects.create(game=join, invite_token="old-link", version=7)
    Seat = old.get_model("games", "Seat")
    Seat.objects.create(game=join, seat="N", user=bob, from_board=1)
    Seat.objects.create(game=join, seat="E", user=dave, from_board=2)
    first, second = (
        DealtBoard.objects.create(game=join, number=n, board_number=n, deal=DEAL, dealer="N", vul="None")
        for n in (1, 2)
    )
    lone = DealtBoard.objects.create(game=practice, number=1, board_number=1, deal=DEAL, dealer="N", vul="None")
    BoardPlay = old.get_model("games", "BoardPlay")
    fields = {"deal": DEAL, "dealer": "N", "vul": "None"}
    BoardPlay.objects.create(board=first, mode="table", calls=[{"call": "P"}], abandoned="revealed", **fields)
    BoardPlay.objects.create(board=second, mode="table", calls=[{"call": "1C"}], actions=1, **fields)
    BoardPlay.objects.create(board=lone, mode="all_four", calls=[{"call": "P"}], actions=1, **fields)
    old.get_model("games", "BoardReveal").objects.create(board=first, revealed_by=alice)
    old.get_model("games", "BoardNote").objects.create(board=second, text="Lead a heart", written_by=alice)

    executor.loader.build_graph()
    executor.migrate(AFTER)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())  # the schema the models below are written for

    from games.models import BoardNote, BoardPlay, BoardReveal, Game, JoinTable, Seat
    from tests.playing import call

    table = JoinTable.objects.get(game_id=join.pk)
    assert (table.number, table.invite_token, table.version) == (1, "old-link", 7)
    assert {(s.seat, s.table_id, s.from_board) for s in Seat.objects.all()} == {("N", table.pk, 1), ("E", table.pk, 2)}
    assert set(BoardPlay.objects.filter(board__game_id=join.pk).values_list("table_id", flat=True)) == {table.pk}
    assert BoardPlay.objects.get(board__game_id=practice.pk).table_id is None
    assert BoardReveal.objects.get().table_id == table.pk
    assert BoardNote.objects.get().table_id == table.pk

    game = Game.objects.get(pk=join.pk)
    assert table.board().number == 2  # the board under way, which the next call goes on with
    play = call(BoardPlay.start(table.board(), BoardPlay.Mode.TABLE, table), "P")
    assert play.calls[-1]["call"] == "P" and play.table_id == table.pk
    assert game.deal_next(confirm_abandon=2).number == 3  # a lone table's board in play ends at the deal
    assert BoardPlay.objects.get(board__number=2, table=table).abandoned == "dealt"
    table.reveal(3)
    assert BoardReveal.objects.filter(table=table).count() == 2
    new_practice = BoardPlay.start(
        Game.objects.get(pk=practice.pk).deal_next(confirm_abandon=1), BoardPlay.Mode.ALL_FOUR
    )
    assert new_practice.pk != BoardPlay.objects.get(board_id=lone.pk).pk and new_practice.table_id is None
