"""gunicorn settings for production and for scripts/loadtest.py.

    gunicorn -c scripts/gunicorn.conf.py

Environment: GUNICORN_BIND (127.0.0.1:8000), GUNICORN_WORKERS (4),
GUNICORN_WORKER_CLASS (sync, or gthread with GUNICORN_THREADS per worker).

Sync workers by default: the app is CPU-bound (templates, the deck reader; under
scripts/loadtest.py the workers spend about 5 ms of CPU per request), so threads in one
process mostly queue for its interpreter lock. Measured with scripts/loadtest.py (32 hosts,
60 s, 2 CPUs), gthread won nothing that stood out of the noise, and gthread with keep-alive
gave a deal p99 of 336 ms against 132-148 for sync: a kept connection waits for its own
worker even when another is free.
Sync workers expect a buffering proxy (nginx) in front, as production has.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

wsgi_app = "deckupload.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "sync")
# More than one thread turns a sync worker into gthread: only gthread gets threads.
threads = int(os.environ.get("GUNICORN_THREADS", "4")) if worker_class == "gthread" else 1
# Keep-alive only matters for gthread (sync workers close after each response).
keepalive = 5
timeout = 30
graceful_timeout = 10
backlog = 2048
# TLS ends at the proxy in front: trust its X-Forwarded-Proto from this address only.
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None
# The last field is the time taken in microseconds (loadtest.py reads it).
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(D)s'
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "warning")


def post_worker_init(worker) -> None:
    """The app is loaded and its templates compiled, and these objects live as long as the
    worker: gc.freeze() keeps them out of every later collection, which then scans only
    what requests leave behind. Measured with scripts/loadtest.py: a worker's full
    collections took 40-160 ms each (a request stalled behind each), and 6-45 ms once
    the app was frozen."""
    compile_templates()
    gc.freeze()


def compile_templates() -> None:
    """Every template in the project's template folders, compiled now and kept by Django's
    cached loader: otherwise each worker's first page of a kind pays the compile in a
    visitor's request (the game page's takes 15 ms, as much as the request itself)."""
    from django.conf import settings
    from django.template.loader import get_template

    for engine in settings.TEMPLATES:
        for folder in map(Path, engine["DIRS"]):
            for path in sorted(folder.rglob("*.html")):
                get_template(path.relative_to(folder).as_posix())
