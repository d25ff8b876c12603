"""A club night_in_play's privacy: a player at table 2 sees only their own table, and of it only
what the rules of bridge show their seat, wherever they look. Table 1 plays the same
deal further (its dummy is down, its board over): nothing of that reaches table 2 by the
game page, the poll (naming table 1 or not), the teacher's view, the overview, the
results before table 2 has finished the board (travellers and their deals), the analysis,
the exports or the reveal.

Each test asserts both ways, as test_join_privacy.py does: what the player may see is
there, so that the check reads the real markup.
"""

from __future__ import annotations

import pytest

from games.models import BoardPlay
from tests.playing import call, claim
from tests.web.test_join_privacy import HANDS, NAMES, SUITS, assert_sees_only, leaks, shown

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def assert_deal_shown(html: str) -> None:
    """The four hands as the traveller's small diagram prints them, each suit's cards unspaced."""
    for seat in "NESW":
        assert f'aria-label="{NAMES[seat]}\'s hand"' in html
        for (symbol, name), cards in zip(SUITS, HANDS[seat].split(".")):
            if cards:
                assert f'title="{name}">{symbol}</span> <span class="cards">{cards.replace("T", "10")}</span>' in html


@pytest.fixture
def night_in_play(club):
    """Board 1 dealt to both tables; table 1 in 1NT by South after West's lead, so its
    players see North's hand, the dummy; table 2 has not called."""
    night_in_play = club()
    board = night_in_play.game.deal_next()
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE, night_in_play.table(1)), "P", "P", "1NT", "P", "P", "P")
    state = play.state()
    night_in_play.lead = play.act("W", "card", play.actions, card=state.remaining("W")[0])
    night_in_play.board = board
    return night_in_play


def test_table_one_sees_its_dummy_and_table_two_does_not(night_in_play):
    at_one = night_in_play.client("p1e").get(f"/games/{night_in_play.game.pk}/").content.decode()
    assert all(text in at_one for text in shown("N"))  # the check reads the real dummy markup
    at_two = night_in_play.client("p2e").get(f"/games/{night_in_play.game.pk}/").content.decode()
    assert_sees_only(at_two, "E")
    assert "Table 2" in at_two and "p2n" in at_two and "p1n" not in at_two and "1NT" not in at_two


@pytest.mark.parametrize("query", ["", "?table=1", "?table=2", "?table=99"])
def test_the_poll_answers_the_players_own_table_whatever_it_names(night_in_play, query):
    response = night_in_play.client("p2e").get(f"/games/{night_in_play.game.pk}/seat/{query}", headers=HX)
    html = response.content.decode()
    assert response.status_code == 200 and "Table 2" in html
    assert_sees_only(html, "E")
    assert "p1e" not in html


def test_a_player_reaches_no_teachers_view_overview_or_table_management(night_in_play):
    client = night_in_play.client("p2e")
    pk = night_in_play.game.pk
    for url in (
        f"/games/{pk}/teacher/",
        f"/games/{pk}/tables/1/teacher/",
        f"/games/{pk}/tables/1/teacher/table/",
        f"/games/{pk}/tables/2/teacher/",
        f"/games/{pk}/tables/",
        f"/games/{pk}/tables/move-on/?table=1&board=1",
        f"/games/{pk}/export/dealt.pbn",
        f"/games/{pk}/export/queue.pbn",
        f"/games/{pk}/boards/1/analysis/",
    ):
        response = client.get(url)
        assert response.status_code == 404, url
        for seat in "NSW":
            assert not any(text in response.content.decode() for text in leaks(seat)), url
    for url, data in (
        (f"/games/{pk}/tables/move-on/", {"table": "1", "board": "1"}),
        (f"/games/{pk}/tables/add/", {}),
        (f"/games/{pk}/tables/remove/", {"table": "2"}),
        (f"/games/{pk}/reveal/", {"table": "1", "board": "1"}),
        (f"/games/{pk}/seats/move/", {"table": "1", "seat": "N", "to": "2E"}),
        (f"/games/{pk}/tables/1/teacher/note/", {"board": "1", "text": "hello"}),
    ):
        assert client.post(url, data).status_code == 404, url
    assert night_in_play.game.join_tables.count() == 2 and not night_in_play.board.reveals.exists()


