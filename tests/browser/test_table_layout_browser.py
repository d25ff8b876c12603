"""Seeing the table, in a real browser, at a laptop's 1280×800 and a phone's 390×844.

Measured, not guessed: after Deal New Cards the new board's title is on the screen; on a
laptop the felt with its four hands, the trick, the auction and the bidding box (or the
claim's buttons) fits the screen once the table is scrolled into view; on a phone the
auction stands above the bidding box, every card button is at least 24×24 CSS pixels and
no label is cut. At a Join table each player sees their own hand at the bottom, partner
at the top, the left-hand opponent on the left, and the trick turned the same way. After
a call or a card the focus is on the next action, and the live region says what the
other seats did. Every text on the felt keeps a 4.5:1 contrast against both ends of its
gradient (computed here: axe cannot judge text over a gradient), and axe-core finds no
violation on any of these pages.

Screenshots go to test-output/<test name>/.
"""

from __future__ import annotations

import contextlib

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from games.bridge import play as rules_of_play
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.models.join import JoinTable
from games.presentation.play_parts import Card
from tests.browser.axe import assert_no_axe_violations
from tests.builders.tables import PLAYERS, seated_at_hals
from tests.playing import DEAL, call, cards, claim

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["1280", "390"])
NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
TO_4H = ("1H", "P", "2NT", "P", "4H", "P", "P", "P")  # North declares, East leads, South is dummy
POLL = 0.3
WAIT = 10_000  # ms; a met wait returns at once
SHOT = {"caret": "initial"}  # see test_join_browser.py on the caret

# --- measuring -----------------------------------------------------------------------------

# Every element on the felt with text of its own: its colour, and each felt's gradient stops.
# An element counts as on the felt when nothing between it and the felt paints a background
# of its own (a hand, a button, a notice); a translucent one (the trick's shade) counts as
# the felt, which only darkens it. Opacity on the way is folded into the text's alpha.
_TEXT_ON_FELT = """() => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]*)\\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const found = [];
  for (const felt of document.querySelectorAll(".felt")) {
    const stops = (getComputedStyle(felt).backgroundImage.match(/rgba?\\([^)]*\\)/g) || []).map(parse);
    const walker = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    while (walker.nextNode()) {
      const el = walker.currentNode.parentElement;
      if (!walker.currentNode.textContent.trim() || seen.has(el)) continue;
      seen.add(el);
      const box = el.getBoundingClientRect();
      if (!box.width || !box.height || el.closest("[hidden], .visually-hidden")) continue;
      let opacity = 1, own = false;
      for (let e = el; e && e !== felt; e = e.parentElement) {
        const style = getComputedStyle(e);
        const bg = parse(style.backgroundColor);
        if ((bg && bg.a >= 0.5) || style.backgroundImage !== "none") { own = true; break; }
        opacity *= parseFloat(style.opacity);
      }
      if (own) continue;
      const color = parse(getComputedStyle(el).color);
      color.a *= opacity;
      const text = el.textContent.trim().slice(0, 50);
      found.push({ text, tag: el.tagName, cls: String(el.className), color, stops });
    }
  }
  return found;
}"""

_BOX = """(selector) => Array.from(document.querySelectorAll(selector)).map((e) => {
  const r = e.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height,
           text: e.textContent.trim().slice(0, 40) };
})"""

# Labels and buttons whose text would be cut (ellipsis, or clipped by overflow).
_CUT = """() => Array.from(document.querySelectorAll(
  ".felt .player, .felt .hand-head > *, .felt .board-title, .felt .play-status, .felt button, .felt legend, .felt label"
)).filter((e) => e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && !e.closest(".visually-hidden"))
  .map((e) => ({ text: e.textContent.trim(), scroll: e.scrollWidth, client: e.clientWidth }))"""


def _luminance(c: dict) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c["r"]) + 0.7152 * channel(c["g"]) + 0.0722 * channel(c["b"])


