"""A club director's page in a real browser: three tables, teaching movement.

First the Players panel: a full table folds to a line of its players, and each table
stays open or closed as the host left it when a move redraws the panel.

The host, off the tables, watches table 2 (?table=2) and presses Deal New Cards: the page
becomes the overview of every table with board 1 just dealt, no table's felt, and each
table's teacher's view a link away (table 3's opens on its four hands). Dealing board 2
from there keeps the overview. Then the host takes the empty West seat at table 3 and
deals again: a seated host sees their own table. axe-core finds no violation on any of
these pages at any step.

Screenshots at 1280x800 and 390x844 of the overview go to /tmp/club-shots (and the
test's output folder).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.formats.model import Deck as ParsedDeck
from games.models import Game
from games.models.join import JoinTable
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_club_browser import SIZES, WAIT, logged_in, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DEALS = (
    "N:KT2.A64.QT.KJT74 Q9873.9.KJ8532.A J4.KJ732.7.Q9862 A65.QT85.A964.53",
    "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
    "N:T987.JT9.JT9.JT9 AKQJ.AKQ.AKQ.AKQ 2.5432.5432.5432 6543.876.876.876",
)


def deal(page) -> None:
    with page.expect_response(lambda r: r.url.endswith("/deal/") and r.request.method == "POST") as answer:
        page.get_by_role("button", name="Deal New Cards").click()
    assert answer.value.ok


def test_the_director_sees_every_table_after_dealing_and_a_seated_host_their_own(
    live_server, browser, settings, output_dir
):
    users = get_user_model().objects
    hal = users.create_user("hal", password="x")
    game = Game.objects.create(host=hal, name="Tuesday club", game_type=Game.Type.JOIN, scoring="matchpoints")
    tables = [JoinTable.for_game(game), JoinTable.add_to(game), JoinTable.add_to(game)]
    for table in tables:
        for seat in "NESW":
            if (table.number, seat) != (3, "W"):
                table.take_seat(users.create_user(f"p{table.number}{seat.lower()}", password="x"), seat)
    game.add_decks(
        [ParsedDeck(deal=d, index=i, line=1, board=str(i + 1)) for i, d in enumerate(DEALS)], source_name="club.pbn"
    )
    base = live_server.url
    problems: list[str] = []
    host = logged_in(browser, base, hal, problems)

    # The Players panel: full tables fold to a line of their players, table 3 (West free) is
    # open. The host opens table 1, closes table 3 and swaps North and East at table 1: the
    # panel comes back with each table as the host left it.
    host.goto(f"{base}/games/{game.pk}/?table=2")
    expect(host.locator(".board-title")).to_contain_text("Table 2 · No board dealt yet")
    one, three = host.locator("#table-1-seats"), host.locator("#table-3-seats")
    expect(one).not_to_have_attribute("open", "")
    expect(one.locator("summary")).to_contain_text("p1n · p1e · p1s · p1w")
    expect(three).to_have_attribute("open", "")
    shoot(host, output_dir, "players-panel-wide")
    assert_no_axe_violations(host, "the Players panel, table 3 open")
    one.locator("summary").click()
    three.locator("summary").click()
    host.get_by_label("Move p1n to").select_option("E")
    with host.expect_response(lambda r: r.url.endswith("/seats/move/")) as moved:
        one.locator("li").first.get_by_role("button", name="Move", exact=True).click()
    assert moved.value.ok
    expect(host.locator("#table-1-seats li").nth(1)).to_contain_text("p1n", timeout=WAIT)
    expect(host.locator("#table-1-seats")).to_have_attribute("open", "")
    expect(host.locator("#table-3-seats")).not_to_have_attribute("open", "")
    host.set_viewport_size(SIZES["phone"])
    shoot(host, output_dir, "players-panel-phone")
    assert_no_axe_violations(host, "the Players panel after a move, on a phone")
    host.set_viewport_size(SIZES["wide"])

    # Watching table 2, the host deals: the page goes on watching it, with board 1, and the
    # overview above it shows every table on board 1 (both redrawn by their polls at once).
    deal(host)
    expect(host.locator("#seat-view .board-title")).to_contain_text("Table 2 · Board 1", timeout=WAIT)
    for number in (1, 2, 3):
        expect(host.locator(f"#overview-table-{number}")).to_contain_text("not started", timeout=WAIT)
    assert host.locator("#club-dealt").count() == 0
    shoot(host, output_dir, "director-watching-dealt-wide")
    assert_no_axe_violations(host, "the director watching table 2 after the deal")

    # The director's overview: every table with board 1, no felt.
    host.goto(f"{base}/games/{game.pk}/")
    expect(host.locator("#club-dealt .board-title")).to_contain_text("Board 1", timeout=WAIT)
    expect(host.locator("#club-dealt")).to_contain_text("dealt to every table")
    for number in (1, 2, 3):
        expect(host.locator(f"#overview-table-{number}")).to_contain_text("not started")
    assert host.locator(".seat-diagram").count() == 0 and host.locator(".suits").count() == 0
    assert host.locator("#seat-view").is_hidden()
    shoot(host, output_dir, "director-dealt-wide")
    assert_no_axe_violations(host, "the director's overview, board 1 dealt")
    host.set_viewport_size(SIZES["phone"])
    expect(host.locator("#overview-table-3")).to_be_visible()
    shoot(host, output_dir, "director-dealt-phone")
    assert_no_axe_violations(host, "the director's overview on a phone")
    host.set_viewport_size(SIZES["wide"])

    # Each table's teacher's view: table 3's shows its four hands of board 1.
    host.locator("#overview-table-3").get_by_role("link", name="Teacher's view").click()
    expect(host).to_have_url(f"{base}/games/{game.pk}/tables/3/teacher/")
    expect(host.locator("#teacher-table .board-title")).to_contain_text("1")
    assert host.locator("#teacher-table .suits").count() == 4
    assert_no_axe_violations(host, "table 3's teacher's view")
    host.go_back()

    # Dealing again from the overview: board 2, still every table.
    expect(host.locator("#club-dealt")).to_be_visible()
    deal(host)
    expect(host.locator("#club-dealt .board-title")).to_contain_text("Board 2", timeout=WAIT)
    expect(host.locator("#overview-table-2 td").first).to_have_text("2", timeout=WAIT)
    assert host.locator(".seat-diagram").count() == 0 and host.locator("#seat-view").is_hidden()
    shoot(host, output_dir, "director-dealt-again-wide")
    assert_no_axe_violations(host, "the director's overview, board 2 dealt")

    # Seated West at table 3, the host is a player: after the deal, their own table.
    tables[2].take_seat(hal, "W")
    host.goto(f"{base}/games/{game.pk}/")
    deal(host)
    expect(host.locator("#seat-view .board-title")).to_contain_text("Table 3 · Board 3", timeout=WAIT)
    assert host.locator("#club-dealt").count() == 0
    expect(host.locator("#seat-view")).to_contain_text("You sit West")
    shoot(host, output_dir, "seated-host-dealt-wide")
    assert_no_axe_violations(host, "the seated host's own table")

    host.context.close()
    expected = ("favicon", "htmx:sendAbort", "htmx:afterRequest")
    assert not [p for p in problems if not any(word in p for word in expected)], problems


def test_a_director_creates_a_club_night_of_several_tables_in_one_step(live_server, browser, output_dir):
    """The new-game form takes the number of tables: a Join game of three tables, each
    with its four free seats, made by one submit."""
    hal = get_user_model().objects.create_user("hal", password="x")
    problems: list[str] = []
    host = logged_in(browser, live_server.url, hal, problems)
    host.goto(f"{live_server.url}/games/new/")
    host.get_by_label("Game name").fill("Tuesday club")
    host.get_by_label("Game type").select_option("join")
    host.locator("#id_tables").fill("3")
    host.get_by_label("Matchpoints").check()
    shoot(host, output_dir, "new-club-night-wide")
    assert_no_axe_violations(host, "the new-game form for three tables")
    host.set_viewport_size(SIZES["phone"])
    shoot(host, output_dir, "new-club-night-phone")
    assert_no_axe_violations(host, "the new-game form on a phone")
    host.get_by_role("button", name="Create").click()
    expect(host.locator("#seating-title")).to_contain_text("3 tables", timeout=WAIT)
    for number in (1, 2, 3):
        expect(host.locator(f"#table-{number}-seats")).to_contain_text("0/4")
    assert_no_axe_violations(host, "the new club night, three empty tables")
    game = Game.objects.get()
    assert (game.game_type, game.scoring, game.join_tables.count()) == ("join", "matchpoints", 3)
    host.context.close()
    assert not problems, problems