def test_a_reveal_at_table_one_shows_nothing_at_table_two(night_in_play, host_client):
    pk = night_in_play.game.pk
    assert host_client.post(f"/games/{pk}/reveal/", {"table": "1", "board": "1", "confirm": "1"}).status_code == 302
    at_one = night_in_play.client("p1e").get(f"/games/{pk}/").content.decode()
    assert all(text in at_one for seat in "NES" for text in shown(seat))  # West has led a card
    at_two = night_in_play.client("p2e").get(f"/games/{pk}/").content.decode()
    assert_sees_only(at_two, "E")
    # The analysis of a board revealed at table 1 only: table 2's players do not reach it.
    assert night_in_play.client("p2e").get(f"/games/{pk}/boards/1/analysis/").status_code == 404
    assert night_in_play.client("p1e").get(f"/games/{pk}/boards/1/analysis/").status_code == 200


def test_the_traveller_waits_until_the_players_own_table_has_finished(night_in_play):
    claim(night_in_play.lead, 7)
    play = BoardPlay.objects.get(board=night_in_play.board, table=night_in_play.table(1))
    for defender in ("E", "W"):
        play = play.act(defender, "accept", play.actions)
    assert play.done
    url = f"/games/{night_in_play.game.pk}/results/"
    analysis = f"/games/{night_in_play.game.pk}/boards/1/analysis/"
    at_one = night_in_play.client("p1e").get(url).content.decode()
    assert 'id="traveller-1"' in at_one and "1NT" in at_one
    assert_deal_shown(at_one)  # the traveller beside its deal, open to a table that has finished it
    assert analysis not in at_one  # the analysis waits for the host's reveal, as at the table
    at_two = night_in_play.client("p2e").get(url).content.decode()
    assert 'id="traveller-1"' not in at_two and "1NT" not in at_two
    assert "1 board is left out until your table has finished it" in at_two
    assert_sees_only(at_two, None)
    assert analysis not in at_two and night_in_play.client("p2e").get(analysis).status_code == 404
    # The poll of the results part holds the same back.
    partial = night_in_play.client("p2e").get(url, headers=HX).content.decode()
    assert 'id="results"' in partial and "1NT" not in partial
    call(BoardPlay.start(night_in_play.board, BoardPlay.Mode.TABLE, night_in_play.table(2)), "P", "P", "P", "P")
    at_two = night_in_play.client("p2e").get(url).content.decode()
    assert 'id="traveller-1"' in at_two and "1NT" in at_two and "Passed out" in at_two
    assert_deal_shown(at_two)


def test_a_seated_hosts_export_leaves_out_the_board_their_table_plays(night_in_play, host, host_client):
    night_in_play.table(2).unseat("N")
    night_in_play.table(2).take_seat(host, "N")
    night_in_play.game.deal_next()  # board 2: table 1 still plays board 1, table 2 (not under way) goes on
    text = host_client.get(f"/games/{night_in_play.game.pk}/export/dealt.pbn").content.decode()
    assert '[Board "1"]' in text and '[Board "2"]' not in text
    page = host_client.get(f"/games/{night_in_play.game.pk}/").content.decode()
    assert "Table 2" in page and "1NT" not in page  # a seated host sees their own table, nothing of table 1's


def test_the_overview_shows_a_seated_host_no_contract(night_in_play, host, host_client):
    html = host_client.get(f"/games/{night_in_play.game.pk}/tables/").content.decode()
    assert "1NT by S" in html and "Teacher's view" in html
    night_in_play.table(2).unseat("N")
    night_in_play.table(2).take_seat(host, "N")
    html = host_client.get(f"/games/{night_in_play.game.pk}/tables/").content.decode()
    assert 'id="overview-table-1"' in html and "4/4" in html  # the table, its seats taken
    assert "1NT" not in html and "Teacher's view" not in html and "South <small>(p1s)" not in html


