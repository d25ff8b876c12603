#!/usr/bin/env python
"""Load test: locust's simulated hosts (scripts/locustfile.py) against gunicorn and a
throwaway PostgreSQL, all on 127.0.0.1.

    make loadtest                                                   # 32 hosts for 60 s
    .venv/bin/python scripts/loadtest.py --seconds 15 --hosts 8     # a smoke run

It starts PostgreSQL (scripts/pg_throwaway.sh), migrates, makes the accounts the even hosts
log in to, and serves the app with gunicorn (scripts/gunicorn.conf.py) under the production
settings, behind one TLS proxy as far as the app can tell (the locustfile says what the
hosts send and do). Locust runs headless in this process, one user per host, no pauses,
for --seconds; its FastHttpUser (gevent) is light, but it shares the CPUs with the server
it measures, so the CPU split below says what the client took.

It prints requests/s and latency per endpoint (as the client saw it, and the server's own
time from gunicorn's access log), the figures beside their targets and where the CPU time
went, then checks the queues' invariants in the database (``manage.py check_queues``). It
exits non-zero on a 5xx, a dropped connection, a violated invariant or an exception in the
load client; missed speed targets are reported but do not fail the run.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "scripts"):  # the app; cpu_split and locustfile beside this file
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from cpu_split import CpuSample, cpu_lines, cpu_sample, postmaster_pid  # noqa: E402

TARGET_DEAL_P99_MS = 150
TARGET_DEALS_PER_S = 200
ORDER = ["signup", "login", "new_game", "game", "upload", "upload_preview", "upload_add", "deal", "export"]


# --- servers ------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_postgres(folder: Path) -> str:
    """Start scripts/pg_throwaway.sh's cluster in ``folder``; its DATABASE_URL."""
    result = subprocess.run(
        [str(ROOT / "scripts" / "pg_throwaway.sh"), "start", str(folder), str(free_port())],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        sys.exit(f"PostgreSQL did not start: {result.stderr.strip()}")
    return result.stdout.strip()


def stop_postgres(folder: Path) -> None:
    subprocess.run([str(ROOT / "scripts" / "pg_throwaway.sh"), "stop", str(folder)], check=False)


def wait_until_serving(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/login/", headers={"Host": f"127.0.0.1:{port}", "X-Forwarded-Proto": "https"})
            if conn.getresponse().status == 200:
                conn.close()
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit("gunicorn did not answer within 30 s")


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
    signed_in: list[float] = field(default_factory=list)  # when each host was signed in
    elapsed: float = 0.0

    def note(self, text: str) -> None:
        if len(self.samples) < 12:
            self.samples.append(text)


def drive(port: int, plan, seconds: float, hosts: int) -> Tally:
    """Run the hosts of scripts/locustfile.py with locust, in this process, for ``seconds``."""
    import gevent
    import locustfile
    from locust.env import Environment
    from locust.exception import CatchResponseError

    locustfile.Host.plan = plan
    tally = Tally(signed_in=plan.signed_in)

    def on_request(name: str, response_time: float, response=None, exception=None, **_) -> None:
        if exception is not None and not isinstance(exception, (CatchResponseError, locustfile.QueueBroken)):
            tally.dropped[name] += 1
            tally.note(f"{name}: {type(exception).__name__}: {exception}")
            return
        seconds, status = response_time / 1000, response.status_code
        tally.latency[name].append(seconds)
        tally.statuses[name][status] += 1
        if name == "deal":
            tally.deal_ends.append((time.monotonic(), seconds, status))
        if isinstance(exception, locustfile.QueueBroken):
            tally.broken.append(f"{name}: {exception}")
        elif exception is not None:
            tally.unexpected[name] += 1
            tally.note(f"{name}: {exception}")

    env = Environment(user_classes=[locustfile.Host], host=f"http://127.0.0.1:{port}")
    env.events.request.add_listener(on_request)
    runner = env.create_local_runner()
    start = time.monotonic()
    runner.start(hosts, spawn_rate=hosts)
    gevent.spawn_later(seconds, runner.quit)
    runner.greenlet.join()
    tally.elapsed = time.monotonic() - start
    tally.client_errors = [f"{e['count']} x {e['msg']}\n{e['traceback']}" for e in runner.exceptions.values()]
    return tally


# --- the report -----------------------------------------------------------------------------


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
    hosts = len(t.signed_in)
    if total and hosts:  # a closed loop: each host waits for its answer before the next request
        print(
            f"  {hosts} hosts without pauses: mean latency = hosts / throughput = "
            f"{hosts / (total / elapsed) * 1000:.0f} ms "
            f"at {total / elapsed:.0f} requests/s (Little's law), so deal p99 < {TARGET_DEAL_P99_MS} ms needs "
            f"well over {hosts * 1000 / TARGET_DEAL_P99_MS:.0f} requests/s"
        )
    print(f"  other unexpected answers (4xx): {unexpected - five}; manage.py check_queues: {checked}")
    if cpu:
        for text in cpu_lines(*cpu, requests=total, load_before=load_before):
            print(f"  {text}")
    for sample in t.samples:
        print(f"  failure: {sample}")
    for error in t.client_errors:
        print(f"  LOAD CLIENT ERROR: {error}")
    for problem in (t.broken + problems)[:30]:
        print(f"  INVARIANT: {problem}")
    if violations > 30:
        print(f"  ... and {violations - 30} more")
    return five == 0 and dropped == 0 and violations == 0 and not t.client_errors


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


def check_queues(env: dict[str, str]) -> tuple[list[str], str]:
    """manage.py check_queues on the load test's database: (problems, its summary line)."""
    done = subprocess.run(
        [sys.executable, "manage.py", "check_queues"], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    out = done.stdout.splitlines()
    if done.returncode == 0:
        return [], out[-1] if out else "ok"
    summary = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
    return out or summary, summary[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--hosts", type=int, default=32)
    parser.add_argument("--boards", type=int, default=200, help="boards per uploaded file")
    parser.add_argument("--deals", type=int, default=50, help="deals per game")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("GUNICORN_WORKERS", "4")))
    parser.add_argument(
        "--worker-class", default=os.environ.get("GUNICORN_WORKER_CLASS", "sync"), choices=["sync", "gthread"]
    )
    parser.add_argument(
        "--threads", type=int, default=int(os.environ.get("GUNICORN_THREADS", "4")), help="threads per gthread worker"
    )
    parser.add_argument("--conn-max-age", type=int, default=int(os.environ.get("CONN_MAX_AGE", "60")))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--lockstep",
        action="store_true",
        help="every host's first round whole: hosts in step all run (see Plan.first_deals)",
    )
    args = parser.parse_args(argv)
    # First: importing locust has gevent patch the standard library, before anything uses it.
    from locustfile import PASSWORD, Plan

    work = Path(tempfile.mkdtemp(prefix="deckupload-load."))
    pg_dir = Path(tempfile.mkdtemp(prefix="deckupload-loadpg."))
    url = start_postgres(pg_dir)
    gunicorn = None
    try:
        port = free_port()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "deckupload.settings_production",
            "SECRET_KEY": secrets.token_urlsafe(48),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": url,
            "CONN_MAX_AGE": str(args.conn_max_age),
            "CACHE_DIR": str(work / "cache"),
            "TRUSTED_PROXY_COUNT": "1",  # the hosts' X-Forwarded-For, as one TLS proxy would append it
            "GUNICORN_BIND": f"127.0.0.1:{port}",
            "GUNICORN_WORKERS": str(args.workers),
            "GUNICORN_WORKER_CLASS": args.worker_class,
            "GUNICORN_THREADS": str(args.threads),
            "GUNICORN_ACCESSLOG": str(work / "access.log"),
        }
        env.pop("DEBUG", None)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)

        # The accounts the even hosts log in to, made here (one slow hash for all of them).
        os.environ.update(
            {
                k: env[k]
                for k in (
                    "DATABASE_URL",
                    "DJANGO_SETTINGS_MODULE",
                    "SECRET_KEY",
                    "ALLOWED_HOSTS",
                    "CACHE_DIR",
                    "TRUSTED_PROXY_COUNT",
                )
            }
        )
        import django

        django.setup()
        from django.contrib.auth import get_user_model
        from django.contrib.auth.hashers import make_password
        from django.db import connections

        from games.formats import read_decks
        from games.formats.bench_data import plain_pbn

        plan = Plan(files=[], deals=args.deals, hosts=args.hosts, premade=True, lockstep=args.lockstep)
        User = get_user_model()
        hashed = make_password(PASSWORD)
        User.objects.bulk_create(
            User(username=f"load-{plan.run}-{n}", password=hashed) for n in range(0, args.hosts, 2)
        )
        connections.close_all()

        # The files, made beforehand; the reader must find every deal of each.
        for n in range(max(8, args.hosts)):
            data = plain_pbn(args.boards, seed=args.seed * 1000 + n)
            read = read_decks(data, "load.pbn")
            assert len(read.decks) == args.boards and not read.problems, read.problems[:3]
            plan.files.append((data, [d.deal for d in read.decks]))

        with open(work / "gunicorn.log", "wb") as log:
            gunicorn = subprocess.Popen(
                [str(Path(sys.executable).parent / "gunicorn"), "-c", str(ROOT / "scripts" / "gunicorn.conf.py")],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        wait_until_serving(port)
        (work / "access.log").write_text("")  # the warm-up request is not part of the figures

        print(
            f"Driving 127.0.0.1:{port} with {args.hosts} locust users (hosts) for {args.seconds:.0f} s ...", flush=True
        )
        load_before = os.getloadavg()[0]
        cpu_before = cpu_sample(gunicorn.pid, postmaster_pid(pg_dir))
        tally = drive(port, plan, args.seconds, args.hosts)
        cpu_after = cpu_sample(gunicorn.pid, postmaster_pid(pg_dir))
        gunicorn.terminate()
        gunicorn.wait(timeout=30)
        gunicorn = None

        problems, checked = check_queues(env)
        setup = (
            f"{args.hosts} hosts (locust), gunicorn {args.workers} x {args.worker_class}"
            f"{f' ({args.threads} threads)' if args.worker_class == 'gthread' else ''}, "
            f"CONN_MAX_AGE={args.conn_max_age}, PostgreSQL on 127.0.0.1, {os.cpu_count()} CPUs, "
            f"{'hosts in lockstep' if args.lockstep else 'first rounds cut short to spread the hosts'}"
        )
        ok = report(
            tally, server_times(work / "access.log"), problems, checked, setup, (cpu_before, cpu_after), load_before
        )
        if not ok:
            log_lines = (work / "gunicorn.log").read_text(errors="replace").splitlines()
            print("\nLast lines of gunicorn's log:")
            print("\n".join(log_lines[-60:]))
        return 0 if ok else 1
    finally:
        if gunicorn is not None:
            gunicorn.terminate()
            try:
                gunicorn.wait(timeout=30)
            except subprocess.TimeoutExpired:
                gunicorn.kill()
        stop_postgres(pg_dir)
        subprocess.run(["rm", "-rf", str(work)], check=False)


if __name__ == "__main__":
    sys.exit(main())