def contrast(text: dict, background: dict) -> float:
    """WCAG 2's contrast ratio of ``text`` (its alpha blended over ``background``)."""
    a = text["a"]
    seen = {k: text[k] * a + background[k] * (1 - a) for k in "rgb"}
    light, dark = sorted((_luminance(seen), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def assert_text_on_the_felt_is_readable(page, where: str) -> int:
    found = page.evaluate(_TEXT_ON_FELT)
    poor = []
    for item in found:
        stops = sorted(item["stops"], key=_luminance)
        assert len(stops) >= 2, f"{where}: the felt has no gradient to measure {item}"
        for end in (stops[0], stops[-1]):  # the darkest and the lightest colour of the felt
            ratio = contrast(item["color"], end)
            if ratio < 4.5:
                poor.append(f"{item['text']!r} ({item['tag']}.{item['cls']}): {ratio:.2f}:1 on {end}")
    assert not poor, f"{where}: text on the felt under 4.5:1: {poor}"
    return len(found)


def boxes(page, selector: str) -> list[dict]:
    return page.evaluate(_BOX, selector)


def assert_on_screen(page, selectors: list[str], where: str) -> None:
    height = page.viewport_size["height"]
    for selector in selectors:
        found = boxes(page, selector)
        assert found, f"{where}: nothing matches {selector}"
        for box in found:
            assert box["top"] >= -1 and box["bottom"] <= height + 1, f"{where}: {selector} is off the screen: {box}"


def scroll_table_into_view(page) -> None:
    page.locator(".felt").first.evaluate("(felt) => felt.scrollIntoView({block: 'start'})")


def assert_nothing_cut(page, where: str) -> None:
    cut = page.evaluate(_CUT)
    assert not cut, f"{where}: cut labels {cut}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{where}: the page scrolls sideways ({width} px)"


def focused(page) -> str:
    """The focused element: its class and text."""
    return page.evaluate("() => { const e = document.activeElement; return e.className + ' ' + e.textContent.trim(); }")


FOCUS_IS = """([part, key]) => {
  const e = document.activeElement;
  if (!e) return false;
  return key === "value" ? e.value === part : (e.className + " " + e.textContent.trim()).includes(part);
}"""


def focus_settles(page, part: str, *, key: str = "text") -> str:
    """Wait until the focus, which moves in a settle step after a swap, is on `part` (in the
    element's class and text, or its whole value); the focused element as `focused` gives it."""
    with contextlib.suppress(PlaywrightTimeout):  # the caller's assertion names the focus then
        page.wait_for_function(FOCUS_IS, arg=[part, key], timeout=WAIT)
    return page.evaluate("document.activeElement.value") if key == "value" else focused(page)


# --- tables --------------------------------------------------------------------------------


def logged_in(browser, base: str, user, problems: list[str], size=DESKTOP, *, javascript: bool = True):
    """A page of a new browser context, logged in as ``user`` by a session cookie."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=size, java_script_enabled=javascript)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.on("console", lambda msg: msg.type == "error" and problems.append(f"{user.username}: {msg.text}"))
    page.on("dialog", lambda dialog: problems.append(f"{user.username}: a browser dialog: {dialog.message}"))
    return page


def no_problems(problems: list[str]) -> None:
    # An action aborts a poll under way (hx-sync), by design: htmx logs that.
    expected = ("favicon", "htmx:sendAbort", "htmx:afterRequest")
    assert not [p for p in problems if not any(word in p for word in expected)], problems


def practice_game(how: str, boards: int = 3, **deck) -> tuple[Game, object]:
    """dora's practice table with ``boards`` decks of DEAL queued, the first dealt (none: nothing dealt)."""
    users = get_user_model().objects
    dora = users.filter(username="dora").first() or users.create_user("dora", password="x")
    game = Game.objects.create(host=dora, name="Tuesday practice", practice_play=how)
    if boards:
        decks = [
            ParsedDeck(deal=DEAL, index=i, line=1, board=str(i + 1), dealer="N", vul="None", **deck)
            for i in range(boards)
        ]
        game.add_decks(decks, source_name="club.lin", source_format="lin")
        game.deal_next(by=dora)
    return game, dora


def play_of(game: Game) -> BoardPlay:
    return BoardPlay.objects.filter(board__game=game).order_by("-board__number").first()


@pytest.fixture
def hals_table(live_server, browser, settings):
    """hal's Join table (hal hosts, not seated), four players, board 1 of DEAL dealt; a
    function opens a player's page (``open_page(seat, size)``)."""
    settings.TABLE_POLL_SECONDS = POLL
    game, hal, users = seated_at_hals(DEAL)
    board = game.deal_next(by=hal)
    problems: list[str] = []
    pages = []

    def open_page(seat: str, size=DESKTOP):
        page = logged_in(browser, live_server.url, users[seat] if seat != "host" else hal, problems, size)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        pages.append(page)
        return page

    yield game, board, open_page
    for page in pages:
        page.context.close()
    no_problems(problems)


# --- 7. the new board in view after a deal ---------------------------------------------------


@SIZES
def test_after_a_deal_the_new_board_is_in_view(live_server, browser, output_dir, size):
    game, dora = practice_game(Game.PracticePlay.ALL_FOUR)
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems, size)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    deal = page.get_by_role("button", name="Deal New Cards")
    deal.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 400)")  # as far down as a host who read the history
    assert page.evaluate("window.scrollY") > 300
    deal.click()
    expect(page.locator(".board-title")).to_contain_text("Board 2")
    # the next action: board 2's first call
    assert "call-button pass" in focus_settles(page, "call-button pass")
    page.screenshot(path=str(output_dir / f"dealt-{size['width']}.png"), **SHOT)
    assert_on_screen(page, [".board-title", ".side-top .hand"], f"after the deal at {size['width']} px")

    # Without JavaScript the deal loads the page again, at its top: the title is on screen.
    still = logged_in(browser, live_server.url, dora, problems, size, javascript=False)
    still.goto(f"{live_server.url}/games/{game.pk}/")
    still.get_by_role("button", name="Deal New Cards").scroll_into_view_if_needed()
    still.get_by_role("button", name="Deal New Cards").click()
    expect(still.locator(".board-title")).to_contain_text("Board 3")
    assert still.evaluate("window.scrollY") == 0
    assert_on_screen(still, [".board-title"], f"after a deal without JavaScript at {size['width']} px")
    still.screenshot(path=str(output_dir / f"dealt-no-js-{size['width']}.png"), **SHOT)
    still.context.close()
    page.context.close()
    no_problems(problems)


