"""A club night's results in a real browser: three tables (Matchpoints, teaching movement)
play two boards to the end.

At table 2, North (nina) and East (eric) play in their own browsers; South and West, and
every seat of tables 1 and 3, play through the models (``BoardPlay.act``, as their pages
would post). Board 1: 3NT by North at table 2 (nine tricks, claimed), 4♥ by South at
table 1, passed out at table 3. Board 2: tables 1 (1NT by West) and 3 (3NT by South, one
down) finish it first; nina's results
page then shows board 1's traveller and leaves board 2 out until her table has finished
it, which it does (3NT by South), and the traveller shows within a poll. The host's
results page shows every traveller with its matchpoints and the ranking, and links the
results sheet, a PDF holding the same figures. axe-core finds no violation on the results
pages.

Screenshots at 1280x800 and 390x844 of the results pages and of the sheet's link go to
/tmp/results-shots (and the test's output folder), with the sheet's first page as PNG.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect
from pypdf import PdfReader

from games.bridge.club_night import decimal_text, hundredths
from games.formats.model import Deck as ParsedDeck
from games.formats.pdf import contract_text
from games.models import BoardPlay, Game
from games.models.club import game_results
from games.models.join import JoinTable
from games.presentation.result_text import pair_label
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_club_browser import SHOT, SIZES, act, bid, logged_in
from tests.models.test_club_results import finish

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

DEALS = (
    "N:KT2.A64.QT.KJT74 Q9873.9.KJ8532.A J4.KJ732.7.Q9862 A65.QT85.A964.53",
    "N:AKQ2.K83.A72.Q95 JT98.QJ4.KQ3.KJ4 543.A72.J854.A83 76.T965.T96.T762",
)
SEATS = {number: {seat: f"t{number}{seat.lower()}" for seat in "NESW"} for number in (1, 2, 3)}
SEATS[2].update({"N": "nina", "E": "eric"})
BOARD_1 = {1: (["P", "P", "4H", "P", "P", "P"], 10), 3: (["P", "P", "P", "P"], None)}
BOARD_2 = {1: (["P", "P", "1NT", "P", "P", "P"], 8), 3: (["P", "1NT", "P", "3NT", "P", "P", "P"], 8)}
WAIT = 10_000  # ms for a page to show another seat's action; a met wait returns at once
POLL = 0.3
SHOTS = Path("/tmp/results-shots")


def shoot(page, output_dir: Path, name: str, element=None) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = output_dir / f"{name}.png"
    if element is None:
        page.screenshot(path=str(path), **SHOT)
    else:
        element.screenshot(path=str(path))
    shutil.copy(path, SHOTS / path.name)


def models_act(board, table: JoinTable, seat: str, action: str, **fields) -> None:
    play = BoardPlay.objects.get(board=board, table=table)
    play.act(seat, action, play.actions, **fields)


def sheet_text(page, url: str) -> tuple[bytes, str]:
    """The results sheet as the viewer's browser fetches it, and its text."""
    response = page.request.get(url)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    data = response.body()
    return data, "".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)


