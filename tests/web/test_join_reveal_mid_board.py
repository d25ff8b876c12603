"""Reveal hands belongs to a board that is over. Before that, once someone has called, the
host is asked first (a page without JavaScript, the question in the page with htmx), and
the reveal ends the board: recorded as revealed, not finished, with no more calls or
cards (the play routes refuse, saying why).

The table (tests/web/conftest.py): alice hosts and sits North, bob East, dave South, erin
West; board 1 is dealt, North deals."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.models import BoardPlay

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
ENDED = (
    "Board 1 was revealed before it was over: it is recorded as not finished, "
    "and no more calls or cards are made on it."
)


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def alert_text(response) -> str:
    found = re.search(r'role="alert">([^<]*)<', response.text)
    return unescape(found[1]) if found else ""


def reveal(client, seated_table, htmx: bool = False, **data):
    return client.post(f"/games/{seated_table.game.pk}/reveal/", {"board": "1", **data}, headers=HX if htmx else {})


def revealed(seated_table) -> bool:
    return seated_table.game.boards.filter(reveal__isnull=False).exists()


def test_without_javascript_the_reveal_asks_on_a_page_and_shows_nothing(at, seated_table, bidding):
    client = at("alice")
    response = reveal(client, seated_table)
    assert response.status_code == 302 and response.url == f"/games/{seated_table.game.pk}/reveal/?board=1"
    assert not revealed(seated_table)
    page = client.get(response.url).text
    assert "Board 1 is being played: 2 calls made." in text(page)
    assert "Reveal all four hands anyway? Board 1 ends here: it is recorded as revealed, not finished" in text(page)
    form = re.search(r'<form method="post" action="/games/\d+/reveal/">(.*?)</form>', page, re.S)
    assert form and 'name="board" value="1"' in form[1] and 'name="confirm" value="1"' in form[1]
    assert "Reveal and end board 1</button>" in form[1]


def test_with_htmx_the_question_is_swapped_into_the_page(at, seated_table, bidding):
    response = reveal(at("alice"), seated_table, htmx=True)
    assert response["HX-Retarget"] == "#confirm" and not revealed(seated_table)
    assert "Board 1 is being played: 2 calls made." in text(response.text)
    assert f'hx-post="/games/{seated_table.game.pk}/reveal/" hx-target="#seat-view"' in response.text


def test_the_confirmed_reveal_ends_the_board_for_everyone(at, seated_table, bidding):
    response = reveal(at("alice"), seated_table, htmx=True, confirm="1")
    assert response.status_code == 200 and revealed(seated_table)
    assert '<div id="confirm" hidden hx-swap-oob="true"></div>' in response.text
    play = BoardPlay.objects.get()
    assert play.abandoned == BoardPlay.Abandoned.REVEALED
    html = at("dave").get(f"/games/{seated_table.game.pk}/").text  # South was to call
    assert "Board 1 ended before it was over (revealed, not finished): no more calls or cards" in text(html)
    assert "bidding-box" not in html and "All four hands are shown." in html
    for seat in ("North", "East", "South", "West"):
        assert f"{seat}'s hand" in html


@pytest.mark.parametrize("htmx", [True, False])
def test_the_play_routes_refuse_any_call_or_card_after_it(at, seated_table, bidding, htmx):
    reveal(at("alice"), seated_table, confirm="1")
    at_now = BoardPlay.objects.get().actions
    response = at("dave").post(
        f"/games/{seated_table.game.pk}/play/call/",
        {"board": 1, "at": at_now, "call": "2NT"},
        headers=HX if htmx else {},
    )
    if htmx:
        assert alert_text(response) == ENDED
    else:
        assert ENDED in text(at("dave").get(response.url).text)
    assert len(BoardPlay.objects.get().calls) == 2


def test_the_history_says_revealed_not_finished(at, seated_table, bidding):
    reveal(at("alice"), seated_table, confirm="1")
    page = at("alice").get(f"/games/{seated_table.game.pk}/").text
    row = text(page.split('id="history-board-1"')[1].split("</tr>")[0])
    assert "revealed, not finished: in the auction, 2 calls made" in row


def test_the_reveal_button_asks_the_server_not_the_browser_once_the_board_is_under_way(at, seated_table, bidding):
    html = at("alice").get(f"/games/{seated_table.game.pk}/").text
    form = html.split(f'action="/games/{seated_table.game.pk}/reveal/"')[1].split("</form>")[0]
    assert "hx-confirm" not in form


def test_a_board_with_no_call_yet_is_revealed_at_once_and_ended(at, seated_table):
    html = at("alice").get(f"/games/{seated_table.game.pk}/").text
    form = html.split(f'action="/games/{seated_table.game.pk}/reveal/"')[1].split("</form>")[0]
    assert 'hx-confirm="Show all four hands to the players? Board 1 is then over' in form
    response = reveal(at("alice"), seated_table)
    assert response.url == f"/games/{seated_table.game.pk}/" and revealed(seated_table)
    response = at("alice").post(
        f"/games/{seated_table.game.pk}/play/call/", {"board": 1, "at": 1, "call": "1H"}, follow=True
    )
    assert "Board 1 was revealed before it was over" in text(response.text)


@pytest.mark.parametrize("value", ["yes", "one"])
def test_a_confirmation_that_is_not_a_board_number_is_refused_clearly(at, seated_table, bidding, value):
    response = reveal(at("alice"), seated_table, confirm=value)
    assert response.status_code == 400 and not revealed(seated_table)
    assert "confirm must be the number of the board in play" in response.text


def test_players_get_404_for_the_question_page(at, seated_table, bidding):
    assert at("bob").get(f"/games/{seated_table.game.pk}/reveal/?board=1").status_code == 404