def test_a_seated_staff_member_sees_nothing_in_the_admin_of_a_board_their_table_has_not_reached(club, staff):
    """Own pace: table 1 has gone on to board 2, which table 2 (where carol, staff, sits
    West) has still to reach. The admin shows her board 1 as her seat sees it, and nothing
    of board 2's deal; table 1's player sees board 2 as their own seat does."""
    from games.models import DealtBoard
    from tests.web.test_seated_reviewer_admin import HIDDEN, assert_shows_only

    night_in_play = club(movement="own_pace")
    night_in_play.table(2).unseat("W")
    night_in_play.table(2).take_seat(staff, "W")
    first = night_in_play.game.deal_next()
    call(BoardPlay.start(first, BoardPlay.Mode.TABLE, night_in_play.table(1)), "P", "P", "P", "P")
    second = night_in_play.table(1).next_board(at=1)
    admin = night_in_play.client("p1n")
    admin.force_login(staff)
    ahead = admin.get(f"/admin/games/dealtboard/{second.pk}/change/").content.decode()
    assert_shows_only(ahead, second.deal, None)
    mine = admin.get(f"/admin/games/dealtboard/{first.pk}/change/").content.decode()
    assert_shows_only(mine, first.deal, "W")
    deck = admin.get(f"/admin/games/deck/{second.deck_id}/change/").content.decode()
    assert HIDDEN in deck and second.deal not in deck
    assert DealtBoard.objects.filter(game=night_in_play.game).count() == 2


def test_a_board_left_unfinished_shows_its_deal_to_that_table_alone(night_in_play):
    """Table 1 stops in the middle of the play (the board is recorded as not finished): its
    players see the deal beside the traveller; table 2, still to play the board, does not."""
    play = BoardPlay.objects.select_for_update().get(board=night_in_play.board, table=night_in_play.table(1))
    play.leave_unfinished(BoardPlay.Abandoned.DEALT, confirmed=True)
    results = f"/games/{night_in_play.game.pk}/results/"
    at_one = night_in_play.client("p1e").get(results).content.decode()
    assert "Not finished (scores nothing): table 1." in at_one
    assert_deal_shown(at_one)
    assert_sees_only(night_in_play.client("p2e").get(results).content.decode(), None)


def test_the_traveller_links_the_analysis_once_the_host_reveals_the_board_to_that_table(night_in_play, host_client):
    pk = night_in_play.game.pk
    claim(night_in_play.lead, 7)
    play = BoardPlay.objects.get(board=night_in_play.board, table=night_in_play.table(1))
    for defender in ("E", "W"):
        play = play.act(defender, "accept", play.actions)
    analysis = f"/games/{pk}/boards/1/analysis/"
    assert analysis not in host_client.get(f"/games/{pk}/results/").text
    assert host_client.post(f"/games/{pk}/reveal/", {"table": "1", "board": "1", "confirm": "1"}).status_code == 302
    assert analysis in host_client.get(f"/games/{pk}/results/").text
    at_one = night_in_play.client("p1e").get(f"/games/{pk}/results/").text
    assert analysis in at_one and night_in_play.client("p1e").get(analysis).status_code == 200


def test_once_a_table_goes_on_its_finished_boards_analysis_opens_there_alone(night_in_play, host_client):
    """Table 1 finishes board 1 and, when the host deals board 2, reaches board 1's analysis
    (from the traveller too). Table 2 never played board 1 (the teaching movement takes it
    to board 2): board 1's hands stay closed to it, analysis included."""
    pk = night_in_play.game.pk
    claim(night_in_play.lead, 7)
    play = BoardPlay.objects.get(board=night_in_play.board, table=night_in_play.table(1))
    for defender in ("E", "W"):
        play = play.act(defender, "accept", play.actions)
    analysis, results = f"/games/{pk}/boards/1/analysis/", f"/games/{pk}/results/"
    assert night_in_play.client("p1e").get(analysis).status_code == 404  # still the board at play
    assert analysis not in night_in_play.client("p1e").get(results).text
    night_in_play.game.deal_next()
    assert night_in_play.client("p1e").get(analysis).status_code == 200
    assert analysis in night_in_play.client("p1e").get(results).text
    assert analysis in host_client.get(results).text and host_client.get(analysis).status_code == 200
    at_two = night_in_play.client("p2e").get(analysis)
    assert at_two.status_code == 404
    for seat in "NSW":
        assert not any(text in at_two.text for text in leaks(seat))
    assert analysis not in night_in_play.client("p2e").get(results).text
