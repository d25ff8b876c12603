#!/usr/bin/env python
"""Load test: locust's simulated hosts (scripts/locustfile.py) against gunicorn and a
throwaway PostgreSQL, all on 127.0.0.1.

    make loadtest                                                   # 32 hosts and 8 tables for 60 s
    .venv/bin/python scripts/loadtest.py --seconds 15 --hosts 8     # a smoke run
    .venv/bin/python scripts/loadtest.py --tables 0                 # the hosts alone

It starts PostgreSQL (scripts/pg_throwaway.sh), migrates, makes the accounts the even
hosts and the tables log in to, and serves the app with gunicorn (scripts/gunicorn.conf.py)
under the production settings, behind one TLS proxy as far as the app can tell (the
locustfile says what the hosts and tables send and do). Locust runs headless in this
process, one user per host (no pauses) and per table (--table-pause between actions), for
--seconds; its FastHttpUser (gevent) is light, but it shares the CPUs with the server
it measures, so the CPU split below says what the client took.

It prints requests/s and latency per endpoint (as the client saw it, and the server's own
time from gunicorn's access log), the figures beside their targets, where the CPU time
went and how fast the machine was (bench.machine_speed, before and after the load), then
checks the queues' and the played boards' invariants in the database
(``manage.py check_queues``). It exits non-zero on a 5xx, a dropped connection, a violated
invariant or an exception in the load client; missed speed targets are reported but do not
fail the run.
"""

from __future__ import annotations

import argparse
import http.client
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "scripts"):  # the app; cpu_split and locustfile beside this file
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from cpu_split import cpu_sample, postmaster_pid  # noqa: E402
from loadtest_report import Tally, report, server_times  # noqa: E402

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


def machine_speed() -> float:
    """bench.machine_speed in two processes at once (one per CPU): their mean, in ms."""
    runs = [
        subprocess.Popen([sys.executable, "-m", "bench.machine_speed"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    return sum(float(run.communicate()[0]) for run in runs) / len(runs)


def drive(port: int, plan, seconds: float, hosts: int) -> Tally:
    """Run the hosts and tables of scripts/locustfile.py with locust, in this process, for
    ``seconds``."""
    import gevent
    import locustfile
    from locust.env import Environment
    from locust.exception import CatchResponseError

    locustfile.Browser.plan = plan
    tally = Tally(signed_in=plan.signed_in, tables=plan.tables)

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

    users = [locustfile.Host]
    locustfile.Host.fixed_count = hosts
    if plan.tables:
        locustfile.Table.fixed_count = plan.tables
        users.append(locustfile.Table)
    env = Environment(user_classes=users, host=f"http://127.0.0.1:{port}")
    env.events.request.add_listener(on_request)
    runner = env.create_local_runner()
    start = time.monotonic()
    runner.start(hosts + plan.tables, spawn_rate=hosts + plan.tables)
    gevent.spawn_later(seconds, runner.quit)
    runner.greenlet.join()
    tally.elapsed = time.monotonic() - start
    tally.client_errors = [f"{e['count']} x {e['msg']}\n{e['traceback']}" for e in runner.exceptions.values()]
    return tally


# --- the report -----------------------------------------------------------------------------


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
    parser.add_argument("--tables", type=int, default=8, help="tables playing boards beside the hosts (0: none)")
    parser.add_argument("--table-boards", type=int, default=1, help="boards a table plays per game")
    parser.add_argument("--table-pause", type=float, default=0.2, help="seconds between a table's calls and cards")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--lockstep",
        action="store_true",
        help="every host's first round whole: hosts in step all run (see Plan.first_deals)",
    )
    args = parser.parse_args(argv)
    # The hosts reconnect for every request (sync workers close each connection), and gevent
    # would resolve "127.0.0.1" each time in a helper thread: a numeric address needs no
    # resolver, so plain getaddrinfo answers at once, without the thread's round trip.
    os.environ.setdefault("GEVENT_RESOLVER", "block")
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

        from bench.reader_data import plain_pbn
        from games.formats import read_decks

        plan = Plan(
            files=[],
            deals=args.deals,
            hosts=args.hosts,
            premade=True,
            lockstep=args.lockstep,
            tables=args.tables,
            table_boards=args.table_boards,
            table_pause=args.table_pause,
        )
        User = get_user_model()
        hashed = make_password(PASSWORD)
        names = [f"load-{plan.run}-{n}" for n in range(0, args.hosts, 2)]
        names += [f"load-{plan.run}-table-{n}" for n in range(args.tables)]
        User.objects.bulk_create(User(username=name, password=hashed) for name in names)
        connections.close_all()

        # The files, made beforehand; the reader must find every deal of each.
        for n in range(max(8, args.hosts)):
            data = plain_pbn(args.boards, seed=args.seed * 1000 + n)
            read = read_decks(data, "load.pbn")
            assert len(read.decks) == args.boards and not read.problems, read.problems[:3]
            plan.files.append((data, [d.deal for d in read.decks]))
        if args.tables:
            plan.add_table_files(max(4, args.tables), seed=args.seed)

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

        speed_before = machine_speed()  # the servers are up and idle
        print(
            f"Driving 127.0.0.1:{port} with {args.hosts} locust users (hosts) and {args.tables} tables "
            f"for {args.seconds:.0f} s ...",
            flush=True,
        )
        load_before = os.getloadavg()[0]
        cpu_before = cpu_sample(gunicorn.pid, postmaster_pid(pg_dir))
        tally = drive(port, plan, args.seconds, args.hosts)
        cpu_after = cpu_sample(gunicorn.pid, postmaster_pid(pg_dir))
        gunicorn.terminate()
        gunicorn.wait(timeout=30)
        gunicorn = None
        speed = (speed_before, machine_speed())

        problems, checked = check_queues(env)
        setup = (
            f"{args.hosts} hosts (locust), gunicorn {args.workers} x {args.worker_class}"
            f"{f' ({args.threads} threads)' if args.worker_class == 'gthread' else ''}, "
            f"CONN_MAX_AGE={args.conn_max_age}, PostgreSQL on 127.0.0.1, {os.cpu_count()} CPUs, "
            f"{'hosts in lockstep' if args.lockstep else 'first rounds cut short to spread the hosts'}"
            + (
                f", {args.tables} tables playing all four hands ({args.table_pause:g} s between actions)"
                if args.tables
                else ""
            )
        )
        ok = report(
            tally,
            server_times(work / "access.log"),
            problems,
            checked,
            setup,
            (cpu_before, cpu_after),
            load_before,
            speed,
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
