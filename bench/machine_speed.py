"""How fast this machine is right now: ``python -m bench.machine_speed`` prints the CPU time,
in ms, of a fixed piece of the app's own Python work (reading a 2,000-board PBN file, made
from a fixed seed; the best of 7 reads). Lower is faster.

The project's machines change speed by a quarter and more within minutes, with no steal
reported, and a load test's figures move with them. scripts/loadtest.py runs two of these
at once (one per CPU) before and after its load and prints the result beside its figures,
so a report says whether the machine was fast or slow around it. The speed also drifts
during a run, which this cannot see: it sorts runs, it does not correct them.
"""

from __future__ import annotations

import time

from games.formats import read_decks
from tests.builders.decks import plain_pbn

BOARDS = 2_000
READS = 7
SEED = 7


def reference_ms(reads: int = READS) -> float:
    """The best CPU time of ``reads`` reads of the reference file, in ms."""
    data = plain_pbn(BOARDS, SEED)
    best = float("inf")
    for _ in range(reads):
        began = time.process_time()
        read = read_decks(data, "reference.pbn")
        best = min(best, time.process_time() - began)
        assert len(read.decks) == BOARDS and not read.problems
    return best * 1000


def main() -> None:
    print(f"{reference_ms():.1f}")


if __name__ == "__main__":
    main()
