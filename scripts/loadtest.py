#!/usr/bin/env python
"""Load test: a club night, played by locust's simulated people (scripts/locustfile.py)
against gunicorn and a throwaway PostgreSQL, all on 127.0.0.1. It searches for the largest
number of tables the machine holds.

    make loadtest                                                # 10, 20, 30 ... tables, 35 s each
    .venv/bin/python scripts/loadtest.py --tables 2 --step 0 --seconds 10 --pace 0.3-0.6   # a smoke run
    .venv/bin/python scripts/loadtest.py --tables 40 --step 20 --max-tables 120
    .venv/bin/python scripts/loadtest.py --poll                  # the pages poll, no event streams

A step plays ``T`` tables of four at Join games in the teaching movement (club nights of at
most --night-tables tables, each with its host as the teacher). The pages are pushed, as
production serves them (docs/push.md): the pages and actions go to gunicorn's sync workers
(the page server), and each page keeps its event stream open to a second gunicorn, the
stream server (scripts/gunicorn_streams.conf.py: uvicorn's workers, the same settings and
database, a port of its own, started afresh for each step). On a ``moved`` of its table a
page asks its poll URL once with the version it shows (204 when nothing changed), a seated
player's page takes the seat view its stream brings drawn, and its timer asks only every
60 s while the stream is heard. With --poll the pages poll every
TABLE_POLL_SECONDS instead and no stream server runs, so the two can be compared. The
player whose turn the page shows calls or plays at human pace (a table's actions --pace
seconds apart: a short auction, a few cards, a claim and its acceptance,
tests.builders.client.ClubScript); the teacher's page asks for the tables' overview and
deals the next board to every table once all of them are over; a probe asks for the bare
request (bench.load_urls' ``load/ok/``: the middleware, the session and the user, nothing
else).

Before the search the accounts, games, tables, seats and queued boards are made through the
ORM; before each step's window the people who have no session yet log in (Argon2, about
a tenth of a second of CPU each) and open their pages and streams, so no log-in falls
inside a window. The page server runs under the production settings with
scripts/gunicorn_load.conf.py, which logs each request's CPU time in its worker; the
stream server's CPU is its workers' process time read from /proc over the window. A step
holds when, over its window (--seconds), an action's p99 is under 150 ms and an update's
(an action's answer until another seat's page shows it) under 200 ms (--poll: a poll's
under 100 ms) as the browsers saw them, with no error and no invariant broken (the
answers, and ``manage.py check_queues`` on the played boards after the step). The search
adds --step tables at a time and stops at the first step that does not hold (--step 0:
one step); a step that did not hold while other processes took over a quarter of the
CPUs runs again first (--retries in all).

It prints each step in a line, then the largest step held (and the one that failed) in
full: latency per request, the server CPU of each kind of request as a ratio to the bare
request of the same window (targets: a call or card 4x, a poll that finds nothing new
1.5x, a deal 3x), the server CPU a player costs and the players a core holds, where the
machine's CPU went, and how fast the machine was (bench.machine_speed, before and after).
For the largest step held it then says what a player feels: ``update latency p99: N ms``,
``action with its updates: N.NNx`` (per call, card, claim or acceptance, in bare requests:
the server CPU of the actions, of the seat views and overviews that answer with news, and
for pushed pages the stream server's whole CPU over the window), for pushed pages
``memory per open connection: N KiB`` (the stream server's workers' resident memory grown
from the first of the step's streams open to all of them, per stream) and ``event streams
open: N``, and ``Largest club night held: N tables``.
It exits non-zero on a 5xx, a dropped connection or stream, any other unexpected answer, a
violated invariant or an exception in the load client; latency and CPU targets missed are
reported, and end the search, but do not fail the run.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
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

from cpu_split import cpu_sample, others_share, postmaster_pid, request_cpu, workers_rss  # noqa: E402
from loadtest_report import Step, StreamMemory, Tally, report, speed_line, step_line, update_lines  # noqa: E402

BUSY = 0.25  # other processes' share of the CPUs above which a step that did not hold runs again

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
    """Return once the server on ``port`` answers its log-in page."""
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
    sys.exit(f"gunicorn on port {port} did not answer within {seconds:g} s")


def start_server(config: str, env: dict[str, str], log: Path, port: int) -> subprocess.Popen:
    """gunicorn with ``config`` (in scripts/), its output appended to ``log``, once it answers."""
    with open(log, "ab") as out:
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "gunicorn"), "-c", str(ROOT / "scripts" / config)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    wait_until_serving(port)
    return server


def stop_server(server: subprocess.Popen | None) -> None:
    if server is None:
        return
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def machine_speed() -> float:
    """bench.machine_speed in two processes at once (one per CPU): their mean, in ms."""
    runs = [
        subprocess.Popen([sys.executable, "-m", "bench.machine_speed"], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    return sum(float(run.communicate()[0]) for run in runs) / len(runs)


# --- the club nights ------------------------------------------------------------------------


def make_nights(plan_run: str, tables: int, night_tables: int, boards: bytes) -> list[tuple[int, int]]:
    """The accounts the step needs (those an earlier step made are kept), and its club
    nights: Join games in the teaching movement, each of at most ``night_tables`` full
    tables, with ``boards`` queued. (game id, tables) of each."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import connections
    from locustfile import PASSWORD

    from games.formats import read_decks
    from games.models import Game
    from games.models.join import JoinTable

    sizes = [min(night_tables, tables - start) for start in range(0, tables, night_tables)]
    User = get_user_model()
    names = [f"load-{plan_run}-player-{n}" for n in range(4 * tables)]
    names += [f"load-{plan_run}-teacher-{n}" for n in range(len(sizes))] + [f"load-{plan_run}-probe-0"]
    known = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    hashed = make_password(PASSWORD)  # one slow hash for every account
    User.objects.bulk_create(User(username=name, password=hashed) for name in names if name not in known)
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    decks = read_decks(boards, "club.pbn").decks
    nights, player = [], 0
    assert max(sizes) <= settings.JOIN_MAX_TABLES, "--night-tables is over JOIN_MAX_TABLES"
    for n, size in enumerate(sizes):
        teacher = users[f"load-{plan_run}-teacher-{n}"]
        game = Game.objects.create(
            host=teacher, name=f"Load club night {n}", game_type=Game.Type.JOIN, movement=Game.Movement.TEACHING
        )
        for number in range(1, size + 1):
            table = JoinTable.for_game(game) if number == 1 else JoinTable.add_to(game)
            for seat in "NESW":
                table.take_seat(users[f"load-{plan_run}-player-{player}"], seat)
                player += 1
        game.add_decks(decks, source_name="club.pbn", source_format="pbn")
        nights.append((game.pk, size))
    connections.close_all()  # the load client's greenlets must not share this process's connection
    return nights


