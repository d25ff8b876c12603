"""Sessions in the database: ending a session ends it for every copy of its cookie, and
each session row knows its user, so that all of one user's sessions can be ended."""

from __future__ import annotations

import secrets
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from games.models import Game, UserSession

pytestmark = pytest.mark.django_db


def log_in(user, password: str) -> Client:
    client = Client()
    response = client.post("/login/", {"username": user.username, "password": password})
    assert response.status_code == 302
    return client


def copy_of(client: Client) -> Client:
    """Another browser holding the same session cookie."""
    copy = Client()
    copy.cookies[settings.SESSION_COOKIE_NAME] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return copy


def is_logged_in(client: Client) -> bool:
    response = client.get("/account/")
    assert response.status_code in (200, 302)
    return response.status_code == 200


def test_the_session_row_names_its_user(host, password):
    client = log_in(host, password)
    row = UserSession.objects.get(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value)
    assert row.user == host


def test_a_cookie_copied_before_log_out_does_not_log_in_after_it(host, password):
    client = log_in(host, password)
    copy = copy_of(client)
    assert is_logged_in(copy)

    response = client.post("/logout/")
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert cookie.value == "" and cookie["max-age"] == 0
    assert not is_logged_in(copy)
    assert not is_logged_in(client)
    assert not UserSession.objects.filter(user=host).exists()


def test_a_copied_cookie_outlives_a_log_in_elsewhere_until_log_out_everywhere(host, password):
    client = log_in(host, password)
    copy = copy_of(client)
    elsewhere = log_in(host, password)
    assert is_logged_in(copy) and is_logged_in(elsewhere)

    response = elsewhere.post("/logout/everywhere/")
    assert response.status_code == 302
    assert not is_logged_in(copy)
    assert not is_logged_in(client)
    assert not is_logged_in(elsewhere)


def test_log_out_everywhere_ends_every_session_of_that_user_and_no_other(host, other_user, password):
    first, second = log_in(host, password), log_in(host, password)
    bob = log_in(other_user, password)
    assert UserSession.objects.filter(user=host).count() == 2

    second.post("/logout/everywhere/")
    assert not is_logged_in(first) and not is_logged_in(second)
    assert not UserSession.objects.filter(user=host).exists()
    assert is_logged_in(bob)
    assert UserSession.objects.filter(user=other_user).count() == 1


def test_a_tampered_cookie_is_no_session(host, password):
    client = log_in(host, password)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    forged = Client()
    forged.cookies[settings.SESSION_COOKIE_NAME] = key[:-1] + ("a" if key[-1] != "a" else "b")
    assert not is_logged_in(forged)
    assert is_logged_in(client)


def test_clearsessions_deletes_the_expired_rows_only(host, other_user, password):
    expired, current = log_in(host, password), log_in(other_user, password)
    key = expired.cookies[settings.SESSION_COOKIE_NAME].value
    UserSession.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))

    call_command("clearsessions")
    assert list(UserSession.objects.values_list("user", flat=True)) == [other_user.pk]
    assert is_logged_in(current)


def test_messages_stay_out_of_the_session(host, password):
    """Pages not seen pile up their messages; the oldest drop out of the messages cookie
    rather than spill into the session's row."""
    client = log_in(host, password)
    game = Game.objects.create(host=host, name="Messages", allow_upload=True)
    for _ in range(200):  # no-JS posts whose redirects are never followed, each its own message
        label = secrets.token_urlsafe(15)
        response = client.post(f"/games/{game.pk}/queue/go/", {"board": label})
        assert response.status_code == 302
    row = UserSession.objects.get(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value)
    assert "_messages" not in row.get_decoded()
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert f"No queued deck is board {label}." in page
