"""Database sessions that know whose they are, so that one user's sessions can all be ended:
the row (``UserSession``) and the session engine's store that writes it (``SessionStore``,
which ``SESSION_ENGINE = "games.sessions"`` names)."""

from __future__ import annotations

from typing import Any, cast

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore as DBStore
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models


class UserSession(AbstractBaseSession):
    """Django's session row plus the logged-in user (none for an anonymous session).

    Deleting a user deletes their sessions; the index serves "log out everywhere".
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="sessions"
    )

    @classmethod
    def get_session_store_class(cls) -> type[SessionStore]:
        return SessionStore


class SessionStore(DBStore):
    """Django's database sessions, stored as ``UserSession`` rows that record the logged-in user."""

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
