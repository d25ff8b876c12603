"""Double-dummy analysis: ``python -m bench.analysis [--deals N]`` (``make bench``).

Solves N random deals (seeded: the same deals every run; 1,000 by default) with
``games.bridge.dd.solve`` as the app does, one deal at a time, and a sample of them
again with endplay's batch solver ``calc_all_tables`` (DDS's own threads) beside it, then
prints the time per deal and for the set (a solve includes par for all sixteen dealers and
vulnerabilities). Random deals are harder for the solver than most hand records.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from games.bridge.cards import random_deal
from games.bridge.dd import solve

SEED = 20261125
SAMPLE = 100  # deals the batch solver is compared on
BATCH = 32


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.analysis", description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args(argv)
    rng = random.Random(SEED)
    deals = [random_deal(rng) for _ in range(args.deals)]

    times = []
    start = time.perf_counter()
    for deal in deals:
        began = time.perf_counter()
        solve([deal])
        times.append(time.perf_counter() - began)
    total = time.perf_counter() - start

    from endplay.dds import calc_all_tables
    from endplay.types import Deal

    sample = deals[:SAMPLE]
    began = time.perf_counter()
    for start in range(0, len(sample), BATCH):  # DDS takes at most 32 tables a call
        calc_all_tables([Deal(deal) for deal in sample[start : start + BATCH]])
    batch = time.perf_counter() - began

    print(f"Double-dummy analysis of {len(deals):,} random deals (seed {SEED})")
    print(f"{'what':<44} {'per deal':>10} {'whole set':>10}")
    print(f"{'solve, one deal at a time (the app)':<44} {statistics.mean(times) * 1000:>8.1f} ms {total:>8.1f} s")
    print(f"{'  median / slowest deal':<44} {statistics.median(times) * 1000:>8.1f} ms {max(times) * 1000:>8.0f} ms")
    print(
        f"{f'endplay calc_all_tables, first {len(sample)} deals':<44} {batch / len(sample) * 1000:>8.1f} ms "
        f"{batch:>8.1f} s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
