"""The table on a phone (390×844) in each of the site's languages, in a real browser: the
longer words (Rekontra, Redoublet, Surcontre, Redubbelt, Kn) fit the bidding box's
buttons, the hands and the score lines; nothing is cut and the page never scrolls
sideways; axe-core finds nothing wrong with the auction's, the play's or the result's page. The browser asks for the
language as a phone set to it does (its locale: Accept-Language).

Screenshots go to test-output/<test name>/: the auction with the bidding box, dummy's
cards to play, and the board over with its score.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from games.bridge import words
from games.models import BoardPlay
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_phone_table_browser import assert_hint_read_whole
from tests.builders.tables import seated_at_hals
from tests.playing import DEAL, call, cards

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("compiled_catalogues"),
]

PHONE = {"width": 390, "height": 844}
TO_4H = ("1H", "P", "2NT", "P", "4H", "P", "P", "P")  # North declares, East leads, South is dummy
SHOT = {"full_page": True, "caret": "initial"}  # caret: see test_join_browser.py

# Text that does not fit its box (ellipsis or clipped), on the felt and in the bidding box.
_CUT = """() => Array.from(document.querySelectorAll(
  ".felt .player, .felt .hand-head > *, .felt .board-title, .felt .play-status, .felt button, .felt legend,"
  + " .felt label, .felt .call, .felt .cards, .felt th, .felt td, .felt .result-line, .felt .contract-now"
)).filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && !e.closest(".visually-hidden"))
  .map((e) => ({ text: e.textContent.trim(), scroll: e.scrollWidth, client: e.clientWidth }))"""

_OUTSIDE = """(width) => Array.from(document.querySelectorAll(".felt *")).filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && (r.left < -1 || r.right > width + 1) && !e.closest(".visually-hidden");
}).map((e) => ({ tag: e.tagName, cls: String(e.className), text: e.textContent.trim().slice(0, 30) }))"""


# The record's tables (auction, play) within the record's own box, long seat names and all.
_PAST_RECORD = """() => Array.from(document.querySelectorAll(".play-record table")).filter((t) => {
  const box = t.closest(".play-record").getBoundingClientRect();
  return t.getBoundingClientRect().right > box.right + 1;
}).map((t) => String(t.className))"""


def assert_it_fits(page, where: str) -> None:
    cut = page.evaluate(_CUT)
    assert not cut, f"{where}: cut {cut}"
    past = page.evaluate(_PAST_RECORD)
    assert not past, f"{where}: tables past the record's box {past}"
    outside = page.evaluate(_OUTSIDE, PHONE["width"])
    assert not outside, f"{where}: past the screen's edge {outside[:5]}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where}: the page scrolls sideways ({width} px)"


@pytest.fixture
def table_in(live_server, browser):
    """A Join table (hal hosts, four players seated, board 1 of DEAL dealt) and a function
    that opens a seat's page in a phone set to ``language``."""
    game, hal, users = seated_at_hals(DEAL)
    board = game.deal_next(by=hal)
    contexts = []

    def open_page(seat: str, language: str):
        client = Client()
        client.force_login(users[seat])
        context = browser.new_context(viewport=PHONE, locale=language)
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                    "url": live_server.url,
                }
            ]
        )
        contexts.append(context)
        page = context.new_page()
        page.goto(f"{live_server.url}/games/{game.pk}/")
        assert page.locator("html").get_attribute("lang") == language.split("-")[0]
        return page

    yield board, open_page
    for context in contexts:
        context.close()


@pytest.mark.parametrize("language", ["en-GB", "pl-PL", "nl-NL", "fr-FR", "it-IT", "sv-SE"])
def test_the_table_fits_a_phone_in_every_language(table_in, output_dir, language):
    board, open_page = table_in
    said = words.for_language(language)
    code = said.code

    # East's call after 1♥ P 2NT P 4♥: the box with double legal and redouble greyed.
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE), *TO_4H[:5])
    east = open_page("E", language)
    east.screenshot(path=str(output_dir / f"{code}-east-auction-390.png"), **SHOT)
    labels = east.locator(".bidding-box .call-button").all_inner_texts()
    assert said.calls["X"] in labels and said.calls["XX"] in labels and f"7{said.notrump}" in labels
    box, record = east.locator(".bidding-box").bounding_box(), east.locator(".play-record").bounding_box()
    assert record["y"] + record["height"] <= box["y"], "the auction is above the box"
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"the box overflows: {box}"
    assert_it_fits(east, f"{code}: East's call")
    assert_hint_read_whole(east, f"{code}: East's call")
    assert_no_axe_violations(east, f"{code}: East's call")

    # North plays from dummy after East's lead: card buttons of the language's ranks.
    play = cards(call(play, *TO_4H[5:]), 1)
    north = open_page("N", language)
    north.screenshot(path=str(output_dir / f"{code}-north-dummy-390.png"), **SHOT)
    shown = north.locator(".card-button").all_inner_texts()
    assert shown and set(shown) <= {said.rank(r) for r in "AKQJT98765432"}
    small = [b for b in (c.bounding_box() for c in north.locator(".card-button").all()) if b["width"] < 24]
    assert not small, f"card buttons under 24 px wide: {small}"
    assert_it_fits(north, f"{code}: North plays from dummy")
    assert_no_axe_violations(north, f"{code}: North plays from dummy")

    # The board over: the result, the score and the play by trick.
    cards(play, 51)
    west = open_page("W", language)
    west.screenshot(path=str(output_dir / f"{code}-west-over-390.png"), **SHOT)
    assert said.pairs["NS"] in west.locator(".result-line .score").inner_text()
    assert_it_fits(west, f"{code}: the board over")
    assert_no_axe_violations(west, f"{code}: the board over")
