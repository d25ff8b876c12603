"""What scripts/loadtest.py prints: per-endpoint latency (the client's and the server's own,
from gunicorn's access log), the figures beside their targets, the steady state after the
last sign-in."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from cpu_split import CpuSample, cpu_lines

TARGET_DEAL_P99_MS = 150
TARGET_DEALS_PER_S = 200
ORDER = [
    "signup",
    "login",
    "new_game",
    "game",
    "upload",
    "upload_preview",
    "upload_add",
    "deal",
    "export",
    "play_call",
    "play_card",
    "export_dealt",
]


@dataclass
class Tally:
    """The requests as the hosts saw them (from locust's request event)."""

    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # seconds, answered
    statuses: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    unexpected: Counter = field(default_factory=Counter)  # answered, with a status the host did not expect
    dropped: Counter = field(default_factory=Counter)  # no whole answer: refused, reset, cut short
    broken: list[str] = field(default_factory=list)  # answers that show a broken queue
    client_errors: list[str] = field(default_factory=list)  # exceptions in the locustfile itself
    samples: list[str] = field(default_factory=list)  # the first few failures, for the report
    deal_ends: list[tuple[float, float, int]] = field(default_factory=list)  # (when, seconds, status)
    signed_in: list[float] = field(default_factory=list)  # when each host (or table) was signed in
    tables: int = 0  # users among them that play boards, pausing between actions
    elapsed: float = 0.0

    def note(self, text: str) -> None:
        if len(self.samples) < 12:
            self.samples.append(text)


def server_times(access_log: Path) -> dict[str, list[float]]:
    """Seconds per route name from gunicorn's access log (last field: microseconds)."""
    from django.urls import Resolver404, resolve

    times: dict[str, list[float]] = defaultdict(list)
    line_re = re.compile(r'"(?P<method>[A-Z]+) (?P<path>\S+) [^"]*" (?P<status>\d+) \S+ (?P<us>\d+)$')
    for line in access_log.read_text(errors="replace").splitlines():
        match = line_re.search(line)
        if not match:
            continue
        try:
            name = resolve(urlsplit(match["path"]).path).url_name or "?"
        except Resolver404:
            name = "?"
        times[name].append(int(match["us"]) / 1e6)
    return times


# --- the run --------------------------------------------------------------------------------


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered) + 0.5)) - 1))] * 1000


