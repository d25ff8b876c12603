"""A Join table in a real browser: four players in four browser contexts, one table.

The host sits down from the Players panel; three players come in through the invite
link (log in, back to the link, choose a seat). The host deals: within 2 s each player's
page, polling, shows their own 13 cards and nobody else's. The host reveals: within
2 s everyone sees all four hands and the file's auction. axe-core finds no violation on
the pages on the way.
"""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.bridge.rules import Call
from games.formats.model import Deck as ParsedDeck
from games.models import Game
from games.models.join import JoinTable
from tests.browser.axe import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct-horse-battery-staple-42"
DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
HANDS = dict(zip("NESW", DEAL[2:].split()))
NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
PLAYERS = {"alice": "N", "bob": "E", "dave": "S", "erin": "W"}  # alice hosts
BUDGET = 2.0  # seconds for every page to show a change
# caret="initial": Playwright's default caret hiding leaves style="" on inputs, which htmx
# then copies while settling a swap, and the CSP (style-src 'self') rightly refuses.
SHOT = {"full_page": True, "caret": "initial"}


def suit_rows(seat: str) -> list[str]:
    """A hand as the diagram's four rows read: "♠ J 4", ..., "♣ Q 9 8 6 2"."""
    rows = []
    for symbol, cards in zip("♠♥♦♣", HANDS[seat].split(".")):
        rows.append(f"{symbol} {' '.join('10' if c == 'T' else c for c in cards) or '—'}")
    return rows


def log_in(page, username: str) -> None:
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("form[action='/login/'] button[type=submit]")


def visible_hands(page) -> dict[str, list[str]]:
    """{seat name: its four suit rows} for every hand whose cards the page shows."""
    found = {}
    for hand in page.locator("#seat-view .suits").all():
        label = hand.get_attribute("aria-label").removesuffix("'s hand")
        found[label] = [" ".join(row.inner_text().split()) for row in hand.locator("li").all()]
    return found


def wait_until(deadline: float, check, what: str) -> None:
    while True:
        if check():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {BUDGET} s: {what}")
        time.sleep(0.05)