def drive(port: int, plan, seconds: float, cpu_dir: Path, pids: tuple[int, int | None, int | None]) -> tuple:
    """Log the step's people in (their pages and streams open), then run the club night for
    ``seconds``: (tally, the window's server requests, CPU samples, load averages). ``pids``:
    the page server's, PostgreSQL's and the stream server's (None: the pages poll)."""
    import gevent
    import locustfile
    from locust.env import Environment
    from locust.exception import CatchResponseError

    tally = Tally()
    locustfile.Browser.plan = plan

    def on_request(name: str, response_time: float, response=None, exception=None, **_) -> None:
        if exception is not None and not isinstance(exception, (CatchResponseError, locustfile.TableBroken)):
            tally.dropped[name] += 1
            tally.note(f"{name}: {type(exception).__name__}: {exception}")
            return
        status = response.status_code
        tally.statuses[name][status] += 1
        if time.monotonic() - response_time / 1000 >= plan.started:
            tally.latency[name].append(response_time / 1000)
        if isinstance(exception, locustfile.TableBroken):
            tally.broken.append(f"{name}: {exception}")
        elif exception is not None:
            tally.unexpected[name] += 1
            tally.note(f"{name}: {exception}")

    players, teachers = 4 * len(plan.tables), len(plan.games)
    locustfile.Player.fixed_count, locustfile.Teacher.fixed_count, locustfile.Probe.fixed_count = players, teachers, 1
    env = Environment(
        user_classes=[locustfile.Player, locustfile.Teacher, locustfile.Probe], host=f"http://127.0.0.1:{port}"
    )
    env.events.request.add_listener(on_request)
    runner = env.create_local_runner()
    everyone = players + teachers + 1
    streams = pids[2]
    memory = StreamMemory(before=workers_rss(streams)) if streams else StreamMemory()
    runner.start(everyone, spawn_rate=min(everyone, 100))
    deadline = time.monotonic() + 60 + everyone
    while plan.signed_in < everyone and time.monotonic() < deadline and not runner.exceptions:
        if streams and not memory.first and plan.streams:  # the first stream's one-off costs paid
            memory.first, memory.at_first = plan.streams, workers_rss(streams)
        gevent.sleep(0.01 if streams and not memory.first else 0.2)
    if plan.signed_in < everyone:
        end_streams(plan)
        runner.quit()
        tally.client_errors = [f"{e['count']} x {e['msg']}\n{e['traceback']}" for e in runner.exceptions.values()]
        tally.client_errors += plan.errors + [f"only {plan.signed_in} of {everyone} signed in"]
        return tally, [], (cpu_sample(*pids), cpu_sample(*pids)), (os.getloadavg()[0],) * 2
    gevent.sleep(1)  # the last pages loaded settle
    if streams:
        memory.at_all = workers_rss(streams)
        tally.streams, tally.stream_rss = plan.streams, memory
    load = os.getloadavg()[0]
    began, cpu_before = time.time(), cpu_sample(*pids)
    plan.started = time.monotonic()
    pushed_before = plan.pushed_views
    plan.go.set()
    gevent.sleep(seconds)
    ended, cpu_after = time.time(), cpu_sample(*pids)
    tally.elapsed = time.monotonic() - plan.started
    tally.pushed_views = plan.pushed_views - pushed_before
    tally.updates, tally.whole = list(plan.updates), list(plan.whole)
    end_streams(plan)
    runner.quit()
    tally.client_errors = [f"{e['count']} x {e['msg']}\n{e['traceback']}" for e in runner.exceptions.values()]
    tally.client_errors += plan.errors
    return tally, request_cpu(cpu_dir, began, ended), (cpu_before, cpu_after), (load, os.getloadavg()[0])


