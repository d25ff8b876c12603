"""A board in play is never lost by one click, in a real browser.

A Join table (hal hosts, not seated; four players): after the opening lead hal presses
Deal New Cards and is asked first, keeps playing, then deals anyway; board 1 is recorded
as not finished. On board 2 East stands up (asked first) and the other players' pages say
that the table waits for East; hal reveals the hands before the board is over (asked
first), which ends it. A practice table playing all four hands: the question in the page
with JavaScript, and its own page without. axe-core finds no violation on any page shot.

Screenshots at 1280×800 and 390×844 go to test-output/<test name>/.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from tests.browser.axe import assert_no_axe_violations
from tests.builders.tables import seated_at_hals
from tests.playing import DEAL, call, cards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 10_000  # ms for a page to show another seat's action; a met wait returns at once
POLL = 0.3
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SHOT = {"full_page": True, "caret": "initial"}  # see test_join_browser.py on the caret
TO_4H = ("1H", "P", "2NT", "P", "4H", "P", "P", "P")


def logged_in(browser, base: str, user, problems: list[str], *, javascript: bool = True):
    """A page of a new browser context, logged in as ``user`` by a session cookie."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=DESKTOP, java_script_enabled=javascript)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.on("console", lambda msg: msg.type == "error" and problems.append(f"{user.username}: {msg.text}"))
    page.on("dialog", lambda dialog: problems.append(f"{user.username}: a browser dialog: {dialog.message}"))
    return page


def shots(page, folder, name: str, *, javascript: bool = True) -> None:
    """The page at a laptop's size and a phone's, each checked by axe-core."""
    page.screenshot(path=str(folder / f"{name}-1280.png"), **SHOT)
    assert_no_axe_violations(page, f"{name} at 1280", javascript=javascript)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(folder / f"{name}-390.png"), **SHOT)
    assert_no_axe_violations(page, f"{name} at 390", javascript=javascript)
    page.set_viewport_size(DESKTOP)


def no_problems(problems: list[str]) -> None:
    # An action aborts a poll under way (hx-sync), by design: htmx logs that.
    expected = ("favicon", "htmx:sendAbort", "htmx:afterRequest")
    assert not [p for p in problems if not any(word in p for word in expected)], problems


def play_of(game: Game, number: int) -> BoardPlay:
    return BoardPlay.objects.get(board__game=game, board__number=number)


@pytest.fixture
def table_in_play(live_server, browser, settings):
    """hal's Join table, four players seated, board 1 bid to 4♥ by North and East's lead
    made; hal's page and each player's page open on it."""
    settings.TABLE_POLL_SECONDS = POLL
    game, hal, users = seated_at_hals(DEAL, boards=3)
    cards(call(BoardPlay.start(game.deal_next(by=hal), BoardPlay.Mode.TABLE), *TO_4H), 1)
    problems: list[str] = []
    host = logged_in(browser, live_server.url, hal, problems)
    pages = {seat: logged_in(browser, live_server.url, user, problems) for seat, user in users.items()}
    for page in (host, *pages.values()):
        page.goto(f"{live_server.url}/games/{game.pk}/")
    yield game, host, pages, problems
    for page in (host, *pages.values()):
        page.context.close()
    no_problems(problems)


def test_at_a_join_table_the_deal_asks_and_the_board_is_kept(table_in_play, output_dir):
    game, host, pages, problems = table_in_play
    box = host.locator("#confirm")
    expect(box).to_be_hidden()

    host.get_by_role("button", name="Deal New Cards").click()
    expect(box).to_be_visible()
    expect(box).to_contain_text("Board 1 is being played: 1 card played.")
    expect(box).to_contain_text("Deal the next board anyway? Board 1 will be recorded as not finished")
    assert game.boards.count() == 1
    shots(host, output_dir, "join-host-asked")

    box.get_by_role("link", name="Keep playing board 1").click()
    expect(host.locator("#confirm")).to_be_hidden()
    expect(host.locator(".board-title")).to_contain_text("Board 1")
    assert not play_of(game, 1).abandoned

    host.get_by_role("button", name="Deal New Cards").click()
    host.locator("#confirm").get_by_role("button", name="Deal the next board anyway").click()
    expect(host.locator(".board-title")).to_contain_text("Board 2")
    expect(host.locator("#confirm")).to_be_hidden()
    expect(host.locator("#history-board-1 .result")).to_have_text("not finished: 4♥ by N, 1 card played")
    assert game.boards.count() == 2 and play_of(game, 1).abandoned == BoardPlay.Abandoned.DEALT
    for page in pages.values():
        expect(page.locator(".board-title")).to_contain_text("Board 2", timeout=WAIT)
    shots(host, output_dir, "join-host-dealt")


