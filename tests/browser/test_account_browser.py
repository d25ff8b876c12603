"""Log out everywhere in a real browser: a second browser holding a copy of the session
cookie is logged out too; axe-core finds no violation on the pages on the way.
Screenshots go to test-output/<test name>/."""

from __future__ import annotations

import pytest
from django.conf import settings
from playwright.sync_api import expect

from games.models import UserSession
from tests.browser.axe import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_log_out_everywhere_logs_out_a_copy_of_the_cookie(browser, live_server, host, password, output_dir):
    here = browser.new_context(viewport={"width": 1280, "height": 800})
    page = here.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/login/")
    assert_no_axe_violations(page, "the log-in page")
    page.fill('input[name="username"]', host.username)
    page.fill('input[name="password"]', password)
    page.click('button[type="submit"]')
    expect(page.locator(".site-header .who")).to_have_text(host.username)

    page.click(".site-header .who")
    expect(page).to_have_url(f"{live_server.url}/account/")
    expect(page.locator("h1")).to_have_text("Account")
    page.screenshot(path=str(output_dir / "01-account.png"), full_page=True)
    assert_no_axe_violations(page, "the account page")

    session = next(c for c in here.cookies() if c["name"] == settings.SESSION_COOKIE_NAME)
    there = browser.new_context(viewport={"width": 390, "height": 844})
    there.add_cookies([{"name": session["name"], "value": session["value"], "url": live_server.url}])
    other = there.new_page()
    other.set_default_timeout(10_000)
    other.goto(f"{live_server.url}/account/")
    expect(other.locator("h1")).to_have_text("Account")

    page.click("text=Log out everywhere")
    expect(page.locator(".messages")).to_contain_text("You are logged out on every browser and device.")
    expect(page.locator(".site-header")).to_contain_text("Log in")
    page.screenshot(path=str(output_dir / "02-logged-out.png"), full_page=True)
    assert_no_axe_violations(page, "logged out everywhere")
    assert not UserSession.objects.filter(user=host).exists()

    other.goto(f"{live_server.url}/account/")
    expect(other).to_have_url(f"{live_server.url}/login/?next=/account/")
    expect(other.locator(".site-header")).to_contain_text("Log in")
    other.screenshot(path=str(output_dir / "03-copy-logged-out.png"), full_page=True)
    assert_no_axe_violations(other, "the log-in page on a phone")
    here.close()
    there.close()
