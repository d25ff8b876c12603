"""A Mitchell of three tables in a real browser: six pairs, two boards a round, played to
the end. The host starts round 1 and presses Next round on the tables' overview; two
players' pages (a stationary N-S player and a moving E-W player) follow them to their
tables by themselves, and the moving player's page hears the calls at each new table.
The cards are played at model level (each board passed out) to
keep it fast; every player is checked against ``Movement.where`` after each round.

axe-core finds no violation on the overview, the players' pages or the results at any
round. Screenshots of the overview and the players' pages go to the test's output folder.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from games.models import BoardPlay, Game, Seat
from games.models.join import JoinTable, Pair
from games.models.join.rounds import SEATS_OF
from tests.browser.axe import assert_no_axe_violations
from tests.browser.test_club_browser import POLL, WAIT, logged_in, shoot
from tests.models.test_club_movement import club, finish_round, seat_pairs
from tests.playing import call

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_three_table_mitchell_is_played_to_the_end(live_server, browser, settings, output_dir):
    settings.TABLE_POLL_SECONDS = POLL
    users = get_user_model().objects
    hal = users.create_user("hal", password="x")
    game = club(hal, 3, scoring=Game.Scoring.MATCHPOINTS)
    seated = seat_pairs(game, get_user_model())
    movement = game.club_movement(3)
    base = live_server.url
    problems: list[str] = []

    host = logged_in(browser, base, hal, problems)
    host.goto(f"{base}/games/{game.pk}/tables/")
    assert_no_axe_violations(host, "the overview before round 1")
    with host.expect_response(lambda r: r.url.endswith("/start-round/")) as started:
        host.get_by_role("button", name="Start round 1").click()
    assert started.value.ok
    expect(host.locator("#movement-round")).to_contain_text("Round 1 of 3", timeout=WAIT)
    expect(host.locator("#overview-table-2")).to_contain_text("2 NS – 2 EW")
    shoot(host, output_dir, "overview-round-1")
    assert_no_axe_violations(host, "the overview in round 1")

    stays, moves = seated["1 NS"][0], seated["1 EW"][0]
    pages = {"1 NS": logged_in(browser, base, stays, problems), "1 EW": logged_in(browser, base, moves, problems)}
    for page in pages.values():
        page.goto(f"{base}/games/{game.pk}/")
        expect(page.locator(".movement-note")).to_contain_text("Round 1 of 3", timeout=WAIT)
    shoot(pages["1 EW"], output_dir, "player-1ew-round-1")
    assert_no_axe_violations(pages["1 EW"], "a moving player's table in round 1")

    for number in range(1, len(movement.rounds) + 1):
        finish_round(game)
        for name, users_of_pair in seated.items():
            spot = movement.where(name, number)
            expected = [(spot.table, seat) for seat in SEATS_OF[spot.direction]]
            rows = [Seat.objects.select_related("table").get(game=game, user=user) for user in users_of_pair]
            assert [(row.table.number, row.seat) for row in rows] == expected, (name, number)
        if number == len(movement.rounds):
            break
        host.reload()
        expect(host.locator("#movement-round")).to_contain_text(f"Round {number} of 3", timeout=WAIT)
        with host.expect_response(lambda r: r.url.endswith("/next-round/")) as moved:
            host.get_by_role("button", name="Next round").click()
        assert moved.value.ok
        expect(host.locator("#movement-round")).to_contain_text(f"Round {number + 1} of 3", timeout=WAIT)
        for name, page in pages.items():
            table = movement.rounds[number].table(movement.where(name, number + 1).table)
            expect(page.locator(".movement-note")).to_contain_text(
                f"Round {number + 1} of 3: pair {table.ns.split()[0]} (N-S) against pair {table.ew.split()[0]} (E-W)",
                timeout=WAIT,
            )
            expect(page.locator(".board-title")).to_contain_text(f"Table {table.table}", timeout=WAIT)
        # a call at the moved player's new table reaches their page (Django's live server
        # holds no stream: the page polls; test_push_browser.py covers the push)
        moved_to = JoinTable.numbered(game, movement.where("1 EW", number + 1).table)
        play = call(BoardPlay.start(moved_to.board(), BoardPlay.Mode.TABLE, moved_to), "P")
        expect(pages["1 EW"].locator("#seat-view .play-record")).to_contain_text("Pass", timeout=WAIT)
        call(play, "P", "P", "P")  # passed out, as finish_round plays the rest
        shoot(host, output_dir, f"overview-round-{number + 1}")
        assert_no_axe_violations(host, f"the overview in round {number + 1}")
        shoot(pages["1 EW"], output_dir, f"player-1ew-round-{number + 1}")
        assert_no_axe_violations(pages["1 EW"], f"a moving player's table in round {number + 1}")

    expect(host.locator("#movement-round")).to_contain_text("The last round is over", timeout=WAIT)
    shoot(host, output_dir, "overview-over")
    assert_no_axe_violations(host, "the overview, the last round over")
    results = host.context.new_page()
    results.goto(f"{base}/games/{game.pk}/results/")
    expect(results.locator("body")).to_contain_text("Pair 1 N-S")
    shoot(results, output_dir, "results")
    assert_no_axe_violations(results, "the results of the Mitchell")
    assert Pair.objects.filter(game=game).count() == 6
    assert not problems, problems
