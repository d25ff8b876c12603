"""The new-game form in a real browser shows only the rules the chosen game type uses,
and without JavaScript shows them all; axe-core finds no violation in either. Screenshots
go to test-output/<test name>/."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import expect

from games.models import Game
from tests.browser.axe import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

JOIN_ONLY = ("tables", "movement", "rank_robot_pairs")
ROBOTS_ONLY = ("practice_seat", "robot_hints")


def new_game_page(browser, base: str, user, problems: list[str], *, javascript: bool = True):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, java_script_enabled=javascript)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.on("console", lambda msg: msg.type == "error" and "favicon" not in msg.text and problems.append(msg.text))
    page.goto(f"{base}/games/new/")
    return page


def block(page, name: str):
    """The field's block (label, widget, help), found by its inputs' name."""
    return page.locator(".rules-form .field").filter(has=page.locator(f'[name="{name}"]'))


def test_the_form_shows_only_what_the_game_type_uses(browser, live_server, host, output_dir):
    problems: list[str] = []
    page = new_game_page(browser, live_server.url, host, problems)
    matchpoints = page.locator('input[name="scoring"][value="matchpoints"]')
    for name in (*JOIN_ONLY, *ROBOTS_ONLY):
        expect(block(page, name)).to_be_hidden()
    expect(block(page, "practice_play")).to_be_visible()
    expect(matchpoints).to_be_hidden()
    expect(matchpoints).to_be_disabled()
    page.screenshot(path=str(output_dir / "01-practice.png"), full_page=True)
    assert_no_axe_violations(page, "the form for a practice game")

    page.check('input[name="practice_play"][value="robots"]')
    for name in ROBOTS_ONLY:
        expect(block(page, name)).to_be_visible()
    page.screenshot(path=str(output_dir / "02-with-robots.png"), full_page=True)
    assert_no_axe_violations(page, "the form with robots")

    page.select_option('select[name="game_type"]', "join")
    for name in ("practice_play", *ROBOTS_ONLY):
        expect(block(page, name)).to_be_hidden()
    for name in JOIN_ONLY:
        expect(block(page, name)).to_be_visible()
    expect(page.locator('input[name="practice_seat"]').first).to_be_disabled()
    matchpoints.check()
    page.screenshot(path=str(output_dir / "03-join.png"), full_page=True)
    assert_no_axe_violations(page, "the form for a Join game")

    page.select_option('select[name="game_type"]', "practice")  # matchpoints goes: IMPs instead
    expect(page.locator('input[name="scoring"][value="imps"]')).to_be_checked()
    page.select_option('select[name="game_type"]', "join")
    matchpoints.check()
    page.fill('input[name="name"]', "Club night")
    page.fill('input[name="tables"]', "2")
    page.click('.rules-form button[type="submit"]')
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert (game.game_type, game.scoring, game.practice_play, game.join_tables.count()) == (
        "join",
        "matchpoints",
        "show",
        2,
    )
    assert_no_axe_violations(page, "the new Join game of two tables")
    assert not problems, problems  # a script the policy refused would say so here


def test_without_javascript_every_rule_shows(browser, live_server, host, output_dir):
    problems: list[str] = []
    page = new_game_page(browser, live_server.url, host, problems, javascript=False)
    for name in ("practice_play", *JOIN_ONLY, *ROBOTS_ONLY):
        expect(block(page, name)).to_be_visible()
    expect(page.locator('input[name="scoring"][value="matchpoints"]')).to_be_enabled()
    page.screenshot(path=str(output_dir / "01-every-rule.png"), full_page=True)
    assert_no_axe_violations(page, "the form without JavaScript", javascript=False)
