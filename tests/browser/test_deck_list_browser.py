"""The review desk's deck list in a real browser, on a laptop's screen (1280×800): fifty
decks, one line each, and the Status column in view without scrolling sideways; axe-core
finds no violation.
The screenshot goes to test-output/<test name>/deck-list.png."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.bridge.board import dealer_for_board, vul_for_board
from games.bridge.cards import random_deal
from games.formats.model import Deck as ParsedDeck
from games.models import Game
from tests.browser.axe import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct-horse-battery-staple-42"
WIDTH, HEIGHT = 1280, 800


def test_fifty_decks_fit_the_screen_with_their_status(live_server, browser, output_dir):
    user_model = get_user_model()
    host = user_model.objects.create_user("alice", password=PASSWORD)
    user_model.objects.create_user("carol", password=PASSWORD, is_staff=True, is_superuser=True)
    game = Game.objects.create(host=host, name="Thursday evening teaching group")
    game.add_decks(
        [
            ParsedDeck(
                deal=random_deal(),
                index=i,
                line=1 + 12 * i,
                board=str(i + 1),
                board_name=f"Club night {i + 1}",
                dealer=dealer_for_board(i + 1),
                vul=vul_for_board(i + 1),
            )
            for i in range(50)
        ],
        source_name="club-night-2024-03-12-session-two-results-with-hand-records.pbn",
        source_format="pbn",
    )
    game.deal_next()

    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/admin/login/")
    assert_no_axe_violations(page, "the admin's log-in page")
    page.get_by_label("Username").fill("carol")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/admin/games/deck/")
    rows = page.locator("#result_list tbody tr")
    expect(rows).to_have_count(50)  # the admin's page holds 100
    page.screenshot(path=str(output_dir / "deck-list.png"))
    page.screenshot(path=str(output_dir / "deck-list-full.png"), full_page=True)
    assert_no_axe_violations(page, "fifty decks in the list")

    assert page.locator("#result_list .diagram").count() == 0
    status = page.locator("#result_list tbody tr td.field-status").first
    expect(status).to_have_text("Dealt")
    # The list scrolls sideways inside its own box (the admin's .results), beside the
    # filters: the status cell must end inside that box, and the box have nothing to scroll.
    box = status.bounding_box()
    results = page.locator("#changelist .results")
    scroll_width, client_width, right = results.evaluate(
        "e => [e.scrollWidth, e.clientWidth, e.getBoundingClientRect().right]"
    )
    assert box is not None and box["x"] + box["width"] <= min(right, WIDTH), (box, right)
    assert scroll_width <= client_width, (scroll_width, client_width)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    spilling = page.evaluate(
        "[...document.querySelectorAll('#result_list td, #result_list th')]"
        ".filter(cell => cell.scrollWidth > cell.clientWidth + 1).map(cell => cell.className)"
    )
    assert spilling == [], spilling  # no cell's text runs into the next one
    # A few lines of text a row (this long file name wraps), where a diagram took 214 px.
    row_height = rows.first.bounding_box()["height"]
    assert row_height < 90, row_height
    assert page.evaluate("document.documentElement.scrollHeight") < 50 * 90 + 500
