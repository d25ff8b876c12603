"""A board in play is never lost by one click: the next deal, a reveal and standing up ask
first once someone has called or played (``BoardInPlay``, ``LeavingBoardInPlay``), and a
board ended before it was over is kept, recorded as not finished, scoring nothing."""

from __future__ import annotations

import pytest

from games.bridge.play import IllegalAction, legal_cards
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.models.board_play import BoardInPlay, running_total
from games.models.join import LeavingBoardInPlay
from games.presentation.result_text import result_line
from games.presentation.seats import seat_view
from tests.playing import DEAL, call, cards, queue_deals

pytestmark = pytest.mark.django_db


@pytest.fixture
def practice_game(host) -> Game:
    """alice's practice table playing all four hands, two boards queued."""
    game = Game.objects.create(host=host, name="Tuesday practice", practice_play=Game.PracticePlay.ALL_FOUR)
    queue_deals(game, 2)
    return game


def playing(game: Game, mode: str = BoardPlay.Mode.ALL_FOUR) -> BoardPlay:
    """Board 1 dealt, then 1♥ P 2NT P 4♥ P P P and the opening lead: 9 actions, 1 card."""
    board = game.deal_next()
    return cards(call(BoardPlay.start(board, mode), "1H", "P", "2NT", "P", "4H", "P", "P", "P"), 1)


# --- the next deal ---------------------------------------------------------------------------


def test_the_next_deal_over_a_board_in_play_asks_first_and_changes_nothing(practice_game):
    playing(practice_game)
    with pytest.raises(BoardInPlay, match=r"^Board 1 is being played: 1 card played\.$") as asked:
        practice_game.deal_next()
    assert asked.value.number == 1
    practice_game.refresh_from_db()
    assert (
        practice_game.boards.count() == 1
        and practice_game.next_board_number == 2
        and practice_game.queued().count() == 1
    )
    assert not BoardPlay.objects.get().abandoned


def test_a_confirmed_deal_ends_the_board_unfinished_and_deals_in_one_go(practice_game):
    play = playing(practice_game)
    board = practice_game.deal_next(confirm_abandon=1)
    assert board.number == 2
    play.refresh_from_db()
    assert play.abandoned == BoardPlay.Abandoned.DEALT and play.abandoned_at is not None
    assert not play.done and play.score is None and play.imps is None
    assert result_line(play) == "not finished: 4♥ by N, 1 card played"
    assert running_total(practice_game) == {"boards": 0, "score": 0, "imps": 0, "unfinished": 1, "scoring": 0}


def test_a_second_click_on_the_confirmation_deals_nothing_more(practice_game):
    playing(practice_game)
    practice_game.deal_next(confirm_abandon=1)
    with pytest.raises(Game.ConfirmedAnotherBoard, match="board 2 is the one on the table now: nothing was dealt"):
        practice_game.deal_next(confirm_abandon=1)
    assert practice_game.boards.count() == 2
    assert BoardPlay.objects.filter(abandoned=BoardPlay.Abandoned.DEALT).count() == 1


def test_a_board_with_no_call_or_finished_deals_at_once(practice_game):
    practice_game.deal_next()
    assert practice_game.deal_next().number == 2  # no call yet (and no play at all)
    finished = call(BoardPlay.start(practice_game.boards.get(number=2), BoardPlay.Mode.ALL_FOUR), "P", "P", "P", "P")
    queue_deals(practice_game, 1)
    assert practice_game.deal_next().number == 3
    finished.refresh_from_db()
    assert finished.done and not finished.abandoned and result_line(finished).startswith("Passed out, 0")


def test_a_table_that_only_shows_the_hands_deals_at_once(game):
    queue_deals(game, 2)
    game.deal_next()
    assert game.deal_next().number == 2 and not BoardPlay.objects.exists()


def test_a_deal_that_cannot_happen_leaves_the_board_in_play_as_it_was(practice_game):
    """The set is over and the game stops: the board in play is not ended for nothing."""
    Game.objects.filter(pk=practice_game.pk).update(when_empty=Game.WhenEmpty.STOP)
    practice_game.refresh_from_db()
    play = playing(practice_game)
    practice_game.clear_queue()
    with pytest.raises(Game.SetFinished):
        practice_game.deal_next(confirm_abandon=1)
    play.refresh_from_db()
    assert not play.abandoned and practice_game.boards.count() == 1


def test_nothing_more_is_played_on_a_board_ended_unfinished(practice_game):
    play = playing(practice_game)
    practice_game.deal_next(confirm_abandon=1)
    play.refresh_from_db()
    with pytest.raises(IllegalAction, match="Board 1 was left unfinished when the next board was dealt"):
        play.act(play.state().actor, "card", play.actions, card="S2")


