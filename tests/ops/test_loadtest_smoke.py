"""scripts/loadtest.py end to end, briefly: PostgreSQL, gunicorn, the stream server and
locust start, a club night of two tables logs in, plays (calls, cards, a claim and its
acceptance, each page told by its event stream) and the teacher deals; manage.py
check_queues checks the played boards. The figures of a run this short mean nothing; that
the harness works and prints them does (make loadtest relies on it). Then the CPU and
memory report's arithmetic, without a run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import skip_or_fail
from tests.ops.load_tools import need_load_tools

ROOT = Path(__file__).resolve().parents[2]

if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

import cpu_split  # noqa: E402
import loadtest_report  # noqa: E402


def _club_night(*args: str) -> str:
    """What ``make loadtest`` prints for one 10-s step of two tables (six boards queued),
    run with ``args``; it must end well."""
    done = subprocess.run(
        [sys.executable, "scripts/loadtest.py", "--tables", "2", "--step", "0", "--seconds", "10"]
        + ["--boards", "6", "--retries", "0", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-4000:]
    return out


@pytest.mark.slow
@pytest.mark.serial
def test_a_short_club_night_runs_clean():
    need_load_tools(streams=True)
    # Between boards the teacher waits 3-4 s: each kind of request falls in the 10 s window.
    out = _club_night("--pace", "0.2-0.4", "--deal-pause", "3-4")
    assert re.search(r"^ +2 tables \(8 players, 1 club night\): action p99", out, re.M), out[-4000:]
    for target in ("5xx answers", "dropped connections", "other errors", "invariant violations"):
        assert re.search(rf"^  {target} +0   target 0 +ok$", out, re.M), out[-4000:]
    assert re.search(r"^  action p99 +[\d.]+ ms   target < 150 ms", out, re.M), out[-4000:]
    # Pushed pages: the update p99 decides the step, the poll p99 is an aim.
    assert re.search(r"^  update p99 +[\d.]+ ms   target < 200 ms", out, re.M), out[-4000:]
    assert re.search(r"^  poll p99 \(aim\) +[\d.]+ ms   target < 100 ms", out, re.M), out[-4000:]
    # Every page (eight seats, the teacher) held its stream open, and asked on its events.
    streams = re.search(r"^  event streams: 9 open, -?\d+ KiB each .* took [\d.]+ CPU-s .*; (\d+) asks on", out, re.M)
    assert streams and int(streams[1]) > 0, out[-4000:]
    assert re.search(r"^  CPU: .* the stream server [\d.]+, PostgreSQL", out, re.M), out[-4000:]
    # The ratios to the bare request are printed beside their targets (their values vary).
    for kind, target in (("a call or card", "4x"), ("a deal to every table", "3x")):
        assert re.search(rf"^  CPU of {kind} +[\d.]+x   target <= {re.escape(target)} ", out, re.M), out[-4000:]
    for kind in ("bare request", "call or card", "deal to every table"):
        line = next(line for line in out.splitlines() if line.startswith(kind))
        assert int(line[34:41]) > 0, line  # measured in the window
    # A pushed page asks only when its stream says something it does not show moved: a poll
    # that finds nothing new is rare, and measured by polled pages (below) when none falls in.
    assert re.search(
        r"^  CPU of a seat poll, nothing new +([\d.]+x|none)   target <= 1\.5x +(ok|MISSED|not measured)$", out, re.M
    ), out[-4000:]
    # A seated player's stream draws their view, their own actions' included: no page asks for it.
    drawn = re.search(r" (\d+) seat views drawn by it$", out, re.M)
    assert drawn and int(drawn[1]) > 0, out[-4000:]
    assert "redraws the actor's page" not in out, out[-4000:]
    assert re.search(r"^  a player costs [\d.]+ server CPU-s per minute .* about \d+ players per core", out, re.M)
    checked = re.search(r"manage.py check_queues: ok: (\d+) games checked", out)
    assert checked and int(checked[1]) == 1, out[-4000:]
    assert re.search(r"^Largest club night held: 2 tables$|^No step held: 2 tables", out, re.M), out[-4000:]
    # What a player feels: another seat's action reaching each page, and what an action costs
    # with the redraws it causes (both measured: the table's actions fall in the window).
    update = re.search(r"^update latency p99: (\d+) ms$", out, re.M)
    assert update and int(update[1]) > 0, out[-4000:]
    whole = re.search(r"^action with its updates: ([\d.]+)x$", out, re.M)
    assert whole and float(whole[1]) > 1, out[-4000:]
    assert re.search(r"^  \(\d+ pages showed another seat's action", out, re.M), out[-4000:]
    assert re.search(r"^memory per open connection: -?\d+ KiB$", out, re.M), out[-4000:]
    assert re.search(r"^event streams open: 9$", out, re.M), out[-4000:]
    speed = re.search(
        r"^machine speed: bench.machine_speed took ([\d.]+) ms before the search and ([\d.]+) ms", out, re.M
    )
    assert speed and float(speed[1]) > 0 and float(speed[2]) > 0, out[-4000:]


@pytest.mark.slow
@pytest.mark.serial
def test_a_short_polled_club_night_measures_the_polls():
    """Pages that poll (no stream): both kinds of seat poll fall in the window (a table acts
    every 1.5-3 s and its pages poll every 1.5 s: some polls find news, others nothing new),
    and the poll p99 decides the step."""
    need_load_tools()
    out = _club_night("--poll", "--pace", "1.5-3")
    assert re.search(r"^  poll p99 +[\d.]+ ms   target < 100 ms", out, re.M), out[-4000:]
    assert re.search(r"^  CPU of a seat poll, nothing new +[\d.]+x   target <= 1\.5x ", out, re.M), out[-4000:]
    for kind in ("seat poll, nothing new", "seat poll, news"):
        line = next(line for line in out.splitlines() if line.startswith(kind))
        assert int(line[34:41]) > 0, line  # measured in the window
    assert re.search(r"^  a call or card with the poll that redraws the actor's page: [\d.]+x", out, re.M), out[-4000:]
    assert "event streams" not in out, out[-4000:]


def test_the_cpu_sample_finds_the_database_server_and_counts_its_time(tmp_path):
    assert cpu_split.postmaster_pid(tmp_path) is None
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "postmaster.pid").write_text(f"{os.getpid()}\n/some/dir\n")
    assert cpu_split.postmaster_pid(tmp_path) == os.getpid()
    sum(i * i for i in range(300_000))  # some CPU time of our own to count
    sample = cpu_split.cpu_sample(os.getpid(), cpu_split.postmaster_pid(tmp_path))
    assert sample.database > 0 and sample.machine_all >= sample.machine_busy > 0
    assert cpu_split.cpu_sample(os.getpid()).database == 0.0  # no server: nothing counted


def test_the_cpu_report_keeps_the_hosts_steal_apart_and_says_when_it_disturbed_the_run():
    """Steal (time the hypervisor gave our CPUs to other machines) is neither ours nor
    'anything else': a run where it is large says its speeds are not the app's."""
    before = cpu_split.CpuSample(machine_busy=0, machine_all=0, workers=0, database=0, client=0, steal=0)
    quiet = cpu_split.CpuSample(machine_busy=110, machine_all=120, workers=80, database=20, client=6, steal=1)
    lines = cpu_split.cpu_lines(before, quiet, requests=8000)
    assert "92% busy and 1% taken by the host" in lines[0]
    assert "anything else 4.0, steal 1.0" in lines[0] and "10.0 ms per request" in lines[0]
    assert len(lines) == 1

    stolen = cpu_split.CpuSample(machine_busy=60, machine_all=120, workers=40, database=10, client=4, steal=58)
    lines = cpu_split.cpu_lines(before, stolen, requests=4000)
    assert "anything else 6.0, steal 58.0" in lines[0]
    assert lines[1].startswith("DISTURBED: the host held back 48%") and len(lines) == 2

    busy = cpu_split.CpuSample(machine_busy=110, machine_all=120, workers=60, database=15, client=5, steal=0)
    lines = cpu_split.cpu_lines(before, busy, requests=4000)
    assert "anything else 30.0, steal 0.0" in lines[0]
    assert lines[1:] == [
        "DISTURBED: other processes in this machine took 25% of its CPU time; run again when nothing else runs"
    ]


