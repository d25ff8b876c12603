"""What scripts/loadtest.py prints: each step of its search in a line, then for the largest
number of tables held (and the step that failed) the latency per request as the club night's
people saw it, the server CPU per kind of request beside a bare request's, what a
player costs, and for pushed pages what their event streams cost."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from cpu_split import CpuSample, RequestCpu, cpu_lines

TARGET_ACTION_P99_MS = 150  # a call, card, claim or acceptance, as the player's browser sees it
TARGET_POLL_P99_MS = 100  # a seat view's or the overview's poll (decides a polled run's step)
TARGET_ACTION_RATIO = 4.0  # a call or card's server CPU, in bare requests
TARGET_IDLE_POLL_RATIO = 1.5  # a poll that finds nothing new
TARGET_DEAL_RATIO = 3.0  # Deal New Cards to every table of a club night
TARGET_UPDATE_P99_MS = 200  # an action's answer until another seat's page shows it (decides a pushed run's step)
TARGET_ACTION_WITH_UPDATES = 8.0  # an action's server CPU with the redraws it causes, in bare requests (aim)

ACTIONS = ("play_call", "play_card", "play_claim", "play_accept")
# redraw: the actor's poll right after an action; *_pushed: a poller asked on its stream's event
POLLS = ("seat_poll", "tables_poll", "redraw", "seat_pushed", "tables_pushed")

BARE = "bare request (load/ok/)"
CALL_OR_CARD = "call or card"
CLAIM = "claim or acceptance"
IDLE_POLL = "seat poll, nothing new (204)"
NEWS_POLL = "seat poll, news (200)"
IDLE_OVERVIEW = "overview poll, nothing new (204)"
NEWS_OVERVIEW = "overview poll, news (200)"
DEAL = "deal to every table"
KINDS = (BARE, CALL_OR_CARD, CLAIM, IDLE_POLL, NEWS_POLL, IDLE_OVERVIEW, NEWS_OVERVIEW, DEAL)
TARGETS = {CALL_OR_CARD: TARGET_ACTION_RATIO, IDLE_POLL: TARGET_IDLE_POLL_RATIO, DEAL: TARGET_DEAL_RATIO}


@dataclass
class StreamMemory:
    """The stream server's workers' resident memory, bytes: before the step's pages opened
    their streams, at the first sample with ``first`` of them open, and with all open."""

    before: int = 0
    first: int = 0
    at_first: int = 0
    at_all: int = 0


@dataclass
class Tally:
    """The requests as the club night's browsers saw them (from locust's request event)."""

    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # seconds, in the window
    statuses: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # every answer
    unexpected: Counter = field(default_factory=Counter)  # answered, with a status or page not expected
    dropped: Counter = field(default_factory=Counter)  # no whole answer: refused, reset, cut short
    broken: list[str] = field(default_factory=list)  # answers that show a broken table
    client_errors: list[str] = field(default_factory=list)  # exceptions in the locustfile itself
    samples: list[str] = field(default_factory=list)  # the first few failures, for the report
    elapsed: float = 0.0  # the measured window, seconds
    updates: list[float] = field(default_factory=list)  # an action's answer until another seat's page shows it
    whole: list[float] = field(default_factory=list)  # ... until the last of the other three seats shows it
    streams: int = 0  # event streams open when the window opened
    pushed_views: int = 0  # seat views the streams brought in the window (drawn by the stream server)
    stream_rss: StreamMemory = field(default_factory=StreamMemory)

    def note(self, text: str) -> None:
        if len(self.samples) < 12:
            self.samples.append(text)

    @property
    def fives(self) -> int:
        return sum(n for c in self.statuses.values() for s, n in c.items() if s >= 500)

    @property
    def errors(self) -> int:
        return sum(self.unexpected.values()) + sum(self.dropped.values())


@dataclass
class Step:
    """One step of the search: ``tables`` tables played for the window."""

    tables: int
    games: int
    tally: Tally
    requests: list[RequestCpu]  # the server's, in the window
    route: dict[str, str]  # request path -> route name
    cpu: tuple[CpuSample, CpuSample]
    load: tuple[float, float]  # the 1-minute load average when the window opened and closed
    problems: list[str]  # manage.py check_queues's
    checked: str
    pushed: bool = False  # the pages kept event streams open (else they polled)

    @property
    def players(self) -> int:
        return 4 * self.tables

    def p99(self, names: tuple[str, ...]) -> float:
        return pct([x for name in names for x in self.tally.latency.get(name, [])], 99)

    @property
    def update_p99(self) -> float:
        return pct(self.tally.updates, 99)

    @property
    def stream_cpu(self) -> float:
        """The stream server's workers' CPU seconds over the window (from /proc: the
        process times of the workers, their threads included), 0 for polled pages."""
        return self.cpu[1].streams - self.cpu[0].streams

    @property
    def stream_memory(self) -> float:
        """The stream server's workers' resident memory per open stream, bytes: its growth
        from the first of the step's streams open (the one-off costs, the LISTEN connection
        among them, already paid) to all of them, over the streams opened in between."""
        rss = self.tally.stream_rss
        opened = self.tally.streams - rss.first
        return (rss.at_all - rss.at_first) / opened if opened > 0 else math.nan

    def action_with_updates(self) -> float:
        """The server CPU of an action with the redraws it causes (the seat views and the
        overviews that answer with news), per call, card, claim or acceptance, in bare
        requests: what one action costs the server, the pages that show it included. For
        pushed pages the stream server's CPU over the window (its events, heartbeats and
        LISTEN connection: it logs no request's CPU, a stream being one long request) is
        added whole, as a cost of the actions it tells the pages about."""
        kinds = self.cpu_by_kind()
        actions = len(kinds.get(CALL_OR_CARD, [])) + len(kinds.get(CLAIM, []))
        bare = mean(kinds.get(BARE, []))
        spent = sum(sum(kinds.get(kind, [])) for kind in (CALL_OR_CARD, CLAIM, NEWS_POLL, NEWS_OVERVIEW))
        spent += self.stream_cpu
        return spent / actions / bare if actions and bare > 0 else math.nan

    @property
    def violations(self) -> int:
        return len(self.problems) + len(self.tally.broken)

    @property
    def held(self) -> bool:
        """Latency targets met (an action's p99, and an update's for pushed pages or a
        poll's for polled ones), no error, no violation (the CPU ratios are reported apart)."""
        if self.pushed:
            news = self.update_p99 < TARGET_UPDATE_P99_MS
        else:
            news = self.p99(POLLS) < TARGET_POLL_P99_MS
        return (
            self.tally.errors == 0
            and self.tally.fives == 0
            and self.violations == 0
            and not self.tally.client_errors
            and self.p99(ACTIONS) < TARGET_ACTION_P99_MS
            and news
        )

    @property
    def sound(self) -> bool:
        """No 5xx, no other error, no violation, no exception in the load client."""
        return (
            self.tally.fives == 0 and self.tally.errors == 0 and self.violations == 0 and not self.tally.client_errors
        )

    def cpu_by_kind(self) -> dict[str, list[float]]:
        return cpu_by_kind(self.requests, self.route)

    def ratios(self) -> dict[str, float]:
        """Mean server CPU of each kind of request, in bare requests."""
        kinds = self.cpu_by_kind()
        bare = mean(kinds.get(BARE, []))
        return {kind: mean(values) / bare for kind, values in kinds.items() if values and bare > 0}


def kind_of(route: str, status: int) -> str:
    if route == "load_ok":
        return BARE
    if route in ("play_call", "play_card"):
        return CALL_OR_CARD
    if route in ("play_claim", "play_accept"):
        return CLAIM
    if route == "seat_poll":
        return IDLE_POLL if status == 204 else NEWS_POLL
    if route == "club_tables":
        return IDLE_OVERVIEW if status == 204 else NEWS_OVERVIEW
    if route == "deal":
        return DEAL
    return route


def cpu_by_kind(requests: list[RequestCpu], route: dict[str, str]) -> dict[str, list[float]]:
    kinds: dict[str, list[float]] = defaultdict(list)
    for request in requests:
        kinds[kind_of(route.get(urlsplit(request.path).path, "?"), request.status)].append(request.cpu)
    return kinds


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))] * 1000


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


