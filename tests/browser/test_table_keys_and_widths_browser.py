"""The table by keyboard and at every width, in every language.

The bidding box is a grid the arrow keys move in: a player bids 3NT from Pass in five key
presses (↓ ↓ ↓ End Enter), the box is one tab stop, and without JavaScript each call is
still a button that posts. No button's label is cut, on the table and in the bidding box,
at 360, 390, 768, 1280 and 1920 px wide in English, Polish, Dutch, French, Italian and
Swedish. The compass fits a board number of two and three digits. In landscape on a phone
(844×390) the seat's hand shows and nothing scrolls sideways. axe-core finds nothing wrong
on the pages visited. Screenshots go to test-output/<test name>/.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_table_layout_browser import (
    focus_settles,
    hals_table,  # noqa: F401 (a fixture)
    logged_in,
    no_problems,
    play_of,
    practice_game,
)
from tests.playing import DEAL, call

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("compiled_catalogues"),
]

WIDTHS = (360, 390, 768, 1280, 1920)
LANGUAGES = ("en-GB", "pl-PL", "nl-NL", "fr-FR", "it-IT", "sv-SE")
SHOT = {"caret": "initial"}

# Buttons (and links drawn as buttons) whose label does not fit: wider than the button,
# cut by its parent's overflow, or past the right edge of the screen or of the panel, box or
# felt it is drawn on (a table that scrolls in its own box, .table-scroll, may be wider).
_CLIPPED = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter((e) => e.getClientRects().length && !e.closest("[hidden], .visually-hidden"))
  .filter((e) => {
    const right = e.getBoundingClientRect().right, parent = e.parentElement;
    const scrolls = e.closest(".table-scroll"), drawnOn = e.closest("fieldset, .panel, .felt");
    return e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
      || (parent && right > parent.getBoundingClientRect().right + 1
          && getComputedStyle(parent).overflowX !== "visible")
      || (!scrolls && right > document.documentElement.clientWidth + 1)
      || (drawnOn && !scrolls && right > drawnOn.getBoundingClientRect().right + 1);
  })
  .map((e) => ({ text: e.textContent.trim().slice(0, 40), scroll: e.scrollWidth, client: e.clientWidth,
                 scrollH: e.scrollHeight, clientH: e.clientHeight }))"""


def clipped(page, selector: str = "main button, main .button") -> list[dict]:
    return page.evaluate(_CLIPPED, selector)


def focused_call(page) -> str:
    return page.evaluate("() => document.activeElement.value || document.activeElement.className")


# --- the bidding box by keyboard ------------------------------------------------------------


def test_a_keyboard_player_bids_3nt_from_pass_in_five_key_presses(live_server, browser, output_dir):
    game, dora = practice_game(Game.PracticePlay.ALL_FOUR, boards=1)
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    grid = page.locator(".bidding-box .box-grid")
    expect(grid).to_have_attribute("role", "grid")
    # one tab stop: Pass; Tab from it leaves the box
    stops = page.evaluate(
        "() => Array.from(document.querySelectorAll('.call-button'))"
        ".filter((b) => b.tabIndex === 0).map((b) => b.value)"
    )
    assert stops == ["P"]
    page.locator('.call-button[value="P"]').focus()
    assert_no_axe_violations(page, "the bidding box as a grid")
    keys = ["ArrowDown", "ArrowDown", "ArrowDown", "End"]
    seen = []
    for key in keys:
        page.keyboard.press(key)
        seen.append(focused_call(page))
    assert seen == ["1C", "2C", "3C", "3NT"]
    page.screenshot(path=str(output_dir / "3nt-focused.png"), **SHOT)
    with page.expect_response(lambda r: "/play/call/" in r.url):
        page.keyboard.press("Enter")  # the fifth key
    expect(page.locator(".play-controls")).to_have_attribute("data-made", "1")
    assert [c.call for c in play_of(game).state().calls] == ["3NT"]
    # East's box: the focus on its first call, the one tab stop; the arrows pass over the
    # bids 3NT has taken away
    assert focus_settles(page, "P", key="value") == "P"
    page.keyboard.press("ArrowDown")
    assert focused_call(page) == "4C"
    page.keyboard.press("ArrowUp")
    assert focused_call(page) == "P"
    page.keyboard.press("ArrowRight")
    assert focused_call(page) == "X"
    page.keyboard.press("ArrowRight")  # Redouble may not be made: the focus stays
    assert focused_call(page) == "X"
    page.keyboard.press("Control+End")
    assert focused_call(page) == "7NT"
    page.keyboard.press("Home")
    assert focused_call(page) == "7C"
    page.keyboard.press("Tab")
    assert "call-button" not in page.evaluate("document.activeElement.className")
    page.keyboard.press("Shift+Tab")
    assert focused_call(page) == "7C"  # the box's tab stop is the call last focused
    page.keyboard.press("Space")
    expect(page.locator(".play-controls")).to_have_attribute("data-made", "2")
    assert [c.call for c in play_of(game).state().calls] == ["3NT", "7C"]
    page.context.close()
    no_problems(problems)


