"""The host's game page of a club night after Deal New Cards: a director off the tables
sees every table with the board just dealt and a link to each table's teacher's view,
never one table's felt (table 1's, or the one they were watching); a host seated at a
table sees their own table. One table's felt stays one click away (?table=N)."""

from __future__ import annotations

import pytest

from games.models import BoardPlay
from tests.playing import call

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def overview_only(html: str, game, tables: int = 2) -> None:
    """The page is the overview of every table with the board dealt, and no table's felt."""
    assert 'id="club-dealt"' in html and 'id="overview"' in html
    for number in range(1, tables + 1):
        assert f'id="overview-table-{number}"' in html
        teacher = f"/games/{game.pk}/teacher/" if number == 1 else f"/games/{game.pk}/tables/{number}/teacher/"
        assert f'href="{teacher}"' in html
    assert '<div id="seat-view" hidden></div>' in html  # its place only
    assert "table-no" not in html and "seat-diagram" not in html and 'class="suits' not in html


def test_after_dealing_the_host_off_the_tables_sees_every_table_with_the_new_board(club, host_client):
    night = club()
    response = host_client.post(f"/games/{night.game.pk}/deal/", follow=True)
    html = response.content.decode()
    assert response.redirect_chain == [(f"/games/{night.game.pk}/", 302)]
    overview_only(html, night.game)
    dealt = html[html.index('id="club-dealt"') : html.index('id="overview"')]
    assert "Board 1" in dealt and "dealt to every table" in dealt


def test_the_htmx_answer_to_the_deal_brings_the_overviews_head_and_the_overview_polls(club, host_client):
    night = club()
    page = host_client.get(f"/games/{night.game.pk}/").content.decode()
    assert 'id="table-area" class="table-area" aria-labelledby="board-title" hx-select-oob="#club-dealt"' in page
    answer = host_client.post(f"/games/{night.game.pk}/deal/", headers=HX)
    html = answer.content.decode()
    assert answer["HX-Reswap"] == "none" and "table-moved" in answer["HX-Trigger"]  # the overview polls
    dealt = html[html.index('id="club-dealt"') :]
    assert "Board 1" in dealt and "dealt to every table" in dealt
    assert "seat-diagram" not in html and 'class="suits' not in html
    overview_only(page, night.game)


def test_a_host_watching_table_two_keeps_watching_it_after_the_deal(club, host_client):
    night = club()
    night.game.deal_next()
    watching = host_client.get(f"/games/{night.game.pk}/?table=2").content.decode()
    assert '<span class="table-no">Table 2 ·</span>' in watching and 'id="club-dealt"' not in watching
    assert "hx-select-oob" not in watching  # the answer's overview head is not this page's
    call(BoardPlay.start(night.game.boards.get(), BoardPlay.Mode.TABLE, night.table(1)), "P")
    current = {"HX-Current-URL": f"http://testserver/games/{night.game.pk}/?table=2"}
    answer = host_client.post(f"/games/{night.game.pk}/deal/", {"confirm": "1"}, headers={**HX, **current})
    assert "Table 1 ·" not in answer.content.decode() and "HX-Replace-Url" not in answer
    redraw = host_client.get(f"/games/{night.game.pk}/seat/?table=2", headers={**HX, **current}).content.decode()
    assert '<span class="table-no">Table 2 ·</span>' in redraw and "Board 2" in redraw


def test_the_overview_says_which_tables_are_still_on_an_earlier_board(club, host_client):
    night = club()
    board = night.game.deal_next()
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, night.table(2)), "P", "1S")
    host_client.post(f"/games/{night.game.pk}/deal/", {"confirm": "1"}, headers=HX)
    overview = host_client.get(f"/games/{night.game.pk}/tables/", headers=HX).content.decode()
    second = overview[overview.index('id="overview-table-2"') :].split("</tr>")[0]
    first = overview[overview.index('id="overview-table-1"') :].split("</tr>")[0]
    assert "board 2 waits" in second and "waits" not in first


def test_a_host_seated_at_a_table_sees_their_own_table_after_dealing(club, host, host_client):
    night = club()
    second = night.table(2)
    second.unseat("N")
    second.take_seat(host, "N")
    page = host_client.get(f"/games/{night.game.pk}/").content.decode()
    assert "hx-select-oob" not in page and 'id="club-dealt"' not in page
    host_client.post(f"/games/{night.game.pk}/deal/", headers=HX)
    html = host_client.get(f"/games/{night.game.pk}/seat/", headers=HX).content.decode()
    assert '<span class="table-no">Table 2 ·</span>' in html and "You sit North" in html
    assert f"/games/{night.game.pk}/tables/2/teacher/" not in html  # a player: no teacher's view


def test_before_the_first_deal_the_overview_says_so(club, host_client):
    night = club()
    html = host_client.get(f"/games/{night.game.pk}/").content.decode()
    assert "No board dealt yet" in html and 'id="overview"' in html


def test_one_tables_host_still_sees_its_felt(seated_table, host_client):
    html = host_client.get(f"/games/{seated_table.game.pk}/").content.decode()
    assert 'id="club-dealt"' not in html and 'id="seat-view" class="seat-view"' in html


@pytest.mark.parametrize(
    ("page", "felt"),
    [("/games/{pk}/", None), ("/games/{pk}/?table=2", 2), ("/games/{pk}/?table=1", 1)],
)
def test_a_players_panel_answer_keeps_the_felt_the_page_shows(club, host_client, page, felt):
    """A move in the players panel redraws the seat view out of band: the table the page
    watches, or on the director's overview none at all."""
    night = club()
    night.game.deal_next()
    current = "http://testserver" + page.format(pk=night.game.pk)
    html = host_client.post(
        f"/games/{night.game.pk}/seats/move/",
        {"table": "1", "seat": "N", "to": "E"},
        headers={**HX, "HX-Current-URL": current},
    ).content.decode()
    assert 'id="seating"' in html and night.table(1).seats.get(seat="E").user.username == "p1n"
    if felt is None:
        assert '<div id="seat-view" hidden hx-swap-oob="true"></div>' in html
        assert "table-no" not in html and 'class="suits' not in html
    else:
        assert 'id="seat-view"' in html and "hidden" not in html.split('id="seat-view"')[0][-40:]
        assert f"Table {felt}" in html.split('id="seat-view"')[1]
