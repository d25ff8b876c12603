"""A student alone with robots, in a real browser, as a new user meets it: the New game
form's "With robots", an upload of a lesson file, then every board bid and played from
South with the robots' explanations and a hint, on a desktop and on a phone; axe-core
finds no violation at any step, and the text on the felt reads at 4.5:1 or more."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.bridge import play as rules_of_play
from games.models import BoardPlay, Game
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_play_browser import act, logged_in
from tests.browser.test_table_layout_browser import assert_text_on_the_felt_is_readable

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LESSON = Path(__file__).resolve().parent.parent / "fixtures_upload" / "three_boards.pbn"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def create_game(page, base: str) -> str:
    page.goto(f"{base}/games/new/")
    page.fill("input[name=name]", "Alone with robots")
    page.check("input[name=practice_play][value=robots]")
    assert_no_axe_violations(page, "the new-game form with robots")
    page.click("button:has-text('Create')")
    expect(page.locator("p.rules")).to_contain_text("with robots: you play South, robots bid Acol")
    assert_no_axe_violations(page, "the new game, nothing dealt")
    return page.url


def upload(page, game_url: str) -> None:
    page.goto(game_url + "upload/")
    page.set_input_files("input[type=file]", str(LESSON))
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_role("button", name="Add Decks to Game (3)")).to_be_visible()
    assert_no_axe_violations(page, "the lesson's preview")
    page.get_by_role("button", name="Add Decks to Game (3)").click()
    expect(page.get_by_text("3 decks added")).to_be_visible()
    assert_no_axe_violations(page, "the decks added")


def play_board(page, number: int, output: Path, size: str) -> BoardPlay:
    """South's calls (Pass) and cards (the first the hand offers) until the board is over,
    the robots answering each; the first screen while bidding is kept."""
    for step in range(80):
        controls = page.locator(".play-controls")
        if "over" in (controls.locator(".play-status").get_attribute("class") or ""):
            break
        if page.locator(".bidding-box").count():
            if step == 0:
                page.screenshot(path=str(output / f"{size}-board-{number}-bidding.png"))
                hint = page.locator("details.robot-hint")
                hint.locator("summary").click()
                expect(hint).to_contain_text("A robot would call")
                assert_no_axe_violations(page, f"board {number}: South bids, the hint open ({size})")
            act(page, page.locator(".bidding-box button.call-button.pass"))
        else:
            card = page.locator('button[name="card"]').first
            act(page, card)
    else:
        raise AssertionError("the board did not end")
    return BoardPlay.objects.get(board__game__name="Alone with robots", board__number=number)


_HISTORY = """() => Array.from(document.querySelectorAll('#history-rows tr')).map((row) => ({
  right: Math.max(...Array.from(row.querySelectorAll('td, button')).map((e) => e.getBoundingClientRect().right)),
  label: getComputedStyle(row.cells[1], '::before').content,
  table: row.closest('table').scrollWidth - row.closest('table').clientWidth,
}))"""


def assert_the_history_fits(page, size: str, boards: int) -> None:
    """Every board of the deal history whole on the screen, its Play again button
    included: a table on a desktop, a block of lines on a phone whose dealer is named."""
    rows = page.evaluate(_HISTORY)
    assert len(rows) == boards
    width = page.viewport_size["width"]
    for row in rows:
        assert row["right"] <= width and row["table"] <= 0, f"{size}: the history is cut: {row}"
        assert (row["label"] == '"Dealer "') is (size == "phone"), row


@pytest.mark.parametrize("size", SIZES)
def test_a_student_plays_every_board_of_a_lesson_alone_with_robots(live_server, browser, output_dir, size):
    student = get_user_model().objects.create_user(f"student-{size}", password="x")
    problems: list[str] = []
    page = logged_in(browser, live_server.url, student, problems)
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    game_url = create_game(page, live_server.url)
    upload(page, game_url)
    game = Game.objects.get(host=student)
    queued = game.queued().count()
    assert queued == 3
    for number in range(1, queued + 1):
        page.goto(game_url)
        page.click("button:has-text('Deal New Cards')")
        expect(page.locator("#felt #shown-board")).to_have_value(str(number))
        play = BoardPlay.objects.get(board__game=game, board__number=number)
        for made in play.state().calls:  # robots called before South: each call shows its meaning
            if made.explanation:
                expect(page.locator("#felt .alert-notes").first).to_contain_text(made.explanation.split("\n")[0])
        assert play.robots == "NEW"
        done = play_board(page, number, output_dir, size)
        assert done.done and done.state().phase == rules_of_play.DONE
        expect(page.locator(".play-status")).to_contain_text(re.compile("The board is over|Passed out"))
        assert_no_axe_violations(page, f"board {number} over ({size})")
        # axe leaves text on the felt's gradient unjudged: the robots' line among it
        assert page.locator("#felt .robots-line").count() == 1
        assert_text_on_the_felt_is_readable(page, f"board {number} over ({size})")
    page.screenshot(path=str(output_dir / f"{size}-end.png"), full_page=True)
    assert_the_history_fits(page, size, queued)
    assert not [p for p in problems if "favicon" not in p], problems
    page.context.close()
