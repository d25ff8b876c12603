"""The game page in a real browser: it renders well on desktop and phone, and htmx deals;
axe-core finds no violation on it."""

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


def game_page(browser, live_server, username: str, game: Game):
    """A desktop-sized page, logged in as ``username``, on the game's table."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    return page


@pytest.mark.smoke  # the everyday run's browser test (tests/conftest.py)
def test_the_game_page_renders_and_deals_with_htmx(live_server, browser, output_dir):
    host = get_user_model().objects.create_user("alice", password=PASSWORD)
    game = Game.objects.create(host=host, name="Tuesday practice")
    game.add_decks(
        [
            ParsedDeck(
                deal=d, index=i, line=1, board=str(i + 1), board_name=f"Club night {i + 1}", dealer="E", vul="NS"
            )
            for i, d in enumerate(DEALS)
        ],
        source_name="club-night.pbn",
        source_format="pbn",
    )
    game.deal_next()

    page = game_page(browser, live_server, "alice", game)
    assert page.locator(".board-title").inner_text().startswith("Board 1")
    assert page.locator(".diagram .hand").count() == 4
    page.screenshot(path=str(output_dir / "game-desktop.png"), full_page=True)
    assert_no_axe_violations(page, "the game page, board 1")

    page.click("text=Deal New Cards")  # htmx swaps #table; the page is not reloaded
    expect(page.locator(".board-title")).to_contain_text("Board 2")
    expect(page.locator("#queue .count")).to_have_text("1")
    page.click("text=Deal New Cards")
    expect(page.locator(".board-title")).to_contain_text("Board 3")
    page.click("text=Deal New Cards")
    expect(page.locator(".board-title")).to_contain_text("Board 4")
    expect(page.locator(".felt .notice")).to_have_text("No uploaded decks left: this board was dealt at random")
    assert_no_axe_violations(page, "a random board dealt by htmx")
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1  # no reload

    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    phone.context.add_cookies(page.context.cookies())
    phone.goto(f"{live_server.url}/games/{game.pk}/")
    phone.screenshot(path=str(output_dir / "game-phone.png"), full_page=True)
    assert_no_axe_violations(phone, "the game page on a phone")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the phone page scrolls sideways ({width}px)"
    page.close()
    phone.close()


def test_on_a_desktop_the_history_follows_the_table_not_the_long_queue(live_server, browser):
    host = get_user_model().objects.create_user("carol", password=PASSWORD)
    game = Game.objects.create(host=host, name="Queue night")
    game.add_decks(
        [ParsedDeck(deal=DEALS[i % 3], index=i, line=1, board=str(i + 1)) for i in range(20)], source_name="many.pbn"
    )
    game.deal_next()
    page = game_page(browser, live_server, "carol", game)
    table, queue, history = (page.locator(s).bounding_box() for s in (".table-area", "#queue", "#history"))
    assert queue["height"] > table["height"]  # ten queued decks stand taller than the table
    assert history["y"] - (table["y"] + table["height"]) < 40  # the history is right under the table
    assert history["x"] + history["width"] <= queue["x"]  # beside the queue, not under it
    page.close()


def test_htmx_deals_leave_the_page_as_a_fresh_load_shows_it(live_server, browser):
    """The deal answer patches the queue and history out of band; after many deals (past the
    history's 50 rows, with a queue longer than its 10 shown decks) the page must read
    exactly as the same page loaded anew."""
    host = get_user_model().objects.create_user("bob", password=PASSWORD)
    game = Game.objects.create(host=host, name="Long night")
    deals = [DEALS[i % 3] for i in range(70)]
    game.add_decks(
        [ParsedDeck(deal=d, index=i, line=1, board=str(i + 1)) for i, d in enumerate(deals)],
        source_name="season.pbn",
        source_format="pbn",
    )
    page = game_page(browser, live_server, "bob", game)

    def panels() -> tuple[str, str, str, list[str]]:
        return (
            page.locator("#felt").inner_text(),
            page.locator("#queue").inner_text(),
            page.locator("#history").inner_text(),
            page.locator("#queue-list li button.up").evaluate_all(
                "els => els.map(e => getComputedStyle(e).visibility)"
            ),
        )

    for number in range(1, 53):
        page.click("button:has-text('Deal New Cards')")
        expect(page.locator(".board-title")).to_contain_text(f"Board {number}")
    dealt = panels()
    assert page.locator("#history tbody tr").count() == 50
    assert page.locator("#queue-list li").count() == 10
    page.reload()
    assert panels() == dealt
    assert dealt[3] == ["hidden"] + ["visible"] * 9  # the first deck cannot move up
    page.close()
