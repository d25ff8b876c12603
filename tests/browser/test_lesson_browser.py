"""Lesson text in a real browser (Debian's Chromium), at 1280×800 and 390×844.

- The three rules of "Show the lesson text" at a Join table of four players: with the
  deal every page shows the text at once; after the board it comes within a poll of the
  board's end; never, it does not come.
- The teacher's view with four seated players and the host watching: the teacher sees
  all four hands and the text; each player's page shows their own hand only, no lesson
  text before its time, and "The teacher is watching all hands"; the teacher's note
  reaches every page by itself.
- A hostile lesson file, with the site's Content Security Policy on: through the
  preview, the table, the admin and the help page no dialog opens, no script runs and
  the browser reports no policy violation.
- axe-core finds no violation on any page at any of these steps.

Screenshots go to test-output/<test name>/.
"""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from playwright.sync_api import expect

from games.formats import read_decks
from games.models import BoardPlay, Game, LessonRule
from games.models.join import JoinTable
from tests.browser.axe import assert_no_axe_violations
from tests.lesson_files import HOSTILE, LESSON
from tests.playing import call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SHOT = {"full_page": True, "caret": "initial"}  # see test_join_browser: no style="" on inputs
PLAYERS = {"nina": "N", "ed": "E", "sara": "S", "walt": "W"}
NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
BUDGET = 3.0  # seconds for every page to show a change (polls every TABLE_POLL_SECONDS)
LESSON_WORDS = "Lesson 3: the hold-up play"
# Records every Content Security Policy violation the page meets (an init script runs
# before the page's own and is not held to its policy).
CSP_WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
    (e) => window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sample || '')));
"""


class Browsing:
    """Pages of one test: each logged in as its user, its console errors, dialogs and CSP
    violations recorded."""

    def __init__(self, browser, base: str) -> None:
        self.browser, self.base = browser, base
        self.problems: list[str] = []
        self.pages = []

    def page(self, user, size=DESKTOP):
        client = Client()
        client.force_login(user)
        context = self.browser.new_context(viewport=size)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
        context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": self.base}])
        context.add_init_script(CSP_WATCH)
        page = context.new_page()
        page.set_default_timeout(10_000)
        name = user.username
        page.on("console", lambda msg: msg.type == "error" and self.problems.append(f"{name}: {msg.text}"))
        page.on(
            "dialog", lambda dialog: (self.problems.append(f"{name}: a dialog: {dialog.message}"), dialog.dismiss())
        )
        self.pages.append(page)
        return page

    def assert_clean(self) -> None:
        expected = ("favicon", "htmx:sendAbort", "htmx:afterRequest")  # a poll aborted by design
        assert not [p for p in self.problems if not any(word in p for word in expected)], self.problems
        for page in self.pages:
            if not page.is_closed():
                assert page.evaluate("window.__csp || []") == [], page.url

    def close(self) -> None:
        for page in self.pages:
            page.context.close()


@pytest.fixture
def browsing(browser, live_server):
    found = Browsing(browser, live_server.url)
    yield found
    found.close()


def lesson_table(rule: str) -> tuple[Game, dict]:
    """A Join table of four players, its host (tess) not seated, board 1 of the
    BridgeComposer lesson dealt."""
    users = get_user_model().objects
    tess = users.create_user("tess", password="x")
    game = Game.objects.create(host=tess, name="Lesson night", game_type=Game.Type.JOIN, show_lesson=rule)
    table = JoinTable.for_game(game)
    players = {}
    for name, seat in PLAYERS.items():
        players[seat] = users.create_user(name, password="x")
        table.take_seat(players[seat], seat)
    decks = read_decks(LESSON.read_bytes(), LESSON.name).decks
    game.add_decks(decks, source_name=LESSON.name, source_format="pbn")
    game.deal_next(by=tess)
    return game, {"host": tess, **players}


def hands_shown(page, where: str = "#seat-view") -> set[str]:
    """The seats whose cards the page shows (the hands' aria-labels: "East's hand")."""
    return {
        label.removesuffix("'s hand")
        for label in page.locator(f"{where} .suits").evaluate_all(
            "(lists) => lists.map((list) => list.getAttribute('aria-label'))"
        )
    }


def wait_until(check, what: str, budget: float = BUDGET) -> None:
    deadline = time.monotonic() + budget
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {budget} s: {what}")
        time.sleep(0.05)


def has_lesson(page) -> bool:
    return LESSON_WORDS in page.locator("#seat-view").text_content()  # a folded text is in the page too


def finish_board(game: Game) -> None:
    """Four passes: the board is over."""
    call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.TABLE), "P", "P", "P", "P")