def test_other_processes_share_counts_whatever_is_not_ours_and_the_steal():
    before = cpu_split.CpuSample(machine_busy=0, machine_all=0, workers=0, database=0, client=0, steal=0)
    after = cpu_split.CpuSample(machine_busy=90, machine_all=100, workers=40, database=10, client=5, steal=5)
    assert cpu_split.others_share(before, after) == pytest.approx(0.40)  # 35 busy elsewhere, 5 stolen
    assert cpu_split.others_share(after, after) == 0.0


def test_the_cpu_sample_reads_the_steal_column():
    sample = cpu_split.cpu_sample(os.getpid())
    with open("/proc/stat") as f:
        steal_ticks = int(f.readline().split()[8])
    assert abs(sample.steal - steal_ticks / os.sysconf("SC_CLK_TCK")) < 5  # read seconds apart
    assert sample.machine_busy + sample.steal <= sample.machine_all


def test_each_requests_cpu_is_read_from_the_workers_logs_within_the_window(tmp_path):
    (tmp_path / "cpu-101.log").write_text(
        "100.000 GET /load/ok/ 200 3000 4000\n"
        "101.500 GET /games/7/seat/ 204 4500 5000\n"
        "109.000 POST /games/7/play/card/ 200 12000 20000\n"
        "110.0 GET /games/7/seat/ 20"  # a line still being written
    )
    (tmp_path / "cpu-102.log").write_text("102.000 GET /load/ok/ 200 5000 6000\n")
    found = cpu_split.request_cpu(tmp_path, since=100.5, until=109.5)
    assert [(r.path, r.status, r.cpu) for r in found] == [
        ("/games/7/seat/", 204, 0.0045),
        ("/games/7/play/card/", 200, 0.012),
        ("/load/ok/", 200, 0.005),
    ]
    assert found[1].wall == 0.02


