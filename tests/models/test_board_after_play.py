"""``JoinTable.board_after_play``: after a call or card, the event stream reads the play
alone while it goes on, and the board as ``board_and_play`` reads it once the play ends
it. Either way the table shows what a whole read shows."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import BoardPlay, DealtBoard
from games.models.join import JoinTable
from tests.playing import call, cards

pytestmark = pytest.mark.django_db


@pytest.fixture
def dealt_table(queued_table, host) -> JoinTable:
    """Four seated (teaching: the host deals every table), two boards queued, board 1 dealt."""
    queued_table.game.deal_next(by=host)
    return queued_table


def _read(table: JoinTable) -> JoinTable:
    return JoinTable.objects.select_related("game").get(pk=table.pk)


def _shown(board: DealtBoard | None) -> tuple:
    play = board.played if board is not None else None
    return (
        board.pk if board is not None else None,
        None if play is None else (play.pk, play.calls, play.cards, play.closed),
    )


def _after(table: JoinTable, before: DealtBoard) -> tuple[DealtBoard | None, list[str]]:
    now = _read(table)
    with CaptureQueriesContext(connection) as made:
        board = now.board_after_play(before)
    return board, [query["sql"] for query in made]


def test_each_call_and_card_reads_the_play_alone_and_shows_what_a_whole_read_shows(dealt_table):
    play = call(BoardPlay.start(dealt_table.board(), BoardPlay.Mode.TABLE, dealt_table), "1H")
    before = _read(dealt_table).board_and_play()
    for step in range(20):
        play = call(play, "P") if step < 3 else cards(play, 1)  # three passes end the auction at 1♥; then cards
        board, statements = _after(dealt_table, before)
        assert _shown(board) == _shown(_read(dealt_table).board_and_play()), step
        assert len(statements) == 1 and '"games_dealtboard"' not in statements[0], statements
        assert before.played.actions < play.actions  # what was read before is left as it was
        before = board


def test_the_play_that_ends_the_board_brings_the_board_the_others_have_gone_on_to(dealt_table, host):
    """Teaching, a club night: board 2 is dealt while board 1 is under way here; the table
    stays on board 1 until its last call, then goes on to board 2, which the play's own
    read cannot know."""
    JoinTable.add_to(dealt_table.game)
    play = call(BoardPlay.start(dealt_table.board(), BoardPlay.Mode.TABLE, dealt_table), "P", "P")
    dealt_table.game.deal_next(by=host)
    before = _read(dealt_table).board_and_play()
    assert before.number == 1
    play = call(play, "P")
    board, statements = _after(dealt_table, before)
    assert board.number == 1 and len(statements) == 1
    call(play, "P")  # passed out: board 1 is over here
    board, statements = _after(dealt_table, board)
    assert board.number == 2 and board.played is None and len(statements) > 1
    assert _shown(board) == _shown(_read(dealt_table).board_and_play())


def test_a_board_without_a_play_yet_is_read_as_a_whole_read_reads_it(dealt_table):
    before = _read(dealt_table).board_and_play()
    assert before.played is None
    call(BoardPlay.start(dealt_table.board(), BoardPlay.Mode.TABLE, dealt_table), "1H")
    board, statements = _after(dealt_table, before)
    assert [made["call"] for made in board.played.calls] == ["1H"]
    assert any('"games_dealtboard"' in sql for sql in statements)
    assert _shown(board) == _shown(_read(dealt_table).board_and_play())
