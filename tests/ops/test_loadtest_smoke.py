"""scripts/loadtest.py end to end, briefly: PostgreSQL, gunicorn and locust start, hosts sign
in, upload, add, deal and export, a table plays a board, and manage.py check_queues checks
the queues and the played boards. The figures
of a run this short mean nothing; that the harness works does (make loadtest relies on it).
Then the CPU report's arithmetic, without a run."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import skip_or_fail

ROOT = Path(__file__).resolve().parents[2]

if str(ROOT / "scripts") not in sys.path:
    sys.path.insert(0, str(ROOT / "scripts"))

import cpu_split  # noqa: E402
import loadtest_report  # noqa: E402


@pytest.mark.slow
@pytest.mark.serial
def test_a_short_load_test_runs_clean():
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        skip_or_fail("PostgreSQL server binaries not found (apt-get install postgresql)")
    if not (Path(sys.executable).parent / "gunicorn").exists():
        skip_or_fail("gunicorn is not installed in the virtualenv")
    if importlib.util.find_spec("locust") is None:
        skip_or_fail("locust is not installed in the virtualenv (requirements.txt)")
    done = subprocess.run(
        [
            sys.executable,
            "scripts/loadtest.py",
            *("--seconds", "6", "--hosts", "3", "--boards", "12", "--deals", "4"),
            *("--tables", "1", "--table-boards", "1", "--table-pause", "0"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-4000:]
    for target in ("5xx answers", "dropped connections", "invariant violations"):
        assert re.search(rf"^  {target} +0   target 0 +ok$", out, re.M), out[-4000:]
    assert re.search(r"^  deal p99 \(client\) .* target < 150 ms", out, re.M), out[-4000:]
    assert re.search(r"^  deals per second .* target >= 200", out, re.M), out[-4000:]
    deals = next(line for line in out.splitlines() if line.startswith("deal "))
    assert int(deals.split()[1]) > 0, deals  # hosts got as far as dealing
    checked = re.search(r"manage.py check_queues: ok: (\d+) games checked", out)
    assert checked and int(checked[1]) > 0, out[-4000:]
    cards = next(line for line in out.splitlines() if line.startswith("play_card "))
    assert int(cards.split()[1]) > 0, cards  # a table got as far as playing
    assert re.search(r"^  tables: \d+ calls and \d+ cards", out, re.M), out[-4000:]
    speed = re.search(
        r"^  machine speed: bench.machine_speed took ([\d.]+) ms before the run and ([\d.]+) ms", out, re.M
    )
    assert speed and float(speed[1]) > 0 and float(speed[2]) > 0, out[-4000:]


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


def test_the_cpu_sample_reads_the_steal_column():
    sample = cpu_split.cpu_sample(os.getpid())
    with open("/proc/stat") as f:
        steal_ticks = int(f.readline().split()[8])
    assert abs(sample.steal - steal_ticks / os.sysconf("SC_CLK_TCK")) < 5  # read seconds apart
    assert sample.machine_busy + sample.steal <= sample.machine_all


def test_the_steady_state_line_counts_only_deals_after_the_last_sign_in(capsys):
    tally = loadtest_report.Tally(signed_in=[10.0, 12.0])
    # (when it ended, how long it took, status): the first started before the last sign-in
    tally.deal_ends = [(12.5, 1.0, 200), (13.0, 0.1, 200), (14.0, 0.2, 200), (22.0, 0.3, 500)]
    loadtest_report.steady_state(tally)
    assert "after the last sign-in (10 s): 0.2 deals/s, deal p99 200.0 ms" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.serial
def test_a_short_stall_run_keeps_the_other_user_answered():
    """scripts/loadtest_stall.py end to end, briefly: gunicorn, two task workers and
    PostgreSQL start; PDF and analysis requests are kept in flight; the other user's pages
    answer. A run this short says the harness works, not what the p99 is."""
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        skip_or_fail("PostgreSQL server binaries not found (apt-get install postgresql)")
    done = subprocess.run(
        [sys.executable, "scripts/loadtest_stall.py", "--seconds", "5", "--pdf", "2", "--analysis", "2"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=240,
    )
    out = done.stdout
    assert "5xx and dropped: 0" in out, out + done.stderr[-3000:]
    assert re.search(r"other user: home\s+\d+", out) and re.search(r"queue\.pdf\s+\d+", out), out
    assert re.search(r"The other user's p99: [\d.]+ ms", out), out