# --- 8. the table fits a laptop's screen; on a phone the auction is above the box ------------


TABLE_PARTS = [".felt .slot", ".felt .trick, .felt .compass", ".felt .play-record", ".felt .play-status"]


def test_a_seated_host_who_deals_by_keyboard_finds_the_focus_on_the_first_call(live_server, browser, settings):
    """At a Join table the deal answers out of band and the seat view redraws through its
    poll: the focus, on Deal New Cards, follows the table to the host's first call."""
    settings.TABLE_POLL_SECONDS = POLL
    users = get_user_model().objects
    hal = users.create_user("hal", password="x")
    game = Game.objects.create(host=hal, name="Friday four", game_type=Game.Type.JOIN)
    table = JoinTable.for_game(game)
    table.take_seat(hal, "N")
    for seat in "ESW":
        table.take_seat(users.create_user(PLAYERS[seat], password="x"), seat)
    game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None")], source_name="a.pbn")
    problems: list[str] = []
    page = logged_in(browser, live_server.url, hal, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("button", name="Deal New Cards").focus()
    with page.expect_response(lambda r: r.url.endswith("/deal/") and r.status == 200):
        page.keyboard.press("Enter")
    expect(page.locator("#seat-view .board-title")).to_contain_text("Board 1", timeout=WAIT)
    expect(page.locator("#queue-count")).to_have_text("0")
    expect(page.locator("#history-board-1")).to_be_visible()
    assert "call-button pass" in focus_settles(page, "call-button pass")
    page.context.close()
    no_problems(problems)


def test_at_1280_by_800_the_table_fits_the_screen_while_playing(live_server, browser, hals_table, output_dir):
    # A practice table in the auction: the bidding box at its tallest (all seven levels).
    game, dora = practice_game(Game.PracticePlay.ALL_FOUR)
    call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.ALL_FOUR), "1H", "P")
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    scroll_table_into_view(page)
    page.screenshot(path=str(output_dir / "practice-auction-1280.png"), **SHOT)
    assert_on_screen(page, [*TABLE_PARTS, ".bidding-box"], "practice table, auction")
    assert_text_on_the_felt_is_readable(page, "practice table, auction")
    assert_no_axe_violations(page, "practice table, auction")
    page.context.close()

    # Just Declare in the play: the claim's form.
    game, dora = practice_game(Game.PracticePlay.DECLARE, boards=1, contract="4H", declarer="N")
    page = logged_in(browser, live_server.url, dora, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    scroll_table_into_view(page)
    page.screenshot(path=str(output_dir / "declare-play-1280.png"), **SHOT)
    assert_on_screen(page, [*TABLE_PARTS, ".claim-form button"], "Just Declare, play")
    assert_text_on_the_felt_is_readable(page, "Just Declare, play")
    assert_no_axe_violations(page, "Just Declare, play")
    page.context.close()
    no_problems(problems)

    # A Join table: East's page in the auction, then West's with declarer's claim to answer.
    game, board, open_page = hals_table
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE), *TO_4H[:5])
    east = open_page("E")
    scroll_table_into_view(east)
    east.screenshot(path=str(output_dir / "join-east-auction-1280.png"), **SHOT)
    assert_on_screen(east, [*TABLE_PARTS, ".bidding-box"], "Join table, East's call")
    points = {b["text"]: centre(b) for b in boxes(east, ".compass > span:not(.c-mid)")}
    assert points["E"][1] > points["W"][1] and points["S"][0] < points["N"][0], f"East's compass: {points}"
    assert_text_on_the_felt_is_readable(east, "Join table, East's call")
    assert_no_axe_violations(east, "Join table, East's call")
    play = claim(cards(call(play, *TO_4H[5:]), 4), 10)
    west = open_page("W")
    scroll_table_into_view(west)
    west.screenshot(path=str(output_dir / "join-west-claim-1280.png"), **SHOT)
    assert_on_screen(west, [*TABLE_PARTS, ".claim-pending button"], "Join table, West answers the claim")
    assert_text_on_the_felt_is_readable(west, "Join table, West answers the claim")
    assert_no_axe_violations(west, "Join table, West answers the claim")
    host = open_page("host")
    scroll_table_into_view(host)
    host.screenshot(path=str(output_dir / "join-host-claim-1280.png"), **SHOT)
    assert_on_screen(host, TABLE_PARTS, "Join table, the host's page")
    assert_no_axe_violations(host, "Join table, the host's page")


