"""Hand diagrams keep their shape in a real browser, long suits included.

A teacher's "all thirteen of one suit" deal (or any 9-card suit) once pushed the upload
preview's compact diagrams out of their cards, over their neighbours and off the page.
Measured in Chromium: every hand stays inside its diagram's box, no two hands overlap,
the preview's suits keep to one line each, and the page never scrolls sideways, on a
desktop and a phone. axe-core finds no violation on the preview or the table.
"""

from __future__ import annotations

import pytest

from tests.browser.axe import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Each hand holds one whole suit: the longest rows a diagram can have.
PERFECT = "N:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432..."
LONG = "N:AKQJT9876.5432.. .AKQJT9876.5432. 5432..AKQJT9876. ...AKQJT98765432"  # 9-4, 13, ...
USUAL = "N:AKQ2.J2.T98.7654 JT9.AK8.AKQ7.J32 8765.QT9.J65.AKQ 43.76543.432.T98"

# Where each hand, diagram and card stands, and how wide the page is (CSS pixels).
_MEASURE = """(sel) => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    diagrams: Array.from(document.querySelectorAll(sel)).map((card) => ({
      card: box(card),
      diagram: box(card.querySelector(".diagram")),
      hands: Array.from(card.querySelectorAll(".diagram .hand")).map(box),
      // each suit's row and the height of one line of it
      rows: Array.from(card.querySelectorAll(".diagram .suits li")).map((li) => [
        li.getBoundingClientRect().height, parseFloat(getComputedStyle(li).lineHeight),
        li.querySelector(".cards").textContent.replace(/10/g, "T").replace(/[^AKQJT2-9]/g, "").length,
      ]),
    })),
  };
}"""


def _rotated(deal: str) -> str:
    """The same deal turned one seat clockwise: another deck, not a duplicate."""
    hands = deal[2:].split()
    return "N:" + " ".join(hands[-1:] + hands[:-1])


def _inside(inner, outer, slack=1.0) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def _check_one_line_a_suit(page, selector: str, where: str, *, longest: int = 13) -> None:
    """Every suit of up to ``longest`` cards keeps to one line in every diagram."""
    for n, d in enumerate(page.evaluate(_MEASURE, selector)["diagrams"], start=1):
        wrapped = [(cards, height) for height, line, cards in d["rows"] if height > 1.5 * line and cards <= longest]
        assert not wrapped, f"{where}, diagram {n}: suits wrap onto a second line {wrapped}"


def _check(page, selector: str, where: str) -> int:
    found = page.evaluate(_MEASURE, selector)
    scroll, client = found["page"]
    assert scroll <= client, f"{where}: the page scrolls sideways ({scroll} > {client} px)"
    for n, d in enumerate(found["diagrams"], start=1):
        assert _inside(d["diagram"], d["card"]), f"{where}, diagram {n}: sticks out of its box {d}"
        for hand in d["hands"]:
            assert _inside(hand, d["card"]), f"{where}, diagram {n}: a hand sticks out {hand} of {d['card']}"
        pairs = [(a, b) for i, a in enumerate(d["hands"]) for b in d["hands"][i + 1 :]]
        assert not any(_overlap(a, b) for a, b in pairs), f"{where}, diagram {n}: hands overlap {d['hands']}"
    return len(found["diagrams"])


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_long_suits_stay_inside_the_preview_cards_and_the_table(
    browser, live_server, django_user_model, password, output_dir, width
):
    from games.formats.model import Deck as ParsedDeck
    from games.models import Game

    host = django_user_model.objects.create_user("tess", password=password)
    game = Game.objects.create(host=host, name="Long suits", allow_upload=True)
    game.add_decks(
        [ParsedDeck(deal=d, index=i, line=1) for i, d in enumerate([PERFECT, LONG, USUAL])], source_name="long.pbn"
    )
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("tess")
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()

    page.goto(f"{live_server.url}/games/{game.pk}/upload/")
    pasted = [_rotated(PERFECT), _rotated(LONG), _rotated(USUAL), _rotated(_rotated(PERFECT))]  # not yet queued
    pbn = "".join(f'[Board "{n}"]\n[Deal "{deal}"]\n\n' for n, deal in enumerate(pasted, 1))
    page.locator("textarea[name=text]").fill(pbn)
    page.get_by_role("button", name="Upload", exact=True).click()
    page.wait_for_selector("li.deck .diagram")
    page.screenshot(path=str(output_dir / f"preview-{width}.png"), full_page=True)
    assert _check(page, "li.deck", f"preview at {width} px") == 4
    # a phone's card has room for ten cards in West's suit and ten in East's side by side
    _check_one_line_a_suit(page, "li.deck", f"preview at {width} px", longest=13 if width > 390 else 10)
    assert_no_axe_violations(page, f"the preview at {width} px")

    page.goto(f"{live_server.url}/games/{game.pk}/")
    for number in (1, 2):  # the perfect deal, then the 9-card suits
        page.get_by_role("button", name="Deal New Cards").click()
        page.wait_for_selector(f".board-title:has-text('Board {number}')")
        page.screenshot(path=str(output_dir / f"table-{width}-board-{number}.png"), full_page=True)
        assert _check(page, ".felt", f"table at {width} px, board {number}") == 1
        assert_no_axe_violations(page, f"the table at {width} px, board {number}")
    context.close()
