"""The help pages fit a phone's screen in every language: nothing is wider than 390 CSS
pixels (a long word, a list of facts, a table of boards), and the page is in the visitor's
language; axe-core finds no violation on any of them. Screenshots go to
test-output/<test name>/."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.browser.axe import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = ("/help/uploading-decks/", "/help/dealer-scripts/", "/help/lesson-text/")
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_every_help_page_fits_a_phone(live_server, browser, output_dir, language):
    context = browser.new_context(viewport=PHONE, extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    for path in PAGES:
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == language
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"{path} in {language} is {width} px wide"
        page.screenshot(path=str(output_dir / f"{path.strip('/').replace('/', '-')}.png"))
        assert_no_axe_violations(page, f"{path} in {language}")
    context.close()