@pytest.mark.parametrize("rule", [LessonRule.WITH_DEAL, LessonRule.AFTER, LessonRule.NEVER])
def test_the_rule_says_when_the_players_read_the_lesson(browsing, live_server, output_dir, rule):
    game, users = lesson_table(rule)
    url = f"{live_server.url}/games/{game.pk}/"
    pages = {seat: browsing.page(users[seat], PHONE if seat == "S" else DESKTOP) for seat in "NESW"}
    for seat, page in pages.items():
        page.goto(url)
        expect(page.locator("#board-title")).to_contain_text("Board 1")
        assert hands_shown(page) == {NAMES[seat]}, f"{seat} sees {hands_shown(page)}"
        assert has_lesson(page) == (rule == LessonRule.WITH_DEAL), seat
    pages["E"].screenshot(path=str(output_dir / "east-dealt-1280x800.png"), **SHOT)
    pages["S"].screenshot(path=str(output_dir / "south-dealt-390x844.png"), **SHOT)
    assert_no_axe_violations(pages["E"], "East's page, board 1 dealt")
    assert_no_axe_violations(pages["S"], "South's phone, board 1 dealt")
    finish_board(game)
    for seat, page in pages.items():  # the board is over: every page shows all four hands
        wait_until(lambda page=page: len(hands_shown(page)) == 4, f"{seat}'s page shows the board over")
    if rule == LessonRule.NEVER:
        time.sleep(2 * float(settings.TABLE_POLL_SECONDS))
    for seat, page in pages.items():
        wait_until(lambda page=page: has_lesson(page) == (rule != LessonRule.NEVER), f"{seat}: lesson text by the rule")
    lesson = pages["E"].locator("#seat-view details.lesson")
    if rule != LessonRule.NEVER:
        expect(lesson).not_to_have_attribute("open", "")  # eight comments: folded
        lesson.locator("summary").click()
        pages["S"].locator("#seat-view details.lesson summary").click()
        expect(lesson.locator("b").first).to_have_text(LESSON_WORDS)  # the file's <b>, as bold
        expect(lesson.locator(".suit.red").first).to_be_visible()  # \D: a red diamond
        expect(lesson).to_contain_text("After call 2")
    pages["E"].screenshot(path=str(output_dir / "east-over-1280x800.png"), **SHOT)
    pages["S"].screenshot(path=str(output_dir / "south-over-390x844.png"), **SHOT)
    assert_no_axe_violations(pages["E"], "East's page, the board over")
    assert_no_axe_violations(pages["S"], "South's phone, the board over")
    browsing.assert_clean()


