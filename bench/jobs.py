"""What a request costs now that the solver and the PDF leave it: ``python -m bench.jobs``
(``make bench`` runs it).

Through the real views with Django's test client, on a throwaway test database, with
tasks queued in the database as on the site (no worker runs here, so every figure is the
web worker's own share):

* ``export/queue.pdf`` on a queue of 2,000 and of 20,000 decks: the whole set (answered
  with the choice of ranges) and its first 500 boards (a job queued); the worst of a few;
* the analysis route for a deck already solved, in a 3-deck upload and in a 20,000-deck
  upload turned "South deals";
* the worker's share for comparison: drawing 500 boards of hand records.

Then the robot, which now plays in the worker: the opening leads of a few hundred random
deals, solved cold, and the slowest of them (the worker's time for the robot's worst card).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from bench.machine_speed import reference_ms
from bench.robot import HARD

SEED = 20261127
TRIES = 5
QUEUES = (2_000, 20_000)
UPLOAD = 20_000


def worst(action: Callable[[], object], tries: int = TRIES) -> tuple[float, float]:
    """(median, worst) wall time of ``action`` in seconds."""
    times = []
    for _ in range(tries):
        began = time.perf_counter()
        action()
        times.append(time.perf_counter() - began)
    return statistics.median(times), max(times)


def _web_rows() -> list[tuple[str, float, float]]:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from games.bridge.cards import random_deal
    from games.formats import read_decks
    from games.formats.model import Deck
    from games.models import DealAnalysis, Game, Job, Upload
    from tests.builders.decks import plain_pbn

    rng = random.Random(SEED)
    host = get_user_model().objects.create_user("bench-host", password="bench-password-123")
    client = Client()
    client.force_login(host)
    rows = []
    for size in QUEUES:
        game = Game.objects.create(host=host, name=f"Queue of {size}", allow_upload=True)
        decks = [Deck(deal=random_deal(rng), index=i, line=1, board=str(i + 1)) for i in range(size)]
        game.add_decks(decks, source_name="bench.pbn", source_format="pbn")
        url = reverse("export", args=[game.pk, "queue", "pdf"])

        def whole(url=url) -> None:
            assert client.get(url).status_code == 400

        def first_500(url=url) -> None:
            assert client.get(url, {"boards": "1-500"}).status_code == 302
            Job.objects.all().delete()  # the bench's user stays within their share

        rows.append((f"queue.pdf, {size:,} decks: the whole set (choose a range)", *worst(whole)))
        rows.append((f"queue.pdf, {size:,} decks: boards 1-500 (job queued)", *worst(first_500)))

    for size, name in ((3, "3-deck"), (UPLOAD, f"{UPLOAD:,}-deck")):
        game = Game.objects.create(host=host, name=f"Upload of {size}", allow_upload=True)
        data = plain_pbn(size)
        result = read_decks(data, "bench.pbn")
        upload = Upload.stage(game, host, [("bench.pbn", data)], [result])
        Upload.objects.filter(pk=upload.pk).update(rotation="south-deals")
        index = size // 2
        deck = Upload.objects.get(pk=upload.pk).deck_as_chosen(0, index)[1]
        DealAnalysis.table(deck.deal)  # already solved: the route's own cost
        url = reverse("deck_analysis", args=[game.pk, upload.token, f"0-{index}"])

        def analysis(url=url) -> None:
            response = client.get(url, headers={"HX-Request": "true"})
            assert response.status_code == 200 and b"dd-table" in response.content

        rows.append((f"deck analysis, solved deck, {name} upload turned", *worst(analysis, 20)))
    return rows


def _drawing_row() -> tuple[str, float, float]:
    from games.bridge.cards import SEATS
    from games.bridge.dd import STRAINS, Par
    from games.formats.pdf import HandRecord, hand_records_pdf
    from tests.builders.decks import full_decks

    decks = full_decks(500)
    table = {seat: {strain: 7 for strain in STRAINS} for seat in SEATS}
    records = [HandRecord(deck, table, Par(0, ())) for deck in decks]
    return ("worker: drawing 500 boards of hand records", *worst(lambda: hand_records_pdf(records), 3))


def robot_search(deals: int) -> list[tuple[float, str, str]]:
    """(seconds, deal, contract) of the robot's opening lead on ``deals`` random deals,
    each solved cold, slowest first."""
    from games.bridge.cards import random_deal
    from games.bridge.play import replay
    from games.bridge.robot import _solve_position, robot_card

    rng = random.Random(SEED)
    found = []
    for _ in range(deals):
        deal = random_deal(rng)
        contract = rng.choice(("3NT", "4S", "4H", "6NT", "2D", "1NT"))
        state = replay(deal, "N", "None", [contract, "P", "P", "P"])
        _solve_position.cache_clear()
        began = time.perf_counter()
        robot_card(state)
        found.append((time.perf_counter() - began, deal, contract))
    return sorted(found, reverse=True)


def hard_lead() -> float:
    """Seconds for the robot's opening lead on the hard deal bench.robot keeps, solved cold."""
    from games.bridge.play import replay
    from games.bridge.robot import _solve_position, robot_card

    _solve_position.cache_clear()
    began = time.perf_counter()
    robot_card(replay(HARD, "N", "None", ["4H", "P", "P", "P"]))
    return time.perf_counter() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.jobs", description=__doc__)
    parser.add_argument("--deals", type=int, default=300, help="random deals the robot's search tries")
    args = parser.parse_args(argv)
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckupload.settings")
    django.setup()
    from bench.testdb import on_test_database

    print(f"Machine speed before: {reference_ms():.1f} ms (bench.machine_speed; lower is faster)")
    rows = on_test_database(_web_rows) + [_drawing_row()]
    print(f"{'what':<60} {'median':>10} {'worst':>10}")
    for what, median, slowest in rows:
        print(f"{what:<60} {median * 1000:>7.1f} ms {slowest * 1000:>7.1f} ms")
    found = robot_search(args.deals)
    times = [seconds for seconds, _, _ in found]
    print(f"Robot's opening lead on {len(found)} random deals (seed {SEED}), solved cold, in the worker:")
    print(f"  median {statistics.median(times) * 1000:.1f} ms, slowest {times[0] * 1000:.1f} ms")
    for seconds, deal, contract in found[:3]:
        print(f"  {seconds * 1000:8.1f} ms  {contract} by North  {deal}")
    print(f"  {hard_lead() * 1000:8.1f} ms  4H by North  {HARD} (bench.robot's hard deal)")
    print(f"Machine speed after: {reference_ms():.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
