"""Deal New Cards over a board in play asks first, at a played practice table and at a Join
table: without JavaScript a page of its own, with htmx the same question in the page; the
server deals over the board only with ``confirm``, its number, and records it as not
finished. A board with no call yet, or over, or a table that only shows the hands, deals
at once."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.models import BoardPlay, Game
from tests.playing import call, cards, queue_deals

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}
QUESTION = "Board 1 is being played: 1 card played."
CONSEQUENCE = "Board 1 will be recorded as not finished: it scores nothing in the running total."


@pytest.fixture
def practice_in_play(host) -> Game:
    """A practice table playing all four hands: board 1 bid to 4♥ by North, East has led."""
    game = Game.objects.create(host=host, name="Tuesday practice", practice_play=Game.PracticePlay.ALL_FOUR)
    queue_deals(game, 3)
    board = game.deal_next(by=host)
    cards(call(BoardPlay.start(board, BoardPlay.Mode.ALL_FOUR), "1H", "P", "2NT", "P", "4H", "P", "P", "P"), 1)
    return game


def deal(client, game: Game, htmx: bool = False, **data):
    return client.post(f"/games/{game.pk}/deal/", data, headers=HX if htmx else {})


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def boards(game: Game) -> int:
    return game.boards.count()


# --- without JavaScript ----------------------------------------------------------------------


def test_without_javascript_the_deal_goes_to_a_question_page_and_deals_nothing(host_client, practice_in_play):
    response = deal(host_client, practice_in_play)
    assert response.status_code == 302 and response.url == f"/games/{practice_in_play.pk}/deal/"
    assert boards(practice_in_play) == 1 and not BoardPlay.objects.get().abandoned
    page = host_client.get(response.url).text
    assert QUESTION in text(page) and f"Deal the next board anyway? {CONSEQUENCE}" in text(page)
    form = re.search(r'<form method="post" action="/games/\d+/deal/">(.*?)</form>', page, re.S)
    assert form, "a plain form: no htmx on the question's own page"
    assert 'name="csrfmiddlewaretoken"' in form[1] and 'name="confirm" value="1"' in form[1]
    assert "Deal the next board anyway</button>" in form[1]
    assert f'href="/games/{practice_in_play.pk}/">Keep playing board 1</a>' in page


def test_the_confirmed_deal_deals_and_records_the_board_as_not_finished(host_client, practice_in_play):
    response = deal(host_client, practice_in_play, confirm="1")
    assert response.status_code == 302 and response.url == f"/games/{practice_in_play.pk}/"
    assert boards(practice_in_play) == 2
    play = BoardPlay.objects.get(board__number=1)
    assert play.abandoned == BoardPlay.Abandoned.DEALT
    page = host_client.get(response.url).text
    assert "Board 2 dealt." in page
    row = text(page.split('id="history-board-1"')[1].split("</tr>")[0])
    assert "not finished: 4♥ by N, 1 card played" in row
    total = text(page.split('id="play-total"')[1].split("</p>")[0])
    assert "No board played to the end yet; 1 board not finished, scoring nothing" in total


def test_the_question_page_with_nothing_in_play_goes_back_to_the_table(host_client, practice_in_play):
    deal(host_client, practice_in_play, confirm="1")
    response = host_client.get(f"/games/{practice_in_play.pk}/deal/", follow=True)
    assert response.redirect_chain == [(f"/games/{practice_in_play.pk}/", 302)]
    assert "No board is being played now: Deal New Cards deals the next board at once." in response.text


def test_the_running_total_counts_unfinished_boards_apart(host_client, practice_in_play):
    board = practice_in_play.deal_next(confirm_abandon=1)
    call(BoardPlay.start(board, BoardPlay.Mode.ALL_FOUR), "P", "P", "P", "P")
    page = host_client.get(f"/games/{practice_in_play.pk}/").text
    total = text(page.split('id="play-total"')[1].split("</p>")[0])
    assert total.endswith("1 board played · N-S 0 · +7 IMPs · 1 board not finished, scoring nothing")


# --- with htmx -------------------------------------------------------------------------------


def test_with_htmx_the_question_is_swapped_into_the_page(host_client, practice_in_play):
    response = deal(host_client, practice_in_play, htmx=True, shown="1")
    assert response.status_code == 200 and boards(practice_in_play) == 1
    assert response["HX-Retarget"] == "#confirm" and response["HX-Reswap"] == "outerHTML"
    html = response.text
    assert html.lstrip().startswith('<section id="confirm"') and 'role="alertdialog"' in html
    assert QUESTION in text(html) and CONSEQUENCE in text(html)
    assert f'hx-post="/games/{practice_in_play.pk}/deal/" hx-target="#felt"' in html
    assert 'hx-include="#shown-board, #queue-head"' in html and 'name="confirm" value="1"' in html
    page = host_client.get(f"/games/{practice_in_play.pk}/").text
    assert '<div id="confirm" hidden></div>' in page  # the slot it goes into


def test_with_htmx_the_confirmed_deal_answers_the_new_board_and_clears_the_question(host_client, practice_in_play):
    response = deal(host_client, practice_in_play, htmx=True, confirm="1", shown="1")
    assert response.status_code == 200 and boards(practice_in_play) == 2
    assert response.text.lstrip().startswith('<div id="felt"')
    assert '<div id="confirm" hidden hx-swap-oob="true"></div>' in response.text
    assert "not finished: 4♥ by N, 1 card played" in text(response.text)  # the history row


def test_a_second_click_on_the_confirmation_deals_nothing_more(host_client, practice_in_play):
    deal(host_client, practice_in_play, htmx=True, confirm="1", shown="1")
    response = deal(host_client, practice_in_play, htmx=True, confirm="1", shown="1")
    assert boards(practice_in_play) == 2
    assert response["HX-Retarget"] == "#table"
    assert (
        "You agreed to leave board 1 unfinished, but board 2 is the one on the table now: nothing was dealt."
        in text(response.text)
    )
    response = host_client.post(f"/games/{practice_in_play.pk}/deal/", {"confirm": "1"}, follow=True)
    assert boards(practice_in_play) == 2 and "nothing was dealt" in text(response.text)


@pytest.mark.parametrize("value", ["yes", "", "-1", "1" * 12])
def test_a_confirmation_that_is_not_a_board_number_is_refused_clearly(host_client, practice_in_play, value):
    response = deal(host_client, practice_in_play, confirm=value)
    assert response.status_code == 400 and boards(practice_in_play) == 1
    assert "confirm must be the number of the board in play that you agree to leave unfinished" in response.text


def test_another_user_gets_404_for_the_question_and_the_confirmation(client, practice_in_play, other_user):
    client.force_login(other_user)
    assert client.get(f"/games/{practice_in_play.pk}/deal/").status_code == 404
    assert client.post(f"/games/{practice_in_play.pk}/deal/", {"confirm": "1"}).status_code == 404
    assert boards(practice_in_play) == 1 and not BoardPlay.objects.get().abandoned


# --- what deals at once, as before ------------------------------------------------------------


def test_a_board_with_no_call_yet_deals_at_once(host_client, host):
    game = Game.objects.create(host=host, name="Tuesday practice", practice_play=Game.PracticePlay.ALL_FOUR)
    queue_deals(game, 3)
    game.deal_next(by=host)
    assert deal(host_client, game).url == f"/games/{game.pk}/" and boards(game) == 2


def test_a_finished_board_deals_at_once(host_client, practice_in_play):
    board = practice_in_play.deal_next(confirm_abandon=1)
    call(BoardPlay.start(board, BoardPlay.Mode.ALL_FOUR), "P", "P", "P", "P")
    assert deal(host_client, practice_in_play).url == f"/games/{practice_in_play.pk}/" and boards(practice_in_play) == 3


def test_a_table_that_only_shows_the_hands_deals_at_once(host_client, game):
    queue_deals(game, 3)
    deal(host_client, game)
    assert deal(host_client, game).url == f"/games/{game.pk}/" and boards(game) == 2


# --- a Join table ------------------------------------------------------------------------------


def test_at_a_join_table_the_host_is_asked_too(host_client, seated_table):
    play = cards(call(BoardPlay.start(seated_table.game.boards.get(), BoardPlay.Mode.TABLE), "1H", "P"), 0)
    response = deal(host_client, seated_table.game, htmx=True)
    assert response["HX-Retarget"] == "#confirm" and "Board 1 is being played: 2 calls made." in text(response.text)
    assert f'hx-post="/games/{seated_table.game.pk}/deal/" hx-target="#table-area"' in response.text
    queue_deals(seated_table.game, 1)
    response = deal(host_client, seated_table.game, htmx=True, confirm="1")
    assert response["HX-Reswap"] == "none" and "table-moved" in response["HX-Trigger"]  # the seat view polls
    assert '<div id="confirm" hidden hx-swap-oob="true"></div>' in response.text  # the question goes
    assert seated_table.game.boards.count() == 2
    play.refresh_from_db()
    assert play.abandoned == BoardPlay.Abandoned.DEALT
    assert "not finished: in the auction, 2 calls made" in text(response.text)


# --- the queue's buttons only reorder it: the deal asks ---------------------------------------


def test_play_again_and_go_to_board_leave_the_board_in_play_alone(host_client, practice_in_play):
    assert host_client.post(f"/games/{practice_in_play.pk}/boards/1/again/").status_code == 302
    assert host_client.post(f"/games/{practice_in_play.pk}/queue/go/", {"board": "3"}).status_code == 302
    play = BoardPlay.objects.get()
    assert boards(practice_in_play) == 1 and not play.abandoned and play.under_way
    assert deal(host_client, practice_in_play).url == f"/games/{practice_in_play.pk}/deal/"  # the next deal asks first