def test_the_ratios_are_each_kinds_mean_cpu_over_the_bare_requests():
    requests = [
        cpu_split.RequestCpu(1.0, "GET", path, status, cpu, cpu)
        for path, status, cpu in (
            ("/load/ok/", 200, 0.002),
            ("/load/ok/", 200, 0.004),
            ("/games/7/seat/", 204, 0.0045),
            ("/games/7/seat/", 200, 0.03),
            ("/games/7/play/call/", 200, 0.010),
            ("/games/7/play/card/", 200, 0.014),
            ("/games/7/play/accept/", 200, 0.05),
            ("/games/7/deal/", 200, 0.009),
        )
    ]
    route = {
        "/load/ok/": "load_ok",
        "/games/7/seat/": "seat_poll",
        "/games/7/play/call/": "play_call",
        "/games/7/play/card/": "play_card",
        "/games/7/play/accept/": "play_accept",
        "/games/7/deal/": "deal",
    }
    sample = cpu_split.CpuSample(0, 0, 0, 0, 0)
    step = loadtest_report.Step(1, 1, loadtest_report.Tally(), requests, route, (sample, sample), (0, 0), [], "ok")
    ratios = step.ratios()
    assert ratios[loadtest_report.CALL_OR_CARD] == pytest.approx(4.0)  # (10 + 14) / 2 over (2 + 4) / 2
    assert ratios[loadtest_report.IDLE_POLL] == pytest.approx(1.5)
    assert ratios[loadtest_report.NEWS_POLL] == pytest.approx(10.0)
    assert ratios[loadtest_report.DEAL] == pytest.approx(3.0)
    assert ratios[loadtest_report.CLAIM] == pytest.approx(50 / 3)


def test_a_step_holds_only_under_both_latency_targets_without_errors():
    sample = cpu_split.CpuSample(0, 0, 0, 0, 0)

    def step(action_ms: float, poll_ms: float, **tally) -> loadtest_report.Step:
        t = loadtest_report.Tally(**tally)
        t.latency["play_card"] = [action_ms / 1000] * 100
        t.latency["seat_poll"] = [poll_ms / 1000] * 100
        return loadtest_report.Step(1, 1, t, [], {}, (sample, sample), (0, 0), [], "ok")

    assert step(149, 99).held
    assert not step(150, 99).held and not step(149, 100).held
    from collections import Counter

    assert not step(10, 10, unexpected=Counter(play_card=1)).held
    assert not step(10, 10, broken=["table 1 shows deal 3"]).held and not step(10, 10, broken=["x"]).sound


