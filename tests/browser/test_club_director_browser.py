"""The director's desk in a real browser: a Howell of four pairs at two tables, one board a
round, played to the end (the cards at model level: each board a 1NT by the dealer, a
different number of tricks at each table). A player calls the director from the table;
the host's overview announces it and the host answers it. The host gives table 2 an
Avg+/Avg- on the last board through the adjusted-scores page. Then the results page, a
pair's score card and the USEBIO file are held to figures worked here from the boards'
scores.

Hand arithmetic: each board has two results, so a board's top is 2: the better N-S score
takes 2 and the other 0 (1 each when equal), E-W the rest. The adjusted board keeps one
real result, alone, which Neuberg's formula makes 50% (1 of 2); the artificial line is
60% (1.2) for N-S and 40% (0.8) for E-W. A Howell ranks every pair in one field, by the
matchpoints it scored of the 6 available on its three boards. axe-core finds no violation
on any of these pages at any step.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.bridge.club_night import decimal_text, hundredths
from games.models import BoardPlay, Game, JoinTable
from games.models.join import next_round, start_movement
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_club_browser import POLL, WAIT, logged_in, shoot
from tests.models.test_club_movement import club, seat_pairs
from tests.models.test_club_results import finish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TRICKS = {1: 9, 2: 7}  # 1NT by the dealer: +150/+90 (or -150/-90) at table 1, 2 differ

# Each figure of a table's body (its columns from "Score" on) whose text does not end
# where its column's heading ends.
_FIGURES_OFF_THEIR_HEADINGS = """(table) => {
  const right = (cell) => { const r = document.createRange(); r.selectNodeContents(cell);
                            return r.getBoundingClientRect().right; };
  const heads = Array.from(document.querySelectorAll(table + " thead th"));
  const first = heads.findIndex((th) => th.textContent.trim() === "Score");
  const cells = Array.from(document.querySelectorAll(table + " tbody td")).filter((td) => td.cellIndex >= first);
  if (first < 0 || !cells.length) return ["no figures"];
  return cells.map((td) => ({ text: td.textContent.trim(), off: right(td) - right(heads[td.cellIndex]) }))
    .filter((cell) => Math.abs(cell.off) > 1);
}"""

# Each cell of a table's body that is not wholly on the screen, or (its headings out of
# sight, as on a phone) a figure not named by its column's heading.
_CELLS_CUT_OR_UNNAMED = """(table) => {
  const heads = Array.from(document.querySelectorAll(table + " thead th")).map((th) => th.textContent.trim());
  return Array.from(document.querySelectorAll(table + " tbody :is(td, th)")).map((cell) => {
    const r = cell.getBoundingClientRect(), name = getComputedStyle(cell, "::before").content;
    return { text: cell.textContent.trim(), heading: heads[cell.cellIndex], name: name,
             cut: r.left < 0 || r.right > document.documentElement.clientWidth || r.width === 0 };
  }).filter((c) => c.cut || (["Score", "MPs", "%"].includes(c.heading) && !c.name.includes(c.heading)));
}"""


def play_round(game: Game) -> None:
    for table in JoinTable.objects.select_related("game").filter(game=game).order_by("number"):
        board = table.board()
        finish(board, table, ["1NT", "P", "P", "P"], TRICKS[table.number])


def test_a_howell_night_with_a_director_call_and_an_adjusted_score(live_server, browser, settings, output_dir):
    settings.TABLE_POLL_SECONDS = POLL
    users = get_user_model().objects
    hal = users.create_user("hal", password="x")
    game = club(hal, 2, movement=Game.Movement.HOWELL, boards_per_round=1, scoring=Game.Scoring.MATCHPOINTS)
    pairs = seat_pairs(game, get_user_model())
    start_movement(game, hal)
    movement = game.club_movement()
    base = live_server.url
    problems: list[str] = []

    # Round 1: a player of table 2 calls the director; the host answers on the overview.
    caller = next(user for name, two in pairs.items() for user in two if movement.where(name, 1).table == 2)
    table_page = logged_in(browser, base, caller, problems)
    table_page.goto(f"{base}/games/{game.pk}/")
    assert_no_axe_violations(table_page, "a player's table in round 1")
    with table_page.expect_response(lambda r: r.url.endswith("/director/call/")) as called:
        table_page.get_by_role("button", name="Call the director").click()
    assert called.value.ok
    expect(table_page.locator(".director-called")).to_contain_text("The director has been called", timeout=WAIT)
    assert_no_axe_violations(table_page, "the director called from the table")
    host = logged_in(browser, base, hal, problems)
    host.goto(f"{base}/games/{game.pk}/tables/")
    alert = host.locator("#director-calls")
    expect(alert).to_have_attribute("role", "alert")
    expect(alert).to_contain_text(f"Director to table 2, board 1: called by {caller.username}.", timeout=WAIT)
    shoot(host, output_dir, "overview-director-called")
    assert_no_axe_violations(host, "the overview announcing the call")
    with host.expect_response(lambda r: r.url.endswith("/answer/")) as answered:
        alert.get_by_role("button", name="Answered").click()
    assert answered.value.ok
    expect(alert).not_to_contain_text("Director to table 2", timeout=WAIT)
    assert_no_axe_violations(host, "the overview, the call answered")
    expect(table_page.get_by_role("button", name="Call the director")).to_be_visible(timeout=WAIT)

    for number in range(1, len(movement.rounds) + 1):
        play_round(game)
        if number < len(movement.rounds):
            next_round(game, number, by=hal)

    # The last board: table 2's result is replaced by Avg+ to N-S, Avg- to E-W.
    last = game.boards.order_by("-number").first()
    results = host.context.new_page()
    results.goto(f"{base}/games/{game.pk}/results/")
    results.locator(f"#traveller-{last.number}").get_by_role("link", name="Adjusted scores").click()
    results.locator("#id_table").select_option("2")
    results.get_by_label("Artificial: Avg+, Avg or Avg− to each side").check()
    results.locator("#id_reason").fill("slow play at table 2")
    results.locator("#id_ns_average").select_option("Avg+")
    results.locator("#id_ew_average").select_option("Avg-")
    shoot(results, output_dir, "adjust-form")
    assert_no_axe_violations(results, "the adjusted-scores form filled in")
    results.get_by_role("button", name="Set the adjusted score").click()
    expect(results.locator(f"#traveller-{last.number}")).to_contain_text("slow play at table 2", timeout=WAIT)
    assert_no_axe_violations(results, "the results with the adjusted score")

    # The figures by hand, from the boards' scores.
    points: dict[str, Fraction] = {name: Fraction(0) for name in pairs}
    for board in game.boards.order_by("number"):
        round_number = board.number - game.movement_base
        spots = {spot.table: spot for spot in movement.rounds[round_number - 1].tables}
        scores = {
            play.table.number: play.score
            for play in BoardPlay.objects.filter(board=board, table__isnull=False).select_related("table")
        }
        if board.pk == last.pk:
            points[spots[1].ns] += 1  # alone in its comparisons: 50% of the top of 2
            points[spots[1].ew] += 1
            points[spots[2].ns] += Fraction(6, 5)  # Avg+ 60%
            points[spots[2].ew] += Fraction(4, 5)  # Avg- 40%
            continue
        one, two = scores[1], scores[2]
        ns_one = 2 if one > two else 1 if one == two else 0
        points[spots[1].ns] += ns_one
        points[spots[1].ew] += 2 - ns_one
        points[spots[2].ns] += 2 - ns_one
        points[spots[2].ew] += ns_one
    percent = {name: hundredths(total * 100 / 6) for name, total in points.items()}
    assert len(set(percent.values())) > 1  # the boards tell the pairs apart

    results.goto(f"{base}/games/{game.pk}/results/")
    ranking = results.locator(".ranking-table")
    for name in pairs:
        row = ranking.locator("tr", has=results.get_by_role("link", name=f"Pair {name}", exact=True))
        expect(row).to_contain_text(decimal_text(percent[name], fixed=True))
    shoot(results, output_dir, "results")
    assert_no_axe_violations(results, "the results and the ranking")

    # A pair's score card: reached from the ranking, the same total and percentage.
    card_pair = next(iter(pairs))
    results.get_by_role("link", name=f"Pair {card_pair}", exact=True).click()
    expect(results.locator("h1")).to_contain_text(f"Pair {card_pair}: score card")
    rows = results.locator(".pair-card-table tbody tr")
    expect(rows).to_have_count(3)
    foot = results.locator(".pair-card-table tfoot")
    expect(foot).to_contain_text(decimal_text(hundredths(points[card_pair])))
    expect(foot).to_contain_text(decimal_text(percent[card_pair], fixed=True))
    shoot(results, output_dir, "pair-card")
    assert_no_axe_violations(results, "a pair's score card")
    ragged = results.evaluate(_FIGURES_OFF_THEIR_HEADINGS, ".pair-card-table")
    assert not ragged, f"figures not right-aligned under their headings: {ragged}"
    results.set_viewport_size({"width": 390, "height": 844})
    shoot(results, output_dir, "pair-card-phone")
    cut = results.evaluate(_CELLS_CUT_OR_UNNAMED, ".pair-card-table")
    assert not cut, f"on a phone, a score card's figures cut or without their names: {cut}"
    assert results.evaluate("document.documentElement.scrollWidth") <= 390, "the score card scrolls sideways"
    results.set_viewport_size({"width": 1280, "height": 800})

    # The USEBIO file: the same percentages, and the artificial line as A6040.
    xml = ET.fromstring(results.request.get(f"{base}/games/{game.pk}/results.usebio.xml").body())
    found = {pair.findtext("PAIR_NUMBER"): pair.findtext("PERCENTAGE") for pair in xml.iter("PAIR")}
    assert found == {name: decimal_text(percent[name]) for name in pairs}
    assert [line.findtext("SCORE") for line in xml.iter("TRAVELLER_LINE")].count("A6040") == 1
    # An action aborts a poll under way (hx-sync), by design: htmx logs it (Chromium prints
    # the logged event as "[object Event]").
    expected = ("favicon", "htmx:sendAbort", "htmx:afterRequest", "[object Event]")
    assert not [p for p in problems if not any(word in p for word in expected)], problems
