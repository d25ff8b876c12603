"""deckupload.postgresql: the health check asks the socket before sending SELECT 1.

On PostgreSQL only (scripts/test.sh runs the queue tests there); skipped on SQLite.
tests/test_faults.py restarts the server under gunicorn and checks the next request works.
"""

from __future__ import annotations

import select
import time

import pytest
from django.db import connection, connections

pytestmark = [pytest.mark.queue, pytest.mark.django_db(transaction=True)]  # idle connections, no test transaction


@pytest.fixture
def postgres():
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only: run by scripts/test.sh with DATABASE_URL")
    connection.ensure_connection()
    connection.health_check_enabled = True  # as production settings have it (CONN_HEALTH_CHECKS)
    yield
    connection.health_check_enabled = connection.settings_dict["CONN_HEALTH_CHECKS"]


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def test_the_engine_is_ours(postgres):
    assert type(connections["default"]).__module__ == "deckupload.postgresql.base"


def test_a_quiet_idle_connection_is_trusted_without_a_round_trip(postgres, monkeypatch):
    pid = backend_pid()
    asked = []
    monkeypatch.setattr(connection, "is_usable", lambda: asked.append(True) or True)
    connection.health_check_done = False
    connection.close_if_health_check_failed()
    assert asked == [] and connection.health_check_done
    assert backend_pid() == pid  # the same connection, kept


def test_a_connection_the_server_ended_is_checked_and_replaced(postgres):
    pid = backend_pid()
    killer = connection.get_new_connection(connection.get_connection_params())
    try:
        killer.autocommit = True
        killer.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        killer.close()
    deadline = time.monotonic() + 5  # the server's goodbye reaches the socket
    while not select.select([connection.connection.fileno()], [], [], 0.05)[0] and time.monotonic() < deadline:
        pass
    connection.health_check_done = False
    connection.close_if_health_check_failed()  # something to read: Django's real check, which fails
    assert connection.connection is None
    assert backend_pid() != pid  # the next query opens a new connection: no error for the request


def test_a_connection_in_a_transaction_gets_the_real_check(postgres, monkeypatch):
    from django.db import transaction

    asked = []
    monkeypatch.setattr(connection, "is_usable", lambda: asked.append(True) or True)
    with transaction.atomic():
        backend_pid()  # BEGIN sent: not idle
        connection.health_check_done = False
        connection.close_if_health_check_failed()
    assert asked == [True]
