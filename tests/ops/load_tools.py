"""What the load runs (scripts/loadtest.py, scripts/loadtest_stall.py) start: a throwaway
PostgreSQL, gunicorn and locust, and for pushed pages the stream server's uvicorn workers.
A test of a run skips without them (fails with STRICT=1)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from tests.conftest import skip_or_fail


def need_load_tools(*, streams: bool = False) -> None:
    """Skip unless the run's tools are here; ``streams``: the stream server's too."""
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        skip_or_fail("PostgreSQL server binaries not found (apt-get install postgresql)")
    if not (Path(sys.executable).parent / "gunicorn").exists():
        skip_or_fail("gunicorn is not installed in the virtualenv")
    if importlib.util.find_spec("locust") is None:
        skip_or_fail("locust is not installed in the virtualenv (requirements.txt)")
    if streams and importlib.util.find_spec("uvicorn_worker") is None:
        skip_or_fail("uvicorn-worker is not installed in the virtualenv (requirements.txt)")