def test_the_teacher_watches_four_players_and_writes_to_them(browsing, live_server, output_dir):
    game, users = lesson_table(LessonRule.AFTER)
    url = f"{live_server.url}/games/{game.pk}/"
    pages = {seat: browsing.page(users[seat], PHONE if seat == "W" else DESKTOP) for seat in "NESW"}
    for page in pages.values():
        page.goto(url)
        expect(page.locator("#board-title")).to_contain_text("Board 1")
        expect(page.locator("#seat-view")).not_to_contain_text("The teacher is watching all hands")

    teacher = browsing.page(users["host"])
    teacher.goto(url)
    teacher.get_by_role("link", name="Watch as the teacher").click()
    expect(teacher.locator("h1")).to_contain_text("teacher's view")
    assert hands_shown(teacher, "#teacher-table") == set(NAMES.values())
    expect(teacher.locator("#teacher-table details.lesson")).to_contain_text(LESSON_WORDS)
    expect(teacher.locator("#teacher-table")).to_contain_text("The players see this text once the board is over")
    assert_no_axe_violations(teacher, "the teacher's view, board 1 dealt")

    for seat, page in pages.items():
        wait_until(
            lambda page=page: "The teacher is watching all hands" in page.locator("#seat-view").inner_text(),
            f"{seat} is told the teacher watches",
        )
        assert hands_shown(page) == {NAMES[seat]}, f"{seat} sees {hands_shown(page)}"
        assert not has_lesson(page)
        assert page.locator("#seat-view .hidden-hand").count() == 3  # the others face down
    pages["N"].screenshot(path=str(output_dir / "north-watched-1280x800.png"), **SHOT)
    pages["W"].screenshot(path=str(output_dir / "west-watched-390x844.png"), **SHOT)
    assert_no_axe_violations(pages["N"], "North's page, the teacher watching")
    assert_no_axe_violations(pages["W"], "West's phone, the teacher watching")

    # East deals and opens: the teacher's page follows by itself.
    play = call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.TABLE), "1D", "2S")
    expect(teacher.locator("#teacher-table .bidding")).to_contain_text("2")
    expect(teacher.locator("#teacher-note h2")).to_have_text("A note to the table")
    label = teacher.locator("#teacher-note label").bounding_box()
    assert label and label["height"] <= 1, "the field's label repeats the panel's heading on the screen"
    teacher.get_by_label("A note to the table").fill("Think about the <b>lead</b> before you play, @S first?")
    teacher.get_by_role("button", name="Add the note to board 1").click()
    expect(teacher.locator("#teacher-note")).to_contain_text("Note added")
    expect(teacher.locator("#teacher-table .lesson-note")).to_contain_text("Think about the lead before you play")
    teacher.screenshot(path=str(output_dir / "teacher-1280x800.png"), **SHOT)
    assert_no_axe_violations(teacher, "the teacher's view, the note added")
    for seat, page in pages.items():
        note = page.locator("#seat-view .lesson-note")
        expect(note).to_contain_text("Think about the lead before you play", timeout=BUDGET * 1000)
        expect(note.locator("b")).to_have_text("lead")
        expect(note).to_contain_text("Note from tess, after call 2")
        assert hands_shown(page) == {NAMES[seat]} and not has_lesson(page), seat
        # above any lesson text, marked new, and said once by the live region the redraws keep
        expect(page.locator("#seat-view .table-notes .note-new")).to_have_count(1)
        expect(page.locator("#table-notes-news")).to_contain_text("Think about the lead before you play")
    pages["W"].screenshot(path=str(output_dir / "west-note-390x844.png"), **SHOT)
    assert_no_axe_violations(pages["W"], "West's phone, the teacher's note new")
    pages["N"].get_by_role("button", name="Mark the notes as read").click()
    expect(pages["N"].locator("#seat-view .note-new")).to_have_count(0)
    expect(pages["N"].locator("#seat-view .table-notes")).to_contain_text("Think about the lead before you play")
    assert_no_axe_violations(pages["N"], "North's page, the note read")

    call(play, "P", "P", "P")  # 2♠ by South: the opening lead is West's
    for seat, page in pages.items():
        wait_until(
            lambda page=page: (
                "to lead" in page.locator("#seat-view").inner_text().lower()
                or "your lead" in page.locator("#seat-view").inner_text().lower()
            ),
            f"{seat} sees the auction over",
        )
        assert hands_shown(page) == {NAMES[seat]} and not has_lesson(page), seat
        assert page.locator("#table-notes-news p").count() == 1, seat  # said once, not at every redraw

    phone_teacher = browsing.page(users["host"], PHONE)
    phone_teacher.goto(f"{url}teacher/")
    expect(phone_teacher.locator("#teacher-table details.lesson")).to_be_visible()
    phone_teacher.screenshot(path=str(output_dir / "teacher-390x844.png"), **SHOT)
    assert_no_axe_violations(phone_teacher, "the teacher's view on a phone, the auction over")
    for page in (teacher, phone_teacher):
        page.context.close()
    browsing.pages = [p for p in browsing.pages if p not in (teacher, phone_teacher)]
    JoinTable.objects.filter(game=game).update(teacher_seen_at=None)  # as if long gone
    for seat, page in pages.items():
        wait_until(
            lambda page=page: "The teacher is watching" not in page.locator("#seat-view").inner_text(),
            f"{seat} is told the teacher left",
        )
    browsing.assert_clean()