def end_streams(plan) -> None:
    """Close the pages' event streams: their readers are greenlets of their own, which
    locust's runner does not stop with its users."""
    import gevent

    gevent.killall(plan.listeners, timeout=10)
    plan.listeners.clear()


def check_queues(env: dict[str, str], games: list[int]) -> tuple[list[str], str]:
    """manage.py check_queues on the step's games: (problems, its summary line)."""
    done = subprocess.run(
        [sys.executable, "manage.py", "check_queues", *map(str, games)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    out = done.stdout.splitlines()
    if done.returncode == 0:
        return [], out[-1] if out else "ok"
    summary = done.stderr.strip().splitlines()[-1:] or [f"exit status {done.returncode}"]
    return out or summary, summary[0]


def routes(paths: set[str]) -> dict[str, str]:
    """Each request path's route name (bench.load_urls)."""
    from django.urls import Resolver404, resolve

    named = {}
    for path in paths:
        try:
            named[path] = resolve(path).url_name or "?"
        except Resolver404:
            named[path] = "?"
    return named


def pace(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10, help="tables of the first step")
    parser.add_argument("--step", type=int, default=10, help="tables added at each step (0: one step only)")
    parser.add_argument("--max-tables", type=int, default=300, help="the search stops there")
    parser.add_argument("--seconds", type=float, default=35, help="the measured window of each step")
    parser.add_argument("--night-tables", type=int, default=10, help="tables per club night (one teacher each)")
    parser.add_argument("--pace", type=pace, default=(2.0, 4.0), help="seconds between a table's actions: LOW-HIGH")
    parser.add_argument(
        "--deal-pause",
        type=pace,
        default=(1.0, 3.0),
        help="seconds the teacher waits, once every table is over, before dealing the next board: LOW-HIGH",
    )
    parser.add_argument("--cards", type=int, default=4, help="cards played before declarer claims (at least 1)")
    parser.add_argument("--boards", type=int, default=30, help="boards queued per club night")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("GUNICORN_WORKERS", "4")))
    parser.add_argument("--conn-max-age", type=int, default=int(os.environ.get("CONN_MAX_AGE", "60")))
    parser.add_argument(
        "--retries",
        type=int,
        default=2,
        help="a step that did not hold while other processes took over a quarter of the CPUs runs again, "
        "this many times in all",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--poll",
        action="store_true",
        help="the pages poll every TABLE_POLL_SECONDS, without event streams or a stream server",
    )
    parser.add_argument(
        "--stream-workers",
        type=int,
        default=int(os.environ.get("STREAMS_WORKERS", "1")),
        help="the stream server's uvicorn workers (STREAMS_WORKERS)",
    )
    args = parser.parse_args(argv)
    if args.cards < 1:
        parser.error("--cards: declarer claims once the opening lead is made, so at least 1")
    # A numeric address needs no resolver: gevent's would resolve "127.0.0.1" in a helper thread.
    os.environ.setdefault("GEVENT_RESOLVER", "block")
    # First: importing locust has gevent patch the standard library, before anything uses it.
    from locustfile import FALLBACK_SECONDS, Plan, Table

    from tests.builders.client import ClubScript, table_pbn

    work = Path(tempfile.mkdtemp(prefix="deckupload-load."))
    pg_dir = Path(tempfile.mkdtemp(prefix="deckupload-loadpg."))
    cpu_dir = work / "cpu"
    cpu_dir.mkdir()
    url = start_postgres(pg_dir)
    gunicorn = streamer = None
    try:
        port, streams_port = free_port(), free_port()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bench.load_settings",  # production's, and load/ok/
            "SECRET_KEY": secrets.token_urlsafe(48),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": url,
            "CONN_MAX_AGE": str(args.conn_max_age),
            "CACHE_DIR": str(work / "cache"),
            "TRUSTED_PROXY_COUNT": "1",  # the browsers' X-Forwarded-For, as one TLS proxy would append it
            "GUNICORN_BIND": f"127.0.0.1:{port}",
            "GUNICORN_WORKERS": str(args.workers),
            "GUNICORN_WORKER_CLASS": "sync",
            "GUNICORN_CPU_LOG": str(cpu_dir),
        }
        env.pop("DEBUG", None)
        streams_env = {**env, "STREAMS_BIND": f"127.0.0.1:{streams_port}", "STREAMS_WORKERS": str(args.stream_workers)}
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "SECRET_KEY", "CACHE_DIR")})
        os.environ.update({k: env[k] for k in ("ALLOWED_HOSTS", "TRUSTED_PROXY_COUNT")})
        import django

        django.setup()
        from django.conf import settings

        from games.formats import read_decks

        data = table_pbn(args.boards, seed=args.seed)
        boards = [(d.deal, d.effective_dealer, d.effective_vul or "None") for d in read_decks(data, "club.pbn").decks]

        gunicorn = start_server("gunicorn_load.conf.py", env, work / "gunicorn.log", port)
        speed_before = machine_speed()  # the server is up and idle

        run, sessions, steps = secrets.token_hex(3), {}, []
        rng = random.Random(args.seed)
        if args.poll:
            pages = f"pages polling every {settings.TABLE_POLL_SECONDS:g} s"
        else:
            plural = "s" * (args.stream_workers != 1)
            pages = (
                f"pages told by their event streams (their timers asking every {FALLBACK_SECONDS:g} s while a "
                f"stream is heard) from a stream server of {args.stream_workers} uvicorn worker{plural}"
            )
        setup = (
            f"club nights of up to {args.night_tables} tables in the teaching movement, a table's actions "
            f"{args.pace[0]:g}-{args.pace[1]:g} s apart ({len(ClubScript.AUCTION) + args.cards + 3} a board), "
            f"{pages}; gunicorn {args.workers} sync workers, "
            f"CONN_MAX_AGE={args.conn_max_age}, PostgreSQL and locust on the same {os.cpu_count()} CPUs"
        )
        print(f"Searching from {args.tables} tables, {args.step} more a step, {args.seconds:g} s each ({setup})")
        tables, retries = args.tables, args.retries
        while True:
            nights = make_nights(run, tables, args.night_tables, data)
            plan = Plan(
                run=run,
                games=[game for game, _ in nights],
                tables=[
                    Table(game, number, boards, args.cards, args.pace, random.Random(rng.random()))
                    for game, size in nights
                    for number in range(1, size + 1)
                ],
                poll_seconds=float(settings.TABLE_POLL_SECONDS),
                boards=args.boards,
                deal_pause=args.deal_pause,
                sessions=sessions,
                streams_at=None if args.poll else ("127.0.0.1", streams_port),
            )
            if not args.poll:  # a fresh stream server each step: its memory holds nothing of the last step's streams
                streamer = start_server("gunicorn_streams.conf.py", streams_env, work / "streams.log", streams_port)
            pids = (gunicorn.pid, postmaster_pid(pg_dir), streamer.pid if streamer else None)
            tally, requests, cpu, load = drive(port, plan, args.seconds, cpu_dir, pids)
            stop_server(streamer)
            streamer = None
            problems, checked = check_queues(env, plan.games)
            named = routes({r.path for r in requests})
            step = Step(tables, len(nights), tally, requests, named, cpu, load, problems, checked, pushed=not args.poll)
            steps.append(step)
            print(step_line(step), flush=True)
            busy = others_share(*step.cpu)
            if not step.held and step.sound and busy > BUSY and retries > 0:
                retries -= 1
                print(f"       other processes took {busy:.0%} of the CPUs: {tables} tables again", flush=True)
                continue
            if not step.held or args.step <= 0 or tables + args.step > args.max_tables:
                break
            tables += args.step
        stop_server(gunicorn)
        gunicorn = None
        speed = (speed_before, machine_speed())

        held = [s for s in steps if s.held]
        for step in ([held[-1]] if held else []) + ([steps[-1]] if not steps[-1].held else []):
            report(step, setup)
        print()
        for text in update_lines(held[-1] if held else steps[-1]):
            print(text)
        if held:
            best = held[-1]
            print(f"Largest club night held: {best.tables} tables")
            print(f"  ({best.players} players; load average {best.load[0]:.1f} when its window opened)")
        else:
            print(f"No step held: {steps[0].tables} tables already missed a target")
        print(speed_line(*speed))
        sound = all(s.sound for s in steps)
        if not sound:
            for name, log in (("gunicorn's", "gunicorn.log"), ("the stream server's", "streams.log")):
                if (work / log).exists():
                    log_lines = (work / log).read_text(errors="replace").splitlines()
                    print(f"\nLast lines of {name} log:")
                    print("\n".join(log_lines[-60:]))
        return 0 if sound else 1
    finally:
        stop_server(streamer)
        stop_server(gunicorn)
        stop_postgres(pg_dir)
        subprocess.run(["rm", "-rf", str(work)], check=False)


if __name__ == "__main__":
    sys.exit(main())
