"""Failed log-ins are counted per address and username; past the limit the login answers 429."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games import throttle

pytestmark = pytest.mark.django_db

LIMIT = 5


@pytest.fixture(autouse=True)
def small_limits(settings):
    settings.LOGIN_THROTTLE_FAILURES = LIMIT
    settings.LOGIN_THROTTLE_MINUTES = 15
    cache.clear()
    yield
    cache.clear()


def _login(client: Client, username: str, password: str, ip: str = "203.0.113.7"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


def _fail(client: Client, username: str, times: int, ip: str = "203.0.113.7") -> None:
    for _ in range(times):
        response = _login(client, username, "wrong password", ip)
        assert response.status_code == 200  # the form again, with its error


def test_it_lets_a_few_mistakes_through(client, host):
    _fail(client, host.username, LIMIT - 1)
    assert _login(client, host.username, "wrong").status_code == 200


def test_it_answers_429_after_too_many_failures(client, host):
    _fail(client, host.username, LIMIT)
    response = _login(client, host.username, "wrong")
    assert response.status_code == 429
    assert "Too many failed log-in attempts; try again in 15 minutes" in response.content.decode()
    assert response["Retry-After"] == str(15 * 60)
    assert "Content-Security-Policy" in response


def test_it_does_not_check_the_password_while_throttled(client, host, password, monkeypatch):
    _fail(client, host.username, LIMIT)
    calls = []
    real = ModelBackend.authenticate

    def counting(self, request, **credentials):
        calls.append(credentials.get("username"))
        return real(self, request, **credentials)

    monkeypatch.setattr(ModelBackend, "authenticate", counting)
    response = _login(client, host.username, password)
    assert response.status_code == 429
    assert calls == []
    assert "_auth_user_id" not in client.session


def test_a_successful_log_in_clears_the_counter(client, host, password):
    _fail(client, host.username, LIMIT - 1)
    assert _login(client, host.username, password).status_code == 302
    client.logout()
    _fail(client, host.username, LIMIT - 1)  # would be 429 had the counter survived
    assert _login(client, host.username, password).status_code == 302


def test_it_counts_per_address(client, host, password):
    _fail(client, host.username, LIMIT, ip="203.0.113.7")
    assert _login(client, host.username, "wrong", ip="203.0.113.7").status_code == 429
    assert _login(client, host.username, password, ip="198.51.100.1").status_code == 302


def test_it_counts_per_username(client, host, other_user, password):
    _fail(client, host.username, LIMIT)
    assert _login(client, host.username, password).status_code == 429
    assert _login(client, other_user.username, password).status_code == 302


def test_usernames_differing_in_case_share_a_counter(client, host):
    _fail(client, host.username.upper(), LIMIT)
    assert _login(client, host.username, "wrong").status_code == 429


def test_one_address_guessing_many_usernames_is_throttled_too(client, host, password):
    for i in range(LIMIT * throttle.IP_FACTOR):
        _fail(client, f"nobody{i}", 1)
    assert _login(client, "somebody-new", "wrong").status_code == 429
    # The per-address counter is not reset by logging in to some account.
    assert _login(client, host.username, password).status_code == 429


def test_it_lets_you_try_again_after_the_window(client, host, password, monkeypatch):
    _fail(client, host.username, LIMIT)
    assert _login(client, host.username, password).status_code == 429
    later = time.time() + 15 * 60 + 1
    monkeypatch.setattr(time, "time", lambda: later)  # the cache's expiry reads the same clock
    assert _login(client, host.username, password).status_code == 302


def test_the_wait_counts_down(client, host, monkeypatch):
    _fail(client, host.username, LIMIT)
    later = time.time() + 10 * 60 + 5
    monkeypatch.setattr(time, "time", lambda: later)
    response = _login(client, host.username, "wrong")
    assert response.status_code == 429
    assert "try again in 5 minutes" in response.content.decode()


def test_it_leaves_get_requests_alone(client, host):
    _fail(client, host.username, LIMIT)
    assert client.get(reverse("login"), REMOTE_ADDR="203.0.113.7").status_code == 200


def test_it_throttles_the_admin_log_in_as_well(client, staff, password):
    _fail(client, staff.username, LIMIT)
    response = client.post(
        reverse("admin:login"), {"username": staff.username, "password": password}, REMOTE_ADDR="203.0.113.7"
    )
    assert response.status_code == 429


def test_it_reads_the_address_a_trusted_proxy_sets(rf, settings):
    settings.LOGIN_THROTTLE_IP_HEADER = "HTTP_X_REAL_IP"
    request = rf.post("/login/", REMOTE_ADDR="10.0.0.1", HTTP_X_REAL_IP="203.0.113.9")
    assert throttle.client_ip(request) == "203.0.113.9"
    settings.LOGIN_THROTTLE_IP_HEADER = ""
    assert throttle.client_ip(request) == "10.0.0.1"