def test_without_javascript_a_call_is_a_button_that_posts(live_server, browser):
    game, dora = practice_game(Game.PracticePlay.ALL_FOUR, boards=1)
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems, javascript=False)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.locator(".box-grid").get_attribute("role") is None
    assert page.locator('.call-button[value="1NT"]').get_attribute("tabindex") is None
    page.locator('.call-button[value="1NT"]').click()
    page.wait_for_load_state()
    assert [c.call for c in play_of(game).state().calls] == ["1NT"]
    assert page.locator(".play-controls").get_attribute("data-made") == "1"
    page.context.close()


# --- no button cut, at any width, in any language -------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_button_is_cut_at_any_width(live_server, browser, output_dir, hals_table, language):  # noqa: F811
    game, board, open_page = hals_table
    practice, dora = practice_game(Game.PracticePlay.ALL_FOUR, boards=2)
    # Pass, Double and Redouble are drawn whether they may be made or not
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE), "1H")  # East's call at the Join table
    code = language[:2]
    problems: list[str] = []
    pages = [
        ("practice", logged_in(browser, live_server.url, dora, problems), f"{live_server.url}/games/{practice.pk}/")
    ]
    east = open_page("E")
    pages.append(("join-east", east, east.url))
    for name, page, url in pages:
        page.context.set_extra_http_headers({"Accept-Language": f"{code},en;q=0.1"})
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(url)
            assert page.locator(".bidding-box .call-button").count() >= 8, f"{name}: no bidding box"
            cut = clipped(page)
            page.screenshot(path=str(output_dir / f"{code}-{name}-{width}.png"), full_page=True, **SHOT)
            assert not cut, f"{code} {name} at {width} px: cut buttons {cut}"
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= width, f"{code} {name} at {width} px: the page scrolls sideways ({scroll} px)"
    for _, page, _ in pages[:1]:
        page.context.close()


# --- the compass fits a board number of three digits ----------------------------------------

# Each compass: its own box, its board number and its letters (the seats), each letter as drawn.
_COMPASS = """() => Array.from(document.querySelectorAll(".compass")).filter((c) => c.getClientRects().length)
  .map((c) => {
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    // a letter's own glyph box (its span's box holds its line's leading too)
    const glyphs = (e) => { const g = document.createRange(); g.selectNodeContents(e); return box(g); };
    const number = c.querySelector(".board-no");
    const letters = Array.from(c.querySelectorAll(":scope > span:not(.c-mid)"));
    return { compass: box(c), number: number ? box(number) : null, text: number ? number.textContent.trim() : "",
             letters: letters.map((s) => ({ text: s.textContent.trim(), ...glyphs(s) })) };
  })"""