def test_a_hostile_lesson_file_runs_nothing_anywhere(browsing, live_server, output_dir):
    users = get_user_model().objects
    staff = users.create_user("sam", password="x", is_staff=True, is_superuser=True)
    game = Game.objects.create(host=staff, name="Hostile lesson", allow_upload=True, show_lesson=LessonRule.WITH_DEAL)
    for size, label in ((DESKTOP, "1280x800"), (PHONE, "390x844")):
        page = browsing.page(staff, size)
        page.goto(f"{live_server.url}/games/{game.pk}/upload/")
        page.get_by_label("Click to Choose File(s)…").set_input_files(
            [{"name": HOSTILE.name, "mimeType": "text/plain", "buffer": HOSTILE.read_bytes()}]
        )
        page.get_by_role("button", name="Upload", exact=True).click()
        lesson = page.locator("#upload-results details.lesson")
        expect(lesson).to_contain_text("Safe heading")
        expect(lesson).to_contain_text("shown as text</script>")  # the file's escaped markup, as text
        assert lesson.locator("script, img, svg, iframe, object, a, [style], [onerror]").count() == 0
        lesson.locator("summary").click()  # eight comments: folded until opened
        expect(lesson.locator("b").first).to_have_text("Safe heading")
        page.wait_for_timeout(300)  # an onerror or onload would have fired by now
        page.screenshot(path=str(output_dir / f"preview-{label}.png"), **SHOT)
        assert_no_axe_violations(page, f"the hostile lesson's preview at {label}")
        if size is DESKTOP:
            page.get_by_role("button", name="Add Decks to Game (1)").click()
            expect(page.get_by_text("1 deck added")).to_be_visible()
            page.goto(f"{live_server.url}/games/{game.pk}/")
            page.get_by_role("button", name="Deal New Cards").click()
            expect(page.locator("#felt details.lesson")).to_contain_text("after one club")
            page.locator("#felt details.lesson summary").click()
            page.wait_for_timeout(300)
            page.screenshot(path=str(output_dir / f"table-{label}.png"), **SHOT)
            assert_no_axe_violations(page, f"the hostile lesson at the table at {label}")
            deck = game.decks.get()
            page.goto(f"{live_server.url}/admin/games/deck/{deck.pk}/change/")
            expect(page.locator("details.lesson")).to_contain_text("Safe heading")
            page.wait_for_timeout(300)
            page.screenshot(path=str(output_dir / f"admin-{label}.png"), **SHOT)
            assert_no_axe_violations(page, f"the hostile lesson in the admin at {label}")
        else:
            page.goto(f"{live_server.url}/games/{game.pk}/")
            expect(page.locator("#felt details.lesson")).to_contain_text("Safe heading")
            page.wait_for_timeout(300)
            page.screenshot(path=str(output_dir / f"table-{label}.png"), **SHOT)
            assert_no_axe_violations(page, f"the hostile lesson at the table at {label}")
        page.goto(f"{live_server.url}/help/lesson-text/")
        expect(page.locator(".lesson-example details.lesson")).to_contain_text("Lesson 5")
        page.screenshot(path=str(output_dir / f"help-{label}.png"), **SHOT)
        assert_no_axe_violations(page, f"the lesson text's help at {label}")
    browsing.assert_clean()
