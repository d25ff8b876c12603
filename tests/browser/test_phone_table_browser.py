"""The table in a student's hand: a phone (390×844 and 360×740), in English and Polish.

Measured in a real browser, the felt scrolled to the top of the screen as it is after a
deal: while bidding, the whole bidding area (the auction and the box) and the seat's own
hand are on the first screen; in the play, as declarer with dummy's cards to play and as a
defender, every card that may be played is a target of at least 44×44 CSS pixels where the
finger lands (the part of the card no other card covers), the seat's own hand lies in
suit order on one row, or on two when on lead, every card of it on the screen, and at the
board's end the result reads on the screen. At a practice table, a hand to play beside the
trick moves under it, across the table. No page scrolls sideways, and axe-core finds no
violation in any of these states. Screenshots go to test-output/<test name>/.
"""

from __future__ import annotations

from bisect import bisect_right

import pytest
from django.conf import settings
from django.test import Client

from games.models import BoardPlay, Game
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_table_layout_browser import logged_in, practice_game
from tests.builders.tables import seated_at_hals
from tests.playing import DEAL, call, cards

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("compiled_catalogues"),
]

PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}
TO_4H = ("1H", "P", "2NT", "P", "4H", "P", "P", "P")  # North declares, East leads, South is dummy
SHOT = {"caret": "initial"}  # see test_join_browser.py on the caret
SUIT_ORDER = "SHDC"

# Each card button: its box, and the part of it a finger may tap (sampled with
# elementFromPoint, so a card covered by its neighbour counts only what shows of it).
_TARGETS = """() => Array.from(document.querySelectorAll(".card-button")).map((b) => {
  b.scrollIntoView({ block: "nearest", inline: "nearest" });  // a row that scrolls: as a finger brings it
  const r = b.getBoundingClientRect();
  let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity;
  for (let x = Math.ceil(r.left); x < r.right; x += 1) {
    for (let y = Math.ceil(r.top); y < r.bottom; y += 2) {
      const hit = document.elementFromPoint(x, y);
      if (hit && (hit === b || b.contains(hit))) {
        left = Math.min(left, x); right = Math.max(right, x + 1);
        top = Math.min(top, y); bottom = Math.max(bottom, y + 2);
      }
    }
  }
  return { card: b.dataset.card, width: r.width, height: r.height,
           tapWidth: right - left, tapHeight: bottom - top, top: r.top, left: r.left,
           hand: b.closest(".slot") ? b.closest(".slot").className : "" };
})"""

_BOX = """(selector) => Array.from(document.querySelectorAll(selector)).map((e) => {
  const r = e.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
})"""


@pytest.fixture
def table(live_server, browser):
    """A Join table, four players seated, board 1 of DEAL dealt; ``open_page(seat, size,
    language)`` opens a seat's page on a phone set to that language."""
    game, hal, users = seated_at_hals(DEAL)
    board = game.deal_next(by=hal)
    contexts = []

    def open_page(seat: str, size: dict, language: str):
        client = Client()
        client.force_login(users[seat])
        context = browser.new_context(viewport=size, locale=language, has_touch=True, is_mobile=True)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}])
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.locator(".felt").first.evaluate("(felt) => felt.scrollIntoView({block: 'start'})")
        return page

    yield board, open_page
    for context in contexts:
        context.close()


def boxes(page, selector: str) -> list[dict]:
    return page.evaluate(_BOX, selector)


