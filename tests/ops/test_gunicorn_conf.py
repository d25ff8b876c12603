"""scripts/gunicorn.conf.py: what a worker does once the app is loaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHECK = """
import gc, runpy
conf = runpy.run_path("scripts/gunicorn.conf.py")
before = gc.get_freeze_count()
conf["post_worker_init"](None)
print(before, gc.get_freeze_count())
"""


def test_a_loaded_worker_freezes_what_it_has():
    run = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    before, after = map(int, run.stdout.split())
    assert before == 0 and after > 1000  # the objects alive then are out of later collections
