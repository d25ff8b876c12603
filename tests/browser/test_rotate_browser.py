"""A teacher turns an uploaded set so that South declares every board and numbers it from 1,
in a real browser, with and without JavaScript, then deals three boards and checks the
table: South's cards, the dealer, the vulnerability and the board numbers. axe-core finds
no violation on the preview or the table."""

from __future__ import annotations

import pytest

from games.bridge import rules
from games.bridge.board import VUL_NAMES
from games.bridge.cards import SEAT_NAMES
from games.bridge.rotate import DeckChoice, apply_choice, declarer_of
from games.formats import read_decks
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_upload_browser import expected_table, table_hands
from tests.fixtures_upload import fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "a-long-unusual-passphrase-9"


def expected_decks():
    """The file's decks as the preview's choice turns and numbers them (and as the file says before)."""
    result = read_decks(fixture("four_boards.lin"), "four_boards.lin")
    (turned,), _ = apply_choice([result], DeckChoice("south-declares", 1, False))
    return result.decks, turned.decks


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_south_declares_every_board_dealt_from_the_turned_set(
    browser, live_server, output_dir, tmp_path, django_user_model, javascript
):
    from playwright.sync_api import expect

    from games.models import Game

    host = django_user_model.objects.create_user("tess", password=PASSWORD)
    game = Game.objects.create(host=host, name="Declarer play", allow_upload=True)
    (tmp_path / "lesson.lin").write_bytes(fixture("four_boards.lin"))
    context = browser.new_context(java_script_enabled=javascript, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("tess")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/games/{game.pk}/upload/")
    page.get_by_label("Click to Choose File(s)…").set_input_files([tmp_path / "lesson.lin"])
    if javascript:  # htmx binds the swapped-in preview's forms as it settles, just after the swap
        page.evaluate("() => document.body.addEventListener('htmx:afterSettle', () => { window.settled = true; })")
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_role("button", name="Add Decks to Game (4)")).to_be_visible()
    if javascript:
        page.wait_for_function("() => window.settled === true")

    page.get_by_label("Rotation").select_option("south-declares")
    if javascript:  # the change redraws the preview by itself
        expect(page.locator("#upload-results")).to_contain_text("Board 1 · Dealer South")  # North declared board 1
    page.get_by_label("Number the boards from").fill("1")
    page.get_by_role("button", name="Show the decks this way").click()
    page.wait_for_load_state("networkidle")
    expect(page.get_by_label("Rotation")).to_have_value("south-declares")
    expect(page.get_by_label("Number the boards from")).to_have_value("1")
    page.screenshot(path=str(output_dir / "01-turned-preview.png"), full_page=True)
    assert_no_axe_violations(page, "the turned preview", javascript=javascript)
    page.get_by_role("button", name="Add Decks to Game (4)").click()
    expect(page.get_by_text("4 decks added")).to_be_visible()
    page.goto(f"{live_server.url}/games/{game.pk}/")

    before, after = expected_decks()
    for number in (1, 2, 3):
        page.get_by_role("button", name="Deal New Cards").click()
        title = page.locator("#board-title")
        expect(title).to_contain_text(f"Board {number}")
        deck = after[number - 1]
        expect(title).to_contain_text(f"Dealer {SEAT_NAMES[deck.dealer]}")
        expect(title).to_contain_text(f"Vul {VUL_NAMES[deck.vul]}")
        assert table_hands(page) == expected_table(deck.deal), f"board {number}"
        # South holds the hand of the seat that declared in the file
        south = rules.hands(before[number - 1].deal)[declarer_of(before[number - 1])]
        assert expected_table(deck.deal)["S"] == expected_table("N:" + " ".join([south] * 4))["S"]
        page.screenshot(path=str(output_dir / f"{number + 1:02d}-board-{number}.png"), full_page=True)
        assert_no_axe_violations(page, f"board {number} dealt", javascript=javascript)
    context.close()
