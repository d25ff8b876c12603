"""A reviewer's round in a real browser: the demo reviewer logs in to the admin, finds the
upload with problems among the uploads, reads it, removes its decks (confirming on the
page that counts them), and the demo host's game page shows the shorter queue. axe-core
finds no violation at any step.
Screenshots of each step go to test-output/<test name>/.
"""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from games.management.commands.demo import PASSWORD, REVIEWER, REVIEWER_PASSWORD, USERNAME
from games.models import Game, Upload
from tests.browser.axe import assert_no_axe_violations
from tests.fixtures_upload import fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_reviewer_removes_the_decks_of_an_upload_with_problems(browser, live_server, output_dir):
    from playwright.sync_api import expect

    call_command("demo", stdout=StringIO())  # the demo host's game, its upload with a problem, the reviewer
    game = Game.objects.get()
    clean = Upload.stage(game, game.host, [("club.pbn", fixture("three_boards.pbn"))])
    clean.add_to_game()  # another upload, with no problem: it stays
    step = iter(range(1, 100))

    def shot(page, name: str) -> None:
        page.screenshot(path=str(output_dir / f"{next(step):02d}-{name}.png"), full_page=True)
        assert_no_axe_violations(page, name)

    host = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    host.set_default_timeout(10_000)
    host.goto(f"{live_server.url}/login/")
    host.fill("input[name=username]", USERNAME)
    host.fill("input[name=password]", PASSWORD)
    host.click("button[type=submit]")
    host.goto(f"{live_server.url}/games/{game.pk}/")
    expect(host.locator("#queue-count")).to_have_text("9")
    shot(host, "host-before")

    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/admin/")
    assert_no_axe_violations(page, "the admin's log-in page")
    page.get_by_label("Username").fill(REVIEWER)
    page.get_by_label("Password").fill(REVIEWER_PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Uploads").click()
    expect(page.locator("#result_list tbody tr")).to_have_count(2)
    shot(page, "uploads")

    page.locator("#changelist-filter").get_by_role("link", name="Had problems").click()
    expect(page.locator("#result_list tbody tr")).to_have_count(1)
    expect(page.locator("#result_list")).to_contain_text("demo-decks.pbn")
    page.locator("#result_list tbody tr th a").click()
    expect(page.locator(".field-summary")).to_contain_text(
        "1 file(s); 7 deck(s) found; 6 added; 1 left out as duplicates; 1 problem(s)"
    )
    expect(page.locator(".upload-files .problems p")).to_contain_text("board 7")
    shot(page, "upload-with-problems")

    page.get_by_role("button", name="Remove its 6 queued decks from the queue…").click()
    expect(page.locator(".removal-count")).to_contain_text("6 queued decks will leave")
    shot(page, "confirm")
    page.get_by_role("button", name="Yes, remove 6 decks").click()
    expect(page.locator(".messagelist")).to_contain_text("Removed 6 deck(s) from the queue.")
    shot(page, "removed")

    host.reload()
    expect(host.locator("#queue-count")).to_have_text("3")
    shot(host, "host-after")
    assert page.goto(f"{live_server.url}/games/{game.pk}/").status == 404  # a reviewer does not manage games
