#!/usr/bin/env bash
# The test suite: ruff, the tests on SQLite, then the queue tests again on a throwaway
# PostgreSQL. `scripts/test.sh` runs the everyday tests (not marked slow: under three
# minutes on two CPUs), with one browser smoke test; `scripts/test.sh slow` runs the slow
# ones alone (the browser suite, big sites, load runs, every hostile URL and file shape,
# hundreds of deals against endplay) and the property tests again with many examples
# (HYPOTHESIS_PROFILE=ci). .ci/run runs both.
# The tests run in a process per CPU (pytest-xdist: -n auto; TEST_WORKERS=0 runs them in
# this one), but for the slow run's browser suite, load runs and task worker, one at a time.
# Extra arguments go to every pytest run.
# STRICT=1 (set by .ci/run) turns a missing browser, database or program into a failure;
# RANDOM_ORDER=1 (set by .ci/run too) runs the tests in a random order.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
export STRICT=${STRICT:-0}
# pytest keeps its assert-rewritten test modules in __pycache__ (ignored by git): without
# them every run rewrites some 200 modules in each worker.
unset PYTHONDONTWRITEBYTECODE
PYTEST=("$PY" -m pytest -q -n "${TEST_WORKERS:-auto}")
# The order pytest-randomly shuffles (its seed printed in the header): with RANDOM_ORDER=1,
# as .ci/run sets it; the file order otherwise.
ORDER=()
if [ "${RANDOM_ORDER:-0}" != 1 ]; then ORDER=(-p no:randomly); fi
PYTEST+=("${ORDER[@]}")
scripts/ensure_system.sh

# The translations' .mo files, from locale/*/LC_MESSAGES/django.po (never committed).
if command -v msgfmt >/dev/null; then
  $PY manage.py compilemessages --ignore .venv --verbosity 0
else
  if [ "$STRICT" = 1 ]; then echo "msgfmt not found: failing (STRICT=1)"; exit 1; fi
  echo "SKIPPED: compiling the translations (no msgfmt; apt-get install gettext): the i18n tests will skip"
fi

if [ "${1:-}" = slow ]; then
  shift
  echo "== Slow tests, and the property tests with many examples, on SQLite =="
  HYPOTHESIS_PROFILE=ci "${PYTEST[@]}" -m "(slow or hypothesis) and not (serial or browser)" "$@"   # exit 5 fails too
  # The browser suite's pages poll on timers, and the load runs and the real task worker
  # time what they start: one at a time, with no other pytest worker beside them.
  echo "== The browser suite, the load runs and the task worker, one at a time =="
  $PY -m pytest -q -p no:randomly -m "slow and (serial or browser)" "$@"
  exit 0
fi

echo "== ruff: lint and format (pyproject.toml) =="
$PY -m ruff check .
$PY -m ruff format --check .

echo "== mypy: the types (pyproject.toml) =="
$PY -m mypy

echo "== Migrations: every model change has one =="
$PY manage.py makemigrations --check --dry-run

echo "== Everyday tests on SQLite (not marked slow) =="
"${PYTEST[@]}" -m "not slow" "$@"   # exit 5 (no tests ran) fails too

pgdir=$(mktemp -d /tmp/deckupload-pg.XXXXXX)
port=$(( 20000 + RANDOM % 20000 ))
cleanup() { scripts/pg_throwaway.sh stop "$pgdir"; }
trap cleanup EXIT
if url=$(scripts/pg_throwaway.sh start "$pgdir" "$port"); then
  echo "== Queue tests on PostgreSQL ($url) =="
  DATABASE_URL=$url "${PYTEST[@]}" -m queue "$@"
else
  if [ "$STRICT" = 1 ]; then echo "PostgreSQL could not be started: failing (STRICT=1)"; exit 1; fi
  echo "SKIPPED: the queue tests on PostgreSQL (no PostgreSQL server; apt-get install postgresql)"
fi
