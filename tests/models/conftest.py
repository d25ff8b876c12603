"""Fixtures shared by the model tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def executor(request, transactional_db):
    """A migration executor with the database migrated back to the test module's
    ``BEFORE``; the latest migrations again afterwards, for the next test."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    executor.migrate(request.module.BEFORE)
    yield executor
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
