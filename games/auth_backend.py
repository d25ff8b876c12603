"""Django's ModelBackend, reading the signed-in user with a statement built once.

Every request that asks who is there (every page, every deal) loads the user by the
id in its session, and the ORM builds that SELECT each time: about half a millisecond
of CPU. Checking passwords, permissions and the session hash stays Django's.

    AUTHENTICATION_BACKENDS = ["games.auth_backend.ModelBackend"]
"""

from __future__ import annotations

import functools

from django.contrib.auth import backends, get_user_model
from django.db import connections, router

from games.sql import RowReader


class ModelBackend(backends.ModelBackend):
    def get_user(self, user_id):  # type: ignore[no-untyped-def]
        """The active user with this id, or None (as Django's ModelBackend answers)."""
        reader, sql = _users(router.db_for_read(get_user_model()))
        user = reader.first(sql, [user_id])
        return user if user is not None and self.user_can_authenticate(user) else None


@functools.cache
def _users(alias: str) -> tuple[RowReader, str]:
    meta = get_user_model()._meta
    quote = connections[alias].ops.quote_name
    reader = RowReader(get_user_model(), alias)
    return reader, f"SELECT {reader.columns} FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s"
