"""Fixtures shared by the model tests."""

from __future__ import annotations

import pytest

from games.models.join import JoinTable
from tests.playing import queue_deals


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


@pytest.fixture
def queued_table(join_table, host, other_user, django_user_model) -> JoinTable:
    """Four players seated (alice North, bob East, dave South, erin West), two boards of
    DEAL queued, nothing dealt."""
    join_table.take_seat(host, "N")
    join_table.take_seat(other_user, "E")
    for name, seat in (("dave", "S"), ("erin", "W")):
        join_table.take_seat(django_user_model.objects.create_user(name, password="x"), seat)
    queue_deals(join_table.game, 2)
    return join_table
