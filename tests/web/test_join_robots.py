"""Robots at a Join table: the host seats one in an empty seat (a missing fourth, or a
robot pair at a club night) and takes it out again. Robots act in their own turn only,
are named as robots wherever players are, and a person who takes a robot's seat plays
from the next board."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.bridge import play as rules_of_play
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.models.club import game_results
from games.models.join import JoinTable, SeatError
from tests.playing import DEAL
from tests.web.test_play_privacy import assert_sees

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
DEALS = (DEAL, "N:AKQJ.T98.765.432 T987.AKQ.J98.765 6543.765.AKQ.AKQ 2.J432.T432.JT98")


def deal_boards(game: Game, host, count: int = 1) -> None:
    game.add_decks(
        [ParsedDeck(deal=DEALS[i], index=i, line=1, board=str(i + 1), dealer="N", vul="None") for i in range(count)],
        source_name="club.pbn",
    )
    game.deal_next(by=host)


def play_out(table: JoinTable, persons: dict[str, object], client) -> BoardPlay:
    """Each person's call (Pass, or 3NT once) and card, through the page's routes, until
    the board is over; the robots answer in between."""
    game = table.game
    for _ in range(120):
        board = table.board_and_play()
        play = board.played
        now = play.state() if play is not None else rules_of_play.new_board(board.deal, board.dealer, board.vul)
        if now.phase == rules_of_play.DONE:
            return play
        actor = now.actor
        assert actor in persons, f"{actor} is a robot's seat: the robots hand the table back"
        client.force_login(persons[actor])
        fields = {"board": board.number, "at": play.actions if play is not None else 0}
        if now.phase == rules_of_play.AUCTION:
            bid = "3NT" if "3NT" in rules_of_play.legal_calls(now) and len(now.calls) < 4 else "P"
            answer = client.post(f"/games/{game.pk}/play/call/", {**fields, "call": bid}, headers=HX)
        else:
            card = rules_of_play.legal_cards(now)[0]
            answer = client.post(f"/games/{game.pk}/play/card/", {**fields, "card": card}, headers=HX)
        assert answer.status_code == 204, answer.text
    raise AssertionError("the board did not end")


@pytest.mark.queue
@pytest.mark.django_db(transaction=True)
def test_one_person_and_three_robots_finish_a_board(join_table, host, client):
    join_table.take_seat(host, "S")
    for seat in "NEW":
        join_table.seat_robot(seat)
    deal_boards(join_table.game, host)
    play = play_out(join_table, {"S": host}, client)
    assert play.done and play.robots == "NEW" and play.contract
    client.force_login(host)
    results = client.get(reverse("club_results", args=[join_table.game.pk])).text
    assert "Robot" in results


def test_a_robot_seated_in_a_missing_fourths_seat_plays_the_board_in_play(seated_table, act):
    act("alice", "call", call="1C")
    act("bob", "call", call="1D")
    seated_table.unseat("E")  # bob leaves mid-auction: the table will wait for East
    act("dave", "call", call="1H")
    act("erin", "call", call="1S")
    act("alice", "call", call="1NT")
    assert seated_table.board_and_play().played.state().turn == "E"
    seated_table.seat_robot("E")
    play = seated_table.board_and_play().played
    assert play.robots == "E" and play.state().turn == "S"  # the robot called for East at once
    assert len(play.state().calls) == 6


def test_a_person_who_takes_a_robots_seat_plays_from_the_next_board(join_table, host, client, django_user_model):
    join_table.take_seat(host, "S")
    for seat in "NEW":
        join_table.seat_robot(seat)
    deal_boards(join_table.game, host, count=2)
    first = join_table.board_and_play()
    assert first.played.robots == "NEW"
    join_table.unseat_robot("W")
    carol = django_user_model.objects.create_user("carol", password="x")
    join_table.take_seat(carol, "W")
    play_out(join_table, {"S": host}, client)  # West's robot plays board 1 to its end
    client.force_login(host)
    client.post(reverse("deal", args=[join_table.game.pk]), headers=HX)
    second = join_table.board_and_play()
    assert second.number == 2 and second.played.robots == "NE"
    done = play_out(join_table, {"S": host, "W": carol}, client)
    assert done.robots == "NE"


def test_nobody_takes_a_seat_a_robot_holds(join_table, other_user):
    join_table.seat_robot("E")
    with pytest.raises(SeatError, match="East was just taken"):
        join_table.take_seat(other_user, "E")
    with pytest.raises(SeatError, match="A robot sits East already"):
        join_table.seat_robot("E")


def test_a_robot_is_not_seated_over_a_person(seated_table):
    with pytest.raises(SeatError, match="take its player off first"):
        seated_table.seat_robot("E")


def test_a_person_beside_robots_sees_only_what_their_seat_sees(join_table, host, client):
    join_table.take_seat(host, "S")
    for seat in "NEW":
        join_table.seat_robot(seat)
    deal_boards(join_table.game, host)
    client.force_login(host)
    for _ in range(6):  # through the auction into the play
        board = join_table.board_and_play()
        now = board.played.state()
        html = client.get(reverse("seat_poll", args=[join_table.game.pk]), headers=HX).text
        assert_sees(html, now, set(rules_of_play.visible_hands(now, "S")))
        if now.phase == rules_of_play.DONE or now.actor != "S":
            break
        fields = {"board": board.number, "at": board.played.actions}
        if now.phase == rules_of_play.AUCTION:
            client.post(f"/games/{join_table.game.pk}/play/call/", {**fields, "call": "P"}, headers=HX)
        else:
            card = rules_of_play.legal_cards(now)[0]
            client.post(f"/games/{join_table.game.pk}/play/card/", {**fields, "card": card}, headers=HX)


def test_the_host_seats_and_takes_out_a_robot_from_the_players_panel(join_table, host_client):
    game = join_table.game
    answer = host_client.post(reverse("seat_robot", args=[game.pk]), {"table": 1, "seat": "W"}, headers=HX)
    assert answer.status_code == 200 and "Take the robot out" in answer.text and "Robot" in answer.text
    join_table.refresh_from_db()
    assert join_table.robots == "W"
    answer = host_client.post(reverse("seat_robot_out", args=[game.pk]), {"table": 1, "seat": "W"}, headers=HX)
    join_table.refresh_from_db()
    assert join_table.robots == "" and "Seat a robot" in answer.text


def test_only_the_host_seats_a_robot(join_table, other_client):
    answer = other_client.post(reverse("seat_robot", args=[join_table.game.pk]), {"table": 1, "seat": "W"})
    assert answer.status_code == 404
    join_table.refresh_from_db()
    assert join_table.robots == ""


@pytest.mark.queue
@pytest.mark.django_db(transaction=True)
def test_a_club_night_ranks_a_robot_pair_marked_or_leaves_it_out(host, client, django_user_model):
    game = Game.objects.create(host=host, name="Odd night", game_type=Game.Type.JOIN)
    first, second = JoinTable.for_game(game), JoinTable.add_to(game)
    people = {}
    for table, seats in ((first, "NESW"), (second, "NS")):
        for seat in seats:
            people[(table.number, seat)] = django_user_model.objects.create_user(f"t{table.number}{seat}", password="x")
            table.take_seat(people[(table.number, seat)], seat)
    second.seat_robot("E")
    second.seat_robot("W")
    deal_boards(game, host)
    for table in (first, second):
        play_out(table, {seat: user for (number, seat), user in people.items() if number == table.number}, client)
    ranking = game_results(game).ranking
    robots = [line for line in ranking if line.players == "Robot & Robot"]
    assert len(robots) == 1 and robots[0].standing.pair == "2" and robots[0].standing.direction == "EW"
    game.rank_robot_pairs = False
    game.save()
    ranking = game_results(game).ranking
    assert all(line.players != "Robot & Robot" for line in ranking)
    assert [line.standing.rank for line in ranking if line.standing.direction == "EW"] == [1]


def test_an_export_names_a_robot_as_a_robot(join_table, host, client):
    join_table.take_seat(host, "S")
    for seat in "NEW":
        join_table.seat_robot(seat)
    deal_boards(join_table.game, host)
    play_out(join_table, {"S": host}, client)
    client.force_login(host)
    join_table.game.seats.filter(user=host).delete()  # stood up: a seated host's export waits
    text = client.get(f"/games/{join_table.game.pk}/export/dealt.pbn").content.decode()
    assert '[North "Robot"]' in text and '[East "Robot"]' in text and '[West "Robot"]' in text


@pytest.mark.parametrize("seat", ["", "²", "NE"])
def test_taking_a_robot_out_of_no_seat_is_refused_by_name(join_table, seat):
    join_table.seat_robot("E")
    with pytest.raises(SeatError, match="Choose North, East, South or West"):
        join_table.unseat_robot(seat)
    assert JoinTable.objects.get(pk=join_table.pk).robots == "E"
