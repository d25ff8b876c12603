"""Playing boards in a real browser.

Four players, four browser contexts, one Join table: they bid to 4♥ with an alert (the
explanation shows to the opponents, not to partner), East leads, dummy appears for
everyone, three tricks are played, declarer claims the rest and both defenders accept;
every page shows the score, and the host's dealt export holds the board. The same board
again, passed out. A Just Declare board played to the end against the robot. axe-core
finds no violation at any of these steps.

Each page learns of the others' calls and cards through its 1.5 s poll; the players log
in through session cookies (tests/browser/test_join_browser.py walks the invite and
log-in pages).
"""

from __future__ import annotations

import re
import time

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from games.bridge import play as rules_of_play
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.presentation.result_text import result_line
from tests.browser.axe import assert_no_axe_violations
from tests.builders.tables import seated_at_hals
from tests.playing import DEAL

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
WAIT = 10_000  # ms for a page to show another seat's action; a met wait returns at once
POLL = 0.3  # the pages here poll faster than the site's default, so that the test waits less


def logged_in(browser, base: str, user, problems: list[str]):
    """A page of a new browser context, logged in as ``user`` by a session cookie."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": base,
            }
        ]
    )
    page = context.new_page()
    page.on(
        "console",
        lambda msg, who=user.username: msg.type == "error" and problems.append(f"{who}: {msg.text}"),
    )
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def state(game: Game, number: int) -> rules_of_play.BoardState:
    return BoardPlay.objects.get(board__game=game, board__number=number).state()


def act(page, button) -> None:
    """Click ``button`` (a play form's) and wait until the page shows the table after it:
    a practice table's answer is the felt; a Join table's has no content, and the page's
    poll, asked at once, brings the table one action on."""
    at = int(page.locator(".play-controls").get_attribute("data-at"))
    with page.expect_response(lambda r: "/play/" in r.url and r.request.method == "POST") as answer:
        button.click()
    assert answer.value.ok
    shown = re.search(r'data-at="(\d+)"', answer.value.text()) if answer.value.status == 200 else None
    expect(page.locator(".play-controls")).to_have_attribute("data-at", shown[1] if shown else str(at + 1))


def call(page, bid: str, explanation: str = "") -> None:
    """Wait for the page's bidding box, then make the call (alerted with an explanation)."""
    button = page.locator(f'form.bidding-box button[name="call"][value="{bid}"]')
    expect(button).to_be_enabled(timeout=WAIT)
    if explanation:
        page.locator("form.bidding-box input[name=alert]").check()
        page.locator("form.bidding-box input[name=explanation]").fill(explanation)
    act(page, button)


def play_first_card(page) -> None:
    """Wait for cards to click, then play the first (legal) one."""
    cards = page.locator('button[name="card"]')
    expect(cards.first).to_be_visible(timeout=WAIT)
    act(page, cards.first)


def signed(score: int) -> str:
    return f"+{score}" if score > 0 else f"−{-score}" if score < 0 else "0"


@pytest.fixture
def table_pages(live_server, browser, settings):
    """Four players seated at a Join table hosted by hal (not seated), each with a page
    open on it; the queue holds the same deal twice, as boards 1 and 2."""
    settings.TABLE_POLL_SECONDS = POLL
    game, hal, users = seated_at_hals(DEAL, boards=2)
    game.deal_next(by=hal)
    problems: list[str] = []
    pages = {seat: logged_in(browser, live_server.url, user, problems) for seat, user in users.items()}
    for page in pages.values():
        page.goto(f"{live_server.url}/games/{game.pk}/")
    yield game, hal, pages, problems
    for page in pages.values():
        page.context.close()
    # No script, CSP or swap errors. An action aborts a poll under way (hx-sync), by design:
    # htmx logs that as htmx:afterRequest and htmx:sendAbort; a failed request logs
    # htmx:sendError or htmx:responseError, which still count.
    expected = ("favicon", "htmx:sendAbort", "htmx:afterRequest")
    assert not [p for p in problems if not any(word in p for word in expected)], problems


def test_four_players_bid_play_claim_and_see_the_score(table_pages, output_dir):
    game, hal, pages, problems = table_pages
    started = time.monotonic()
    expect(pages["N"].locator("form.bidding-box")).to_be_visible(timeout=WAIT)
    assert_no_axe_violations(pages["N"], "North opens the bidding")

    # The auction: 1♥ P 2NT (alerted) P 4♥ P P P, North declares.
    auction = [("N", "1H", ""), ("E", "P", ""), ("S", "2NT", "Jacoby: 4+ hearts, game forcing"), ("W", "P", "")]
    auction += [("N", "4H", ""), ("E", "P", ""), ("S", "P", ""), ("W", "P", "")]
    for seat, bid, explanation in auction:
        call(pages[seat], bid, explanation)
    for seat in "ESW":  # the caller and the opponents see the explanation
        expect(pages[seat].locator(".play-record .alert-notes")).to_contain_text("Jacoby", timeout=WAIT)
    expect(pages["N"].locator(".play-record .bidding")).to_contain_text("4", timeout=WAIT)
    assert "Jacoby" not in pages["N"].content() and pages["N"].locator(".call.alerted").count() == 0
    pages["E"].screenshot(path=str(output_dir / "play-east-bidding.png"), full_page=True)
    assert_no_axe_violations(pages["E"], "East's page, the auction over, East to lead")
    assert_no_axe_violations(pages["N"], "North's page, the auction over")

    # East leads; dummy (South) shows on every page.
    play_first_card(pages["E"])
    for seat, page in pages.items():
        expect(page.locator('.suits[aria-label="South\'s hand"]')).to_be_visible(timeout=WAIT)
        assert page.locator(".suits").count() == (1 if seat == "S" else 2)  # own hand and dummy's

    # Three tricks: whoever acts plays their first legal card (North plays dummy's too).
    while len(state(game, 1).cards) < 12:
        play_first_card(pages[state(game, 1).actor])
    pages["N"].screenshot(path=str(output_dir / "play-north-declaring.png"), full_page=True)
    assert_no_axe_violations(pages["N"], "North declares, dummy on the table")

    # North claims the rest; both defenders accept. North's page first shows the last
    # card played (a claim from a page the table has moved on from is refused as stale).
    north = pages["N"]
    made = len(state(game, 1).calls) + len(state(game, 1).cards)
    expect(north.locator(".play-controls")).to_have_attribute("data-made", str(made), timeout=WAIT)
    tricks = north.locator("form.claim-form input[name=tricks]")
    expect(tricks).to_have_value("", timeout=WAIT)  # the number is declarer's to choose
    tricks.fill("10")
    act(north, north.locator("form.claim-form button"))
    for seat, seen in (("E", "North claims 10"), ("W", "East accepted")):
        expect(pages[seat].locator(".play-status")).to_contain_text(seen, timeout=WAIT)
        assert pages[seat].locator('.suits[aria-label="North\'s hand"]').count() == 1  # declarer's hand shown
        assert_no_axe_violations(pages[seat], f"{NAMES[seat]} answers the claim")
        act(pages[seat], pages[seat].get_by_role("button", name="Accept the claim"))
    play = BoardPlay.objects.get(board__number=1)
    assert play.done and play.tricks == state(game, 1).tricks_won["NS"]
    for page in pages.values():
        expect(page.locator(".play-record .result-line")).to_contain_text(f"N-S {signed(play.score)}", timeout=WAIT)
        assert page.locator(".suits").count() == 4
    pages["W"].screenshot(path=str(output_dir / "play-west-result.png"), full_page=True)
    assert_no_axe_violations(pages["W"], "West's page, the score")
    assert time.monotonic() - started < 40

    # The host's dealt export: the board, with the table's auction, play and result when
    # DealtBoard.to_parsed gives them.
    client = Client()
    client.force_login(hal)
    text = client.get(f"/games/{game.pk}/export/dealt.pbn").content.decode()
    assert f'[Deal "{DEAL}"]' in text
    if "[Auction" not in text:
        pytest.xfail("the dealt export does not hold the table's auction and play yet (DealtBoard.to_parsed)")
    assert "2NT" in text and "Jacoby" in text and '[Contract "4H"]' in text and '[Declarer "N"]' in text
    assert f'[Result "{play.tricks}"]' in text and "[Play" in text


def test_the_same_board_passed_out(table_pages):
    game, hal, pages, problems = table_pages
    game.deal_next(by=hal)  # board 2: the same deal again
    for page in pages.values():
        expect(page.locator(".board-title")).to_contain_text("Board 2", timeout=WAIT)
    for seat in "NESW":
        call(pages[seat], "P")
    play = BoardPlay.objects.get(board__number=2)
    assert play.done and play.contract == "Pass" and play.score == 0
    for page in pages.values():
        expect(page.locator(".play-status")).to_have_text("Passed out: the board is over.", timeout=WAIT)
        expect(page.locator(".play-record .result-line")).to_contain_text("Passed out")
        assert page.locator(".suits").count() == 4
    assert_no_axe_violations(pages["E"], "East's page, passed out")


def test_just_declare_against_the_robot(live_server, browser, output_dir):
    host = get_user_model().objects.create_user("dora", password="x")
    game = Game.objects.create(host=host, name="Declarer play", practice_play=Game.PracticePlay.DECLARE)
    game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None", contract="4H", declarer="N")],
        source_name="club.lin",
        source_format="lin",
    )
    game.deal_next(by=host)
    problems: list[str] = []
    page = logged_in(browser, live_server.url, host, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator(".declare-line")).to_contain_text("from South; the contract comes from the file's contract")
    assert page.locator('.suits[aria-label="East\'s hand"]').count() == 0
    assert_no_axe_violations(page, "Just Declare, South to play")
    while page.locator('button[name="card"]').count():
        play_first_card(page)  # South's or dummy's; the robot's cards come with the answer
    play = BoardPlay.objects.get()
    assert play.done and len(play.cards) == 52
    expect(page.locator(".play-status")).to_contain_text("The board is over.")
    expect(page.locator(".play-record .result-line")).to_contain_text(f"N-S {signed(play.score)}")
    assert page.locator(".suits").count() == 4
    # the history row got the result with the last card's answer, without a reload
    expect(page.locator("#history-board-1 .result")).to_contain_text(result_line(play))
    page.screenshot(path=str(output_dir / "just-declare-result.png"), full_page=True)
    assert_no_axe_violations(page, "Just Declare, the board over")
    page.context.close()
    assert not [p for p in problems if "favicon" not in p], problems
