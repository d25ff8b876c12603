"""The review desk's list pages on a site of 20,000 users, games, queued decks, uploads
and dealt boards answer in as many queries, and with pages as big (within a quarter),
as on a site of a handful of users.

The small site has one full page of each list, so both show the same number of rows:
what must not grow with the site is everything else on the page (filters listing every
game or user, counts of the whole table). ``make bench`` prints the same pages' times.
"""

from __future__ import annotations

import pytest

from tests.builders.site import PAGE, PAGES, SCALE, SMALL_USERS, build_site, measure, staff_client

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

MAX_QUERIES = 8  # session, user, count, rows, the rows' files (uploads), and a few to spare
MAX_BYTES = 1024 * 1024
# Pages whose rows fill one page on both sites: their sizes are compared.
FULL_PAGES = {
    "decks",
    "decks, searched",
    "decks of one uploader",
    "games",
    "uploads",
    "uploads, searched",
    "dealt boards",
}


def test_list_pages_stay_small_on_a_big_site():
    client = staff_client()
    build_site(SMALL_USERS, PAGE)
    small = {what: measure(client, url) for what, url in PAGES}
    build_site(SCALE, SCALE)
    big = {what: measure(client, url) for what, url in PAGES}
    report = {what: (small[what], big[what]) for what in big}
    for what, (before, after) in report.items():
        assert before.status == after.status == 200, what
        assert after.queries == before.queries <= MAX_QUERIES, (what, before.queries, after.queries)
        assert after.size < MAX_BYTES, (what, after.size)
        if what in FULL_PAGES:
            assert after.size <= before.size * 1.25, (what, before.size, after.size)
    with_problems = client.get("/admin/games/upload/?problems=yes").content.decode()
    assert "club-019999.pbn" in with_problems and "club-019998.pbn" not in with_problems  # every tenth
