#!/usr/bin/env python
"""Can one user stall the site through the solver and the PDF? ``make loadtest-stall``

    .venv/bin/python scripts/loadtest_stall.py [--seconds 60] [--pdf 4] [--analysis 8]

Serves the app as production does: gunicorn (scripts/gunicorn.conf.py, 4 sync workers),
the production settings, a throwaway PostgreSQL and three task workers (``run_worker``, one
for each queue: "interactive", "robot" and "bulk"), all on 127.0.0.1. Then, with locust:

- one signed-up user keeps ``--pdf`` requests for ``queue.pdf`` in flight on a queue of
  2,000 random deals (each a range of 500 boards) and ``--analysis`` requests for the
  analysis of boards nobody solved yet, each user as fast as answers come;
- another user opens their home page and their game page, one request every 0.1 s.

It prints each kind of request's count, statuses and latency, and the other user's p99
against its target (300 ms), and exits non-zero on a 5xx, a dropped connection or a
missed target.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "scripts"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from loadtest import free_port, machine_speed, start_postgres, stop_postgres, wait_until_serving  # noqa: E402

TARGET_P99_MS = 300
QUEUED = 2_000
DEALT = 400


def seed_database() -> dict[str, object]:
    """The attacker (a queue of 2,000 random deals, 400 of them dealt and none solved) and
    the other user (a small game); a logged-in session cookie for each."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model

    from games.bridge.cards import random_deal
    from games.formats.model import Deck
    from games.models import Game

    rng = random.Random(20261127)
    users = {}
    for name in ("attacker", "bystander"):
        user = get_user_model().objects.create_user(f"stall-{name}", password=secrets.token_urlsafe(12))
        game = Game.objects.create(host=user, name=f"{name}'s game", allow_upload=True)
        count = QUEUED if name == "attacker" else 20
        decks = [Deck(deal=random_deal(rng), index=i, line=1, board=str(i + 1)) for i in range(count)]
        game.add_decks(decks, source_name="random.pbn", source_format="pbn")
        for _ in range(DEALT if name == "attacker" else 1):
            game.deal_next()
        store = import_module(settings.SESSION_ENGINE).SessionStore()
        store[SESSION_KEY], store[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        users[name] = {"game": game.pk, "cookie": f"{settings.SESSION_COOKIE_NAME}={store.session_key}"}
    return users


def drive(port: int, users: dict, seconds: float, pdfs: int, analyses: int) -> tuple[dict, dict]:
    """Run the locust users for ``seconds``: (latencies in s, statuses) per kind of request."""
    import gevent
    from locust import FastHttpUser, constant, task
    from locust.env import Environment

    latency: dict[str, list[float]] = defaultdict(list)
    statuses: dict[str, Counter] = defaultdict(Counter)
    headers = {"X-Forwarded-Proto": "https", "Host": "127.0.0.1"}

    class Visitor(FastHttpUser):
        abstract = True
        wait_time = constant(0)
        who = "attacker"

        def get(self, path: str, name: str, **extra) -> None:
            cookie = users[self.who]["cookie"]
            with self.client.get(
                path, name=name, headers={**headers, "Cookie": cookie, **extra}, catch_response=True
            ) as response:
                response.success()  # statuses are counted below, not judged by locust

    class PdfAttacker(Visitor):
        fixed_count = pdfs

        @task
        def pdf(self) -> None:
            start = random.randrange(1, QUEUED - 500)
            self.get(f"/games/{users['attacker']['game']}/export/queue.pdf?boards={start}-{start + 499}", "queue.pdf")

    class AnalysisAttacker(Visitor):
        fixed_count = analyses

        @task
        def analysis(self) -> None:
            board = random.randrange(1, DEALT + 1)
            path = f"/games/{users['attacker']['game']}/boards/{board}/analysis/"
            self.get(path, "analysis", **{"HX-Request": "true"})

    class Bystander(Visitor):
        fixed_count = 1
        wait_time = constant(0.1)
        who = "bystander"

        @task
        def home(self) -> None:
            self.get("/", "other user: home")

        @task
        def game(self) -> None:
            self.get(f"/games/{users['bystander']['game']}/", "other user: game")

    def on_request(name: str, response_time: float, response=None, exception=None, **_) -> None:
        if exception is not None and response is None:
            statuses[name]["dropped"] += 1
            return
        latency[name].append(response_time / 1000)
        statuses[name][response.status_code] += 1

    env = Environment(user_classes=[PdfAttacker, AnalysisAttacker, Bystander], host=f"http://127.0.0.1:{port}")
    env.events.request.add_listener(on_request)
    runner = env.create_local_runner()
    total = pdfs + analyses + 1
    runner.start(total, spawn_rate=total)
    gevent.spawn_later(seconds, runner.quit)
    runner.greenlet.join()
    return latency, statuses


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--pdf", type=int, default=4, help="PDF requests kept in flight")
    parser.add_argument("--analysis", type=int, default=8, help="analysis requests kept in flight")
    args = parser.parse_args(argv)
    os.environ.setdefault("GEVENT_RESOLVER", "block")
    import locust  # noqa: F401 - gevent patches the standard library before anything uses it

    work = Path(tempfile.mkdtemp(prefix="deckupload-stall."))
    pg_dir = Path(tempfile.mkdtemp(prefix="deckupload-stallpg."))
    url = start_postgres(pg_dir)
    processes: list[subprocess.Popen] = []
    try:
        port = free_port()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "deckupload.settings_production",
            "SECRET_KEY": secrets.token_urlsafe(48),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": url,
            "CACHE_DIR": str(work / "cache"),
            "GUNICORN_BIND": f"127.0.0.1:{port}",
        }
        env.pop("DEBUG", None)
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "SECRET_KEY", "CACHE_DIR")})
        import django

        django.setup()
        from django.db import connections

        users = seed_database()
        connections.close_all()
        log = open(work / "servers.log", "wb")  # noqa: SIM115 - open for the servers' lifetime
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        processes.append(
            subprocess.Popen([gunicorn, "-c", "scripts/gunicorn.conf.py"], cwd=ROOT, env=env, stdout=log, stderr=log)
        )
        for queue in ("interactive", "robot", "bulk"):
            level = "15" if queue == "bulk" else "5"
            worker = ["nice", "-n", level, sys.executable, "manage.py", "run_worker", "--queue-name", queue]
            processes.append(subprocess.Popen(worker, cwd=ROOT, env=env, stdout=log, stderr=log))
        wait_until_serving(port)
        speed_before = machine_speed()
        print(
            f"One user keeps {args.pdf} PDF and {args.analysis} analysis requests in flight; another browses; "
            f"{args.seconds:.0f} s (gunicorn 4 sync workers, 3 task workers, PostgreSQL, {os.cpu_count()} CPUs)",
            flush=True,
        )
        began = time.monotonic()
        latency, statuses = drive(port, users, args.seconds, args.pdf, args.analysis)
        elapsed = time.monotonic() - began
        speed_after = machine_speed()
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        stop_postgres(pg_dir)

    print(f"{'request':<20} {'count':>6} {'median':>9} {'p99':>9} {'max':>9}  statuses")
    for name in sorted(statuses):
        times = latency[name]
        median = statistics.median(times) * 1000 if times else 0
        shown = ", ".join(f"{status}: {n}" for status, n in sorted(statuses[name].items(), key=str))
        print(
            f"{name:<20} {sum(statuses[name].values()):>6} {median:>6.1f} ms {p(times, 0.99) * 1000:>6.1f} ms "
            f"{max(times, default=0) * 1000:>6.1f} ms  {shown}"
        )
    other = latency["other user: home"] + latency["other user: game"]
    other_p99 = p(other, 0.99) * 1000
    errors = sum(
        n
        for counts in statuses.values()
        for status, n in counts.items()
        if status == "dropped" or (isinstance(status, int) and status >= 500)
    )
    speeds = f"{speed_before:.1f} ms before, {speed_after:.1f} ms after"
    print(f"Run: {elapsed:.1f} s. Machine speed (bench.machine_speed): {speeds}")
    print(f"The other user's p99: {other_p99:.1f} ms (target < {TARGET_P99_MS} ms); 5xx and dropped: {errors}")
    return 0 if other and other_p99 < TARGET_P99_MS and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