def test_just_declare_is_under_way_once_the_host_plays_a_card(game):
    Game.objects.filter(pk=game.pk).update(practice_play=Game.PracticePlay.DECLARE)
    game.refresh_from_db()
    decks = [
        ParsedDeck(DEAL, i, 1, dealer="N", vul="None", board=str(i + 1), contract="4H", declarer="S", result="10")
        for i in range(3)
    ]
    game.add_decks(decks, source_name="club.pbn")
    play = BoardPlay.start(game.deal_next(), BoardPlay.Mode.DECLARE)  # the robot leads at once
    assert play.cards and not play.under_way
    game.deal_next()  # only the robot has played: dealt at once, recorded as not finished
    play.refresh_from_db()
    assert play.abandoned == BoardPlay.Abandoned.DEALT
    play = BoardPlay.start(game.boards.get(number=2), BoardPlay.Mode.DECLARE)
    play = play.act("S", "card", play.actions, card=legal_cards(play.state())[0])
    assert play.under_way
    with pytest.raises(BoardInPlay):
        game.deal_next()


# --- the reveal ------------------------------------------------------------------------------


def test_a_reveal_before_the_board_is_over_asks_first_then_ends_it(queued_table):
    play = playing(queued_table.game, BoardPlay.Mode.TABLE)
    with pytest.raises(BoardInPlay, match=r"^Board 1 is being played: 1 card played\.$"):
        queued_table.reveal(1)
    assert not queued_table.game.boards.filter(reveal__isnull=False).exists()
    queued_table.reveal(1, confirm=1)
    play.refresh_from_db()
    assert play.abandoned == BoardPlay.Abandoned.REVEALED
    assert result_line(play) == "revealed, not finished: 4♥ by N, 1 card played"
    with pytest.raises(IllegalAction, match="Board 1 was revealed before it was over"):
        play.act("N", "card", play.actions, card="S2")


def test_a_reveal_before_the_first_call_needs_no_question_and_ends_the_board(queued_table):
    queued_table.game.deal_next()
    queued_table.reveal(1)
    play = BoardPlay.objects.get()
    assert play.abandoned == BoardPlay.Abandoned.REVEALED and result_line(play) == "revealed before the first call"
    assert running_total(queued_table.game)["unfinished"] == 0  # nothing was played: nothing to count
    with pytest.raises(IllegalAction, match="revealed"):
        play.act("N", "call", play.actions, call="1H")


def test_a_reveal_of_a_finished_board_changes_nothing_of_its_result(queued_table):
    board = queued_table.game.deal_next()
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE), "P", "P", "P", "P")
    queued_table.reveal(1)
    play.refresh_from_db()
    assert play.done and not play.abandoned


# --- standing up -----------------------------------------------------------------------------


def test_standing_up_from_a_hand_in_play_asks_first(queued_table, other_user):
    playing(queued_table.game, BoardPlay.Mode.TABLE)  # East has led
    with pytest.raises(LeavingBoardInPlay) as asked:
        queued_table.leave(other_user)
    assert str(asked.value) == (
        "Board 1 is being played: 1 card played. Stand up anyway? East stays empty and the table waits, "
        "since board 1 cannot go on without East; whoever sits East now plays from the next board."
    )
    assert queued_table.game.seats.filter(user=other_user).exists()
    queued_table.leave(other_user, confirm=1)
    assert not queued_table.game.seats.filter(user=other_user).exists()
    said = seat_view(queued_table.game, queued_table.game.host).waiting
    assert said == (
        "East has left the table: the table waits, since board 1 cannot go on without East. "
        "Whoever sits East now plays from the next board.",
    )


def test_dummy_may_stand_up_and_the_board_goes_on(queued_table, django_user_model):
    playing(queued_table.game, BoardPlay.Mode.TABLE)  # 4♥ by North: South is dummy
    dave = django_user_model.objects.get(username="dave")
    with pytest.raises(LeavingBoardInPlay, match="declarer plays dummy's cards, so board 1 goes on without you"):
        queued_table.leave(dave)
    queued_table.leave(dave, confirm=1)
    assert seat_view(queued_table.game, queued_table.game.host).waiting == ()


def test_standing_up_needs_no_question_with_nothing_in_play_or_no_hand_in_it(
    queued_table, other_user, django_user_model
):
    board = queued_table.game.deal_next()
    queued_table.leave(other_user)  # no call yet
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE), "1H")
    late = django_user_model.objects.create_user("frank", password="x")
    queued_table.take_seat(late, "E")  # sat down after the deal: plays from the next board
    queued_table.leave(late)
    assert not queued_table.game.seats.filter(seat="E").exists()
