"""A substitute on a club night (/games/<id>/seats/substitute/): once the movement has
started, the host's Players panel names one by username for a seated player; between two
boards of a round the substitute takes the seat and plays on for the pair, whose results
count every board; what is refused, and who may ask."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import BoardPlay, Game, JoinTable
from games.models.club import game_results
from games.models.join import Pair, Substitute, start_movement
from tests.models.test_club_movement import club, seat_pairs, where_seated
from tests.playing import call

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def url(game: Game) -> str:
    return f"/games/{game.pk}/seats/substitute/"


@pytest.fixture
def mitchell_night(host, django_user_model):
    """A three-table Mitchell in round 1, two boards a round; {pair name: its two players}."""
    game = club(host, 3)
    pairs = seat_pairs(game, django_user_model)
    start_movement(game, host)
    game.refresh_from_db()
    return game, pairs


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def pass_out_on_the_web(game: Game, table: JoinTable) -> None:
    """Each of the table's four players passes in turn, from their own page's form."""
    for _ in range(4):
        board = table.board()  # read again: the play it holds has moved on
        play = BoardPlay.start(board, BoardPlay.Mode.TABLE, table)
        seat = play.state().turn
        player = table.seats.get(seat=seat).user
        fields = {"board": board.number, "at": play.actions, "call": "P"}
        answer = client_of(player).post(f"/games/{game.pk}/play/call/", fields, headers=HX)
        assert answer.status_code == 204 and "table-moved" in answer.headers["HX-Trigger"]  # done, not refused
    assert BoardPlay.objects.get(board=board, table=table).done


def test_the_panel_offers_a_substitute_once_the_movement_has_started(host, host_client, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    assert f'action="{url(game)}"' not in host_client.get(f"/games/{game.pk}/").text
    start_movement(game, host)
    page = host_client.get(f"/games/{game.pk}/").text
    assert f'action="{url(game)}"' in page and 'name="username"' in page
    assert "Substitute for p1nsn: their username" in page


def test_a_substitute_plays_on_for_the_pair_and_its_results_count(mitchell_night, host_client, django_user_model):
    game, pairs = mitchell_night
    table = JoinTable.objects.select_related("game").get(game=game, number=1)
    call(BoardPlay.start(table.board(), BoardPlay.Mode.TABLE, table), "P", "P", "P", "P")  # board 1 of the round
    leaving = pairs["1 NS"][1]
    sam = django_user_model.objects.create_user("sam", password="x")

    response = host_client.post(url(game), {"table": "1", "seat": "S", "username": "sam"}, follow=True)
    assert "sam substitutes in South at table 1." in response.text
    assert where_seated(game, sam) == (1, "S") and where_seated(game, leaving) is None
    assert Pair.objects.get(game=game, name="1 NS").second_id == sam.pk
    recorded = Substitute.objects.get()
    assert (recorded.replaced_id, recorded.substitute_id, recorded.round) == (leaving.pk, sam.pk, 1)

    second = table.board()
    assert second.board_number == game.club_movement().rounds[0].table(1).boards[1]
    assert client_of(sam).get(f"/games/{game.pk}/").status_code == 200
    pass_out_on_the_web(game, table)  # sam calls for South
    standing = next(line.standing for line in game_results(game).ranking if line.standing.pair == "1 NS")
    assert standing.boards == 2  # the pair's first board and the substitute's


def test_the_htmx_answer_is_the_players_panel(mitchell_night, host_client, django_user_model):
    game, _ = mitchell_night
    django_user_model.objects.create_user("sam", password="x")
    response = host_client.post(url(game), {"table": "2", "seat": "E", "username": "sam"}, headers=HX)
    assert response.status_code == 200 and 'id="seating"' in response.text and "sam" in response.text


@pytest.mark.parametrize(
    ("username", "said"),
    [
        ("nobody", "No one has the username “nobody”."),
        ("p2nsn", "p2nsn sits at table 2 already: move them with Move."),
        ("", "No one has the username “”."),
    ],
)
def test_a_substitute_who_cannot_be_one_is_refused(mitchell_night, host_client, username, said):
    game, pairs = mitchell_night
    response = host_client.post(url(game), {"table": "1", "seat": "S", "username": username}, follow=True)
    assert said in response.text
    assert where_seated(game, pairs["1 NS"][1]) == (1, "S") and not Substitute.objects.exists()


def test_a_player_in_a_pair_is_no_substitute(mitchell_night, host_client, django_user_model):
    game, pairs = mitchell_night
    standing_up = pairs["2 NS"][0]
    JoinTable.numbered(game, 2).leave(standing_up)
    response = host_client.post(url(game), {"table": "1", "seat": "S", "username": standing_up.username}, follow=True)
    assert f"{standing_up.username} plays in a pair of this movement: a substitute plays in none." in response.text
    assert where_seated(game, pairs["1 NS"][1]) == (1, "S")


def test_not_while_the_players_hand_is_being_played(mitchell_night, host_client, django_user_model):
    game, pairs = mitchell_night
    table = JoinTable.objects.select_related("game").get(game=game, number=1)
    call(BoardPlay.start(table.board(), BoardPlay.Mode.TABLE, table), "P")
    django_user_model.objects.create_user("sam", password="x")
    seat = pairs["1 NS"][1]
    response = host_client.post(url(game), {"table": "1", "seat": "S", "username": "sam"}, follow=True)
    assert f"{seat.username} is playing board {table.board().board_number}: substitute them when it is over." in (
        response.text
    )
    assert where_seated(game, seat) == (1, "S")


def test_before_round_1_there_is_no_substitute(host, host_client, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    django_user_model.objects.create_user("sam", password="x")
    response = host_client.post(url(game), {"table": "1", "seat": "S", "username": "sam"}, follow=True)
    assert "A substitute takes a seat once the movement has started: until then, seat the player." in response.text


def test_it_checks_ownership(mitchell_night, other_client, django_user_model):
    game, pairs = mitchell_night
    django_user_model.objects.create_user("sam", password="x")
    fields = {"table": "1", "seat": "S", "username": "sam"}
    assert other_client.post(url(game), fields).status_code == 404
    assert client_of(pairs["1 NS"][0]).post(url(game), fields).status_code == 404
    assert Client().post(url(game), fields).status_code == 302  # to log in
    assert client_of(game.host).get(url(game)).status_code == 405
    assert where_seated(game, pairs["1 NS"][1]) == (1, "S") and not Substitute.objects.exists()


def test_it_needs_the_csrf_token(mitchell_night, host, django_user_model):
    game, pairs = mitchell_night
    django_user_model.objects.create_user("sam", password="x")
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    assert strict.post(url(game), {"table": "1", "seat": "S", "username": "sam"}).status_code == 403
    assert where_seated(game, pairs["1 NS"][1]) == (1, "S")
