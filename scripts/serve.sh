#!/usr/bin/env bash
# The development site: a task worker for each queue (interactive: analyses and settling
# boards; robot: the robots' cards; bulk: hand-record PDFs) in the background, at a lower
# CPU priority so that pages stay quick while they solve (bulk lowest), and Django's
# server in front; Ctrl-C stops them all. ADDRESS (runserver's "8001" or "0.0.0.0:8001")
# or PORT chooses where it serves: 127.0.0.1:8000 by default.
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
$PY manage.py runserver "${ADDRESS:-127.0.0.1:${PORT:-8000}}"
