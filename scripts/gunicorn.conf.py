"""gunicorn settings for production and for scripts/loadtest.py.

    gunicorn -c scripts/gunicorn.conf.py

Environment: GUNICORN_BIND (127.0.0.1:8000), GUNICORN_WORKERS (4),
GUNICORN_WORKER_CLASS (gthread or sync), GUNICORN_THREADS (per gthread worker).
The defaults are what scripts/loadtest.py measured best on a 2-core machine; see
its docstring for the figures.
"""

from __future__ import annotations

import os

wsgi_app = "deckupload.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "4"))
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
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
