#!/usr/bin/env bash
# The development site: a task worker for each queue (interactive: analyses and settling
# boards; robot: the robots' cards; bulk: hand-record PDFs) in the background, at a lower
# CPU priority so that pages stay quick while they solve (bulk lowest), and uvicorn in
# front, reloading on code changes; Ctrl-C stops them all. uvicorn, not runserver: the
# live pages' event streams (games/views/events.py) need an ASGI server, and under
# runserver's WSGI handler the pages would poll. ADDRESS ("8001" or
# "0.0.0.0:8001") or PORT chooses where it serves: 127.0.0.1:8000 by default.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
workers=()
stop() { for pid in "${workers[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop EXIT
for queue in interactive robot bulk; do
  level=5; [ "$queue" = bulk ] && level=15
  nice -n "$level" $PY manage.py run_worker --queue-name "$queue" &
  workers+=($!)
done
address=${ADDRESS:-127.0.0.1:${PORT:-8000}}
case $address in *:*) host=${address%:*} port=${address##*:} ;; *) host=127.0.0.1 port=$address ;; esac
echo "Serving on http://$host:$port/"
.venv/bin/uvicorn deckupload.asgi:application --host "$host" --port "$port" --reload \
  --reload-dir games --reload-dir deckupload --reload-dir templates --timeout-graceful-shutdown 2
