"""Join tables: seating rules, the reveal, the version the seats poll, and who sees which hand."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from games.formats.model import Deck as ParsedDeck
from games.models import Game
from games.models.join import BoardReveal, JoinTable, Seat, SeatError, seat_of
from games.presentation.seats import seat_view

pytestmark = pytest.mark.django_db

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
HANDS = dict(zip("NESW", DEAL[2:].split()))


@pytest.fixture
def players(django_user_model):
    return [django_user_model.objects.create_user(name, password="x") for name in ("dave", "erin", "frank")]


def test_each_table_gets_an_unguessable_invite_token(host):
    tokens = {
        JoinTable.for_game(Game.objects.create(host=host, name=f"g{i}", game_type="join")).invite_token
        for i in range(20)
    }
    assert len(tokens) == 20 and all(len(t) >= 24 for t in tokens)


def test_a_new_invite_replaces_the_old_token(join_table):
    old = join_table.invite_token
    new = join_table.new_invite()
    join_table.refresh_from_db()
    assert join_table.invite_token == new != old


def test_a_player_takes_a_free_seat(join_table, other_user):
    join_table.take_seat(other_user, "E")
    assert seat_of(join_table.game, other_user) == "E"


@pytest.mark.parametrize("seat", ["", "X", "NE", "n", "-"])
def test_only_the_four_seats_can_be_taken(join_table, other_user, seat):
    with pytest.raises(SeatError, match="North, East, South or West"):
        join_table.take_seat(other_user, seat)
    assert not Seat.objects.exists()


def test_a_taken_seat_cannot_be_taken_again(join_table, other_user, players):
    join_table.take_seat(other_user, "E")
    with pytest.raises(SeatError, match="East was just taken"):
        join_table.take_seat(players[0], "E")


def test_a_player_sits_once_per_table(join_table, other_user):
    join_table.take_seat(other_user, "E")
    with pytest.raises(SeatError, match="already sit"):
        join_table.take_seat(other_user, "W")


def test_the_database_refuses_two_players_on_one_seat_or_one_player_on_two(join_table, other_user, players):
    Seat.objects.create(game=join_table.game, table=join_table, seat="N", user=other_user)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=join_table.game, table=join_table, seat="N", user=players[0])
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(game=join_table.game, table=join_table, seat="S", user=other_user)


def test_moving_to_an_empty_seat_moves_and_to_a_taken_seat_swaps(join_table, other_user, players):
    join_table.take_seat(other_user, "N")
    join_table.take_seat(players[0], "E")
    join_table.move("N", "S")
    assert seat_of(join_table.game, other_user) == "S"
    join_table.move("S", "E")
    assert (seat_of(join_table.game, other_user), seat_of(join_table.game, players[0])) == ("E", "S")


def test_moving_an_empty_seat_says_so(join_table):
    with pytest.raises(SeatError, match="Nobody sits West"):
        join_table.move("W", "N")


def test_unseat_and_leave_free_the_seat(join_table, other_user, players):
    join_table.take_seat(other_user, "N")
    join_table.take_seat(players[0], "E")
    join_table.unseat("N")
    join_table.leave(players[0])
    assert not join_table.game.seats.exists()
    with pytest.raises(SeatError):
        join_table.unseat("N")
    with pytest.raises(SeatError):
        join_table.leave(players[0])


def test_every_seating_change_the_reveal_and_a_deal_change_the_version(join_table, other_user):
    seen = [join_table.version_tag()]

    def changed() -> bool:
        fresh = JoinTable.objects.select_related("game").get(pk=join_table.pk)
        seen.append(fresh.version_tag())
        return seen[-1] != seen[-2]

    join_table.take_seat(other_user, "N")
    assert changed()
    join_table.move("N", "E")
    assert changed()
    join_table.game.deal_next()
    assert changed()
    join_table.reveal(1, by=join_table.game.host)
    assert changed()
    join_table.reveal(1, by=join_table.game.host)  # already revealed: nothing new to see
    assert not changed()
    join_table.leave(other_user)
    assert changed()


def test_reveal_marks_the_current_board_only(join_table):
    with pytest.raises(SeatError, match="Deal a board first"):
        join_table.reveal(None)
    first = join_table.game.deal_next()
    join_table.reveal(1, by=join_table.game.host)
    second = join_table.game.deal_next()
    assert BoardReveal.objects.filter(board=first).exists()
    assert not BoardReveal.objects.filter(board=second).exists()


@pytest.mark.parametrize("shown", [1, None, 3])
def test_reveal_refuses_a_board_the_page_does_not_show(join_table, shown):
    """A page left open on board 1 while board 2 was dealt reveals nothing."""
    join_table.game.deal_next()
    join_table.game.deal_next()
    with pytest.raises(SeatError, match="board 2 is the one on the table now"):
        join_table.reveal(shown, by=join_table.game.host)
    assert not BoardReveal.objects.exists()


def add_deal(game: Game, **fields) -> None:
    game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, board="1", **fields)], source_name="club.pbn")


def test_a_seated_player_sees_only_their_own_hand(join_table, other_user):
    add_deal(join_table.game)
    join_table.take_seat(other_user, "E")
    join_table.game.deal_next()
    view = seat_view(join_table.game, other_user)
    assert view.my_seat == "E" and view.number == 1
    assert {slot.seat: slot.cards for slot in view.slots} == {"N": "", "E": HANDS["E"], "S": "", "W": ""}


def test_the_host_sees_no_hand_unless_seated_and_then_only_their_own(join_table, other_user):
    add_deal(join_table.game)
    host = join_table.game.host
    join_table.game.deal_next()
    assert all(slot.cards == "" for slot in seat_view(join_table.game, host).slots)
    join_table.take_seat(host, "S")
    join_table.game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, board="2")], source_name="club.pbn")
    join_table.game.deal_next()
    assert [slot.cards for slot in seat_view(join_table.game, host).slots] == ["", "", HANDS["S"], ""]


def test_a_seat_taken_after_the_deal_shows_nothing_of_that_board(join_table, other_user):
    add_deal(join_table.game)
    join_table.game.deal_next()
    join_table.take_seat(other_user, "S")
    view = seat_view(join_table.game, other_user)
    assert view.my_seat == "S" and not view.held
    assert all(slot.cards == "" for slot in view.slots)


def test_a_player_who_rejoins_at_another_seat_sees_no_hand_of_the_board_in_play(join_table, other_user):
    """They saw North's cards of board 1; East's cards of board 1 are not theirs to see."""
    add_deal(join_table.game)
    join_table.take_seat(other_user, "N")
    join_table.game.deal_next()
    assert [slot.cards for slot in seat_view(join_table.game, other_user).slots] == [HANDS["N"], "", "", ""]
    join_table.leave(other_user)
    join_table.take_seat(other_user, "E")
    assert all(slot.cards == "" for slot in seat_view(join_table.game, other_user).slots)
    join_table.leave(other_user)
    join_table.take_seat(other_user, "N")  # back at the same seat: still nothing of board 1
    assert all(slot.cards == "" for slot in seat_view(join_table.game, other_user).slots)
    add_deal(join_table.game)
    join_table.game.deal_next()
    assert [slot.cards for slot in seat_view(join_table.game, other_user).slots] == [HANDS["N"], "", "", ""]


def test_players_the_host_moves_see_nothing_of_the_board_in_play(join_table, other_user, players):
    add_deal(join_table.game)
    join_table.take_seat(other_user, "N")
    join_table.take_seat(players[0], "E")
    join_table.game.deal_next()
    join_table.move("N", "E")  # a swap: each now sits where the other's cards were dealt
    for user in (other_user, players[0]):
        assert all(slot.cards == "" for slot in seat_view(join_table.game, user).slots)
    add_deal(join_table.game)
    join_table.game.deal_next()
    assert seat_view(join_table.game, other_user).slots[1].cards == HANDS["E"]
    assert seat_view(join_table.game, players[0]).slots[0].cards == HANDS["N"]


def test_after_the_reveal_everyone_at_the_table_sees_all_four(join_table, other_user):
    add_deal(join_table.game, auction=(), play=())
    join_table.take_seat(other_user, "W")
    join_table.game.deal_next()
    join_table.reveal(1, by=join_table.game.host)
    view = seat_view(join_table.game, other_user)
    assert view.revealed and {slot.seat: slot.cards for slot in view.slots} == HANDS
    assert view.record is None  # the file had no auction or play


def test_the_record_is_built_only_after_the_reveal(join_table, other_user):
    from games.bridge.rules import Call

    add_deal(join_table.game, auction=(Call("1NT"), Call("P"), Call("P"), Call("P")), play=(("CA", "C3", "C2", "C4"),))
    join_table.take_seat(other_user, "N")
    join_table.game.deal_next()
    assert seat_view(join_table.game, other_user).record is None
    join_table.reveal(1)
    record = seat_view(join_table.game, other_user).record
    assert record is not None and record.auction and record.tricks


def test_a_new_board_starts_hidden_again(join_table, other_user):
    join_table.take_seat(other_user, "N")
    join_table.game.deal_next()
    join_table.reveal(1)
    join_table.game.deal_next()
    view = seat_view(join_table.game, other_user)
    assert not view.revealed and sum(1 for slot in view.slots if slot.cards) == 1


def test_the_seat_view_lists_the_players_and_free_seats(join_table, other_user, players):
    join_table.take_seat(other_user, "N")
    join_table.take_seat(players[1], "W")
    view = seat_view(join_table.game, other_user)
    assert [slot.player for slot in view.slots] == ["bob", "", "", "erin"]
    assert view.seated == 2 and view.free_seats == ["E", "S"]
    assert [slot.is_me for slot in view.slots] == [True, False, False, False]
