"""Dealer scripts: ``python -m bench.dealer [--runs N]`` (``make bench`` runs it).

For each lesson script (``games.formats.dealer.LIBRARY``), run with Debian's dealer as the
upload page runs it (``run_script``: the limits, the process, reading the deals): the time
to make 16 decks, the hands it tried, and hands tried per second, over N seeds (5 by
default; the median run's time, the slowest beside it). Then the program's raw speed (a
script that never matches, run to the cap of 1,000,000 hands) and the Upload Decks request
itself with a lesson script (Django's test client, a throwaway test database, slots
counted apart): the time a web worker is held, which is why scripts run in the request
(games/dealer_runs.py says how many may, and for how long); and the game page's time
alone and beside as many endless scripts as the site lets run at once.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time

from games.formats.dealer import LIBRARY, Limits, find_program, run_script

COUNT = 16
SEEDS = (11, 22, 33, 44, 55, 66, 77, 88, 99)
NEVER = "condition hcp(north) >= 21 && hcp(south) >= 20\n"
STALL = 5.0  # seconds the endless scripts run while the game page is timed


def lessons(runs: int) -> None:
    print(f"Lesson scripts, {COUNT} decks a run, {runs} seeds each (median run; slowest in brackets)")
    print(f"{'script':<14} {'time for 16 decks':>22} {'hands tried':>12} {'hands tried/s':>14}")
    for script in LIBRARY:
        times, tried = [], []
        for seed in SEEDS[:runs]:
            began = time.perf_counter()
            made = run_script(script.text, name=script.filename, count=COUNT, seed=seed)
            times.append(time.perf_counter() - began)
            assert len(made.decks) == COUNT, made.problem
            tried.append(made.tried)
        rate = sum(tried) / sum(times)
        median = statistics.median(times) * 1000
        print(
            f"{script.slug:<14} {median:>10.1f} ms ({max(times) * 1000:>5.1f} ms) "
            f"{statistics.median(tried):>12,.0f} {rate:>14,.0f}"
        )


def raw_speed() -> None:
    limits = Limits(seconds=60, cpu_seconds=61)
    began = time.perf_counter()
    made = run_script(NEVER, name="never.dlr", count=COUNT, seed=1, limits=limits)
    took = time.perf_counter() - began
    print(f"\nNo hand matches, run to the cap: {made.tried:,} hands in {took:.2f} s = {made.tried / took:,.0f} hands/s")
    print(f"  ({made.problem})")


def upload_request(runs: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckupload.settings")
    import django

    django.setup()
    from django.conf import settings

    from bench.testdb import on_test_database

    settings.DEALER_LOCK_DIR = tempfile.mkdtemp(prefix="bench-dealer-")
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]

    def measure() -> None:
        from django.contrib.auth import get_user_model
        from django.test import Client
        from django.urls import reverse

        from games.models import Game

        host = get_user_model().objects.create_user("bench", password="x")
        game = Game.objects.create(host=host, name="Bench", allow_upload=True)
        client = Client()
        client.force_login(host)
        print(f"\nThe Upload Decks request with a lesson script ({COUNT} decks; median of {runs}; slowest in brackets)")
        for slug in ("opening_1nt", "slam"):
            times = []
            for seed in SEEDS[:runs]:
                began = time.perf_counter()
                response = client.post(reverse("upload", args=[game.pk]), {"library": slug, "seed": str(seed)})
                times.append(time.perf_counter() - began)
                assert response.status_code == 302, response.status_code
            print(f"{slug:<14} {statistics.median(times) * 1000:>8.1f} ms ({max(times) * 1000:.1f} ms)")
        page = reverse("game", args=[game.pk])
        alone = pages(client, page, 2.0)
        endless = "condition " + " + ".join(["hcp(north)"] * 3000) + " > 1000000\n"
        running = [
            threading.Thread(target=run_script, args=(endless,), kwargs={"limits": Limits(seconds=STALL)})
            for _ in range(settings.DEALER_RUNS_AT_ONCE)
        ]
        for thread in running:
            thread.start()
        time.sleep(0.3)  # both programs under way
        beside = pages(client, page, STALL - 1)
        for thread in running:
            thread.join()
        print(
            f"\nThe game page alone: median {statistics.median(alone) * 1000:.1f} ms, p95 {p95(alone) * 1000:.1f} ms; "
            f"beside {len(running)} endless scripts (the site's bound): median "
            f"{statistics.median(beside) * 1000:.1f} ms, p95 {p95(beside) * 1000:.1f} ms"
        )

    on_test_database(measure)


def pages(client, url: str, seconds: float) -> list[float]:
    """Wall times of GETs of ``url`` for ``seconds``."""
    times, end = [], time.perf_counter() + seconds
    while time.perf_counter() < end:
        began = time.perf_counter()
        assert client.get(url).status_code == 200
        times.append(time.perf_counter() - began)
    return times


def p95(times: list[float]) -> float:
    return sorted(times)[int(len(times) * 0.95)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.dealer", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="seeds per script (at most 9)")
    args = parser.parse_args(argv)
    if find_program() is None:
        print("Debian's dealer is not installed (sudo apt-get install dealer): nothing to measure.")
        return 0
    runs = max(1, min(args.runs, len(SEEDS)))
    lessons(runs)
    raw_speed()
    upload_request(runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
