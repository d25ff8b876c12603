"""Standing up from a hand being played asks first (a page without JavaScript, the question
in the page with htmx; the server stands nobody up without ``confirm``), and the other
players' seat view, which polls, says that the table waits for the empty seat.

The table (tests/web/conftest.py): alice hosts and sits North, bob East, dave South, erin
West; board 1 is dealt, North deals."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.models import BoardPlay
from tests.playing import call

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
WAITS = (
    "East has left the table: the table waits, since board 1 cannot go on without East. "
    "Whoever sits East now plays from the next board."
)


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def leave(client, seated_table, htmx: bool = False, **data):
    return client.post(f"/games/{seated_table.game.pk}/seats/leave/", data, headers=HX if htmx else {})


def seated(seated_table) -> set[str]:
    return set(seated_table.game.seats.values_list("seat", flat=True))


def test_without_javascript_standing_up_asks_on_a_page_and_keeps_the_seat(at, seated_table, bidding):
    client = at("bob")
    response = leave(client, seated_table)
    assert response.status_code == 302 and response.url == f"/games/{seated_table.game.pk}/seats/leave/"
    assert seated(seated_table) == set("NESW")
    page = client.get(response.url).text
    assert "Board 1 is being played: 2 calls made." in text(page)
    assert (
        "Stand up anyway? East stays empty and the table waits, since board 1 cannot go on without East; "
        "whoever sits East now plays from the next board." in text(page)
    )
    form = re.search(r'<form method="post" action="/games/\d+/seats/leave/">(.*?)</form>', page, re.S)
    assert form and 'name="confirm" value="1"' in form[1] and "Stand up anyway</button>" in form[1]
    assert f'href="/games/{seated_table.game.pk}/">Stay seated</a>' in page


def test_the_confirmed_stand_up_frees_the_seat_and_the_table_is_told(at, seated_table, bidding):
    response = leave(at("bob"), seated_table, confirm="1")
    assert response.url == "/" and seated(seated_table) == set("NSW")
    for username in ("alice", "dave", "erin"):
        poll = at(username).get(f"/games/{seated_table.game.pk}/seat/", headers=HX)
        assert WAITS in text(poll.text), username
    host_page = text(at("alice").get(f"/games/{seated_table.game.pk}/").text)
    assert "Deal New Cards goes on with the next board, and board 1 is recorded as not finished." in host_page
    player_page = text(at("dave").get(f"/games/{seated_table.game.pk}/").text)
    assert "Deal New Cards goes on" not in player_page


def test_with_htmx_the_question_is_swapped_into_the_players_page(at, seated_table, bidding):
    client = at("bob")
    page = client.get(f"/games/{seated_table.game.pk}/").text
    assert '<div id="confirm" hidden></div>' in page and f'hx-post="/games/{seated_table.game.pk}/seats/leave/"' in page
    response = leave(client, seated_table, htmx=True)
    assert response["HX-Retarget"] == "#confirm" and seated(seated_table) == set("NESW")
    assert "Stand up anyway?" in text(response.text) and 'name="confirm" value="1"' in response.text
    response = leave(client, seated_table, htmx=True, confirm="1")
    assert response["HX-Redirect"] == "/" and seated(seated_table) == set("NSW")


def test_the_seated_host_is_asked_in_the_page_too(at, seated_table, bidding):
    client = at("alice")
    response = leave(client, seated_table, htmx=True)
    assert response["HX-Retarget"] == "#confirm" and "North stays empty" in text(response.text)
    assert f'hx-post="/games/{seated_table.game.pk}/seats/leave/" hx-target="#seating"' in response.text
    response = leave(client, seated_table, htmx=True, confirm="1")
    assert response.text.lstrip().startswith('<section id="seating"') and seated(seated_table) == set("ESW")
    assert '<div id="confirm" hidden hx-swap-oob="true"></div>' in response.text


def test_standing_up_with_nothing_in_play_needs_no_question(at, seated_table):
    response = leave(at("bob"), seated_table)
    assert response.url == "/" and seated(seated_table) == set("NSW")


def test_a_stale_confirmation_asks_again(at, seated_table, bidding):
    """Confirmed for board 1, while board 2 is the one being played: asked about board 2."""
    seated_table.game.add_decks([seated_table.game.boards.get().to_parsed()], source_name="again.pbn")
    board = seated_table.game.deal_next(confirm_abandon=1)
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE), "1H")
    response = leave(at("bob"), seated_table, confirm="1")
    assert response.url.endswith("/seats/leave/") and "E" in seated(seated_table)


def test_a_confirmation_that_is_not_a_board_number_is_refused_clearly(at, seated_table, bidding):
    response = leave(at("bob"), seated_table, confirm="sure")
    assert response.status_code == 400 and "E" in seated(seated_table)
    assert "confirm must be the number of the board in play" in response.text