def test_on_a_phone_the_auction_is_above_the_box_and_nothing_is_cut(live_server, browser, hals_table, output_dir):
    game, board, open_page = hals_table
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE), *TO_4H[:5])
    east = open_page("E", PHONE)
    east.screenshot(path=str(output_dir / "join-east-auction-390.png"), full_page=True, **SHOT)
    auction, box = boxes(east, ".play-record")[0], boxes(east, ".bidding-box")[0]
    assert auction["bottom"] <= box["top"], (auction, box)
    assert_nothing_cut(east, "East's call on a phone")
    assert_no_axe_violations(east, "East's call on a phone")

    # In the play: dummy's cards that may be played are buttons of at least 24×24.
    play = cards(call(play, *TO_4H[5:]), 1)  # East has led: North plays from dummy
    north = open_page("N", PHONE)
    buttons = boxes(north, ".card-button")
    assert buttons
    small = [b for b in buttons if b["width"] < 24 or b["height"] < 24]
    assert not small, f"card buttons under 24×24: {small}"
    assert_nothing_cut(north, "North plays from dummy on a phone")
    north.screenshot(path=str(output_dir / "join-north-dummy-390.png"), full_page=True, **SHOT)
    assert_text_on_the_felt_is_readable(north, "North plays from dummy on a phone")
    assert_no_axe_violations(north, "North plays from dummy on a phone")


