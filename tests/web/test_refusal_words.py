"""A refusal reaches a player in the page's language: the models raise the parts (a seat as
its letter, a movement's reason, the table's own keyed refusal), and
games.presentation.refusals says them, with the seats named as the language names them."""

from __future__ import annotations

from html import unescape

import pytest
from django.utils.translation import gettext, override

from games.bridge.club_night.movements import MovementError, mitchell
from games.bridge.types import Seat
from games.models import BoardPlay
from games.models.board_play import waiting_for_undo
from games.models.join import LeavingBoardInPlay, MovementCannotBePlayed, Seated, SeatError, TableError
from games.presentation.movement_said import movement_said
from games.presentation.refusals import leaving_consequence, refusal
from games.presentation.seats import waiting_for
from tests.playing import call

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogues")]


def test_a_taken_seat_is_named_in_the_pages_language(other_client, join_table, django_user_model):
    join_table.take_seat(django_user_model.objects.create_user("dave"), "E")
    url = f"/games/{join_table.game.pk}/join/{join_table.invite_token}/"
    html = unescape(other_client.post(url, {"seat": "E"}, HTTP_ACCEPT_LANGUAGE="pl").text)
    assert "Miejsce Wschód zostało właśnie zajęte: wybierz inne." in html


def test_a_seating_refusal_names_its_seat_when_it_is_shown(join_table, django_user_model):
    join_table.take_seat(django_user_model.objects.create_user("dave"), "E")
    with override("pl"), pytest.raises(SeatError) as refused:
        join_table.take_seat(django_user_model.objects.create_user("erin"), "E")
    with override("pl"):
        assert refusal(refused.value) == "Miejsce Wschód zostało właśnie zajęte: wybierz inne."
    with pytest.raises(SeatError) as refused:  # str(), for a log: the seat's English name
        join_table.take_seat(django_user_model.objects.create_user("fred"), "E")
    assert str(refused.value) == "East was just taken: choose another seat."


def test_the_tables_own_refusal_is_said_like_the_engines():
    refused = waiting_for_undo("E")
    assert str(refused) == "Waiting for the host to answer East's undo request"
    with override("pl"):
        assert refusal(refused) == "Czekamy, aż gospodarz odpowie na prośbę o cofnięcie (Wschód)"


def test_players_in_their_seats_are_named_in_the_pages_language():
    with override("pl"):
        said = gettext(
            "Table %(table)s has players: %(names)s. Move them to another table, or take them off, before removing it."
        )
        refused = TableError(said, table=2, names=Seated((("ann", Seat.N), ("bob", Seat.E))))
        assert refusal(refused) == (
            "Przy stole 2 siedzą gracze: ann (Północ), bob (Wschód). Zanim go usuniesz, przenieś ich do innego "
            "stołu albo ich zdejmij."
        )


def test_a_movements_reason_is_said_in_the_pages_language():
    with pytest.raises(MovementError) as raised:
        mitchell(7, 3, 8)
    with override("pl"):
        refused = MovementCannotBePlayed(raised.value)
        assert refusal(refused) == f"Tego ruchu nie da się rozegrać: {movement_said(raised.value)}."
        assert movement_said(raised.value) == "Mitchell na 7 stołach ma od 1 do 7 rund, nie 8"
    assert str(refused).endswith(f": {raised.value}.")


def test_standing_up_names_the_seat_in_the_pages_language():
    with override("pl"):
        leaving = LeavingBoardInPlay(1, "1 odzywka", "N", False, 1)
        assert leaving_consequence(leaving) == (
            "Miejsce Północ zostaje puste, a rozgrywający gra kartami dziadka, więc rozdanie 1 toczy się bez "
            "ciebie; kto teraz usiądzie na Północ, gra od następnego rozdania."
        )
        assert refusal(leaving).endswith(leaving_consequence(leaving))
    assert LeavingBoardInPlay(1, "1 call made", "N", False, 1).consequence().startswith("North stays empty")


def test_the_table_waits_for_a_seat_named_in_the_pages_language(seated_table, other_user):
    board = seated_table.game.boards.get()
    board.played = call(BoardPlay.start(board, BoardPlay.Mode.TABLE), "1H", "P")
    seated_table.leave(other_user, confirm=board.number)
    players = {row.seat: row for row in seated_table.seats.all()}
    with override("pl"):
        assert waiting_for(board, players) == (
            "Gracz Wschód odszedł od stołu: stół czeka, bo rozdanie 1 nie może toczyć się bez gracza Wschód. "
            "Kto teraz usiądzie na Wschód, gra od następnego rozdania.",
        )
