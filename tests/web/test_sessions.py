"""Sessions in a signed cookie: no request reads the database for its session, and what
ends a session still ends it (log-out in this browser, a password change everywhere)."""

from __future__ import annotations

import secrets

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def logged_in(client, host, password):
    response = client.post("/login/", {"username": host.username, "password": password})
    assert response.status_code == 302
    return client


def test_a_logged_in_request_reads_no_session_row(logged_in):
    with CaptureQueriesContext(connection) as queries:
        page = logged_in.get("/")
    assert b"Your games" in page.content
    assert not [q["sql"] for q in queries if "django_session" in q["sql"]]


def test_log_out_deletes_the_cookie(logged_in):
    response = logged_in.post("/logout/")
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert cookie.value == "" and cookie["max-age"] == 0
    assert b"Your games" not in logged_in.get("/").content


def test_a_copy_of_the_cookie_ends_when_the_password_changes(logged_in, host):
    copy = Client()
    copy.cookies[settings.SESSION_COOKIE_NAME] = logged_in.cookies[settings.SESSION_COOKIE_NAME].value
    assert b"Your games" in copy.get("/").content

    host.set_password("an-entirely-new-password-7")
    host.save()
    assert b"Your games" not in copy.get("/").content
    assert copy.get("/games/new/").status_code == 302  # sent to log in


def test_a_tampered_cookie_is_no_session(logged_in):
    value = logged_in.cookies[settings.SESSION_COOKIE_NAME].value
    forged = Client()
    forged.cookies[settings.SESSION_COOKIE_NAME] = value[:-3] + ("aaa" if not value.endswith("aaa") else "bbb")
    assert b"Your games" not in forged.get("/").content


def test_messages_never_grow_the_session_cookie(logged_in, host):
    """Pages not seen pile up their messages; the oldest drop out of the messages cookie
    rather than spill into the session's."""
    game = Game.objects.create(host=host, name="Messages", allow_upload=True)
    before = len(logged_in.cookies[settings.SESSION_COOKIE_NAME].value)
    for _ in range(200):  # no-JS posts whose redirects are never followed, each its own message
        label = secrets.token_urlsafe(15)
        response = logged_in.post(f"/games/{game.pk}/queue/go/", {"board": label})
        assert response.status_code == 302
    assert len(logged_in.cookies[settings.SESSION_COOKIE_NAME].value) <= before + 64
    page = logged_in.get(f"/games/{game.pk}/").content.decode()
    assert f"No queued deck is board {label}." in page