def test_at_a_join_table_standing_up_asks_and_the_table_is_told(table_in_play, output_dir):
    game, host, pages, problems = table_in_play
    east = pages["E"]
    east.get_by_role("button", name="Leave the table").click()
    box = east.locator("#confirm")
    expect(box).to_contain_text("Board 1 is being played: 1 card played.")
    expect(box).to_contain_text("Stand up anyway? East stays empty and the table waits")
    assert game.seats.filter(seat="E").exists()
    shots(east, output_dir, "join-east-asked")

    box.get_by_role("button", name="Stand up anyway").click()
    east.wait_for_url("**/")
    expect(east.locator(".messages")).to_contain_text("You left the table of Friday four.")
    told = "East has left the table: the table waits, since board 1 cannot go on without East."
    for seat in "NSW":
        expect(pages[seat].locator(".table-waits")).to_contain_text(told, timeout=WAIT)
    expect(host.locator(".table-waits")).to_contain_text("Deal New Cards goes on with the next board", timeout=WAIT)
    shots(pages["N"], output_dir, "join-north-told")


def test_at_a_join_table_a_reveal_before_the_end_asks_and_ends_the_board(table_in_play, output_dir):
    game, host, pages, problems = table_in_play
    host.get_by_role("button", name="Reveal hands").click()  # no browser dialog: the server asks
    box = host.locator("#confirm")
    expect(box).to_contain_text("Reveal all four hands anyway? Board 1 ends here")
    assert not game.boards.filter(reveal__isnull=False).exists()
    shots(host, output_dir, "join-reveal-asked")

    box.get_by_role("button", name="Reveal and end board 1").click()
    expect(host.locator("#confirm")).to_be_hidden()
    ended = "Board 1 ended before it was over (revealed, not finished)"
    for page in pages.values():
        expect(page.locator(".play-status")).to_contain_text(ended, timeout=WAIT)
        expect(page.locator(".suits")).to_have_count(4)
        assert page.locator('button[name="card"]').count() == 0
    shots(pages["S"], output_dir, "join-south-revealed")


@pytest.fixture
def doras_practice(live_server, browser):
    """dora's practice table playing all four hands, board 1 dealt; her page open on it."""
    dora = get_user_model().objects.create_user("dora", password="x")
    game = Game.objects.create(host=dora, name="Tuesday practice", practice_play=Game.PracticePlay.ALL_FOUR)
    decks = [ParsedDeck(deal=DEAL, index=i, line=1, board=str(i + 1), dealer="N", vul="None") for i in range(3)]
    game.add_decks(decks, source_name="club.pbn", source_format="pbn")
    game.deal_next(by=dora)
    return game, dora


def test_at_a_practice_table_the_deal_asks_in_the_page(doras_practice, live_server, browser, output_dir):
    game, dora = doras_practice
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    for bid in ("1H", "P", "2NT"):  # three calls, made at the table
        with page.expect_response(lambda r: "/play/call/" in r.url):
            page.locator(f'form.bidding-box button[name="call"][value="{bid}"]').click()
        expect(page.locator(".play-record .bidding")).to_contain_text(bid[0])
    page.get_by_role("button", name="Deal New Cards").click()
    box = page.locator("#confirm")
    expect(box).to_contain_text("Board 1 is being played: 3 calls made.")
    expect(page.locator(".board-title")).to_contain_text("Board 1")
    shots(page, output_dir, "practice-asked")

    box.get_by_role("button", name="Deal the next board anyway").click()
    expect(page.locator(".board-title")).to_contain_text("Board 2")
    expect(page.locator("#confirm")).to_be_hidden()
    expect(page.locator("#history-board-1 .result")).to_have_text("not finished: in the auction, 3 calls made")
    expect(page.locator("#play-total")).to_contain_text(
        "No board played to the end yet; 1 board not finished, scoring nothing"
    )
    assert play_of(game, 1).abandoned == BoardPlay.Abandoned.DEALT and game.boards.count() == 2
    shots(page, output_dir, "practice-dealt")
    page.context.close()
    no_problems(problems)


def test_at_a_practice_table_without_javascript_the_question_is_a_page(
    doras_practice, live_server, browser, output_dir
):
    game, dora = doras_practice
    call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.ALL_FOUR), "1H", "P")
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems, javascript=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("button", name="Deal New Cards").click()
    assert page.url == f"{live_server.url}/games/{game.pk}/deal/"
    expect(page.locator("#confirm")).to_contain_text("Board 1 is being played: 2 calls made.")
    assert game.boards.count() == 1
    shots(page, output_dir, "practice-no-js-asked", javascript=False)

    page.get_by_role("button", name="Deal the next board anyway").click()
    assert page.url == f"{live_server.url}/games/{game.pk}/"
    expect(page.locator(".messages")).to_contain_text("Board 2 dealt.")
    expect(page.locator("#history-board-1 .result")).to_have_text("not finished: in the auction, 2 calls made")
    page.context.close()
    no_problems(problems)