def test_four_players_each_see_their_own_hand_until_the_reveal(live_server, browser, output_dir):
    users = {name: get_user_model().objects.create_user(name, password=PASSWORD) for name in PLAYERS}
    game = Game.objects.create(host=users["alice"], name="Friday four", game_type=Game.Type.JOIN)
    table = JoinTable.for_game(game)
    auction = (
        Call("1H"),
        Call("P"),
        Call("2NT", True, "Jacoby: 4+ hearts, game forcing"),
        Call("P"),
        Call("4H"),
        Call("P"),
        Call("P"),
        Call("P"),
    )
    game.add_decks(
        [
            ParsedDeck(
                deal=DEAL,
                index=0,
                line=1,
                board="1",
                board_name="Club night",
                dealer="N",
                vul="None",
                auction=auction,
                play=(("SA", "S4", "S3", "S2"), ("C5", "CA", "CJ", "C2")),
                claim=10,
            )
        ],
        source_name="club-night.lin",
        source_format="lin",
    )
    base = live_server.url
    invite = f"{base}/games/{game.pk}/join/{table.invite_token}/"
    table_url = f"{base}/games/{game.pk}/"

    pages, problems = {}, []
    for name in PLAYERS:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.on(
            "console",
            lambda msg, who=name: (
                msg.type == "error" and problems.append(f"{who}: {msg.text} {msg.location.get('url', '')}")
            ),
        )
        page.on("dialog", lambda dialog: dialog.accept())  # hx-confirm on Reveal hands
        pages[name] = page

    # The host logs in and takes North from the Players panel (htmx).
    host = pages["alice"]
    host.goto(f"{base}/login/?next=/games/{game.pk}/")
    log_in(host, "alice")
    expect(host.locator("#invite-url")).to_have_value(invite)
    host.locator("#seating li", has_text="North").get_by_role("button", name="Sit here").click()
    expect(host.locator("#seating")).to_contain_text("alice (you)")
    assert_no_axe_violations(host, "the host seated, no board dealt")

    # The players follow the invite link: log in, come back, choose their seat.
    for name in ("bob", "dave", "erin"):
        page = pages[name]
        page.goto(invite)
        assert "/login/" in page.url
        if name == "bob":
            assert_no_axe_violations(page, "the log-in page on the way to the invite")
        log_in(page, name)
        expect(page.get_by_role("heading", name="Join “Friday four”")).to_be_visible()
        if name == "erin":
            page.screenshot(path=str(output_dir / "join-invite.png"), **SHOT)
            assert_no_axe_violations(page, "the invite's page: choose a seat")
        page.get_by_role("button", name=NAMES[PLAYERS[name]]).click()
        expect(page.locator(".game-head .rules")).to_contain_text(f"you sit {NAMES[PLAYERS[name]]}")
        assert page.url == table_url
    expect(host.locator("#seating .count")).to_have_text("4/4", timeout=BUDGET * 1000)  # the host's poll

    # The host deals; every page shows board 1 and its own hand only, within 2 s.
    host.get_by_role("button", name="Deal New Cards").click()
    dealt = time.monotonic()
    for name, seat in PLAYERS.items():
        page = pages[name]
        wait_until(
            dealt + BUDGET,
            lambda page=page: "Board 1" in page.locator(".board-title").inner_text(),
            f"{name} sees board 1",
        )
        assert visible_hands(page) == {NAMES[seat]: suit_rows(seat)}
        assert page.locator("#seat-view .card-backs").count() == 3
        html = page.content()
        for other in "NESW":
            if other != seat:
                assert HANDS[other] not in html
                for row in suit_rows(other):
                    symbol, cards = row.split(" ", 1)
                    assert f'{symbol}</span> <span class="cards">{cards}</span>' not in html, (name, other, row)
        assert "Jacoby" not in html
    pages["bob"].screenshot(path=str(output_dir / "join-east-before-reveal.png"), **SHOT)
    host.screenshot(path=str(output_dir / "join-host-before-reveal.png"), **SHOT)
    assert_no_axe_violations(pages["bob"], "East's page, board 1 dealt")
    assert_no_axe_violations(host, "the host's page, board 1 dealt")
    assert all(p.evaluate("performance.getEntriesByType('navigation').length") == 1 for p in pages.values())

    # The host reveals; within 2 s everyone sees all four hands and the auction.
    host.get_by_role("button", name="Reveal hands").click()
    revealed = time.monotonic()
    everything = {NAMES[seat]: suit_rows(seat) for seat in "NESW"}
    for name, page in pages.items():
        wait_until(revealed + BUDGET, lambda page=page: len(visible_hands(page)) == 4, f"{name} sees all four")
        assert visible_hands(page) == everything
        expect(page.locator(".record .alert-notes")).to_contain_text("Jacoby: 4+ hearts")
        expect(page.locator(".record .contract-line")).to_contain_text("by North")
    pages["dave"].screenshot(path=str(output_dir / "join-south-after-reveal.png"), **SHOT)
    assert_no_axe_violations(pages["dave"], "South's page, the hands revealed")

    # On a phone the revealed table and the host's page fit the screen.
    for name, shot in (("erin", "join-west-phone.png"), ("alice", "join-host-phone.png")):
        phone = pages[name]
        phone.set_viewport_size({"width": 390, "height": 844})
        phone.reload()
        phone.screenshot(path=str(output_dir / shot), **SHOT)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{name}'s phone page scrolls sideways ({width}px)"
        assert_no_axe_violations(phone, f"{name}'s phone page, the hands revealed")

    problems = [p for p in problems if not p.endswith("/favicon.ico")]
    assert not problems, problems  # no script errors, no CSP refusals, no htmx swap errors
    for page in pages.values():
        page.context.close()
