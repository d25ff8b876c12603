"""scripts/loadtest.py end to end, briefly: PostgreSQL, gunicorn and the load client start,
hosts sign in, upload, add, deal and export, and the invariants are checked. The figures
of a run this short mean nothing; that the harness works does (make loadtest relies on it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import skip_or_fail

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def test_a_short_load_test_runs_clean():
    if not list(Path("/usr/lib/postgresql").glob("*/bin/initdb")):
        skip_or_fail("PostgreSQL server binaries not found (apt-get install postgresql)")
    if not (Path(sys.executable).parent / "gunicorn").exists():
        skip_or_fail("gunicorn is not installed in the virtualenv")
    done = subprocess.run(
        [sys.executable, "scripts/loadtest.py", "--seconds", "4", "--hosts", "3", "--boards", "12", "--deals", "4"],
        cwd=ROOT, capture_output=True, text=True, timeout=240,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-4000:]
    assert "invariant violations                     0" in out and "dropped connections                      0" in out, out[-4000:]
    deals = next(line for line in out.splitlines() if line.startswith("deal "))
    assert int(deals.split()[1]) > 0, deals  # hosts got as far as dealing
    assert "games checked: 0" not in out
