"""games.sessions: Django's database sessions, read with a statement built once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.backends.db import SessionStore as DjangoStore
from django.contrib.sessions.models import Session
from django.utils import timezone

from games.sessions import SessionStore

pytestmark = [pytest.mark.django_db, pytest.mark.queue]  # on PostgreSQL too


def test_it_loads_what_django_saved():
    saved = DjangoStore()
    saved["who"] = "<b>host</b> & co"
    saved.create()
    saved.save()
    store = SessionStore(saved.session_key)
    assert store.load() == {"who": "<b>host</b> & co"} and store.session_key == saved.session_key


def test_an_expired_session_is_not_loaded():
    saved = SessionStore()
    saved["who"] = "host"
    saved.save()
    Session.objects.filter(session_key=saved.session_key).update(expire_date=timezone.now() - timedelta(seconds=1))
    store = SessionStore(saved.session_key)
    assert store.load() == {} and store.session_key is None


def test_an_unknown_or_missing_key_gives_an_empty_session():
    for key in ("x" * 32, None):
        store = SessionStore(key)
        assert store.load() == {} and store.session_key is None


def test_a_session_deleted_at_logout_is_gone(host_client):
    key = host_client.session.session_key
    assert SessionStore(key).load()["_auth_user_id"]
    host_client.post("/logout/")
    assert SessionStore(key).load() == {}
    assert "Log in" in host_client.get("/").content.decode()


def test_the_site_uses_it(host_client, game):
    from django.conf import settings

    assert settings.SESSION_ENGINE == "games.sessions"
    assert host_client.get(f"/games/{game.pk}/").status_code == 200  # logged in through it
