"""gunicorn settings for the live pages' event streams (docs/push.md):

    gunicorn -c scripts/gunicorn_streams.conf.py

uvicorn's workers serving deckupload.asgi, for ``/games/<pk>/events/`` only: the proxy in
front sends that path here and every other to the page server (scripts/gunicorn.conf.py,
sync workers). An open stream waits in the event loop at no CPU, where a sync worker would
be taken for as long as its page is open; the pages stay on sync workers because under
uvicorn each synchronous view runs in a thread of its own, which measured about twice
the CPU a request (docs/push.md).

Environment: STREAMS_BIND (127.0.0.1:8001), STREAMS_WORKERS (1: one event loop holds
thousands of idle streams; each worker keeps one LISTEN connection to PostgreSQL, and one
for the thread that draws seated players' seat views, games/views/seat_events.py).
"""

from __future__ import annotations

import os
import runpy
from pathlib import Path

globals().update(
    (name, value)
    for name, value in runpy.run_path(str(Path(__file__).with_name("gunicorn.conf.py"))).items()
    if not name.startswith("__") and name not in {"threads"}
)

wsgi_app = "deckupload.asgi:application"
worker_class = "uvicorn_worker.UvicornWorker"
bind = os.environ.get("STREAMS_BIND", "127.0.0.1:8001")
workers = int(os.environ.get("STREAMS_WORKERS", "1"))
# A stream opens a connection only to check who listens, and gives it back: a connection
# kept by a request's thread would stay open with the thread. (The drawing thread keeps its
# own, whatever this says: nothing there checks its age.)
raw_env = ["CONN_MAX_AGE=0"]
# A restart closes the open streams after this; their pages reconnect and catch up.
graceful_timeout = 5
