"""The pages that wait for the task worker, in a real browser with the real worker
(``task_worker``): a hand-record PDF from the game page's export link, "Show analysis" of a
deal nobody solved, and a Just Declare board whose robot plays in the worker. Screenshots
at 1280×800 and 390×844 in test-output/. axe-core finds no violation in any of these states."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from tests.browser.axe import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.serial, pytest.mark.django_db(transaction=True)]
DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
WAIT = 120_000  # ms: the worker solves a deal in about a tenth of a second; a loaded machine, 26 of them, far more


def wait_for(check, seconds: float = WAIT / 1000, describe=lambda: "") -> None:
    import time

    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"the table did not move on: {describe()}"
        time.sleep(0.05)


def page_for(browser, base: str, user, size: str, problems: list[str]):
    client = Client()
    client.force_login(user)
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.on("console", lambda msg: msg.type == "error" and problems.append(msg.text))
    return page


@pytest.mark.parametrize("size", SIZES)
def test_a_pdf_waits_for_the_worker_then_downloads(live_server, browser, task_worker, queue_decks, output_dir, size):
    host = get_user_model().objects.create_user("hana", password="x")
    game = Game.objects.create(host=host, name="Lesson 4", allow_upload=True)
    queue_decks(game, 26)
    problems: list[str] = []
    page = page_for(browser, live_server.url, host, size, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator("a", has_text="4 a page").first.click()
    expect(page.locator("h1")).to_contain_text("Hand records of 26 queued decks of Lesson 4")
    page.screenshot(path=str(output_dir / f"pdf-waiting-{size}.png"))
    assert_no_axe_violations(page, f"the PDF waiting for the worker ({size})")
    ready = page.locator("a", has_text="Download")
    expect(ready).to_be_visible(timeout=WAIT)  # htmx asked again until the worker was done
    expect(page.locator("#job-status")).to_contain_text("Your PDF is ready")
    page.screenshot(path=str(output_dir / f"pdf-ready-{size}.png"))
    assert_no_axe_violations(page, f"the PDF ready ({size})")
    with page.expect_download() as download:
        ready.click()
    path = download.value.path()
    assert download.value.suggested_filename == "lesson-4-queue-4-a-page-a4.pdf"
    assert Path(path).read_bytes()[:5] == b"%PDF-"
    page.context.close()
    assert not problems, problems


def test_show_analysis_waits_for_the_worker(live_server, browser, task_worker, output_dir):
    host = get_user_model().objects.create_user("hana", password="x")
    game = Game.objects.create(host=host, name="Lesson 5", allow_upload=True)
    game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None")], source_name="a.pbn")
    game.deal_next(by=host)
    problems: list[str] = []
    page = page_for(browser, live_server.url, host, "desktop", problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("link", name="Show analysis").click()
    expect(page.locator(".dd-table")).to_be_visible(timeout=WAIT)
    expect(page.locator(".analysis .par")).to_contain_text("Par:")
    page.screenshot(path=str(output_dir / "analysis-solved.png"), full_page=True)
    assert_no_axe_violations(page, "the analysis solved")
    page.context.close()
    assert not problems, problems


@pytest.mark.parametrize("size", SIZES)
def test_just_declare_with_the_robot_in_the_worker(live_server, browser, task_worker, output_dir, size):
    """The robot's lead, then a card of South's and the robot's answer to it, each shown by
    the felt's own asking while the worker plays (the whole board against the robot is
    played in tests/browser/test_play_browser.py, with the robot's cards played at once)."""
    host = get_user_model().objects.create_user("dora", password="x")
    game = Game.objects.create(host=host, name="Declarer play", practice_play=Game.PracticePlay.DECLARE)
    game.add_decks(
        [ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None", contract="4H", declarer="N")],
        source_name="club.lin",
    )
    game.deal_next(by=host)
    problems: list[str] = []
    page = page_for(browser, live_server.url, host, size, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.screenshot(path=str(output_dir / f"declare-first-{size}.png"))
    assert_no_axe_violations(page, f"Just Declare, the robot to lead ({size})")
    cards = page.locator('button[name="card"]')
    expect(cards.first).to_be_visible(timeout=WAIT)  # the worker led for West; the felt asked again
    assert len(BoardPlay.objects.get().cards) == 1
    expect(page.locator(".robot-thinking")).to_have_count(0)
    page.screenshot(path=str(output_dir / f"declare-lead-{size}.png"))
    assert_no_axe_violations(page, f"Just Declare, the robot led ({size})")
    cards.first.click()  # dummy's card: then East, the robot, is to play
    wait_for(lambda: len(BoardPlay.objects.get().cards) >= 3)  # East's card, from the worker
    expect(page.locator(".robot-thinking")).to_have_count(0, timeout=WAIT)
    expect(page.locator(".play-status")).to_contain_text("Your turn", timeout=WAIT)
    page.screenshot(path=str(output_dir / f"declare-answered-{size}.png"))
    assert_no_axe_violations(page, f"Just Declare, the robot answered ({size})")
    page.context.close()
    # A card aborts the felt's poll under way (hx-sync), by design: htmx logs that.
    expected = ("htmx:sendAbort", "htmx:afterRequest")
    assert not [p for p in problems if not p.startswith(expected)], problems
