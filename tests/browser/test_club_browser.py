"""A club night in a real browser: two tables play board 1 (teaching movement).

At table 1, North (nina) and East (eric) play in their own browsers; South and West play
through the models (``BoardPlay.act``, as their pages would post). Table 2 passes the
board out. Nina bids 1NT, South raises to 3NT, Eric leads, Nina claims nine tricks and the
defenders accept. Nina's results page, open before her table has finished, shows
nothing of board 1 until then, and the traveller within a poll after: 3NT by N against
table 2's pass, 100% to table 1's N-S. The host's page shows both tables at a glance.
axe-core finds no violation on any of these pages at any step.

Screenshots at 1280x800 and 390x844 of the host's page, a player's table and the
results page go to /tmp/club-shots (and the test's output folder).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.models.join import JoinTable
from tests.browser.axe import assert_no_axe_violations
from tests.playing import call as call_through_models

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEAL = "N:KT2.A64.QT.KJT74 Q9873.9.KJ8532.A J4.KJ732.7.Q9862 A65.QT85.A964.53"
SEATS = {
    1: {"N": "nina", "E": "eric", "S": "sara", "W": "walt"},
    2: {"N": "nora", "E": "emil", "S": "sean", "W": "wes"},
}
WAIT = 10_000  # ms for a page to show another seat's action; a met wait returns at once
POLL = 0.3
SHOTS = Path("/tmp/club-shots")
SIZES = {"wide": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SHOT = {"full_page": True, "caret": "initial"}  # caret: see test_join_browser.py


def logged_in(browser, base: str, user, problems: list[str], size: str = "wide"):
    """A page of a new browser context, logged in as ``user`` by a session cookie."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=SIZES[size])
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.on("console", lambda msg, who=user.username: msg.type == "error" and problems.append(f"{who}: {msg.text}"))
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def act(page, button) -> None:
    """Click a play form's ``button`` and wait for the table after it."""
    with page.expect_response(lambda r: "/play/" in r.url and r.request.method == "POST") as answer:
        button.click()
    assert answer.value.ok


def bid(page, call: str) -> None:
    button = page.locator(f'form.bidding-box button[name="call"][value="{call}"]')
    expect(button).to_be_enabled(timeout=WAIT)
    act(page, button)


