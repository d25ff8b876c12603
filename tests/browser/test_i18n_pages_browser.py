"""The host's pages on a phone (390×844) in Polish and French, in a real browser: the game
page with a board dealt and decks queued, and the upload page with a file's preview (of
other deals than the queued ones, so that none is a duplicate). The longer labels
("Rozdaj nowe karty", "Distribuer de nouvelles cartes", "Dodaj rozkłady do gry (3)") stay on
the screen and the page never scrolls sideways: a table whose headings are longer than a
phone is wide scrolls inside its panel. axe-core finds no violation on any of these pages.

Screenshots go to test-output/<test name>/.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation
from playwright.sync_api import expect

from games.bridge.cards import random_deal
from games.bridge.words import for_language
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from tests.browser.axe import assert_no_axe_violations

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("compiled_catalogues"),
]

PHONE = {"width": 390, "height": 844}
PASSWORD = "correct-horse-battery-staple-42"
DEALS = [
    "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53",
    "N:J42.AJ98.Q852.Q5 KQ97.K43.76.KT92 A53.T2.A93.J8743 T86.Q765.KJT4.A6",
    "N:KJ763.Q984.6.A85 AT9542.J3.T9.K97 .AK7652.AJ3.J632 Q8.T.KQ87542.QT4",
]
PBN = "".join(
    f'[Event "Klub"]\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n\n'
    for n, deal in enumerate(DEALS, start=1)
)

# Elements a visitor sees that reach past the screen's right or left edge.
_OUTSIDE = """(width) => Array.from(document.querySelectorAll("main *, header *, footer *")).filter((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && (r.left < -1 || r.right > width + 1) && !e.closest(".visually-hidden, .table-scroll");
}).map((e) => ({ tag: e.tagName, cls: String(e.className), text: e.textContent.trim().slice(0, 40) }))"""


def assert_it_fits(page, where: str) -> None:
    outside = page.evaluate(_OUTSIDE, PHONE["width"])
    assert not outside, f"{where}: past the screen's edge {outside[:5]}"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where}: the page scrolls sideways ({width} px)"


@pytest.mark.parametrize("language", ["pl-PL", "fr-FR"])
def test_the_game_and_upload_pages_fit_a_phone(live_server, browser, output_dir, tmp_path, language):
    host = get_user_model().objects.create_user("alice", password=PASSWORD)
    game = Game.objects.create(host=host, name="Wtorkowy trening", allow_upload=True)
    game.add_decks(
        [ParsedDeck(deal=random_deal(), index=i, line=1, board=str(i + 1), dealer="E", vul="NS") for i in range(3)],
        source_name="klub.pbn",
        source_format="pbn",
    )
    game.deal_next()
    code = language.split("-")[0]
    with translation.override(code):
        deal_label = translation.gettext("Deal New Cards")
        upload_label = translation.gettext("Upload")
        add_label = translation.gettext("Add Decks to Game (%(number)s)") % {"number": 3}
    assert deal_label != "Deal New Cards"

    context = browser.new_context(viewport=PHONE, locale=language)
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.locator("html").get_attribute("lang") == code
    expect(page.get_by_role("button", name=deal_label)).to_be_visible()
    page.screenshot(path=str(output_dir / f"{code}-game-390.png"), full_page=True)
    assert_it_fits(page, f"{code}: the game page")
    assert_no_axe_violations(page, f"{code}: the game page")

    page.goto(f"{live_server.url}/games/{game.pk}/upload/")
    page.screenshot(path=str(output_dir / f"{code}-upload-390.png"), full_page=True)
    assert_it_fits(page, f"{code}: the upload page")
    assert_no_axe_violations(page, f"{code}: the upload page")
    (tmp_path / "klub.pbn").write_text(PBN, encoding="utf-8")
    page.locator("input[type=file]").set_input_files(tmp_path / "klub.pbn")
    page.get_by_role("button", name=upload_label, exact=True).click()
    expect(page.get_by_role("button", name=add_label)).to_be_visible()
    page.screenshot(path=str(output_dir / f"{code}-preview-390.png"), full_page=True)
    assert_it_fits(page, f"{code}: the upload preview")
    assert_no_axe_violations(page, f"{code}: the upload preview")
    context.close()


def act(page, button) -> None:
    """Click a play form's ``button`` and wait until the table it answers with is shown."""
    with page.expect_response(lambda r: "/play/" in r.url and r.request.method == "POST") as answer:
        button.click()
    assert answer.value.ok
    made = re.search(r'data-made="(\d+)"', answer.value.text())[1]
    expect(page.locator(".play-controls")).to_have_attribute("data-made", made)


@pytest.mark.parametrize("language", ["pl-PL", "fr-FR"])
def test_a_teacher_uploads_deals_and_plays_a_trick_in_the_language(
    live_server, browser, output_dir, tmp_path, language
):
    """Upload → preview → add → Deal New Cards → an auction and the first trick, at a table
    playing all four hands, every step in the page's language and its bridge words."""
    host = get_user_model().objects.create_user("alice", password=PASSWORD)
    game = Game.objects.create(host=host, name="Lekcja", allow_upload=True, practice_play=Game.PracticePlay.ALL_FOUR)
    code = language.split("-")[0]
    words = for_language(code)
    with translation.override(code):
        upload_label = translation.gettext("Upload")
        add_label = translation.gettext("Add Decks to Game (%(number)s)") % {"number": len(DEALS)}
        deal_label = translation.gettext("Deal New Cards")

    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale=language)
    page = context.new_page()
    page.goto(f"{live_server.url}/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")

    (tmp_path / "lekcja.pbn").write_text(PBN, encoding="utf-8")
    page.goto(f"{live_server.url}/games/{game.pk}/upload/")
    page.locator("input[type=file]").set_input_files(tmp_path / "lekcja.pbn")
    page.get_by_role("button", name=upload_label, exact=True).click()
    page.get_by_role("button", name=add_label).click()
    expect(page.locator(".added")).to_be_visible()
    assert game.queued().count() == len(DEALS)
    page.screenshot(path=str(output_dir / f"{code}-added-1280.png"), full_page=True)
    assert_no_axe_violations(page, f"{code}: the decks added")
    page.locator(".added a.button").click()  # back to the game

    page.get_by_role("button", name=deal_label).click()
    title = page.locator(".board-title")
    expect(title).to_contain_text(f"{words.term('board').capitalize()} 1")
    expect(title).to_contain_text(words.seat_names["N"])  # the dealer, in the language's words

    for bid in ("1NT", "P", "P", "P"):  # North opens 1NT, all pass: North declares, East leads
        act(page, page.locator(f'form.bidding-box button[name="call"][value="{bid}"]'))
    auction = page.locator(".play-record .bidding")
    expect(auction).to_contain_text(words.strain("NT"))  # "1BA" in Polish, "1SA" in French
    expect(auction).to_contain_text(words.call("P"))
    for _ in range(4):
        act(page, page.locator('button[name="card"]').first)
    page.screenshot(path=str(output_dir / f"{code}-first-trick-1280.png"), full_page=True)
    assert_no_axe_violations(page, f"{code}: the first trick played")

    play = BoardPlay.objects.get(board__game=game, board__number=1).state()
    assert len(play.cards) == 4
    status = page.locator(".play-status").inner_text()
    assert words.seat_name(play.actor) in status  # who leads to trick 2, named in the language
    assert "to play" not in status and "to lead" not in status
    context.close()