def report(
    t: Tally,
    server: dict[str, list[float]],
    problems: list[str],
    checked: str,
    setup: str,
    cpu: tuple[CpuSample, CpuSample] | None = None,
    load_before: float = 0.0,
    speed: tuple[float, float] | None = None,
) -> bool:
    """Print the figures and the targets; whether the run passed."""
    elapsed = t.elapsed
    labels = [x for x in ORDER if x in t.latency] + sorted(set(t.latency) - set(ORDER))
    total = sum(len(v) for v in t.latency.values())
    five = sum(n for c in t.statuses.values() for s, n in c.items() if s >= 500)
    dropped, unexpected = sum(t.dropped.values()), sum(t.unexpected.values())
    violations = len(problems) + len(t.broken)
    deals = t.statuses["deal"][200]
    deal_p99 = pct(t.latency["deal"], 99)
    print()
    print(f"Load test: {setup}")
    print(
        f"{elapsed:.1f} s, {total} requests, {total / elapsed:.0f} requests/s; "
        f"latency in ms as the client saw it (server's own p50/p99 from gunicorn's log)"
    )
    head = (
        f"{'endpoint':<15}{'requests':>9}{'req/s':>8}{'p50':>8}{'p95':>8}{'p99':>8}{'max':>8}"
        f"{'srv p50':>9}{'srv p99':>9}{'errors':>8}{'5xx':>6}"
    )
    print(head)
    print("-" * len(head))
    for label in labels:
        v, s = t.latency[label], server.get(label, [])
        five_here = sum(n for st, n in t.statuses[label].items() if st >= 500)
        print(
            f"{label:<15}{len(v):>9}{len(v) / elapsed:>8.1f}{pct(v, 50):>8.1f}{pct(v, 95):>8.1f}{pct(v, 99):>8.1f}"
            f"{max(v) * 1000:>8.1f}{pct(s, 50):>9.1f}{pct(s, 99):>9.1f}"
            f"{t.unexpected[label] + t.dropped[label]:>8}{five_here:>6}"
        )
    every = [x for v in t.latency.values() for x in v]
    print(
        f"{'all':<15}{total:>9}{total / elapsed:>8.1f}{pct(every, 50):>8.1f}{pct(every, 95):>8.1f}"
        f"{pct(every, 99):>8.1f}{max(every, default=0) * 1000:>8.1f}{'':>9}{'':>9}{unexpected + dropped:>8}{five:>6}"
    )
    print()

    def line(name: str, value: str, target: str, ok: bool) -> None:
        print(f"  {name:<28}{value:>14}   target {target:<10} {'ok' if ok else 'MISSED'}")

    print("Targets")
    line("5xx answers", str(five), "0", five == 0)
    line("dropped connections", str(dropped), "0", dropped == 0)
    line("invariant violations", str(violations), "0", violations == 0)
    line("deal p99 (client)", f"{deal_p99:.1f} ms", f"< {TARGET_DEAL_P99_MS} ms", deal_p99 < TARGET_DEAL_P99_MS)
    line(
        "deals per second", f"{deals / elapsed:.1f}", f">= {TARGET_DEALS_PER_S}", deals / elapsed >= TARGET_DEALS_PER_S
    )
    steady_state(t)
    tables_line(t, server)
    hosts = len(t.signed_in) - t.tables  # the tables pause between actions: not part of the closed loop
    if total and hosts > 0:  # a closed loop: each host waits for its answer before the next request
        print(
            f"  {hosts} hosts without pauses{f' (and {t.tables} tables that pause)' if t.tables else ''}: "
            f"mean latency = hosts / throughput = "
            f"{hosts / (total / elapsed) * 1000:.0f} ms "
            f"at {total / elapsed:.0f} requests/s (Little's law), so deal p99 < {TARGET_DEAL_P99_MS} ms needs "
            f"well over {hosts * 1000 / TARGET_DEAL_P99_MS:.0f} requests/s"
        )
    print(f"  other unexpected answers (4xx): {unexpected - five}; manage.py check_queues: {checked}")
    if cpu:
        for text in cpu_lines(*cpu, requests=total, load_before=load_before):
            print(f"  {text}")
    if speed:
        print(f"  {speed_line(*speed)}")
    for sample in t.samples:
        print(f"  failure: {sample}")
    for error in t.client_errors:
        print(f"  LOAD CLIENT ERROR: {error}")
    for problem in (t.broken + problems)[:30]:
        print(f"  INVARIANT: {problem}")
    if violations > 30:
        print(f"  ... and {violations - 30} more")
    return five == 0 and dropped == 0 and violations == 0 and not t.client_errors


def speed_line(before: float, after: float) -> str:
    """The machine's speed around the run: it wanders by a quarter and more within minutes,
    and the load's figures with it (docs/performance.md shows runs beside their speeds)."""
    return (
        f"machine speed: bench.machine_speed took {before:.1f} ms before the run and {after:.1f} ms after "
        f"(two at once; lower is faster): compare runs made at like speeds"
    )


def tables_line(t: Tally, server: dict[str, list[float]]) -> None:
    """The tables' calls and cards (information: the tables pause between actions, so
    their rate is theirs to choose; bench.play times an action alone)."""
    calls, cards = t.latency.get("play_call", []), t.latency.get("play_card", [])
    if not calls and not cards:
        return
    both = calls + cards
    mine = server.get("play_call", []) + server.get("play_card", [])
    print(
        f"  tables: {len(calls)} calls and {len(cards)} cards, {len(both) / t.elapsed:.1f} actions/s; "
        f"call or card p50 {pct(both, 50):.1f} ms, p99 {pct(both, 99):.1f} ms as the client saw it, "
        f"server p50 {pct(mine, 50):.1f} ms (information, not the targets)"
    )


def steady_state(t: Tally) -> None:
    """The deal figures again, counting only what ended after the last host signed in: each
    sign-in hashes a password (about a third of a second of CPU), so the first seconds are
    slower for everyone. Shown for information; the targets are the lines above."""
    if len(t.signed_in) < 2 or not t.deal_ends:
        return
    since = max(t.signed_in)
    later = [(when, seconds) for when, seconds, status in t.deal_ends if when - seconds >= since and status == 200]
    span = max(when for when, _, _ in t.deal_ends) - since
    if later and span > 0:
        print(
            f"  after the last sign-in ({span:.0f} s): {len(later) / span:.1f} deals/s, "
            f"deal p99 {pct([s for _, s in later], 99):.1f} ms (information, not the targets)"
        )
