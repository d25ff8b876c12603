"""Dealer scripts in a real browser, with Debian's real dealer: choose a lesson script (read
it first), make decks, see them, add them, deal one and play it to the end (all four
hands); a teacher's own .dlr file without JavaScript; and the upload and preview pages
photographed at desktop and phone sizes (test-output/<test name>/). axe-core finds no
violation at any of these steps."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from games.formats.dealer import LIBRARY
from games.models import BoardPlay, DealtBoard, Game
from games.models.upload import Upload
from tests.browser.axe import assert_no_axe_violations
from tests.dealer_check import FIXTURES, holds

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("site_dealer"),
]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
NT = next(script for script in LIBRARY if script.slug == "opening_1nt")


def host_page(browser, base: str, user, problems: list[str], *, javascript: bool = True, size=(1280, 800)):
    client = Client()
    client.force_login(user)
    context = browser.new_context(java_script_enabled=javascript, viewport={"width": size[0], "height": size[1]})
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("console", lambda msg: msg.type == "error" and problems.append(msg.text))
    return page


def shown_cards(hand: str) -> list[str]:
    return [" ".join("10" if c == "T" else c for c in suit) or "—" for suit in hand.split(".")]


def table_hands(page) -> dict[str, list[str]]:
    return {
        seat: [t.strip() for t in page.locator(f"#table .diagram .hand-{seat.lower()} .suits .cards").all_inner_texts()]
        for seat in "NESW"
    }


def test_a_lesson_script_makes_decks_that_are_added_dealt_and_played(browser, live_server, output_dir):
    host = get_user_model().objects.create_user("tess", password="x")
    game = Game.objects.create(host=host, name="Notrump lesson", practice_play=Game.PracticePlay.ALL_FOUR)
    problems: list[str] = []
    page = host_page(browser, live_server.url, host, problems)
    page.goto(f"{live_server.url}/games/{game.pk}/upload/")

    lesson = page.locator(".lesson-scripts li", has_text=NT.title)
    expect(lesson).to_contain_text(NT.description)
    lesson.get_by_text("Show the script").click()
    expect(lesson.locator("pre.dealer-script")).to_contain_text("shape(south, any 4333 + any 4432 + any 5332")
    lesson.get_by_role("radio").check()
    page.get_by_label("Decks to make").fill("4")
    page.get_by_label("Seed").fill("2026")
    page.screenshot(path=str(output_dir / "01-lesson-chosen.png"), full_page=True)
    assert_no_axe_violations(page, "a lesson script chosen, its text open")
    page.get_by_role("button", name="Upload", exact=True).click()

    results = page.locator("#upload-results")
    expect(results).to_contain_text(
        re.compile(r"4 decks made by opening_1nt\.dlr \(dealer script\): [\d,]+ hands tried")
    )
    expect(results).to_contain_text("Seed 2026: the same script, number of decks and seed make the same deals again")
    expect(results.locator("li.deck")).to_have_count(4)
    expect(results.locator("li.deck").first).to_contain_text("Dealer South")
    made = [d for d in Upload.objects.get().results()[0].decks]
    assert all(holds(NT.text, deck.deal) for deck in made)
    page.screenshot(path=str(output_dir / "02-preview.png"), full_page=True)
    assert_no_axe_violations(page, "the script's decks previewed")
    page.get_by_role("button", name="Add Decks to Game (4)").click()
    expect(page.get_by_text("4 decks added; the next deal uses board 1 of opening_1nt.dlr.")).to_be_visible()
    assert_no_axe_violations(page, "the decks added")

    page.get_by_role("link", name="Back to Notrump lesson").click()
    page.get_by_role("button", name="Deal New Cards").click()
    expect(page.locator("#board-title")).to_contain_text("Board 1")
    expect(page.locator("#board-title")).to_contain_text("Dealer South")
    board = DealtBoard.objects.get(game=game)
    assert board.deal == made[0].deal and board.dealer == "S"
    page.screenshot(path=str(output_dir / "03-dealt.png"), full_page=True)
    assert_no_axe_violations(page, "board 1 dealt")

    # South opens 1NT, as the lesson says; everyone passes; all 52 cards are played.
    for bid in ("1NT", "P", "P", "P"):
        button = page.locator(f'form.bidding-box button[name="call"][value="{bid}"]')
        expect(button).to_be_enabled()
        with page.expect_response(lambda r: "/play/" in r.url and r.request.method == "POST"):
            button.click()
    for _ in range(52):
        card = page.locator('button[name="card"]').first
        expect(card).to_be_visible()
        with page.expect_response(lambda r: "/play/" in r.url and r.request.method == "POST"):
            card.click()
    play = BoardPlay.objects.get(board=board)
    assert play.done and len(play.cards) == 52 and play.contract.startswith("1NT")
    expect(page.locator(".play-status")).to_contain_text("The board is over.")
    page.screenshot(path=str(output_dir / "04-played.png"), full_page=True)
    assert_no_axe_violations(page, "board 1 played to the end")
    page.context.close()
    assert not [p for p in problems if "favicon" not in p], problems


def test_a_teachers_script_file_works_without_javascript(browser, live_server, output_dir, tmp_path):
    host = get_user_model().objects.create_user("tess", password="x")
    game = Game.objects.create(host=host, name="Weak twos")
    script = tmp_path / "Basic_Weak_2.dlr"
    script.write_bytes((FIXTURES / "own" / "Basic_Weak_2.dlr").read_bytes())
    problems: list[str] = []
    page = host_page(browser, live_server.url, host, problems, javascript=False)
    page.goto(f"{live_server.url}/games/{game.pk}/upload/")
    page.get_by_label("Click to Choose File(s)…").set_input_files([script])
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.locator("#upload-results")).to_contain_text("16 decks made by Basic_Weak_2.dlr (dealer script)")
    expect(page.locator("#upload-results li.deck")).to_have_count(16)
    assert_no_axe_violations(page, "a script file's decks previewed without JavaScript", javascript=False)
    page.get_by_role("button", name="Add Decks to Game (16)").click()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.get_by_role("button", name="Deal New Cards").click()
    board = DealtBoard.objects.get(game=game)
    north, east, south, west = board.deal[2:].split(" ")
    expect(page.locator("#board-title")).to_contain_text("Board 1")
    assert table_hands(page)["S"] == shown_cards(south)
    assert_no_axe_violations(page, "board 1 dealt without JavaScript", javascript=False)
    page.context.close()


@pytest.mark.parametrize("size", list(SIZES), ids=list(SIZES))
def test_the_upload_and_preview_pages_at_desktop_and_phone_sizes(browser, live_server, output_dir, size):
    host = get_user_model().objects.create_user("tess", password="x")
    game = Game.objects.create(host=host, name="Lesson night")
    problems: list[str] = []
    width, height = SIZES[size]
    page = host_page(browser, live_server.url, host, problems, size=(width, height))
    page.goto(f"{live_server.url}/games/{game.pk}/upload/")
    page.locator(".lesson-scripts li", has_text="Weak two bids").get_by_text("Show the script").click()
    page.screenshot(path=str(output_dir / f"upload-{size}.png"), full_page=True)
    assert_no_axe_violations(page, f"the upload page, a script open ({size})")
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing wider than the screen
    page.locator(".lesson-scripts li", has_text="Slam hands").get_by_role("radio").check()
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.locator("#upload-results li.deck")).to_have_count(16)
    page.screenshot(path=str(output_dir / f"preview-{size}.png"), full_page=True)
    assert_no_axe_violations(page, f"the preview ({size})")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # a script that makes nothing: the message, and the entry that explains it
    page.locator("#id_text").fill("generate 20000\ncondition hcp(north) >= 37\n")
    page.locator(".lesson-scripts input[value='']").check()
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.locator("#upload-results")).to_contain_text(
        "pasted script: no hand matched in 20,000 tries: loosen the specification"
    )
    page.screenshot(path=str(output_dir / f"no-match-{size}.png"), full_page=True)
    assert_no_axe_violations(page, f"a script that makes nothing ({size})")
    page.get_by_role("link", name="Help").first.click()
    expect(page.locator("#dealer-no-match")).to_be_visible()
    page.screenshot(path=str(output_dir / f"help-{size}.png"), full_page=True)
    assert_no_axe_violations(page, f"the dealer scripts' help ({size})")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.context.close()
    assert not [p for p in problems if "favicon" not in p], problems