def test_three_tables_play_two_boards_and_the_results_show_every_traveller(live_server, browser, settings, output_dir):
    settings.TABLE_POLL_SECONDS = POLL
    users = {
        name: get_user_model().objects.create_user(name, password="x")
        for seats in SEATS.values()
        for name in seats.values()
    }
    hal = get_user_model().objects.create_user("hal", password="x")
    game = Game.objects.create(
        host=hal, name="Thursday club", game_type=Game.Type.JOIN, scoring=Game.Scoring.MATCHPOINTS
    )
    tables = {1: JoinTable.for_game(game), 2: JoinTable.add_to(game), 3: JoinTable.add_to(game)}
    for number, seats in SEATS.items():
        for seat, name in seats.items():
            tables[number].take_seat(users[name], seat)
    game.add_decks(
        [ParsedDeck(deal=deal, index=i, line=1, board=str(i + 1)) for i, deal in enumerate(DEALS)],
        source_name="club.pbn",
    )
    base = live_server.url
    problems: list[str] = []
    nina = logged_in(browser, base, users["nina"], problems)
    eric = logged_in(browser, base, users["eric"], problems)

    # Board 1 (dealer N, nobody vulnerable): tables 1 and 3 through the models.
    board = game.deal_next(by=hal)
    for number, (calls, tricks) in BOARD_1.items():
        finish(board, tables[number], calls, tricks)
    for page in (nina, eric):
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.locator(".board-title")).to_contain_text("Table 2 · Board 1")
    # Table 2: 1NT (Nina) P (Eric) 3NT (South) P (West) P (Nina) P (Eric); Eric leads,
    # Nina claims nine tricks, Eric and West accept.
    bid(nina, "1NT")
    bid(eric, "P")
    models_act(board, tables[2], "S", "call", call="3NT")
    models_act(board, tables[2], "W", "call", call="P")
    bid(nina, "P")
    bid(eric, "P")
    lead = eric.locator('button[name="card"]').first
    expect(lead).to_be_visible(timeout=WAIT)
    act(eric, lead)
    tricks = nina.locator("form.claim-form input[name=tricks]")
    expect(tricks).to_be_visible(timeout=WAIT)
    tricks.fill("9")
    act(nina, nina.locator("form.claim-form button"))
    accept = eric.get_by_role("button", name="Accept the claim")
    expect(accept).to_be_visible(timeout=WAIT)
    act(eric, accept)
    models_act(board, tables[2], "W", "accept")
    expect(nina.locator(".play-record .result-line")).to_contain_text("+400", timeout=WAIT)

    # Board 2 (dealer E, N-S vulnerable): the host deals it; tables 1 and 3 finish it first.
    board = game.deal_next(by=hal)
    for number, (calls, tricks) in BOARD_2.items():
        finish(board, tables[number], calls, tricks)
    for page in (nina, eric):
        expect(page.locator(".board-title")).to_contain_text("Table 2 · Board 2", timeout=WAIT)

    # Nina's results page: board 1's traveller, board 2 left out while her table plays it.
    results = logged_in(browser, base, users["nina"], problems)
    results.goto(f"{base}/games/{game.pk}/results/")
    expect(results.locator("#traveller-1 tbody tr")).to_have_count(3)
    expect(results.locator("#results")).to_contain_text("1 board is left out until your table has finished it")
    assert results.locator("#traveller-2").count() == 0
    _, text = sheet_text(results, f"{base}/games/{game.pk}/results.pdf")
    assert "Board 1" in text and "Board 2" not in text  # nor in her sheet
    shoot(results, output_dir, "student-results-before-wide")
    assert_no_axe_violations(results, "a student's results, board 2 left out")

    # Table 2: P (Eric) 1NT (South) P (West) 3NT (Nina) P P P: 3NT by South; West leads,
    # South claims nine tricks, Eric and West accept.
    bid(eric, "P")
    models_act(board, tables[2], "S", "call", call="1NT")
    models_act(board, tables[2], "W", "call", call="P")
    bid(nina, "3NT")
    bid(eric, "P")
    models_act(board, tables[2], "S", "call", call="P")
    models_act(board, tables[2], "W", "call", call="P")
    play = BoardPlay.objects.get(board=board, table=tables[2])
    assert (play.state().contract, play.state().declarer) == ("3NT", "S")
    models_act(board, tables[2], "W", "card", card=sorted(play.state().remaining("W"))[0])
    models_act(board, tables[2], "S", "claim", tricks=9)
    accept = eric.get_by_role("button", name="Accept the claim")
    expect(accept).to_be_visible(timeout=WAIT)
    act(eric, accept)
    models_act(board, tables[2], "W", "accept")
    assert BoardPlay.objects.get(board=board, table=tables[2]).done

    # Within a poll, Nina's page shows board 2's traveller too.
    expect(results.locator("#traveller-2 tbody tr")).to_have_count(3, timeout=WAIT)
    expect(results.locator("#results")).not_to_contain_text("left out")
    shoot(results, output_dir, "student-results-wide")
    assert_no_axe_violations(results, "a student's results, both boards")
    results.set_viewport_size(SIZES["phone"])
    shoot(results, output_dir, "student-results-phone")
    assert_no_axe_violations(results, "a student's results on a phone")

    # The host's results page: every traveller with its matchpoints, and the ranking. N-S:
    # board 1 +420, +400, 0 (4, 2, 0 of 4); board 2 -120, +600, -100 (0, 4, 2): 50%, 75%, 25%.
    final = game_results(game)
    assert [len(board.lines) for board in final.boards] == [3, 3]
    assert [(pair.standing.place, pair_label(pair.name)) for pair in final.ranking[:3]] == [
        ("1", "Table 2 N-S"),
        ("2", "Table 1 N-S"),
        ("3", "Table 3 N-S"),
    ]
    host = logged_in(browser, base, hal, problems)
    host.goto(f"{base}/games/{game.pk}/results/")
    for board in final.boards:
        rows = host.locator(f"#traveller-{board.number} tbody tr")
        expect(rows).to_have_count(3)
        for n, line in enumerate(board.lines):
            expect(rows.nth(n)).to_contain_text(decimal_text(hundredths(line.ns_percent), fixed=True))
            expect(rows.nth(n)).to_contain_text(decimal_text(hundredths(line.ew_percent), fixed=True))
            expect(rows.nth(n)).to_contain_text(str(abs(line.score)))
    rankings = host.locator(".ranking-table")
    expect(rankings).to_have_count(2)
    for pair in final.ranking:
        table = rankings.nth(0 if pair.standing.direction == "NS" else 1)
        expect(table).to_contain_text(pair_label(pair.name))
        expect(table).to_contain_text(decimal_text(pair.standing.percent, fixed=True))
    first = host.locator(".ranking-table").first.locator("tbody tr").first
    expect(first).to_contain_text(pair_label(final.ranking[0].name))
    shoot(host, output_dir, "host-results-wide")
    assert_no_axe_violations(host, "the host's results")
    link = host.get_by_role("link", name="the results sheet (PDF)")
    expect(link).to_be_visible()
    link.focus()
    shoot(host, output_dir, "host-results-pdf-link-wide", host.locator(".game-head"))
    host.set_viewport_size(SIZES["phone"])
    shoot(host, output_dir, "host-results-phone")
    assert_no_axe_violations(host, "the host's results on a phone")
    expect(link).to_be_visible()
    shoot(host, output_dir, "host-results-pdf-link-phone", host.locator(".game-head"))

    # The sheet behind the link: the same travellers and ranking.
    data, text = sheet_text(host, f"{base}{link.get_attribute('href')}")
    for board in final.boards:
        for line in board.lines:
            assert contract_text(line.contract) in text
            assert decimal_text(hundredths(line.ns_percent), fixed=True) in text
    for pair in final.ranking:
        assert pair_label(pair.name) in text and pair.players in text
    sheet = SHOTS / "results-sheet.pdf"
    sheet.write_bytes(data)
    if shutil.which("pdftoppm"):  # the sheet's first page, to look at beside the screenshots
        page_one = ["pdftoppm", "-r", "80", "-png", "-singlefile", str(sheet), str(sheet.with_suffix(""))]
        subprocess.run(page_one, check=True)

    for page in (nina, eric, results, host):
        page.context.close()
    # An action aborts a poll under way (hx-sync), by design: htmx logs it.
    expected = ("favicon", "htmx:sendAbort", "htmx:afterRequest")
    assert not [p for p in problems if not any(word in p for word in expected)], problems