def test_a_pushed_step_holds_under_the_action_and_update_targets_whatever_the_polls_take():
    sample = cpu_split.CpuSample(0, 0, 0, 0, 0)

    def step(action_ms: float, update_ms: float, poll_ms: float = 500) -> loadtest_report.Step:
        t = loadtest_report.Tally()
        t.latency["play_card"] = [action_ms / 1000] * 100
        t.latency["seat_pushed"] = [poll_ms / 1000] * 100
        t.updates = [update_ms / 1000] * 100
        return loadtest_report.Step(1, 1, t, [], {}, (sample, sample), (0, 0), [], "ok", pushed=True)

    assert step(149, 199).held  # polls of 500 ms: reported, not decisive
    assert not step(150, 199).held and not step(149, 200).held


def test_an_action_with_its_updates_counts_the_stream_servers_cpu_and_memory_per_stream():
    """The stream server logs no request's CPU: its workers' CPU over the window is added
    whole to the actions' and their news's, per action, in bare requests."""
    requests = [
        cpu_split.RequestCpu(1.0, "GET", path, status, cpu, cpu)
        for path, status, cpu in (
            ("/load/ok/", 200, 0.002),
            ("/games/7/play/card/", 200, 0.010),
            ("/games/7/play/card/", 200, 0.010),
            ("/games/7/seat/", 200, 0.020),
            ("/games/7/seat/", 204, 0.005),  # nothing new: the updates' cost leaves it out
        )
    ]
    route = {"/load/ok/": "load_ok", "/games/7/play/card/": "play_card", "/games/7/seat/": "seat_poll"}
    before = cpu_split.CpuSample(0, 0, 0, 0, 0, streams=1.0)
    after = cpu_split.CpuSample(0, 0, 0, 0, 0, streams=1.004)
    tally = loadtest_report.Tally(streams=101)
    tally.stream_rss = loadtest_report.StreamMemory(
        before=50 << 20, first=1, at_first=60 << 20, at_all=(60 << 20) + 100 * 40960
    )
    step = loadtest_report.Step(1, 1, tally, requests, route, (before, after), (0, 0), [], "ok", pushed=True)
    assert step.stream_cpu == pytest.approx(0.004)
    assert step.action_with_updates() == pytest.approx((0.010 + 0.010 + 0.020 + 0.004) / 2 / 0.002)
    assert step.stream_memory == pytest.approx(40960)  # from the first stream open to all, per stream
    lines = loadtest_report.update_lines(step)
    assert "memory per open connection: 40 KiB" in lines and "event streams open: 101" in lines
    polled = loadtest_report.Step(1, 1, loadtest_report.Tally(), requests, route, (before, before), (0, 0), [], "ok")
    assert polled.action_with_updates() == pytest.approx((0.010 + 0.010 + 0.020) / 2 / 0.002)
    assert not any(line.startswith("memory per open connection") for line in loadtest_report.update_lines(polled))


def test_the_stream_servers_memory_is_its_workers_resident_set():
    """The children of a gunicorn master are its workers: their VmRSS, summed."""
    worker = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        rss = 0
        for _ in range(100):  # until the child's interpreter has started
            rss = cpu_split.workers_rss(os.getpid())
            if rss > 1 << 20:
                break
            time.sleep(0.05)
        assert 1 << 20 < rss < 1 << 30  # a Python interpreter's few MiB
    finally:
        worker.kill()
        worker.wait()
    assert cpu_split.workers_rss(worker.pid) == 0  # no such process, no children


@pytest.mark.slow
@pytest.mark.serial
def test_a_short_stall_run_keeps_the_other_user_answered():
    """scripts/loadtest_stall.py end to end, briefly (its flood alone): gunicorn, the task
    workers and PostgreSQL start; PDF and analysis requests are kept in flight; the other
    user's pages answer, and none errs. A run this short says the harness works, not what
    the p99 is (tests/ops/test_loadtest_stall.py runs other cases)."""
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        skip_or_fail("PostgreSQL server binaries not found (apt-get install postgresql)")
    done = subprocess.run(
        [
            sys.executable,
            "scripts/loadtest_stall.py",
            "--cases",
            "0",
            "--seconds",
            "5",
            "--pdf",
            "2",
            "--analysis",
            "2",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    out = done.stdout
    assert re.search(r"0 flood of PDFs and analyses: [\d,]+ attack requests in \d+ s, 0 5xx/dropped", out), (
        out + done.stderr[-3000:]
    )
    assert re.search(r"analysis\s+\d+", out) and re.search(r"queue\.pdf\s+\d+", out), out
    assert re.search(r"bystander, whole run\s+p99 [\d.]+ ms, 0 5xx/dropped", out), out
