"""The session engine (SESSION_ENGINE = "games.sessions"): Django's database sessions,
stored as games.UserSession rows that record the logged-in user."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore as DBStore

from games.models.sessions import UserSession


class SessionStore(DBStore):
    @classmethod
    def get_model_class(cls) -> type[UserSession]:
        return UserSession

    def create_model_instance(self, data: dict[str, Any]) -> UserSession:
        # a UserSession: the model class is get_model_class's
        session = cast(UserSession, super().create_model_instance(data))
        try:
            session.user_id = int(data[SESSION_KEY])
        except (KeyError, TypeError, ValueError):
            session.user_id = None
        return session
