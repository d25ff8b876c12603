"""The whole story in a real browser, with and without JavaScript.

Sign up, create a practice game that allows deck upload, upload a LIN, a PBN
and a broken file at once, read the decks and the problem, add them, deal until
the queue is empty (each table shows the uploaded hands, in order), then one
random board. axe-core finds no violation at any step. Screenshots of each step go to
test-output/<test name>/.
"""

from __future__ import annotations

import pytest

from tests.browser.axe import assert_no_axe_violations
from tests.fixtures_upload import FOUR_BOARDS_LIN, THREE_BOARDS_PBN, fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# West holds 12 cards (the 4 of clubs is nowhere).
BROKEN = (
    b'[Event "Broken"]\n[Board "5"]\n[Dealer "N"]\n'
    b'[Deal "N:AKQJ.AKQJ.AKQJ.A 2345.2345.2345.2 6789.6789.6789.3 T.T.T.KQJT98765"]\n'
)
PASSWORD = "a-long-unusual-passphrase-9"


def shown_cards(hand: str) -> list[str]:
    """How the diagram writes a dotted hand, suit by suit: "A K 10 2", "—" for a void."""
    return [" ".join("10" if c == "T" else c for c in suit) or "—" for suit in hand.split(".")]


def expected_table(deal: str) -> dict[str, list[str]]:
    return {seat: shown_cards(hand) for seat, hand in zip("NESW", deal[2:].split(" "))}


