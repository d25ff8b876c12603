"""Database sessions that know whose they are, so that one user's sessions can all be ended."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models

if TYPE_CHECKING:
    from games.sessions import SessionStore


class UserSession(AbstractBaseSession):
    """Django's session row plus the logged-in user (none for an anonymous session).

    Deleting a user deletes their sessions; the index serves "log out everywhere".
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="sessions"
    )

    @classmethod
    def get_session_store_class(cls) -> type[SessionStore]:
        from games.sessions import SessionStore  # the store imports this model

        return SessionStore
