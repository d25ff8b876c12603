"""Django's ModelBackend, reading the signed-in user with a statement built once.

Every request that asks who is there (every page, every deal) loads the user by the
id in its session, and the ORM builds that SELECT each time: about half a millisecond
of CPU. Checking passwords, permissions and the session hash stays Django's.

    AUTHENTICATION_BACKENDS = ["games.auth_backend.ModelBackend"]
"""

from __future__ import annotations

import functools

from django.contrib.auth import backends, get_user_model
from django.db import connection

from games.sql import column_list


class ModelBackend(backends.ModelBackend):
    def get_user(self, user_id):  # type: ignore[no-untyped-def]
        """The active user with this id, or None (as Django's ModelBackend answers)."""
        user = next(iter(get_user_model()._default_manager.raw(_user_sql(), [user_id])), None)
        return user if user is not None and self.user_can_authenticate(user) else None


@functools.cache
def _user_sql() -> str:
    meta = get_user_model()._meta
    quote = connection.ops.quote_name
    columns, _ = column_list(get_user_model())
    return f"SELECT {columns} FROM {quote(meta.db_table)} WHERE {quote(meta.pk.column)} = %s"