# --- printing --------------------------------------------------------------------------------


def step_line(step: Step) -> str:
    ratios = step.ratios()
    deals = len(step.cpu_by_kind().get(DEAL, []))
    t = step.tally
    return (
        f"{step.tables:>4} tables ({step.players} players, {step.games} club night{'s' * (step.games != 1)}): "
        f"action p99 {step.p99(ACTIONS):.0f} ms, update p99 {step.update_p99:.0f} ms, "
        f"poll p99 {step.p99(POLLS):.0f} ms, "
        f"{t.errors} errors ({t.fives} 5xx), {step.violations} violations; "
        f"CPU in bare requests: call/card {ratios.get(CALL_OR_CARD, math.nan):.1f}, "
        f"idle poll {ratios.get(IDLE_POLL, math.nan):.2f}, deal {ratios.get(DEAL, math.nan):.1f} ({deals} deals); "
        f"load average {step.load[0]:.1f} -> {step.load[1]:.1f}: {'held' if step.held else 'NOT HELD'}"
    )


def report(step: Step, setup: str) -> None:
    """The step in full: latency per request, server CPU per kind, targets, CPU per player."""
    t, elapsed = step.tally, step.tally.elapsed
    print()
    print(f"Club night of {step.tables} tables: {setup}")
    print(
        f"{elapsed:.1f} s measured; load average {step.load[0]:.2f} when the window opened, {step.load[1]:.2f} "
        f"when it closed; latency in ms as the browsers saw it"
    )
    head = f"{'request':<15}{'count':>7}{'per s':>8}{'p50':>8}{'p95':>8}{'p99':>8}{'max':>8}{'errors':>8}{'5xx':>6}"
    print(head)
    print("-" * len(head))
    names = [n for n in ("load_ok", *ACTIONS, *POLLS, "deal", "events") if n in t.latency] + sorted(
        set(t.latency) - {"load_ok", *ACTIONS, *POLLS, "deal", "events"}
    )
    for name in names:
        v = t.latency[name]
        five = sum(n for s, n in t.statuses[name].items() if s >= 500)
        print(
            f"{name:<15}{len(v):>7}{len(v) / elapsed:>8.1f}{pct(v, 50):>8.1f}{pct(v, 95):>8.1f}{pct(v, 99):>8.1f}"
            f"{max(v) * 1000:>8.1f}{t.unexpected[name] + t.dropped[name]:>8}{five:>6}"
        )
    print()
    kinds, ratios = step.cpu_by_kind(), step.ratios()
    print("Server CPU per request (a gunicorn worker's CPU time for it), in bare requests")
    head = f"{'kind':<34}{'count':>7}{'mean ms':>9}{'p50 ms':>8}{'p99 ms':>8}{'ratio':>7}   target"
    print(head)
    print("-" * (len(head) + 12))
    for kind in [k for k in KINDS if k in kinds] + sorted(set(kinds) - set(KINDS)):
        values = kinds[kind]
        target = TARGETS.get(kind)
        verdict = ""
        if target is not None:
            verdict = f"<= {target:g}x  {'ok' if ratios.get(kind, math.inf) <= target else 'MISSED'}"
        print(
            f"{kind:<34}{len(values):>7}{mean(values) * 1000:>9.2f}{pct(values, 50):>8.2f}{pct(values, 99):>8.2f}"
            f"{ratios.get(kind, math.nan):>6.2f}x   {verdict}"
        )
    print()
    print("Targets")

    def line(name: str, value: str, target: str, ok: bool | None) -> None:
        """A target's line; ``ok`` None: not measured (no such request in the window)."""
        verdict = "not measured" if ok is None else "ok" if ok else "MISSED"
        print(f"  {name:<30}{value:>12}   target {target:<10} {verdict}")

    action, poll = step.p99(ACTIONS), step.p99(POLLS)
    dropped = sum(t.dropped.values())
    line("5xx answers", str(t.fives), "0", t.fives == 0)
    line("dropped connections", str(dropped), "0", dropped == 0)
    line("other errors", str(t.errors - dropped), "0", t.errors == dropped)
    line("invariant violations", str(step.violations), "0", step.violations == 0)
    update, whole = step.update_p99, step.action_with_updates()
    line("action p99", f"{action:.1f} ms", f"< {TARGET_ACTION_P99_MS} ms", action < TARGET_ACTION_P99_MS)
    # Pushed pages: the update p99 decides the step and the poll p99 is an aim; polled pages, the other way round.
    news = [
        ("update p99", f"{update:.1f} ms", f"< {TARGET_UPDATE_P99_MS} ms", update < TARGET_UPDATE_P99_MS),
        ("poll p99", f"{poll:.1f} ms", f"< {TARGET_POLL_P99_MS} ms", poll < TARGET_POLL_P99_MS),
    ]
    if not step.pushed:
        news.reverse()
    line(*news[0])
    for kind, target in TARGETS.items():
        ratio = ratios.get(kind, math.nan)
        name = f"CPU of a {kind.split(' (')[0]}"
        if math.isnan(ratio):  # pushed pages ask only when told something moved
            line(name, "none", f"<= {target:g}x", None)
        else:
            line(name, f"{ratio:.2f}x", f"<= {target:g}x", ratio <= target)
    line(f"{news[1][0]} (aim)", *news[1][1:])
    aim = f"<= {TARGET_ACTION_WITH_UPDATES:g}x"
    line("action with its updates (aim)", f"{whole:.2f}x", aim, whole <= TARGET_ACTION_WITH_UPDATES)
    if not step.pushed:
        seen = ratios.get(CALL_OR_CARD, math.nan) + ratios.get(NEWS_POLL, math.nan)
        print(f"  a call or card with the poll that redraws the actor's page: {seen:.2f}x (a news poll's and a call's)")
    if step.pushed:
        pushed = len(t.latency.get("seat_pushed", [])) + len(t.latency.get("tables_pushed", []))
        print(
            f"  event streams: {t.streams} open, {step.stream_memory / 1024:.0f} KiB each on the stream server; "
            f"its workers took {step.stream_cpu:.2f} CPU-s ({stream_share(step)}); "
            f"{pushed} asks on their events, {t.pushed_views} seat views drawn by it"
        )
    print(f"  manage.py check_queues: {step.checked}")
    print(f"  {player_line(step)}")
    for text in cpu_lines(*step.cpu, requests=len(step.requests), load_before=step.load[0]):
        print(f"  {text}")
    for sample in t.samples:
        print(f"  failure: {sample}")
    for error in t.client_errors:
        print(f"  LOAD CLIENT ERROR: {error}")
    for problem in (t.broken + step.problems)[:30]:
        print(f"  INVARIANT: {problem}")


