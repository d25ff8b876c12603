"""gunicorn settings for scripts/loadtest.py: production's (scripts/gunicorn.conf.py), and
each request's CPU time written to a log of its own.

    GUNICORN_CPU_LOG=/tmp/dir gunicorn -c scripts/gunicorn_load.conf.py

A sync worker serves one request at a time, so the worker process's CPU time between
``pre_request`` and ``post_request`` is that request's: the app, the response written, the
access log line. Each worker appends to ``<GUNICORN_CPU_LOG>/cpu-<pid>.log`` one line per
request: the time it ended (epoch seconds), the method, the path, the status, its CPU
microseconds and its wall microseconds (scripts/cpu_split.py reads them).
"""

from __future__ import annotations

import os
import runpy
import time
from pathlib import Path

globals().update(
    (name, value)
    for name, value in runpy.run_path(str(Path(__file__).with_name("gunicorn.conf.py"))).items()
    if not name.startswith("__")
)

_cpu_log = Path(os.environ["GUNICORN_CPU_LOG"])
_lines: dict[int, object] = {}  # pid -> open file: one per worker, opened after the fork


def pre_request(worker, req) -> None:
    worker.request_began = (time.process_time(), time.perf_counter())


def post_request(worker, req, environ, resp) -> None:
    cpu, wall = time.process_time(), time.perf_counter()
    began_cpu, began_wall = getattr(worker, "request_began", (cpu, wall))
    log = _lines.get(worker.pid)
    if log is None:
        log = _lines[worker.pid] = open(_cpu_log / f"cpu-{worker.pid}.log", "a", buffering=1)  # noqa: SIM115
    status = resp.status_code if resp is not None else 0
    log.write(
        f"{time.time():.3f} {req.method} {req.path} {status} "
        f"{(cpu - began_cpu) * 1e6:.0f} {(wall - began_wall) * 1e6:.0f}\n"
    )
