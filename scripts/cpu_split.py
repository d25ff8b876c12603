"""Where the CPU time went during a load test, from /proc: gunicorn's workers, the stream
server's workers (scripts/gunicorn_streams.conf.py), PostgreSQL, the load client (this
process), anything else in this machine, and the hypervisor's steal. scripts/loadtest.py
samples before and after its run and prints ``cpu_lines``.
"""

from __future__ import annotations

import os
import resource
from dataclasses import dataclass
from pathlib import Path


def postmaster_pid(folder: Path) -> int | None:
    """The PID of the PostgreSQL server that scripts/pg_throwaway.sh started in this folder."""
    try:
        return int((folder / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


@dataclass
class CpuSample:
    """CPU seconds so far: the whole machine (busy, all), gunicorn's workers, PostgreSQL,
    this process (the load client), the time the hypervisor gave our CPUs to other
    machines (steal: the CPUs were wanted here but not ours to use), and the stream
    server's workers (0 when there is none)."""

    machine_busy: float
    machine_all: float
    workers: float
    database: float
    client: float
    steal: float = 0.0
    streams: float = 0.0


def _process_cpu(pid: int | str, tick: int, reaped: bool = False) -> float:
    """A process's CPU seconds, with its reaped children's when ``reaped`` (0 if gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    used = int(fields[11]) + int(fields[12])  # utime, stime
    return (used + (int(fields[13]) + int(fields[14]) if reaped else 0)) / tick  # cutime, cstime


def _children(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return f.read().split()
    except OSError:
        return []


def workers_rss(master_pid: int) -> int:
    """The resident memory of a server's workers (the children of ``master_pid``), bytes."""
    total = 0
    for pid in _children(master_pid):
        try:
            with open(f"/proc/{pid}/status") as f:
                total += next((int(line.split()[1]) * 1024 for line in f if line.startswith("VmRSS:")), 0)
        except OSError:
            continue  # a worker gone meanwhile
    return total


def cpu_sample(master_pid: int, postmaster: int | None = None, streams: int | None = None) -> CpuSample:
    """CPU seconds so far of the machine, the page server's workers (the children of
    ``master_pid``), PostgreSQL, this process and the stream server's workers (the
    children of ``streams``, a gunicorn master; none: 0)."""
    tick = os.sysconf("SC_CLK_TCK")
    with open("/proc/stat") as f:
        # user nice system idle iowait irq softirq steal (guest and guest_nice, after
        # these, are already counted in user and nice)
        ticks = [int(x) for x in f.readline().split()[1:9]]
    idle = ticks[3] + ticks[4]  # idle + iowait
    steal = ticks[7] if len(ticks) > 7 else 0
    workers = sum(_process_cpu(pid, tick) for pid in _children(master_pid))
    database = 0.0
    if postmaster:  # the server, its backends, and the backends that have ended
        database = _process_cpu(postmaster, tick, reaped=True) + sum(
            _process_cpu(pid, tick) for pid in _children(postmaster)
        )
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return CpuSample(
        (sum(ticks) - idle - steal) / tick,
        sum(ticks) / tick,
        workers,
        database,
        usage.ru_utime + usage.ru_stime,
        steal / tick,
        sum(_process_cpu(pid, tick) for pid in _children(streams)) if streams else 0.0,
    )


STEAL_WARNING = 0.05  # above this share of the CPUs' time taken elsewhere, a run says it was disturbed


def others_share(a: CpuSample, b: CpuSample) -> float:
    """The share of the machine's CPU time between two samples that went to processes
    other than ours (the servers and the load client) and to the hypervisor's steal."""
    span = b.machine_all - a.machine_all
    if span <= 0:
        return 0.0
    ours = (b.workers - a.workers) + (b.database - a.database) + (b.client - a.client) + (b.streams - a.streams)
    return max((b.machine_busy - a.machine_busy) - ours + (b.steal - a.steal), 0.0) / span


def cpu_lines(a: CpuSample, b: CpuSample, requests: int, load_before: float = 0.0) -> list[str]:
    """Where the machine's CPU time went between two samples: our processes, anything
    else in this machine, and the hypervisor's steal. On a shared host the steal can take
    half of both CPUs; such a run measures the host, so it says so."""
    span = b.machine_all - a.machine_all
    if span <= 0:
        return []
    busy, steal = b.machine_busy - a.machine_busy, b.steal - a.steal
    workers, database, client = b.workers - a.workers, b.database - a.database, b.client - a.client
    streams = b.streams - a.streams
    other = max(busy - workers - streams - database - client, 0)
    stream_server = f"the stream server {streams:.1f}, " if b.streams else ""
    lines = [
        f"CPU: the machine was {busy / span:.0%} busy and {steal / span:.0%} taken by the host (steal) "
        f"(load average {load_before:.1f} before the run): gunicorn's workers {workers:.1f} CPU-s "
        f"({workers / max(requests, 1) * 1000:.1f} ms per request), {stream_server}PostgreSQL {database:.1f}, "
        f"the load client {client:.1f}, anything else {other:.1f}, steal {steal:.1f}"
    ]
    if steal / span > STEAL_WARNING:
        lines.append(
            f"DISTURBED: the host held back {steal / span:.0%} of this machine's CPU time, so these "
            f"speeds are the host's, not the app's; run again when `vmstat 1` shows st near 0"
        )
    if other / span > STEAL_WARNING:
        lines.append(
            f"DISTURBED: other processes in this machine took {other / span:.0%} of its CPU time; "
            f"run again when nothing else runs"
        )
    return lines


# --- each request's CPU, from scripts/gunicorn_load.conf.py's logs ---------------------------


@dataclass(frozen=True, slots=True)
class RequestCpu:
    """One request as a gunicorn worker served it: when it ended (epoch seconds), what it
    asked, its status, and the worker's CPU and wall seconds for it."""

    ended: float
    method: str
    path: str
    status: int
    cpu: float
    wall: float


def request_cpu(folder: Path, since: float = 0.0, until: float = float("inf")) -> list[RequestCpu]:
    """The requests the workers logged in ``folder`` (cpu-<pid>.log) that ended between
    ``since`` and ``until``."""
    found = []
    for log in sorted(folder.glob("cpu-*.log")):
        for line in log.read_text(errors="replace").splitlines():
            parts = line.split()
            if len(parts) != 6:
                continue  # a line still being written
            ended = float(parts[0])
            if since <= ended <= until:
                found.append(
                    RequestCpu(ended, parts[1], parts[2], int(parts[3]), int(parts[4]) / 1e6, int(parts[5]) / 1e6)
                )
    return found