def update_lines(step: Step) -> list[str]:
    """What a player feels, as ``make loadtest`` states it (docs/performance.md), and for
    pushed pages what an open stream costs the stream server."""
    t = step.tally
    lines = [
        f"update latency p99: {step.update_p99:.0f} ms",
        f"action with its updates: {step.action_with_updates():.2f}x",
        f"  ({len(t.updates)} pages showed another seat's action, p50 {pct(t.updates, 50):.0f} ms; "
        f"{len(t.whole)} actions reached all three other seats, p50 {pct(t.whole, 50):.0f} ms, "
        f"p99 {pct(t.whole, 99):.0f} ms; update p99 < {TARGET_UPDATE_P99_MS} ms "
        f"{'decides a step' if step.pushed else 'is an aim'}, action with its updates "
        f"<= {TARGET_ACTION_WITH_UPDATES:g}x an aim; {stream_share(step)})",
    ]
    if step.pushed:
        rss, mib = t.stream_rss, 2**20
        lines += [
            f"memory per open connection: {step.stream_memory / 1024:.0f} KiB",
            f"event streams open: {t.streams}",
            f"  (the stream server's workers' RSS: {rss.before / mib:.1f} MiB before the pages opened their "
            f"streams, {rss.at_first / mib:.1f} MiB with {rss.first} open, {rss.at_all / mib:.1f} MiB with all)",
        ]
    return lines