def assert_no_sideways_scroll(page, where: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{where}: the page scrolls sideways ({width} px)"


def assert_cards_are_big_enough(page, where: str, width: int = 44) -> list[dict]:
    """Every card to play is a target of at least ``width``×44 where a finger lands."""
    targets = page.evaluate(_TARGETS)
    assert targets, f"{where}: no card to play"
    small = [t for t in targets if t["tapWidth"] < width or t["tapHeight"] < 44]
    assert not small, f"{where}: card targets under {width}×44: {small}"
    return targets


def assert_own_hand_shows_whole(page, seat: str, where: str, rows: int = 1) -> None:
    """The seat's own hand on the first screen, every card of it on the screen: while
    bidding, its four suits side by side on one row; with cards to play, a tile a card,
    spades to clubs on ``rows`` rows (two where the tiles would not fit one row of the
    narrowest phone: on lead, or void in the suit led), none behind a scroll."""
    found = page.evaluate(
        """(slot) => {
             const hand = document.querySelector(slot + " .hand");
             const playing = hand.classList.contains("playing");
             const parts = hand.querySelectorAll(playing ? "[data-card]" : ".suits li");
             return Array.from(parts).map((e) => {
               const r = e.getBoundingClientRect();
               return { card: e.dataset.card || "", top: r.top, left: r.left, right: r.right, bottom: r.bottom };
             });
           }""",
        f".slot-{seat.lower()}",
    )
    assert len(found) >= 4, f"{where}: {found}"
    tops = sorted({round(c["top"]) for c in found})
    lines = [t for i, t in enumerate(tops) if i == 0 or t - tops[i - 1] > 2]
    assert len(lines) == rows, f"{where}: the hand lies on {len(lines)} rows, not {rows}: {tops}"
    line_of = [bisect_right(lines, round(c["top"])) - 1 for c in found]
    placed = sorted(range(len(found)), key=lambda i: (line_of[i], found[i]["left"]))
    assert placed == list(range(len(found))), f"{where}: the cards are out of order"
    suits = [c["card"][0] for c in found if c["card"]]
    assert suits == sorted(suits, key=SUIT_ORDER.index), f"{where}: not in suit order {suits}"
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    assert all(c["bottom"] <= height + 1 for c in found), f"{where}: the own hand is below the first screen"
    row = page.evaluate(
        """(slot) => { const e = document.querySelector(slot + " .hand .suits"), r = e.getBoundingClientRect();
                        return { left: r.left, right: r.right, hidden: e.scrollWidth - e.clientWidth }; }""",
        f".slot-{seat.lower()}",
    )
    assert row["left"] >= 0 and row["right"] <= width + 1, f"{where}: the hand's row is cut {row}"
    assert row["hidden"] <= 1, f"{where}: {row['hidden']} px of the hand hidden behind its scroll"
    outside = [c["card"] for c in found if c["left"] < row["left"] - 1 or c["right"] > row["right"] + 1]
    assert not outside, f"{where}: cards outside the hand's row: {outside}"


# The room a field's hint has (its width less its padding) against the hint's own width.
HINT_FITS = """() => {
  const field = document.querySelector(".bidding-box input[name=explanation]");
  const style = getComputedStyle(field);
  const context = document.createElement("canvas").getContext("2d");
  context.font = style.font;
  const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {hint: field.placeholder, width: context.measureText(field.placeholder).width, room: room};
}"""


def assert_hint_read_whole(page, where: str) -> None:
    hint = page.evaluate(HINT_FITS)
    assert hint["width"] <= hint["room"], f"{where}: the explanation's hint is cut {hint}"


@pytest.mark.parametrize("language", ["en-GB", "pl-PL"])
@pytest.mark.parametrize("phone", PHONES, ids=list(PHONES))
def test_the_table_fits_a_phone(table, output_dir, phone, language):
    board, open_page = table
    size = PHONES[phone]
    code = language[:2]
    height = size["height"]

    # Bidding: East's call after 1♥ P 2NT P 4♥, the box at its tallest.
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE), *TO_4H[:1])
    east = open_page("E", size, language)
    east.screenshot(path=str(output_dir / f"{code}-{phone}-east-bidding.png"), **SHOT)
    area = boxes(east, ".play-record")[0], boxes(east, ".bidding-box")[0]
    assert all(part["top"] >= 0 and part["bottom"] <= height + 1 for part in area), f"bidding area off screen: {area}"
    assert_own_hand_shows_whole(east, "E", "East bids")
    assert_hint_read_whole(east, "East bids")
    assert_no_sideways_scroll(east, "East bids")
    assert_no_axe_violations(east, f"East bids ({code}, {phone})")

    # Declarer plays from dummy after East's lead.
    play = cards(call(play, *TO_4H[1:]), 1)
    north = open_page("N", size, language)
    north.screenshot(path=str(output_dir / f"{code}-{phone}-north-dummy.png"), **SHOT)
    assert_cards_are_big_enough(north, "North plays from dummy")
    assert_own_hand_shows_whole(north, "N", "North plays from dummy")
    assert_no_sideways_scroll(north, "North plays from dummy")
    assert_no_axe_violations(north, f"North plays from dummy ({code}, {phone})")

    # A defender follows suit: West, after dummy's card.
    play = cards(play, 1)
    west = open_page("W", size, language)
    west.screenshot(path=str(output_dir / f"{code}-{phone}-west-defends.png"), **SHOT)
    assert_cards_are_big_enough(west, "West defends")
    assert_own_hand_shows_whole(west, "W", "West defends")
    assert_no_sideways_scroll(west, "West defends")
    assert_no_axe_violations(west, f"West defends ({code}, {phone})")

    # A defender on lead: East leads to trick 2 with twelve cards.
    play = cards(play, 2)
    leader = play.state().actor
    on_lead = open_page(leader, size, language)
    on_lead.screenshot(path=str(output_dir / f"{code}-{phone}-{leader}-leads.png"), **SHOT)
    assert_cards_are_big_enough(on_lead, f"{leader} leads")
    assert_own_hand_shows_whole(on_lead, leader, f"{leader} leads", rows=2)
    assert_no_sideways_scroll(on_lead, f"{leader} leads")
    assert_no_axe_violations(on_lead, f"{leader} leads ({code}, {phone})")

    # The board's end.
    cards(play, 48)
    over = open_page("W", size, language)
    over.screenshot(path=str(output_dir / f"{code}-{phone}-over.png"), **SHOT)
    result = boxes(over, ".result-line")[0]
    assert result["bottom"] <= height, f"the result is below the first screen: {result}"
    assert_no_sideways_scroll(over, "the board over")
    assert_no_axe_violations(over, f"the board over ({code}, {phone})")


