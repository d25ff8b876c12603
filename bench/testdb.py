"""A throwaway test database for the benchmarks that go through Django (the default
engine's test database: a temporary SQLite file unless DATABASE_URL names PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def on_test_database(measure: Callable[[], T]) -> T:
    """Set up a test database, run ``measure``, tear the database down."""
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment(debug=False)
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        return measure()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
