"""scripts/gunicorn.conf.py: what a worker does once the app is loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# A worker as gunicorn makes it: the app (and so Django) loaded, then post_worker_init.
CHECK = """
import gc, json, os, runpy
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deckupload.settings")
os.environ.setdefault("SECRET_KEY", "worker-check-" + "x" * 40)
os.environ["DEBUG"] = "0"
import deckupload.wsgi
from django.template import engines
conf = runpy.run_path("scripts/gunicorn.conf.py")
before = gc.get_freeze_count()
(cached_loader,) = engines["django"].engine.template_loaders[0].loaders  # under template_partials
cache = cached_loader.get_template_cache
cached_before = len(cache)
conf["post_worker_init"](None)
print(json.dumps({"frozen": [before, gc.get_freeze_count()], "cached": [cached_before, sorted(cache)]}))
"""


def worker() -> dict:
    run = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.splitlines()[-1])


def test_a_loaded_worker_compiles_every_template_and_freezes_what_it_has():
    seen = worker()
    before, after = seen["frozen"]
    assert before == 0 and after > 1000  # the objects alive then are out of later collections
    cached_before, cached = seen["cached"]
    assert cached_before == 0
    on_disk = {p.relative_to(ROOT / "templates").as_posix() for p in (ROOT / "templates").rglob("*.html")}
    assert on_disk <= set(cached) and "games/game.html" in cached  # no visitor pays a compile