# the width of the text itself, not of its box (a block is as wide as its column)
_NUMBER_TEXT = """() => Array.from(document.querySelectorAll(".compass .board-no"))
  .filter((e) => e.getClientRects().length)
  .map((e) => {
    const range = document.createRange(); range.selectNodeContents(e); const r = range.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  })"""


def _overlap(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"] - 0.5
        and b["left"] < a["right"] - 0.5
        and a["top"] < b["bottom"] - 0.5
        and b["top"] < a["bottom"] - 0.5
    )


def assert_the_compass_fits(page, where: str) -> None:
    compasses = page.evaluate(_COMPASS)
    texts = page.evaluate(_NUMBER_TEXT)
    assert compasses, f"{where}: no compass"
    for compass, text in zip(compasses, texts, strict=True):
        box = compass["compass"]
        for letter in compass["letters"]:
            assert not _overlap(text, letter), (
                f"{where}: board {compass['text']} runs into {letter['text']}: {text} {letter}"
            )
            inside = letter["left"] >= box["left"] - 0.5 and letter["right"] <= box["right"] + 0.5
            assert inside, f"{where}: {letter['text']} out of the compass {box}"
        assert box["left"] - 0.5 <= text["left"] and text["right"] <= box["right"] + 0.5, (
            f"{where}: the number leaves the compass"
        )


@pytest.mark.parametrize("number", ["33", "128"])
@pytest.mark.parametrize(
    "size",
    [{"width": 1280, "height": 800}, {"width": 390, "height": 844}, {"width": 360, "height": 740}],
    ids=["1280", "390", "360"],
)
def test_the_compass_fits_a_board_number_of_three_digits(live_server, browser, output_dir, number, size):
    dora = get_user_model().objects.create_user("dora", password="x")
    played = Game.objects.create(host=dora, name="Played", practice_play=Game.PracticePlay.ALL_FOUR)
    shown = Game.objects.create(host=dora, name="Shown", practice_play=Game.PracticePlay.SHOW)
    for game in (played, shown):
        game.add_decks(
            [ParsedDeck(deal=DEAL, index=0, line=1, board=number, dealer="W", vul="All")],
            source_name="club.pbn",
            source_format="pbn",
        )
        game.deal_next(by=dora)
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems, size)
    for game in (played, shown):
        page.goto(f"{live_server.url}/games/{game.pk}/")
        assert page.locator(".compass .board-no").first.inner_text().strip() == number
        page.locator(".compass").first.screenshot(path=str(output_dir / f"{game.name.lower()}-{size['width']}.png"))
        assert_the_compass_fits(page, f"{game.name}, board {number}")
    page.context.close()
    no_problems(problems)


# --- the live region names the board dealt at a club night's table --------------------------


def test_a_club_table_announces_the_board_dealt_with_its_number(live_server, browser, settings):
    from games.models.join import JoinTable

    settings.TABLE_POLL_SECONDS = 0.3
    users = get_user_model().objects
    hal = users.create_user("hal", password="x")
    game = Game.objects.create(host=hal, name="Club night", game_type=Game.Type.JOIN)
    first = JoinTable.for_game(game)
    JoinTable.add_to(game)
    players = {seat: users.create_user(f"p{seat.lower()}", password="x") for seat in "NESW"}
    for seat, user in players.items():
        first.take_seat(user, seat)
    game.add_decks(
        [ParsedDeck(deal=DEAL, index=i, line=1, board=str(i + 1), dealer="N", vul="None") for i in range(2)],
        source_name="club.pbn",
        source_format="pbn",
    )
    game.deal_next(by=hal)
    problems: list[str] = []
    page = logged_in(browser, live_server.url, players["E"], problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    expect(page.locator("#board-title")).to_contain_text("Table 1")
    game.deal_next(by=hal)  # board 2, to every table (the poll brings it)
    expect(page.locator("#table-news")).to_contain_text("Table 1 · Board 2 is dealt.", timeout=10_000)
    page.context.close()
    no_problems(problems)
