"""The host's overview of a club night's tables: each table's board, where it stands and
who is to act, on the game page (polled) and as a page of its own; moving a table on."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import BoardPlay
from tests.playing import call

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def row(html: str, number: int) -> str:
    start = html.index(f'id="overview-table-{number}"')
    return html[start : html.index("</tr>", start)]


def test_the_game_page_shows_every_table_at_a_glance(club, host_client):
    night = club()
    board = night.game.deal_next()
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, night.table(1)), "P", "1S")
    html = host_client.get(f"/games/{night.game.pk}/").content.decode()
    assert 'id="overview"' in html and "teaching: you deal each board to every table" in html
    first, second = row(html, 1), row(html, 2)
    assert "auction" in first and "2 calls made" in first and "South <small>(p1s)</small>" in first
    assert "not started" in second and "North <small>(p2n)</small>" in second  # North deals board 1
    assert f"/games/{night.game.pk}/tables/2/teacher/" in second and "?table=2" in second
    assert f'href="/games/{night.game.pk}/results/"' in html


def test_a_one_table_game_has_no_overview(seated_table, host_client):
    assert 'id="overview"' not in host_client.get(f"/games/{seated_table.game.pk}/").content.decode()


def test_the_host_shows_another_tables_board_on_the_game_page(club, host_client):
    night = club()
    board = night.game.deal_next()
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE, night.table(2)), "P", "1S")
    html = host_client.get(f"/games/{night.game.pk}/?table=2").content.decode()
    view = html[html.index('id="seat-view"') :]
    assert "Table 2" in view and 'name="table" value="2"' in view and "&amp;table=2" in view


def test_the_overview_polls_with_204_until_a_table_changes(club, host_client):
    night = club()
    night.game.deal_next()
    url = f"/games/{night.game.pk}/tables/"
    html = host_client.get(url, headers=HX).content.decode()
    assert 'id="overview"' in html and "<html" not in html
    version = html.split("?v=")[1].split('"')[0]
    assert host_client.get(f"{url}?v={version}", headers=HX).status_code == 204
    call(BoardPlay.start(night.game.boards.get(), BoardPlay.Mode.TABLE, night.table(2)), "P")
    assert "1 call made" in row(host_client.get(f"{url}?v={version}", headers=HX).content.decode(), 2)


def test_the_host_moves_a_table_still_playing_on_after_asking(club, host_client):
    night = club()
    first = night.game.deal_next()
    play = call(BoardPlay.start(first, BoardPlay.Mode.TABLE, night.table(2)), "1S")
    night.game.deal_next()
    html = host_client.get(f"/games/{night.game.pk}/tables/").content.decode()
    assert "board 2 waits" in row(html, 2) and "Move on" in row(html, 2) and "Move on" not in row(html, 1)
    url = f"/games/{night.game.pk}/tables/move-on/"
    asked = host_client.post(url, {"table": "2", "board": "1"}, headers=HX)
    assert asked.headers["HX-Retarget"] == "#confirm" and "Move table 2 on anyway?" in asked.text
    assert night.table(2).board() == first
    done = host_client.post(url, {"table": "2", "board": "1", "confirm": "1"}, headers=HX).content.decode()
    assert night.table(2).board().number == 2 and BoardPlay.objects.get(pk=play.pk).abandoned == "dealt"
    assert "board 2 waits" not in row(done, 2)
    stale = host_client.post(url, {"table": "2", "board": "1", "confirm": "1"}, headers=HX).content.decode()
    assert "Table 2 has gone on already" in stale


def test_without_javascript_moving_on_asks_on_a_page(club, host_client):
    night = club()
    first = night.game.deal_next()
    call(BoardPlay.start(first, BoardPlay.Mode.TABLE, night.table(2)), "1S")
    night.game.deal_next()
    url = f"/games/{night.game.pk}/tables/move-on/"
    response = host_client.post(url, {"table": "2", "board": "1"})
    assert response.status_code == 302 and response.url == f"{url}?table=2&board=1"
    page = host_client.get(response.url).content.decode()
    assert "Move table 2 on anyway?" in page and 'name="confirm" value="1"' in page


def test_it_checks_ownership(club, other_client):
    night = club()
    first = night.game.deal_next()
    call(BoardPlay.start(first, BoardPlay.Mode.TABLE, night.table(2)), "1S")
    night.game.deal_next()
    assert other_client.get(f"/games/{night.game.pk}/tables/").status_code == 404
    url = f"/games/{night.game.pk}/tables/move-on/"
    assert other_client.post(url, {"table": "2", "board": "1", "confirm": "1"}).status_code == 404
    assert night.client("p1n").post(url, {"table": "2", "board": "1", "confirm": "1"}).status_code == 404
    assert night.table(2).board() == first


VERSION_READ = 'SELECT "games_jointable"."id" AS "pk", "games_jointable"."version"'  # results_version's


def answer_reading_the_version_first(client, url: str, table: str) -> str:
    """``url``'s htmx answer, checked to have read the tables' version once and before its
    first statement on ``table`` (what the version stands for)."""
    with CaptureQueriesContext(connection) as made:
        html = client.get(url, headers=HX).content.decode()
    versions = [i for i, q in enumerate(made) if q["sql"].startswith(VERSION_READ)]
    read = [i for i, q in enumerate(made) if f'FROM "{table}"' in q["sql"]]
    assert len(versions) == 1 and versions[0] < read[0], [q["sql"][:80] for q in made]
    return html


def test_a_redrawn_overview_reads_the_tables_version_once_before_the_tables(club, host_client):
    """Read before what it stands for: a change made while the overview is drawn shows at
    the next ask, never hidden behind a version that already counts it."""
    night = club()
    night.game.deal_next()
    html = answer_reading_the_version_first(host_client, f"/games/{night.game.pk}/tables/?v=old", "games_dealtboard")
    assert f"?v={night.game.next_board_number}." in html
