"""The review desk's club results on a phone: at 390 px the travellers and the ranking
scroll inside their own boxes, and the page itself is no wider than the screen; axe-core
finds no violation on it.

The night of tests/web/test_club_exports.py (three tables, Matchpoints and cross-IMPs).
A screenshot at 390x844 goes to the test's output folder.
"""

from __future__ import annotations

import pytest

from games.models import Game
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_club_browser import logged_in
from tests.web.test_club_exports import night  # noqa: F401  (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("scoring", [Game.Scoring.MATCHPOINTS, Game.Scoring.IMPS])
def test_the_admin_travellers_fit_a_phone(night, live_server, browser, staff, output_dir, scoring):  # noqa: F811
    game = night(scoring)
    problems: list[str] = []
    page = logged_in(browser, live_server.url, staff, problems, size="phone")
    page.goto(f"{live_server.url}/admin/games/game/{game.pk}/results/")
    page.wait_for_selector("#traveller-1")
    page.screenshot(path=str(output_dir / f"admin-results-{scoring}-390.png"), full_page=True)
    assert page.viewport_size == {"width": 390, "height": 844}
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"
    # The traveller keeps every column: its box scrolls, within the screen, and the page does not.
    scroller = page.locator(".club-scroll:has(.club-traveller)").first
    assert scroller.evaluate("e => e.scrollWidth > e.clientWidth")
    assert scroller.evaluate("e => e.getBoundingClientRect().right") <= 390
    assert page.locator(".club-traveller th", has_text="Contract").first.is_visible()
    assert_no_axe_violations(page, f"the admin's results of a {scoring} night on a phone")
    assert problems == []
