"""games.auth_backend: Django's ModelBackend, the signed-in user read with a statement built once."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.contrib.auth import get_user_model

from games.auth_backend import ModelBackend

pytestmark = [pytest.mark.django_db, pytest.mark.queue]  # a raw statement: on PostgreSQL too


def test_it_reads_the_whole_user_with_its_values_converted(staff):
    staff.last_login = staff.date_joined
    staff.save()
    user = ModelBackend().get_user(staff.pk)
    assert user == staff and user.username == staff.username and user.password == staff.password
    assert user.is_staff is True and user.is_active is True and isinstance(user.last_login, datetime)
    assert user.last_login.tzinfo is not None and user.last_login == staff.date_joined  # converted, aware
    assert user._state.db == "default" and not user._state.adding  # as the ORM leaves a loaded row


def test_an_inactive_or_missing_user_is_nobody(host):
    assert ModelBackend().get_user(host.pk + 1000) is None
    host.is_active = False
    host.save()
    assert ModelBackend().get_user(host.pk) is None


def test_a_signed_in_host_is_known_until_deactivated(host_client, host):
    assert host.username in host_client.get("/").content.decode()
    get_user_model().objects.filter(pk=host.pk).update(is_active=False)
    assert host.username not in host_client.get("/").content.decode()


def test_a_password_change_elsewhere_signs_the_session_out(host_client, host):
    host.set_password("another-Pa55word-xyz")
    host.save()  # the session's hash no longer matches: Django's check, still in force
    assert host.username not in host_client.get("/").content.decode()


def test_logging_in_with_a_password_still_works(client, host, password):
    response = client.post("/login/", {"username": host.username, "password": password})
    assert response.status_code == 302
    assert host.username in client.get("/").content.decode()