def test_just_declare_on_a_phone(live_server, browser, output_dir):
    game, dora = practice_game(Game.PracticePlay.DECLARE, boards=1, contract="4H", declarer="N")
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems, PHONE)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.screenshot(path=str(output_dir / "declare-390.png"), full_page=True, **SHOT)
    small = [b for b in boxes(page, ".card-button") if b["width"] < 24 or b["height"] < 24]
    assert boxes(page, ".card-button") and not small, small
    assert_nothing_cut(page, "Just Declare on a phone")
    page.context.close()
    no_problems(problems)


# --- 9. each player's own hand at the bottom ------------------------------------------------


def centre(box: dict) -> tuple[float, float]:
    return (box["left"] + box["right"]) / 2, (box["top"] + box["bottom"]) / 2


def test_each_player_sees_their_own_hand_at_the_bottom(hals_table, output_dir):
    game, board, open_page = hals_table
    play = cards(call(BoardPlay.start(board, BoardPlay.Mode.TABLE), *TO_4H), 1)  # East has led
    lead = play.state().cards[0]
    after = {"N": "E", "E": "S", "S": "W", "W": "N"}  # clockwise: the left-hand opponent
    for seat in "NESW":
        page = open_page(seat)
        page.screenshot(path=str(output_dir / f"join-{NAMES[seat].lower()}-1280.png"), full_page=True, **SHOT)
        where = {s: centre(boxes(page, f".slot-{s.lower()}")[0]) for s in "NESW"}
        me, partner, left = seat, after[after[seat]], after[seat]
        right = after[partner]
        assert where[me][1] == max(y for _, y in where.values()), f"{seat}: own hand not at the bottom {where}"
        assert where[partner][1] == min(y for _, y in where.values()), f"{seat}: partner not at the top {where}"
        assert where[left][0] == min(x for x, _ in where.values()), f"{seat}: left-hand opponent not on the left"
        assert where[right][0] == max(x for x, _ in where.values()), f"{seat}: right-hand opponent not on the right"
        expect(page.locator(f".slot-{seat.lower()} .seat-name")).to_have_text(NAMES[seat])  # real names
        assert "mine" in page.locator(f".slot-{seat.lower()}").get_attribute("class")
        # East's lead lies in front of East's hand, wherever East sits on this screen.
        trick = centre(boxes(page, ".trick")[0])
        card = centre(boxes(page, f'.trick-card[data-card="{lead}"]')[0])
        east = where["E"]
        dx, dy = card[0] - trick[0], card[1] - trick[1]
        if abs(east[0] - trick[0]) > abs(east[1] - trick[1]):
            assert dx * (east[0] - trick[0]) > 0, f"{seat}: the lead is not on East's side"
        else:
            assert dy * (east[1] - trick[1]) > 0, f"{seat}: the lead is not on East's side"
    phone = open_page("E", PHONE)
    phone.screenshot(path=str(output_dir / "join-east-390.png"), full_page=True, **SHOT)
    where = {s: centre(boxes(phone, f".slot-{s.lower()}")[0]) for s in "NESW"}
    assert where["E"][1] == max(y for _, y in where.values())


# --- 10. focus and the live region ---------------------------------------------------------


