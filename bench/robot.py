"""The double-dummy robot: ``python -m bench.robot [--positions N]``.

Times ``robot.robot_card`` and ``robot.declarer_can_take`` on N random positions (seeded:
the same positions every run; 300 by default): a random deal and contract, played at
random to a point where a defender is to play. Before each timed call the solver works on
another deal, as on a server where many tables play at once, so no position profits from
the solver's tables of the one before. Trick one, where the solver has the most to look
at, is shown apart from the rest, and so is the opening lead on one deal the solver finds
hard (several million nodes): the rare slow case.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from games.bridge.cards import SEATS, random_deal
from games.bridge.play import BoardState, legal_cards, play_card, replay
from games.bridge.robot import _solve_position, declarer_can_take, robot_card

SEED = 20261126
CONTRACTS = ("1NT", "3NT", "2S", "4S", "4H", "3D", "5D", "5C", "6NT")
HARD = "N:7.AJ65.Q43.AJT32 Q42.3.KJ82.KQ985 AJ63.KT74.A976.4 KT985.Q982.T5.76"  # 4H by North


def positions(rng: random.Random, count: int) -> list[BoardState]:
    """Random positions with a defender to play; about one in eight at trick one."""
    found = []
    while len(found) < count:
        declarer, dealer = rng.choice(SEATS), rng.choice(SEATS)
        calls = ["P"] * ((SEATS.index(declarer) - SEATS.index(dealer)) % 4) + [rng.choice(CONTRACTS), "P", "P", "P"]
        state = replay(random_deal(rng), dealer, "None", calls)
        for _ in range(rng.choice((0, 1, 2, *range(48)))):
            state = play_card(state, state.turn, rng.choice(legal_cards(state)), by=state.actor)
        if state.turn in state.defenders:
            found.append(state)
    return found


def timed(work: Callable[[BoardState], object], states: list[BoardState], other: BoardState) -> list[float]:
    times = []
    for state in states:
        _solve_position.cache_clear()  # no answer kept from before
        robot_card(other)  # another table's board: the solver starts this one cold
        began = time.perf_counter()
        work(state)
        times.append(time.perf_counter() - began)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.robot", description=__doc__)
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args(argv)
    rng = random.Random(SEED)
    states = positions(rng, args.positions)
    other = replay(random_deal(rng), "N", "None", ["1NT", "P", "P", "P"])

    print(f"Double-dummy robot on {len(states):,} random positions (seed {SEED}), each solved cold")
    print(f"{'what':<40} {'positions':>9} {'median':>10} {'p90':>10} {'slowest':>10}")
    for name, work in (("robot_card", robot_card), ("declarer_can_take", declarer_can_take)):
        times = timed(work, states, other)
        first = [t for t, state in zip(times, states) if not state.tricks]
        later = [t for t, state in zip(times, states) if state.tricks]
        for label, part in ((name, times), ("  at trick one", first), ("  after trick one", later)):
            if part:
                p90 = statistics.quantiles(part, n=10, method="inclusive")[-1] if len(part) > 1 else part[0]
                print(
                    f"{label:<40} {len(part):>9} {statistics.median(part) * 1000:>7.1f} ms "
                    f"{p90 * 1000:>7.1f} ms {max(part) * 1000:>7.1f} ms"
                )
    hard = replay(HARD, "N", "None", ["4H", "P", "P", "P"])
    for name, work in (("robot_card", robot_card), ("declarer_can_take", declarer_can_take)):
        took = timed(work, [hard], other)[0]
        print(f"{f'{name}, a hard deal, opening lead':<40} {1:>9} {took * 1000:>7.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