def shoot(page, output_dir: Path, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = output_dir / f"{name}.png"
    page.screenshot(path=str(path), **SHOT)
    shutil.copy(path, SHOTS / path.name)


def test_two_tables_play_a_board_and_the_results_show_its_traveller(live_server, browser, settings, output_dir):
    settings.TABLE_POLL_SECONDS = POLL
    users = {
        name: get_user_model().objects.create_user(name, password="x")
        for seats in SEATS.values()
        for name in seats.values()
    }
    hal = get_user_model().objects.create_user("hal", password="x")
    game = Game.objects.create(host=hal, name="Tuesday club", game_type=Game.Type.JOIN, scoring="matchpoints")
    tables = {1: JoinTable.for_game(game), 2: JoinTable.add_to(game)}
    for number, seats in SEATS.items():
        for seat, name in seats.items():
            tables[number].take_seat(users[name], seat)
    game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None")], source_name="club.pbn")
    board = game.deal_next(by=hal)
    base = live_server.url
    problems: list[str] = []
    nina = logged_in(browser, base, users["nina"], problems)
    eric = logged_in(browser, base, users["eric"], problems)
    for page in (nina, eric):
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.locator(".board-title")).to_contain_text("Table 1 · Board 1")
    assert nina.locator(".suits").count() == 1 and eric.locator(".suits").count() == 1  # their own hands
    assert_no_axe_violations(nina, "North to open the bidding")

    # Table 2 passes board 1 out, through the models.
    call_through_models(BoardPlay.start(board, BoardPlay.Mode.TABLE, tables[2]), "P", "P", "P", "P")

    # Table 1: 1NT (Nina) P (Eric) 3NT (South) P (West) P (Nina) P (Eric): 3NT by North.
    def models_call(seat: str, word: str) -> None:
        play = BoardPlay.objects.get(board=board, table=tables[1])
        play.act(seat, "call", play.actions, call=word)

    bid(nina, "1NT")
    bid(eric, "P")
    models_call("S", "3NT")
    models_call("W", "P")
    bid(nina, "P")
    bid(eric, "P")
    play = BoardPlay.objects.get(board=board, table=tables[1])
    assert (play.state().contract, play.state().declarer) == ("3NT", "N")
    shoot(eric, output_dir, "player-table-wide")
    assert_no_axe_violations(eric, "East to lead against 3NT")

    # Eric leads; dummy (South) shows on both pages.
    lead = eric.locator('button[name="card"]').first
    expect(lead).to_be_visible(timeout=WAIT)
    act(eric, lead)
    for page in (nina, eric):
        expect(page.locator('.suits[aria-label="South\'s hand"]')).to_be_visible(timeout=WAIT)
    assert_no_axe_violations(nina, "North declares, dummy on the table")

    # Nina's results page, before her table has finished: nothing of board 1 yet.
    results = logged_in(browser, base, users["nina"], problems)
    results.goto(f"{base}/games/{game.pk}/results/")
    expect(results.locator("#results")).to_contain_text("1 board is left out until your table has finished it")
    assert results.locator("#traveller-1").count() == 0
    assert_no_axe_violations(results, "the results, board 1 left out")

    # Nina claims nine tricks; Eric accepts in his browser, West through the models.
    tricks = nina.locator("form.claim-form input[name=tricks]")
    expect(tricks).to_be_visible(timeout=WAIT)
    tricks.fill("9")
    act(nina, nina.locator("form.claim-form button"))
    accept = eric.get_by_role("button", name="Accept the claim")
    expect(accept).to_be_visible(timeout=WAIT)
    assert_no_axe_violations(eric, "East answers the claim")
    act(eric, accept)
    play = BoardPlay.objects.get(board=board, table=tables[1])
    play.act("W", "accept", play.actions)
    expect(nina.locator(".play-record .result-line")).to_contain_text("+400", timeout=WAIT)

    # The results page, polling, shows the traveller: 3NT by N, +400, against the pass.
    traveller = results.locator("#traveller-1")
    expect(traveller).to_be_visible(timeout=WAIT)
    expect(traveller).to_contain_text("3NT")
    expect(traveller).to_contain_text("Passed out")
    rows = traveller.locator("tbody tr")
    expect(rows.nth(0)).to_contain_text("400")
    expect(rows.nth(0)).to_contain_text("100.00")
    expect(rows.nth(1)).to_contain_text("0.00")
    expect(results.locator(".ranking-table").first).to_contain_text("Table 1 N-S")
    shoot(results, output_dir, "player-results-wide")
    assert_no_axe_violations(results, "the results with board 1's traveller")
    results.set_viewport_size(SIZES["phone"])
    shoot(results, output_dir, "player-results-phone")
    assert_no_axe_violations(results, "the results on a phone")
    eric.set_viewport_size(SIZES["phone"])
    shoot(eric, output_dir, "player-table-phone")
    assert_no_axe_violations(eric, "East's table over, on a phone")

    # The host's page: both tables at a glance, the board over at each; the results too.
    host = logged_in(browser, base, hal, problems)
    host.goto(f"{base}/games/{game.pk}/")
    for number in (1, 2):
        expect(host.locator(f"#overview-table-{number}")).to_contain_text("over")
    expect(host.locator("#overview-table-1")).to_contain_text("3NT by N, 9 tricks")
    shoot(host, output_dir, "host-game-wide")
    assert_no_axe_violations(host, "the host's overview, both tables over")
    host.set_viewport_size(SIZES["phone"])
    shoot(host, output_dir, "host-game-phone")
    assert_no_axe_violations(host, "the host's overview on a phone")
    host.set_viewport_size(SIZES["wide"])
    host.goto(f"{base}/games/{game.pk}/results/")
    expect(host.locator("#traveller-1")).to_contain_text("3NT")
    shoot(host, output_dir, "host-results-wide")
    assert_no_axe_violations(host, "the host's results")
    host.set_viewport_size(SIZES["phone"])
    shoot(host, output_dir, "host-results-phone")
    assert_no_axe_violations(host, "the host's results on a phone")

    for page in (nina, eric, results, host):
        page.context.close()
    # An action aborts a poll under way (hx-sync), by design: htmx logs it.
    expected = ("favicon", "htmx:sendAbort", "htmx:afterRequest")
    assert not [p for p in problems if not any(word in p for word in expected)], problems
