"""A club night played by a Mitchell or Howell on the web: the new-game form's movement
settings (the movement's own reason when its numbers cannot be played), Start round 1
and Next round on the host's overview with each table's pairs and boards, the players'
pages telling them their round, and who may move the pairs."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import BoardPlay, Game, JoinTable, Seat
from games.models.join import Pair
from tests.models.test_club_movement import club, finish_round, seat_pairs

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
RULES = {
    "name": "Tuesday pairs",
    "game_type": "join",
    "allow_upload": "1",
    "scoring": "matchpoints",
    "missing_info": "rotation",
}


def test_the_new_game_form_makes_a_mitchell_with_its_settings(host_client):
    page = host_client.get("/games/new/").content.decode()
    assert 'value="mitchell"' in page and 'value="howell"' in page and 'name="boards_per_round"' in page
    fields = {"tables": "4", "movement": "mitchell", "boards_per_round": "3", "even": "skip", "arrow_switch": "1"}
    response = host_client.post("/games/new/", {**RULES, **fields})
    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.movement, game.boards_per_round, game.even, game.arrow_switch) == ("mitchell", 3, "skip", 1)
    assert game.join_tables.count() == 4


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"tables": "3", "movement": "mitchell", "rounds": "5"}, "a Mitchell of 3 tables plays 1 to 3 rounds, not 5"),
        ({"tables": "11", "movement": "howell"}, "a Howell has 3 to 20 pairs, not 22"),
        ({"tables": "3", "movement": "mitchell", "boards_per_round": "7"}, "a round has 1 to 6 boards, not 7"),
        ({"tables": "1", "movement": "howell"}, "a Howell has 3 to 20 pairs, not 2"),
    ],
)
def test_numbers_the_movement_cannot_play_are_refused_with_its_reason(host_client, fields, said):
    response = host_client.post("/games/new/", {**RULES, **fields})
    assert response.status_code == 200
    assert f"This movement cannot be played: {said}." in response.content.decode()
    assert not Game.objects.exists()


def test_a_teaching_game_keeps_the_movement_defaults(host_client):
    host_client.post("/games/new/", {**RULES, "tables": "2", "movement": "teaching", "boards_per_round": "5"})
    game = Game.objects.get()
    assert game.movement == "teaching" and game.boards_per_round == 2


def test_the_host_starts_round_1_and_the_overview_shows_pairs_and_sets(host, host_client, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    page = host_client.get(f"/games/{game.pk}/tables/").content.decode()
    assert "Start round 1" in page and "Next round" not in page

    response = host_client.post(f"/games/{game.pk}/tables/start-round/", headers=HX)
    assert response.status_code == 200 and "table-moved" in response.headers["HX-Trigger"]
    html = response.content.decode()
    assert "Round 1 of 3" in html and "6 pairs" in html and "Next round" in html
    movement = game.club_movement(3)
    for spot in movement.rounds[0].tables:
        start = html.index(f'id="overview-table-{spot.table}"')
        row = html[start : html.index("</tr>", start)]
        assert f"{spot.ns} – {spot.ew}" in row and f"{spot.boards[0]}–{spot.boards[-1]}" in row
    assert Pair.objects.filter(game=game).count() == 6


def test_the_hosts_page_says_the_movement_deals_each_tables_set(host, host_client, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    page = host_client.get(f"/games/{game.pk}/").content.decode()
    assert "start round 1 below" in page and "every table gets the same board" not in page
    host_client.post(f"/games/{game.pk}/tables/start-round/", headers=HX)
    page = host_client.get(f"/games/{game.pk}/").content.decode()
    head = page[page.index('id="club-dealt"') : page.index('id="overview"')]
    assert "The session's boards are dealt" in head and "dealt to every table" not in head
    assert "The movement sets each table's pairs and boards." in page
    assert "Every table plays the same boards." not in page


def test_a_refused_start_says_why(host, host_client, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model, leave_out=(2, "NS"))
    html = host_client.post(f"/games/{game.pk}/tables/start-round/", headers=HX).content.decode()
    assert "Table 2 needs a pair in North and South" in html
    assert not Pair.objects.filter(game=game).exists()


def test_deal_new_cards_says_the_movement_deals(host, host_client):
    game = club(host, 3)
    response = host_client.post(f"/games/{game.pk}/deal/", follow=True)
    assert "This game&#x27;s movement deals its boards" in response.content.decode()


def test_next_round_moves_the_pairs_and_their_pages_say_the_round(host, host_client, django_user_model, password):
    game = club(host, 3)
    seated = seat_pairs(game, django_user_model)
    host_client.post(f"/games/{game.pk}/tables/start-round/")
    finish_round(game)
    response = host_client.post(f"/games/{game.pk}/tables/next-round/", {"round": "1"}, headers=HX)
    assert response.status_code == 200 and "Round 2 of 3" in response.content.decode()
    movement = game.club_movement()
    player = seated["1 EW"][0]
    spot = movement.where("1 EW", 2)
    assert Seat.objects.get(user=player).table.number == spot.table
    client = Client()
    client.force_login(player)
    page = client.get(f"/games/{game.pk}/").content.decode()
    table = movement.rounds[1].table(spot.table)
    ns, ew = table.ns.split()[0], table.ew.split()[0]  # "2 NS": pair 2, who sit N-S
    assert f"Round 2 of 3: pair {ns} (N-S) against pair {ew} (E-W)" in page


def test_next_round_asks_first_while_a_table_plays(host, host_client, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    host_client.post(f"/games/{game.pk}/tables/start-round/")
    finish_round(game, skip={3})
    url = f"/games/{game.pk}/tables/next-round/"
    response = host_client.post(url, {"round": "1"}, headers=HX)
    assert response.headers["HX-Retarget"] == "#confirm"
    html = response.content.decode()
    assert "Round 1 is not over at table 3." in html and "recorded as not played" in html
    game.refresh_from_db()
    assert game.round == 1
    assert "Round 1 is not over at table 3." in host_client.get(url + "?round=1").content.decode()  # no script

    response = host_client.post(url, {"round": "1", "confirm": "1"}, headers=HX)
    assert "Round 2 of 3" in response.content.decode()
    table = JoinTable.objects.get(game=game, number=3)
    assert set(BoardPlay.objects.filter(table=table).values_list("abandoned", flat=True)) == {"unplayed"}


def test_only_the_host_moves_the_pairs(host, other_client, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    for action in ("start-round", "next-round"):
        assert other_client.post(f"/games/{game.pk}/tables/{action}/", {"round": "1"}).status_code == 404
    player = Seat.objects.filter(game=game).first().user
    seated = Client()
    seated.force_login(player)
    assert seated.post(f"/games/{game.pk}/tables/start-round/").status_code == 404
    game.refresh_from_db()
    assert game.round == 0


def test_next_round_needs_the_csrf_token(host, django_user_model):
    game = club(host, 3)
    seat_pairs(game, django_user_model)
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    assert strict.post(f"/games/{game.pk}/tables/start-round/").status_code == 403
    assert strict.post(f"/games/{game.pk}/tables/next-round/", {"round": "1"}).status_code == 403
    game.refresh_from_db()
    assert game.round == 0


def test_a_player_sitting_out_is_told_so(host, django_user_model):
    game = club(host, 3)
    seated = seat_pairs(game, django_user_model, leave_out=(3, "NS"))
    from games.models.join import start_movement

    start_movement(game, host)
    sitout = game.club_movement(3, 5).rounds[0].sitout
    client = Client()
    client.force_login(seated[sitout][0])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"pair {sitout} sits out this round" in page


def test_a_player_sees_only_the_boards_their_pair_has_finished(host, django_user_model):
    from games.models.club import results_for
    from games.models.join import next_round, start_movement

    game = club(host, 3)
    seated = seat_pairs(game, django_user_model)
    start_movement(game, host)
    finish_round(game)
    next_round(game, 1, by=host)
    movement = game.club_movement()
    # 1 EW now sits where other pairs played round 1's boards, some of which it plays later.
    shown = {board.board_number for board in results_for(game, seated["1 EW"][0]).boards}
    assert shown == set(movement.rounds[0].table(movement.where("1 EW", 1).table).boards)
    client = Client()
    client.force_login(seated["1 EW"][0])
    assert client.get(f"/games/{game.pk}/results/").status_code == 200
