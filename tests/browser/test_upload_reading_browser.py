"""Once an upload's bytes are sent, the page says the decks are being read.

A big file's bar is full for a second or more while the server reads it: a line beside
it says "Reading the decks (2.3 MB)…" in the page's language until the answer comes. What
the line said is recorded as it changes (a MutationObserver), the wait being short. axe-core
finds no violation on the upload page before or after.
"""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from games.models import Game
from tests.browser.axe import assert_no_axe_violations
from tests.builders.decks import plain_pbn

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("compiled_catalogues"),
]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en-GB", r"Reading the decks \(\d+(\.\d)? (MB|kB)\)…"),
        ("fr-FR", r"Lecture des distributions \(\d+(,\d)?\s(Mo|ko)\)…"),
    ],
)
def test_a_full_bar_says_the_decks_are_being_read(browser, live_server, output_dir, django_user_model, language, words):
    host = django_user_model.objects.create_user("dora", password="x")
    game = Game.objects.create(host=host, name="Big file", allow_upload=True)
    client = Client()
    client.force_login(host)
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale=language)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/games/{game.pk}/upload/")
    assert_no_axe_violations(page, f"the upload page in {language}")
    page.evaluate(
        """() => {
             window.said = [];
             const line = document.getElementById("upload-reading");
             const bar = document.getElementById("upload-progress");
             new MutationObserver(() => window.said.push([line.textContent, bar.value]))
               .observe(line, { childList: true, characterData: true, subtree: true });
           }"""
    )
    page.locator("#upload-form input[type=file]").set_input_files(
        {"name": "big.pbn", "mimeType": "text/plain", "buffer": plain_pbn(2000)}
    )
    page.locator("#upload-form button[type=submit]").click()
    reading = page.locator("#upload-reading")
    expect(reading).to_have_attribute("role", "status")
    expect(page.locator("#add-button")).to_be_visible()
    page.screenshot(path=str(output_dir / f"{language[:2]}-read.png"))
    said = page.evaluate("window.said")
    assert said and re.fullmatch(words, said[0][0]) and said[0][1] == 100, said  # said with the bar full
    expect(reading).to_have_text("")  # and no more once the decks are shown
    assert_no_axe_violations(page, f"2,000 decks read, in {language}")
    context.close()
