"""The seat view's poll: cheap when nothing changed (204 / 304), the partial when it did."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models.join import JoinTable

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


@pytest.fixture
def table_with_bob(join_table, other_user) -> JoinTable:
    """A Join table where bob (other_user) sits East, the other seats free."""
    join_table.take_seat(other_user, "E")
    return join_table


def poll_url(html: str) -> str:
    return re.search(r'hx-get="(/games/\d+/seat/\?v=[^"]+)"', html)[1]


def test_the_page_polls_every_1_5_seconds_and_keeps_a_refresh_link(other_client, table_with_bob):
    html = other_client.get(f"/games/{table_with_bob.game.pk}/").content.decode()
    assert 'hx-trigger="every 1.5s"' in html and 'hx-target="#seat-view"' in html
    assert f'href="/games/{table_with_bob.game.pk}/" class="refresh"' in html and ">Refresh</a>" in html
    assert poll_url(html).endswith(f"?v={table_with_bob.version_tag()}")


def test_the_poll_interval_is_the_setting(other_client, table_with_bob, settings):
    settings.TABLE_POLL_SECONDS = 0.25
    html = other_client.get(f"/games/{table_with_bob.game.pk}/").content.decode()
    assert 'hx-trigger="every 0.25s"' in html


def test_an_unchanged_table_answers_204_with_few_queries(other_client, table_with_bob):
    url = poll_url(other_client.get(f"/games/{table_with_bob.game.pk}/").content.decode())
    with CaptureQueriesContext(connection) as queries:
        response = other_client.get(url, headers=HX)
    assert response.status_code == 204 and response.content == b""
    statements = [q["sql"] for q in queries]
    assert len(statements) == 3, statements  # session, user, the table's version with the game's
    assert '"games_jointable"."version"' in statements[-1] and "invite_token" not in statements[-1]


def test_a_changed_table_is_read_once_for_its_new_partial(other_client, table_with_bob):
    url = poll_url(other_client.get(f"/games/{table_with_bob.game.pk}/").content.decode())
    table_with_bob.game.deal_next()
    with CaptureQueriesContext(connection) as queries:
        response = other_client.get(url, headers=HX)
    assert response.status_code == 200 and 'id="seat-view"' in response.text
    tables = [q["sql"] for q in queries if q["sql"].startswith('SELECT "games_jointable"."id"')]
    read = [sql for sql in tables if "invite_token" in sql]
    assert len(tables) == 2 and len(read) == 1, tables  # its version, then the table read once to draw it


def test_a_deal_a_reveal_or_a_seat_change_answers_the_new_partial(other_client, table_with_bob, django_user_model):
    url = poll_url(other_client.get(f"/games/{table_with_bob.game.pk}/").content.decode())
    for change in (
        lambda: table_with_bob.game.deal_next(),
        lambda: table_with_bob.reveal(1),
        lambda: table_with_bob.take_seat(django_user_model.objects.create_user("dave"), "S"),
        lambda: table_with_bob.move("E", "W"),
    ):
        change()
        response = other_client.get(url, headers=HX)
        html = response.content.decode()
        assert response.status_code == 200 and html.lstrip().startswith('<div id="seat-view"')
        url = poll_url(html)
        assert other_client.get(url, headers=HX).status_code == 204


def test_the_board_shows_up_in_the_next_poll(other_client, table_with_bob):
    url = poll_url(other_client.get(f"/games/{table_with_bob.game.pk}/").content.decode())
    table_with_bob.game.deal_next()
    html = other_client.get(url, headers=HX).content.decode()
    assert "Board 1" in html and "East's hand" in html and "You sit East" in html


def test_it_answers_304_to_a_matching_etag(other_client, table_with_bob):
    response = other_client.get(f"/games/{table_with_bob.game.pk}/seat/")
    etag = response["ETag"]
    assert response.status_code == 200 and etag
    again = other_client.get(f"/games/{table_with_bob.game.pk}/seat/", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    table_with_bob.game.deal_next()
    assert (
        other_client.get(f"/games/{table_with_bob.game.pk}/seat/", headers={"If-None-Match": etag}).status_code == 200
    )


def test_the_etag_differs_per_user(client, table_with_bob, host, other_user):
    client.force_login(other_user)
    bobs = client.get(f"/games/{table_with_bob.game.pk}/seat/")["ETag"]
    client.force_login(host)
    assert client.get(f"/games/{table_with_bob.game.pk}/seat/", headers={"If-None-Match": bobs}).status_code == 200


def test_answers_are_private(other_client, table_with_bob):
    table_with_bob.game.deal_next()
    for url in (f"/games/{table_with_bob.game.pk}/", f"/games/{table_with_bob.game.pk}/seat/"):
        cache_control = other_client.get(url)["Cache-Control"]
        assert "private" in cache_control and "no-cache" in cache_control


def test_the_host_poll_also_refreshes_the_players_panel_out_of_band(host_client, table_with_bob):
    html = host_client.get(f"/games/{table_with_bob.game.pk}/seat/", headers=HX).content.decode()
    assert '<section id="seating"' in html and 'hx-swap-oob="true"' in html
    assert "bob" in html[html.index('id="seating"') :]


def test_players_get_no_players_panel(other_client, table_with_bob):
    html = other_client.get(f"/games/{table_with_bob.game.pk}/seat/", headers=HX).content.decode()
    assert 'id="seating"' not in html and "invite" not in html.lower()


def test_a_removed_player_is_sent_home_by_htmx(other_client, table_with_bob):
    url = poll_url(other_client.get(f"/games/{table_with_bob.game.pk}/").content.decode())
    table_with_bob.unseat("E")
    response = other_client.get(url, headers=HX)
    assert response.status_code == 204 and response["HX-Redirect"] == "/"
    # without htmx, the page is simply not there for them
    assert other_client.get(url).status_code == 404


def test_a_practice_game_has_no_seat_view(host_client, game):
    response = host_client.get(f"/games/{game.pk}/seat/")
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/"