def table_hands(page) -> dict[str, list[str]]:
    return {
        seat: [
            text.strip()
            for text in page.locator(f"#table .diagram .hand-{seat.lower()} .suits .cards").all_inner_texts()
        ]
        for seat in "NESW"
    }


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_host_uploads_decks_and_deals_them_in_order(browser, live_server, output_dir, tmp_path, javascript):
    from playwright.sync_api import expect

    (tmp_path / "north.lin").write_bytes(fixture("four_boards.lin"))
    (tmp_path / "club.pbn").write_bytes(fixture("three_boards.pbn"))
    (tmp_path / "broken.pbn").write_bytes(BROKEN)
    context = browser.new_context(java_script_enabled=javascript, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    step = iter(range(1, 100))

    def shot(name: str) -> None:
        page.screenshot(path=str(output_dir / f"{next(step):02d}-{name}.png"), full_page=True)
        assert_no_axe_violations(page, name, javascript=javascript)

    page.goto(live_server.url)
    assert_no_axe_violations(page, "the home page", javascript=javascript)
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("alice")
    page.locator("#id_password1").fill(PASSWORD)  # its label "Password" is also the start of the next one's
    page.get_by_label("Password confirmation").fill(PASSWORD)
    shot("sign-up")
    page.get_by_role("button", name="Sign up").click()

    page.get_by_role("link", name="New game").first.click()
    page.get_by_label("Game name").fill("Tuesday practice")
    page.get_by_label("Allow deck upload").select_option(label="Yes")
    shot("new-game")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", name="Tuesday practice")).to_be_visible()

    page.get_by_role("link", name="Upload Decks").first.click()
    expect(page.get_by_role("heading", name="Upload Decks")).to_be_visible()
    assert_no_axe_violations(page, "the upload page", javascript=javascript)
    page.get_by_label("Click to Choose File(s)…").set_input_files(
        [tmp_path / "north.lin", tmp_path / "club.pbn", tmp_path / "broken.pbn"]
    )
    shot("files-chosen")
    page.evaluate("window.sameDocument = true")  # survives htmx swaps, not a page load
    page.get_by_role("button", name="Upload", exact=True).click()

    add = page.get_by_role("button", name="Add Decks to Game (7)")
    expect(add).to_be_visible()
    results = page.locator("#upload-results")
    expect(results).to_contain_text("line 4, board 5: West has 12 cards")
    expect(results.locator("li.deck")).to_have_count(7)
    for name in ("north.lin", "club.pbn", "broken.pbn"):
        expect(results.get_by_role("heading", name=name)).to_be_visible()
    expect(results).to_contain_text("Auction: 1NT P 3NT P P P")
    assert page.url.startswith(f"{live_server.url}/games/") and "/upload/" in page.url
    if javascript:  # htmx swapped the results in place and pushed the preview's address
        assert page.evaluate("window.sameDocument") is True
    shot("preview")
    add.click()

    expect(page.get_by_text("7 decks added; the next deal uses board 1 of north.lin.")).to_be_visible()
    shot("added")
    page.get_by_role("link", name="Back to Tuesday practice").click()
    expect(page.get_by_role("button", name="Deal New Cards")).to_be_visible()

    # Each board keeps its file's number: north.lin's 1-4, then club.pbn's 1-3.
    numbers = [1, 2, 3, 4, 1, 2, 3]
    for dealt, (number, deal) in enumerate(zip(numbers, FOUR_BOARDS_LIN + THREE_BOARDS_PBN), start=1):
        page.get_by_role("button", name="Deal New Cards").click()
        expect(page.locator("#table")).to_contain_text("north.lin" if dealt <= 4 else "club.pbn")
        expect(page.locator("#board-title")).to_contain_text(f"Board {number}")
        assert table_hands(page) == expected_table(deal), f"deal {dealt}"
        shot(f"deal-{dealt}")

    page.get_by_role("button", name="Deal New Cards").click()
    expect(page.locator("#board-title")).to_contain_text("Board 5")  # a random deal: the next free number
    expect(page.get_by_text("No uploaded decks left: this board was dealt at random")).to_be_visible()
    shot("random-board")
    context.close()


def test_with_javascript_files_can_be_dropped_and_ticked_duplicates_are_counted(
    browser, live_server, output_dir, django_user_model
):
    from playwright.sync_api import expect

    from games.models import Game
    from tests.builders.decks import plain_pbn

    host = django_user_model.objects.create_user("dora", password=PASSWORD)
    game = Game.objects.create(host=host, name="Drop test", allow_upload=True)
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(f"{live_server.url}/login/")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/games/{game.pk}/upload/")

    # Drop two files: the same 60 deals twice, so the second file's decks are all duplicates.
    data = plain_pbn(60).decode()
    page.evaluate(
        """(text) => {
            const dt = new DataTransfer();
            dt.items.add(new File([text], "first.pbn"));
            dt.items.add(new File([text], "second.pbn"));
            const zone = document.getElementById("drop-zone");
            zone.dispatchEvent(new DragEvent("dragover", {dataTransfer: dt, bubbles: true, cancelable: true}));
            zone.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
        }""",
        data,
    )
    expect(page.locator("#chosen-files li")).to_have_text(["first.pbn", "second.pbn"])
    # htmx reports upload progress with htmx:xhr:progress; upload.js shows it on the <progress> bar.
    page.evaluate(
        """() => document.getElementById("upload-form").dispatchEvent(new CustomEvent("htmx:xhr:progress",
            {bubbles: true, detail: {loaded: 30, total: 120, lengthComputable: true}}))"""
    )
    expect(page.locator("#upload-progress")).to_be_visible()
    assert page.locator("#upload-progress").evaluate("bar => bar.value") == 25
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_role("button", name="Add Decks to Game (60)")).to_be_visible()
    expect(page.locator("#upload-progress")).to_be_hidden()
    second = page.locator("#file-1")
    expect(second).to_contain_text("60 duplicates")
    page.screenshot(path=str(output_dir / "01-dropped.png"))
    assert_no_axe_violations(page, "two files dropped and read")

    second.get_by_label("Duplicate (same deal as board 1 of first.pbn): add it anyway").check()
    expect(page.get_by_role("button", name="Add Decks to Game (61)")).to_be_visible()
    second.get_by_role("link", name="2", exact=True).click()  # page 2 of second.pbn, swapped in place
    expect(second).to_contain_text("Decks 51–60 of 60")
    expect(page.get_by_role("button", name="Add Decks to Game (61)")).to_be_visible()  # the tick is kept
    second.get_by_label("Duplicate (same deal as board 55 of first.pbn): add it anyway").check()
    expect(page.get_by_role("button", name="Add Decks to Game (62)")).to_be_visible()
    second.get_by_text("Decks 51–60 of 60").scroll_into_view_if_needed()
    page.screenshot(path=str(output_dir / "02-ticked.png"))
    assert_no_axe_violations(page, "page 2 of the second file, two duplicates ticked")
    page.get_by_label("Add the 60 duplicates too").check()
    expect(page.get_by_role("button", name="Add Decks to Game (120)")).to_be_visible()
    page.get_by_label("Add the 60 duplicates too").uncheck()

    page.get_by_role("button", name="Add Decks to Game (62)").click()
    expect(page.get_by_text("62 decks added; the next deal uses board 1 of first.pbn.")).to_be_visible()
    assert_no_axe_violations(page, "62 decks added")
    queued = list(game.queued().values_list("source_name", "board"))
    assert queued == [("first.pbn", str(n)) for n in range(1, 61)] + [("second.pbn", "1"), ("second.pbn", "55")]
    assert not [e for e in errors if "upload.js" in e], errors
    context.close()
