#!/usr/bin/env bash
# The development site: the task workers (PDFs and analyses on one, the robot's cards on
# another) in the background, at a lower CPU priority so that pages stay quick while they
# solve, and Django's server in front; Ctrl-C stops all three.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
workers=()
stop() { for pid in "${workers[@]}"; do kill "$pid" 2>/dev/null || true; done; }
trap stop EXIT
for queue in solver robot; do
  nice -n 10 $PY manage.py db_worker --queue-name "$queue" --no-reload &
  workers+=($!)
done
$PY manage.py runserver "${ADDRESS:-127.0.0.1:8000}"
