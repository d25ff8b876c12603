"""No page scrolls sideways at 360 px wide, and nothing on it is cut off: the upload page,
the upload's preview (its file tables), a club night's results (travellers and rankings)
and the table in landscape on a phone (844×390, the seat's hand in view). A table wider
than the screen scrolls inside its own box, which is then a tab stop with a name. axe-core
finds nothing wrong on these pages. Screenshots go to test-output/<test name>/.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.models import BoardPlay, Game, Upload
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_table_layout_browser import hals_table  # noqa: F401 (a fixture)
from tests.builders.decks import plain_pbn
from tests.models.test_club_results import three_tables  # noqa: F401 (a fixture)
from tests.playing import call

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("compiled_catalogues"),
]

PHONE = {"width": 360, "height": 740}
# West holds 12 cards (the 4 of clubs is nowhere): a problem the preview lists
BROKEN = (
    b'[Event "Broken"]\n[Board "5"]\n[Dealer "N"]\n'
    b'[Deal "N:AKQJ.AKQJ.AKQJ.A 2345.2345.2345.2 6789.6789.6789.3 T.T.T.KQJT98765"]\n'
)
LANDSCAPE = {"width": 844, "height": 390}

# Elements whose right edge is past the screen's, outside a box that scrolls sideways;
# and the boxes that do scroll sideways, with their tab stop and name.
_CUT = """() => {
  const width = document.documentElement.clientWidth;
  const scroller = (e) => {
    for (let p = e.parentNode instanceof Element ? e.parentNode : null; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll") return p;
    }
    return null;
  };
  const cut = Array.from(document.querySelectorAll("main *")).filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > width + 1 && !scroller(e) && !e.closest(".visually-hidden, [hidden]");
  }).map((e) => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right));
  cut.push(...Array.from(document.querySelectorAll("body > *:not(main)"))
    .filter((e) => e.getBoundingClientRect().right > width + 1)
    .map((e) => e.tagName + "." + e.className + " " + Math.round(e.getBoundingClientRect().right)));
  // text running out of its box (a long word) past the screen's edge
  const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, parent = node.parentElement;
    if (!node.textContent.trim() || scroller(node) || parent.closest(".visually-hidden, [hidden]")) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    if (r.width > 0 && r.right > width + 1) {
      cut.push("text: " + node.textContent.trim().slice(0, 40) + " " + Math.round(r.right));
    }
  }
  const boxes = Array.from(document.querySelectorAll("main *")).filter((e) => {
    const o = getComputedStyle(e).overflowX;
    return (o === "auto" || o === "scroll") && e.scrollWidth > e.clientWidth + 1;
  }).map((e) => ({ cls: e.className, tabindex: e.getAttribute("tabindex"), name: e.getAttribute("aria-label") || "" }));
  return { cut, boxes, scroll: document.documentElement.scrollWidth };
}"""


def logged_in(browser, base: str, user, size=PHONE, language: str = "en-GB"):
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=size, locale=language)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    return context.new_page(), client


def assert_it_fits(page, where: str, *, boxes_expected: bool = False) -> list[dict]:
    found = page.evaluate(_CUT)
    width = page.viewport_size["width"]
    assert found["scroll"] <= width, f"{where}: the page scrolls sideways ({found['scroll']} px): {found['cut'][:8]}"
    assert not found["cut"], f"{where}: cut off {found['cut'][:8]}"
    for box in found["boxes"]:
        assert box["tabindex"] == "0" and box["name"], f"{where}: a box that scrolls is no named tab stop: {box}"
    if boxes_expected:
        assert found["boxes"], f"{where}: nothing scrolls in its own box"
    return found["boxes"]


@pytest.mark.parametrize("language", ["en-GB", "pl-PL"])
def test_the_upload_page_and_its_preview_fit_a_phone(live_server, browser, output_dir, language):
    host = get_user_model().objects.create_user("dora", password="x")
    game = Game.objects.create(host=host, name="Uploads", allow_upload=True)
    page, client = logged_in(browser, live_server.url, host, language=language)
    code = language[:2]
    page.goto(f"{live_server.url}/games/{game.pk}/upload/")
    page.screenshot(path=str(output_dir / f"{code}-upload.png"), full_page=True)
    assert_it_fits(page, "the upload page")
    assert_no_axe_violations(page, "the upload page")

    # three files: a long name of one word, the same decks again (duplicates), and a broken deck
    data = plain_pbn(12)
    files = [
        SimpleUploadedFile("Wednesday_club_night_hands_2026_12_06_final_version.pbn", data),
        SimpleUploadedFile("again.pbn", data),
        SimpleUploadedFile("broken.pbn", BROKEN),
    ]
    client.post(reverse("upload", args=[game.pk]), {"files": files})
    staged = Upload.objects.get(game=game)
    page.goto(f"{live_server.url}{reverse('upload_preview', args=[game.pk, staged.token])}")
    page.screenshot(path=str(output_dir / f"{code}-preview.png"), full_page=True)
    assert_it_fits(page, "the preview")
    assert_no_axe_violations(page, "the preview")
    page.context.close()


def test_a_club_nights_results_fit_a_phone(live_server, browser, output_dir, three_tables, host):  # noqa: F811
    game = three_tables(Game.Scoring.MATCHPOINTS)
    page, _ = logged_in(browser, live_server.url, host)
    page.goto(f"{live_server.url}{reverse('club_results', args=[game.pk])}")
    page.screenshot(path=str(output_dir / "results-360.png"), full_page=True)
    boxes = assert_it_fits(page, "the results")
    # the rankings and travellers fit whole: no figure behind a scroll, each named
    hidden = page.evaluate(
        """() => Array.from(document.querySelectorAll(".club-results table"))
                     .map((t) => t.className + " " + (t.parentElement.scrollWidth - t.parentElement.clientWidth))"""
    )
    assert len(hidden) == 2 + game.boards.count(), hidden  # the two fields' rankings, a traveller a board
    assert all(text.endswith((" 0", " 1")) for text in hidden), f"tables that scroll on a phone: {hidden}"
    unnamed = page.evaluate(
        """() => Array.from(document.querySelectorAll(".traveller-table tbody td:not(.contract)"))
                     .filter((td) => getComputedStyle(td).display !== "none")
                     .filter((td) => !getComputedStyle(td, "::before").content.includes(td.dataset.label || "?"))
                     .map((td) => td.textContent)"""
    )
    assert not unnamed, f"traveller figures without their column's name: {unnamed}"
    assert_no_axe_violations(page, "the results")
    if boxes:  # a box that scrolls is reached by the keyboard, and scrolls by its arrows
        page.locator(".table-scroll[tabindex='0']").first.focus()
        page.keyboard.press("ArrowRight")
    page.context.close()


def test_the_table_in_landscape_on_a_phone(hals_table, output_dir):  # noqa: F811
    game, board, open_page = hals_table
    call(BoardPlay.start(board, BoardPlay.Mode.TABLE), "1H")
    east = open_page("E", LANDSCAPE)
    east.locator(".felt").first.evaluate("(felt) => felt.scrollIntoView({block: 'start'})")
    east.screenshot(path=str(output_dir / "east-bids-landscape.png"))
    assert_it_fits(east, "East bids in landscape")
    hand = east.locator(".slot-e .hand").bounding_box()
    assert hand and hand["y"] + hand["height"] > 0 and hand["y"] < LANDSCAPE["height"], (
        f"the hand is off the screen {hand}"
    )
    assert east.locator(".bidding-box .call-button").first.is_visible()
    assert_no_axe_violations(east, "the table in landscape")