def stream_share(step: Step) -> str:
    """The stream server's CPU in the actions' cost, in words."""
    if not step.pushed:
        return "polled pages: no stream server"
    actions = len(step.cpu_by_kind().get(CALL_OR_CARD, [])) + len(step.cpu_by_kind().get(CLAIM, []))
    per_action = step.stream_cpu / actions * 1000 if actions else math.nan
    return f"the stream server's {per_action:.2f} ms of CPU per action counted in"


def player_line(step: Step) -> str:
    """The server CPU (gunicorn's workers, the stream server's for pushed pages, and
    PostgreSQL) a player costs, less the probe's bare requests: what an operator sizes a
    server by."""
    before, after = step.cpu
    server = (after.workers - before.workers) + (after.database - before.database) + step.stream_cpu
    server -= sum(step.cpu_by_kind().get(BARE, []))
    minutes = step.tally.elapsed / 60
    per_player = server / step.players / minutes if minutes and step.players else math.nan
    per_core = 60 / per_player if per_player > 0 else math.nan
    servers = "gunicorn's workers, the stream server's" if step.pushed else "gunicorn's workers"
    return (
        f"a player costs {per_player:.2f} server CPU-s per minute ({servers} and PostgreSQL, "
        f"the teacher's share included): about {per_core:.0f} players per core at full load"
    )


def speed_line(before: float, after: float) -> str:
    """The machine's speed around the search: it wanders by a quarter and more within
    minutes, and the figures with it."""
    return (
        f"machine speed: bench.machine_speed took {before:.1f} ms before the search and {after:.1f} ms after "
        f"(two at once; lower is faster): compare runs made at like speeds"
    )