def test_the_focus_stays_on_the_next_action_at_a_practice_table(live_server, browser, output_dir):
    game, dora = practice_game(Game.PracticePlay.ALL_FOUR, boards=1)
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    for made, bid in enumerate(TO_4H, start=1):  # by keyboard: focus the call, press Enter
        page.locator(f'form.bidding-box button[value="{bid}"]').focus()
        with page.expect_response(lambda r: "/play/call/" in r.url):
            page.keyboard.press("Enter")
        expect(page.locator(".play-controls")).to_have_attribute("data-made", str(made), timeout=WAIT)
        if made < len(TO_4H):
            assert focus_settles(page, "P", key="value") == "P", focused(page)  # the next box's first call
    # the auction is over: East leads, and the focus is on East's first card
    assert "card-button" in focus_settles(page, "card-button")
    first = page.locator(".hand-form .card-button").first.get_attribute("data-card")
    assert page.evaluate("document.activeElement.dataset.card") == first
    for _ in range(3):
        with page.expect_response(lambda r: "/play/card/" in r.url):
            page.keyboard.press("Enter")
        assert "card-button" in focus_settles(page, "card-button")
    page.screenshot(path=str(output_dir / "practice-focus-1280.png"), **SHOT)
    page.context.close()
    no_problems(problems)


def test_after_a_call_the_focus_is_on_the_next_box(live_server, browser):
    game, dora = practice_game(Game.PracticePlay.ALL_FOUR, boards=1)
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator('form.bidding-box button[value="1H"]').focus()
    with page.expect_response(lambda r: "/play/call/" in r.url):
        page.keyboard.press("Enter")
    expect(page.locator(".play-controls")).to_have_attribute("data-made", "1")
    assert focus_settles(page, "P", key="value") == "P"  # East's box: its first call
    assert "East's call" in page.locator(".bidding-box legend").inner_text()
    page.context.close()
    no_problems(problems)


def test_the_live_region_says_what_the_robot_played(live_server, browser):
    game, dora = practice_game(Game.PracticePlay.DECLARE, boards=1, contract="4H", declarer="N")
    problems: list[str] = []
    page = logged_in(browser, live_server.url, dora, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    before = len(play_of(game).state().cards)
    card = page.locator(".hand-form .card-button").first
    card.focus()
    with page.expect_response(lambda r: "/play/card/" in r.url):
        page.keyboard.press("Enter")
    state = play_of(game).state()
    robot = [(seat, code) for seat, code in _played(state)[before + 1 :] if seat in "EW"]
    assert robot, "the robot answered no card"
    said = " ".join(f"{NAMES[seat]} played {Card(code).spoken}." for seat, code in robot)
    expect(page.locator("#table-news")).to_contain_text(said)
    expect(page.locator("#table-news")).to_contain_text("Your turn to play")
    assert "card-button" in focused(page)
    page.context.close()
    no_problems(problems)


def _played(state: rules_of_play.BoardState) -> list[tuple[str, str]]:
    return [card for trick in [*state.tricks, state.current_trick] for card in trick]


def test_a_join_table_announces_the_other_seats_and_moves_the_focus(hals_table, output_dir):
    game, board, open_page = hals_table
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE), *TO_4H)
    west = open_page("W")
    east = open_page("E")
    north = open_page("N")
    west.locator(".play-status").focus()  # West waits at the table

    # East leads on East's page; the focus there waits on the status line.
    lead = east.locator(".hand-form .card-button").first
    code = lead.get_attribute("data-card")
    lead.focus()
    with east.expect_response(lambda r: "/play/card/" in r.url):
        east.keyboard.press("Enter")
    expect(east.locator(".play-controls")).to_have_attribute("data-made", "9")
    assert "play-status" in focus_settles(east, "play-status")
    expect(west.locator("#table-news")).to_have_text(
        f"East played {Card(code).spoken}. Dummy (South) to play: North plays it.", timeout=WAIT
    )

    # North plays from dummy on North's page: West hears it, and it is West's turn.
    expect(north.locator(".hand-form .card-button").first).to_be_visible(timeout=WAIT)
    dummy = north.locator(".hand-form .card-button").first
    code = dummy.get_attribute("data-card")
    dummy.click()
    expect(west.locator("#table-news")).to_have_text(
        f"Dummy (South) played {Card(code).spoken}. Your turn to play.", timeout=WAIT
    )
    assert "card-button" in focus_settles(west, "card-button")
    west.screenshot(path=str(output_dir / "join-west-told-1280.png"), **SHOT)

    # Declarer claims: the defender's answer gets the focus.
    state = play_of(game).state()
    while len(state.cards) < 4:
        play = cards(play_of(game), 1)
        state = play.state()
    claim(play_of(game), 10)
    expect(west.locator(".claim-pending button").first).to_be_visible(timeout=WAIT)
    assert "Accept the claim" in focus_settles(west, "Accept the claim")
    expect(west.locator("#table-news")).to_contain_text("North claims 10 of the remaining tricks")