def test_at_a_practice_table_a_hand_beside_the_trick_plays_across_the_table(live_server, browser, output_dir):
    """Playing all four hands on a phone, a hand to play beside the trick moves under it,
    across the table: East on lead shows all thirteen cards on two rows, each taking a
    finger, below the trick and above South (on a phone held sideways, one row there);
    West following suit lies on one row."""
    game, dora = practice_game(Game.PracticePlay.ALL_FOUR, boards=1)
    play = call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.ALL_FOUR), "1NT", "P", "P", "P")
    assert play.state().actor == "E"
    page = logged_in(browser, live_server.url, dora, [], size=PHONES["390"])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator(".felt").first.evaluate("(felt) => felt.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(output_dir / "east-leads-390.png"), **SHOT)
    assert_own_hand_shows_whole(page, "E", "East leads at a practice table", rows=2)
    assert_hand_lies_under_the_trick(page, "E")
    assert_cards_are_big_enough(page, "East leads at a practice table")
    assert_no_sideways_scroll(page, "East leads at a practice table")
    assert_no_axe_violations(page, "East leads at a practice table")
    sideways = logged_in(browser, live_server.url, dora, [], size={"width": 844, "height": 390})
    sideways.goto(f"{live_server.url}/games/{game.pk}/")
    sideways.screenshot(path=str(output_dir / "east-leads-844x390.png"), full_page=True, **SHOT)
    assert_hand_lies_under_the_trick(sideways, "E")
    assert_no_sideways_scroll(sideways, "East leads at a practice table, the phone sideways")
    sideways.context.close()

    for seat in "ES":  # East leads a spade, South (dummy, at the bottom) follows
        page.locator(f".slot-{seat.lower()} .card-button").first.click()
        page.wait_for_function(f"() => !document.querySelector('.slot-{seat.lower()} .card-button')")
    page.locator(".slot-w .card-button").first.wait_for()
    page.locator(".felt").first.evaluate("(felt) => felt.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(output_dir / "west-follows-390.png"), **SHOT)
    assert_own_hand_shows_whole(page, "W", "West follows suit at a practice table", rows=1)
    assert_hand_lies_under_the_trick(page, "W")
    assert boxes(page, ".slot-e .hand")[0]["width"] < 200, "East, its card played, is back beside the trick"
    assert_no_sideways_scroll(page, "West follows suit at a practice table")
    page.context.close()


def assert_hand_lies_under_the_trick(page, seat: str) -> None:
    """The seat's hand spans most of the table's diagram, between the trick and the bottom hand."""
    hand = boxes(page, f".slot-{seat.lower()} .hand")[0]
    trick, bottom, table = (boxes(page, selector)[0] for selector in (".trick", ".slot.side-bottom", ".play-diagram"))
    assert hand["width"] > 0.9 * table["width"], f"{seat}'s hand to play is not across the table: {hand} {table}"
    assert trick["bottom"] <= hand["top"] <= hand["bottom"] <= bottom["top"], f"{seat}: {hand} {trick} {bottom}"
