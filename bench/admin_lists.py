"""The review desk at the size of a real site: ``python -m bench.admin_lists`` (``make bench``).

On a throw-away test database (like ``bench.web``), a small site (5 users and one
page of each list) and then a big one (``SCALE`` users, games, queued decks, uploads and
dealt boards) are built with bulk inserts; each list page of the admin, and a search,
is fetched as a superuser, with its time, size and number of queries.

The site and the page fetches are the tests' (tests/builders/site.py), which
tests/web/test_admin_scale.py holds to the same pages' queries and sizes.
"""

from __future__ import annotations

import os

from tests.builders.site import PAGE, PAGES, SCALE, SMALL_USERS, Page, build_site, measure, staff_client


def _measure() -> list[tuple[str, Page, Page]]:
    client = staff_client()
    build_site(SMALL_USERS, PAGE)
    small = {url: measure(client, url, repeat=5) for _, url in PAGES}
    build_site(SCALE, SCALE)
    return [(what, small[url], measure(client, url, repeat=5)) for what, url in PAGES]


def run() -> list[tuple[str, Page, Page]]:
    """Measure on a throwaway test database."""
    from bench.testdb import on_test_database

    return on_test_database(_measure)


def main() -> None:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckupload.settings")
    django.setup()
    print(f"admin list pages: {SMALL_USERS} users and {PAGE} rows each, then {SCALE:,} of each (median of 5)")
    for what, small, big in run():
        print(
            f"{what:<24} {big.seconds * 1000:7.1f} ms {big.size / 1024:7.1f} KB {big.queries:3} queries"
            f"   (small site: {small.seconds * 1000:6.1f} ms {small.size / 1024:6.1f} KB {small.queries:3} queries)"
        )


if __name__ == "__main__":
    main()
