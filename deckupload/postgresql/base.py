"""Django's PostgreSQL backend, with a health check that asks the socket first.

With persistent connections and CONN_HEALTH_CHECKS, Django sends "SELECT 1" before the
first query of every request, so that a connection the server dropped while idle (a
restart, an administrator's kill) is replaced instead of failing that request. That is a
round trip on every request, a tenth of those a Deal New Cards makes.

A server that ends a session writes to its socket before going (an error message, then
end of file), so an idle connection whose socket has nothing to read is still the one we
left. Only a connection with something waiting, one psycopg marks closed or broken, or one
not idle gets Django's real check.

    ENGINE = "deckupload.postgresql"   (settings.py picks it for postgres:// URLs)
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_health_check_failed(self) -> None:
        if (
            self.connection is not None
            and self.health_check_enabled
            and not self.health_check_done
            and not self.pool
            and self._nothing_to_read()
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def _nothing_to_read(self) -> bool:
        """True when the connection is open, idle, and its socket has nothing waiting."""
        connection = self.connection
        try:
            if connection.closed or connection.broken:
                return False
            if connection.info.transaction_status != TransactionStatus.IDLE:
                return False
            readable, _, _ = select.select([connection.fileno()], [], [], 0)
        except Exception:  # noqa: BLE001 - any doubt: Django's real check
            return False
        return not readable