# --- 11. small things on the felt ----------------------------------------------------------


def test_a_board_over_reads_well_on_the_felt(live_server, browser, output_dir):
    from games.bridge import robot

    game, dora = practice_game(Game.PracticePlay.DECLARE, boards=1, contract="4H", declarer="N")
    play = BoardPlay.start(game.boards.get(), BoardPlay.Mode.DECLARE)  # the robot leads
    play.act("S", "card", play.actions, card=rules_of_play.legal_cards(play.state())[0])
    play = play_of(game)  # with the robot's answers
    play.act("S", "claim", play.actions, tricks=robot.declarer_can_take(play.state()))
    assert play_of(game).done  # the robot accepts what double dummy allows
    problems: list[str] = []
    for size in (DESKTOP, PHONE):
        page = logged_in(browser, live_server.url, dora, problems, size)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.screenshot(path=str(output_dir / f"declare-done-{size['width']}.png"), full_page=True, **SHOT)
        expect(page.locator(".felt .show-analysis a")).to_be_visible()
        assert page.get_by_role("button", name="Undo my last card").count() == 0
        assert_text_on_the_felt_is_readable(page, f"a board over at {size['width']} px")
        again = boxes(page, "#history-board-1 button")[0]
        assert again["height"] < 40, f"Play again wraps: {again}"
        assert page.locator("#history-board-1 button").evaluate("(b) => b.scrollWidth <= b.clientWidth")
        assert_no_axe_violations(page, f"a board over at {size['width']} px")
        page.context.close()
    no_problems(problems)


def test_a_defenders_hand_shows_one_back_a_card(hals_table):
    game, board, open_page = hals_table
    cards(call(BoardPlay.start(board, BoardPlay.Mode.TABLE), *TO_4H), 6)  # trick 1, and two of trick 2
    south = open_page("S")  # dummy sees East's and West's backs (and declarer's)
    state = play_of(game).state()
    for seat in "EWN":
        backs = south.locator(f".slot-{seat.lower()} .card-backs span")
        expect(backs).to_have_count(len(state.remaining(seat)))
        expect(south.locator(f".slot-{seat.lower()} .hand-head")).to_contain_text(f"{len(state.remaining(seat))} cards")


def test_the_tables_without_play_pass_axe_and_keep_their_text_readable(live_server, browser, output_dir):
    problems: list[str] = []
    empty, dora = practice_game(Game.PracticePlay.SHOW, boards=0)  # nothing dealt yet
    shown, _ = practice_game(Game.PracticePlay.SHOW)  # the four hands shown, not played
    join = Game.objects.create(host=dora, name="Friday four", game_type=Game.Type.JOIN)
    JoinTable.for_game(join)
    for game, name in ((empty, "no board yet"), (shown, "hands shown"), (join, "a Join table before the deal")):
        page = logged_in(browser, live_server.url, dora, problems)
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.screenshot(path=str(output_dir / f"{name.replace(' ', '-')}-1280.png"), full_page=True, **SHOT)
        assert_text_on_the_felt_is_readable(page, name)
        assert_no_axe_violations(page, name)
        page.context.close()
    no_problems(problems)
