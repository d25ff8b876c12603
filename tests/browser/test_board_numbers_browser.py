"""Board 7 of a lesson, gone to from the queue and dealt in a real browser, is "Board 7 ·
Dealer South · Vul Both" at the table on a desktop and on a phone, though it is the game's
first deal. axe-core finds no violation on the way."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.formats.model import Deck as ParsedDeck
from games.models import Game
from tests.browser.axe import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct-horse-battery-staple-42"
DEALS = [
    "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53",
    "N:J42.AJ98.Q852.Q5 KQ97.K43.76.KT92 A53.T2.A93.J8743 T86.Q765.KJT4.A6",
    "N:KJ763.Q984.6.A85 AT9542.J3.T9.K97 .AK7652.AJ3.J632 Q8.T.KQ87542.QT4",
]


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_board_7_from_the_queue_is_board_7_at_the_table(live_server, browser, output_dir, width, height):
    host = get_user_model().objects.create_user("alice", password=PASSWORD)
    game = Game.objects.create(host=host, name="Lesson night")
    lesson = [ParsedDeck(deal=deal, index=i, line=1, board=board) for i, (board, deal) in enumerate(zip("37", DEALS))]
    lesson.append(ParsedDeck(deal=DEALS[2], index=2, line=1, board="12"))  # no dealer or vulnerability stated
    game.add_decks(lesson, source_name="lesson.pbn", source_format="pbn")

    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#queue .deck-name")).to_have_text(["Board 3", "Board 7", "Board 12"])
    expect(page.locator(".empty-felt")).to_contain_text("press Deal New Cards for board 3.")
    assert_no_axe_violations(page, f"the queue before the first deal at {width} px")

    page.fill("#go-board", "7")
    page.click("text=Deal it next")
    expect(page.locator("#queue .deck-name").first).to_have_text("Board 7")
    assert_no_axe_violations(page, f"board 7 moved to the queue's front at {width} px")
    page.get_by_role("button", name="Deal New Cards").click()  # htmx: the game's first deal, board 7 of the lesson

    title = page.locator("#board-title")
    expect(title).to_contain_text("Board 7")
    expect(title.locator("small")).to_have_text("Dealer South · Vul Both")
    assert " ".join(title.inner_text().split()) == "Board 7 Dealer South · Vul Both"
    expect(page.locator(".felt .board-no")).to_have_text("7")
    expect(page.locator("#history-rows tr").first.locator("td").nth(0)).to_have_text("7")
    expect(page.locator("#history-rows tr").first.locator("td").nth(1)).to_have_text("South")
    expect(page.locator("#history-rows tr").first.locator("td").nth(2)).to_have_text("Both")
    title.scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / f"board-7-{width}x{height}.png"))
    page.screenshot(path=str(output_dir / f"board-7-{width}x{height}-full.png"), full_page=True)
    assert_no_axe_violations(page, f"board 7 dealt at {width} px")

    page.get_by_role("button", name="Deal New Cards").click()  # board 3, the queue's front again
    expect(title).to_contain_text("Board 3")
    expect(title.locator("small")).to_have_text("Dealer South · Vul E-W")
    expect(page.locator("#history-rows tr td:first-child")).to_have_text(["3", "7"])
    width_used = page.evaluate("document.documentElement.scrollWidth")
    assert width_used <= width, f"the page scrolls sideways ({width_used}px)"
    page.close()
