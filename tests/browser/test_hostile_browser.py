"""Script in every field of an uploaded file never runs in a real browser.

A host (who is also staff) uploads a LIN and a PBN file whose every field, and whose
names, carry payloads that would set ``window.__pwned`` and open an alert, then goes
through preview, add, deal and the admin. No dialog opens, ``window.__pwned`` stays
undefined, and the payloads are visible as text. The page's Content Security Policy is
bypassed on purpose: it would block inline script anyway, and this test is about the
escaping underneath it. axe-core finds no violation at any step, payloads and all.
Screenshots go to test-output/<test name>/.
"""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from tests import hostile
from tests.browser.axe import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIN_NAME = '"><img src=x onerror=window.__pwned=true;alert(5)>.lin'
PBN_NAME = "'><svg onload=window.__pwned=true;alert(6)>.pbn"
SENT_LIN_NAME = LIN_NAME.replace('"', "%22")  # browsers percent-encode a quote in a multipart file name


class Watch:
    """A page whose dialogs are recorded (and dismissed) from the first load on."""

    def __init__(self, page) -> None:
        self.page = page
        self.dialogs: list[str] = []
        page.on("dialog", self._dialog)

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def assert_clean(self, where: str) -> None:
        assert self.page.evaluate("typeof window.__pwned") == "undefined", f"script ran on {where}"
        assert not self.dialogs, f"dialogs on {where}: {self.dialogs}"


def test_the_watch_sees_a_payload_that_runs(browser):
    """The checks below would catch a payload shown unescaped."""
    page = browser.new_page()
    watch = Watch(page)
    page.set_content(f"<p>{hostile.PWN_PAYLOADS[1]}</p>")
    page.wait_for_function("window.__pwned === true")
    page.wait_for_timeout(100)
    assert watch.dialogs == ["2"]
    with pytest.raises(AssertionError):
        watch.assert_clean("a page that shows the payload as markup")
    page.close()


def test_script_in_every_field_never_runs_from_preview_to_admin(browser, live_server, staff, output_dir):
    from playwright.sync_api import expect

    game = Game.objects.create(host=staff, name="Hostile practice", allow_upload=True)
    client = Client()
    client.force_login(staff)
    context = browser.new_context(bypass_csp=True, viewport={"width": 1200, "height": 900})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    watch = Watch(page)
    step = iter(range(1, 100))

    def shot(name: str) -> None:
        page.wait_for_timeout(200)  # an onerror or onload would have fired by now
        page.screenshot(path=str(output_dir / f"{next(step):02d}-{name}.png"), full_page=True)
        watch.assert_clean(name)
        assert_no_axe_violations(page, name)

    page.goto(f"{live_server.url}/games/{game.pk}/upload/")
    files = [
        {"name": LIN_NAME, "mimeType": "text/plain", "buffer": hostile.payload_lin(hostile.PWN_PAYLOADS)},
        {"name": PBN_NAME, "mimeType": "text/plain", "buffer": hostile.payload_pbn(hostile.PWN_PAYLOADS)},
        {
            "name": "broken.pbn",
            "mimeType": "text/plain",
            "buffer": b"\n".join(hostile.broken_pbn_with(p) for p in hostile.PWN_PAYLOADS),
        },
    ]
    page.get_by_label("Click to Choose File(s)…").set_input_files(files)
    expect(page.locator("#chosen-files li")).to_have_text([LIN_NAME, PBN_NAME, "broken.pbn"])
    shot("chosen")
    page.get_by_role("button", name="Upload", exact=True).click()  # htmx swaps the preview in

    add = page.get_by_role("button", name="Add Decks to Game (8)")
    expect(add).to_be_visible()
    results = page.locator("#upload-results")
    for text in (SENT_LIN_NAME, PBN_NAME, *hostile.PWN_PAYLOADS):
        expect(results).to_contain_text(text)  # as text, exactly as written
    shot("preview")
    page.reload()  # the preview as a whole page, without htmx
    expect(add).to_be_visible()
    shot("preview-reloaded")
    add.click()
    expect(page.get_by_text("8 decks added")).to_be_visible()
    shot("added")

    page.get_by_role("link", name="Back to Hostile practice").click()
    expect(page.locator("#queue")).to_contain_text(hostile.PWN_PAYLOADS[0])
    shot("game-queued")
    for number in (1, 2, 3):
        page.get_by_role("button", name="Deal New Cards").click()
        expect(page.locator("#board-title")).to_contain_text(f"Board {number}")
    expect(page.locator("#table .source")).to_contain_text(SENT_LIN_NAME)
    expect(page.locator("#table .source")).to_contain_text(hostile.PWN_PAYLOADS[2])
    shot("dealt")

    page.goto(f"{live_server.url}/admin/games/deck/")
    for text in (SENT_LIN_NAME, PBN_NAME, hostile.PWN_PAYLOADS[0]):
        expect(page.locator("#result_list")).to_contain_text(text)
    shot("admin-decks")
    page.locator("#result_list tbody tr").last.locator("th a").first.click()
    expect(page.locator("body")).to_contain_text(PBN_NAME)
    page.locator("details, .collapse summary, .collapse-toggle").first.click()  # the text as uploaded
    shot("admin-deck")
    page.goto(f"{live_server.url}/admin/games/game/{game.pk}/change/")
    expect(page.locator("#decks-group")).to_contain_text(PBN_NAME)
    shot("admin-game")
    context.close()
