"""The session engine (SESSION_ENGINE = "games.sessions"): Django's database sessions,
stored as games.UserSession rows that record the logged-in user. The store lives beside
its model (games.models.sessions); a session engine is named by a module with a
``SessionStore``, which is this one."""

from __future__ import annotations

from games.models.sessions import SessionStore

__all__ = ["SessionStore"]
