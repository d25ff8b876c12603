"""Failed log-ins are throttled by django-axes (settings and games/lockout.py).

Counted per (normalised username, client address), and per username from addresses
the user has never logged in from; past the limit a log-in answers 429 with the wait.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.db.models import F
from django.test import Client, override_settings
from django.urls import reverse

from games import lockout

pytestmark = pytest.mark.django_db

LIMIT = 5
ATTACKER = "198.51.100.66"
HOME = "203.0.113.7"
PROXY = "127.0.0.1"  # the README's TLS proxy in front of gunicorn


@pytest.fixture(autouse=True)
def limits(settings):
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = LIMIT
    settings.AXES_COOLOFF_TIME = timedelta(minutes=15)


@pytest.fixture
def demo(django_user_model, password):
    return django_user_model.objects.create_user("demo", "demo@example.com", password)


def _login(client: Client, username: str, password: str, ip: str = HOME, url: str = "", **headers: str):
    data = {"username": username, "password": password}
    return client.post(url or reverse("login"), data, REMOTE_ADDR=ip, **headers)


def _fail(client: Client, username: str, times: int, ip: str = HOME, **headers: str) -> None:
    for _ in range(times):
        response = _login(client, username, "wrong password", ip, **headers)
        assert response.status_code == 200  # the form again, with its error


def _behind_proxy(client: Client, username: str, password: str, client_ip: str):
    return _login(client, username, password, ip=PROXY, HTTP_X_FORWARDED_FOR=client_ip)


def _minutes_pass(minutes: float) -> None:
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def test_it_lets_a_few_mistakes_through(client, host, password):
    _fail(client, host.username, LIMIT - 1)
    assert _login(client, host.username, password).status_code == 302


def test_the_failure_that_reaches_the_limit_answers_429_with_the_wait(client, host):
    _fail(client, host.username, LIMIT - 1)
    response = _login(client, host.username, "wrong")
    assert response.status_code == 429
    assert "Too many failed log-in attempts; try again in 15 minutes." in response.content.decode()
    assert response["Retry-After"] == str(15 * 60)
    assert "Content-Security-Policy" in response


def test_a_locked_out_log_in_is_refused_even_with_the_right_password(client, host, password):
    _fail(client, host.username, LIMIT - 1)
    _login(client, host.username, "wrong")
    assert _login(client, host.username, password).status_code == 429
    assert "_auth_user_id" not in client.session


def test_refused_tries_do_not_stretch_the_wait(client, host, password):
    _fail(client, host.username, LIMIT - 1)
    _login(client, host.username, "wrong")
    _minutes_pass(10)
    for _ in range(3):
        response = _login(client, host.username, password)
        assert response.status_code == 429
        assert "try again in 5 minutes." in response.content.decode()


def test_the_wait_counts_down_to_one_minute(client, host):
    _fail(client, host.username, LIMIT - 1)
    _login(client, host.username, "wrong")
    _minutes_pass(14.5)
    assert "try again in 1 minute." in _login(client, host.username, "wrong").content.decode()


def test_it_lets_you_in_after_the_window(client, host, password):
    _fail(client, host.username, LIMIT - 1)
    _login(client, host.username, "wrong")
    _minutes_pass(15.1)
    assert _login(client, host.username, password).status_code == 302


def test_a_successful_log_in_clears_the_counter(client, host, password):
    _fail(client, host.username, LIMIT - 1)
    assert _login(client, host.username, password).status_code == 302
    client.logout()
    _fail(client, host.username, LIMIT - 1)  # would end in 429 had the counter survived
    assert _login(client, host.username, password).status_code == 302


def test_it_leaves_get_requests_alone(client, host):
    _fail(client, host.username, LIMIT - 1)
    _login(client, host.username, "wrong")
    assert client.get(reverse("login"), REMOTE_ADDR=HOME).status_code == 200


def test_it_throttles_the_admin_log_in_as_well(client, staff, password):
    admin_login = reverse("admin:login")
    _fail(client, staff.username, LIMIT - 1, url=admin_login)
    assert _login(client, staff.username, "wrong", url=admin_login).status_code == 429
    response = _login(client, staff.username, password, url=admin_login)
    assert response.status_code == 429
    assert "Too many failed log-in attempts; try again in 15 minutes." in response.content.decode()


def test_the_site_and_the_admin_share_one_counter(client, staff, password):
    _fail(client, staff.username, LIMIT - 1)
    _login(client, staff.username, "wrong")
    assert _login(client, staff.username, password, url=reverse("admin:login")).status_code == 429


def test_another_user_agent_gives_no_fresh_tries(client, host):
    for i in range(LIMIT - 1):  # axes keeps a row per user agent; the counts add up across them
        _fail(client, host.username, 1, HTTP_USER_AGENT=f"bot/{i}")
    assert _login(client, host.username, "wrong", HTTP_USER_AGENT="bot/new").status_code == 429


def test_a_locked_out_username_does_not_lock_out_others_at_that_address(client, host, other_user, password):
    _fail(client, host.username, LIMIT - 1, ip=ATTACKER)
    assert _login(client, host.username, "wrong", ip=ATTACKER).status_code == 429
    assert _login(client, other_user.username, password, ip=ATTACKER).status_code == 302


def test_guessing_one_password_from_many_addresses_is_held_to_the_limit(client, host, password):
    for i in range(LIMIT - 1):
        _fail(client, host.username, 1, ip=f"198.51.100.{i}")
    assert _login(client, host.username, "wrong", ip="198.51.100.99").status_code == 429
    assert _login(client, host.username, password, ip="192.0.2.1").status_code == 429  # a new address too


def test_the_user_still_gets_in_from_an_address_they_logged_in_from_before(client, host, password):
    assert _login(client, host.username, password, ip=HOME).status_code == 302
    client.logout()
    for i in range(3 * LIMIT):  # an attack on the account from everywhere else
        _login(client, host.username, "wrong", ip=f"198.51.100.{i}")
    assert _login(client, host.username, password, ip="192.0.2.1").status_code == 429
    assert _login(client, host.username, password, ip=HOME).status_code == 302


# The two holes of the hand-written throttle (games/throttle.py until this change).


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_the_proxy_failures_for_made_up_names_lock_out_nobody_else(client, host, password):
    for i in range(25):  # the old throttle saw all of them come from the proxy, and locked it at 20
        response = _behind_proxy(client, f"nobody{i}", "wrong", client_ip=f"198.51.100.{i % 5}")
        assert response.status_code == 200
    assert _behind_proxy(client, host.username, password, client_ip="203.0.113.20").status_code == 302


def test_names_django_folds_together_share_one_counter(client, demo, password):
    for name in ["ｄｅｍｏ", "𝐝𝐞𝐦𝐨", "Demo", "demo"]:
        assert _login(client, name, "wrong").status_code == 200
    # The old throttle counted these on "demo" but looked up the name as typed: 0 failures.
    assert _login(client, "𝐝𝐞𝐦𝐨", "wrong").status_code == 429
    for name in ["ｄｅｍｏ", "𝐝𝐞𝐦𝐨", "DEMO", "demo"]:
        assert _login(client, name, password).status_code == 429


# Where the client's address comes from.


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_behind_the_proxy_each_client_has_its_own_counter(client, host, password):
    assert _behind_proxy(client, host.username, password, client_ip=HOME).status_code == 302
    client.logout()
    for _ in range(LIMIT - 1):
        assert _behind_proxy(client, host.username, "wrong", client_ip=ATTACKER).status_code == 200
    assert _behind_proxy(client, host.username, "wrong", client_ip=ATTACKER).status_code == 429
    assert _behind_proxy(client, host.username, password, client_ip=HOME).status_code == 302


@override_settings(TRUSTED_PROXY_COUNT=1)
def test_entries_a_client_writes_into_x_forwarded_for_give_no_fresh_tries(client, host):
    for i in range(LIMIT - 1):  # the proxy appends the real address after whatever the client sent
        assert _behind_proxy(client, host.username, "wrong", client_ip=f"10.0.0.{i}, {ATTACKER}").status_code == 200
    assert _behind_proxy(client, host.username, "wrong", client_ip=f"10.9.9.9, {ATTACKER}").status_code == 429


def test_it_reads_the_address_each_trusted_proxy_appended(rf, settings):
    request = rf.post("/login/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"6.6.6.6, {HOME}, 192.0.2.50")
    settings.TRUSTED_PROXY_COUNT = 0  # nothing in front: the header is the client's to forge
    assert lockout.client_ip(request) == PROXY
    settings.TRUSTED_PROXY_COUNT = 2
    assert lockout.client_ip(request) == HOME
    settings.TRUSTED_PROXY_COUNT = 4  # fewer entries than proxies: not through them all
    assert lockout.client_ip(request) == PROXY
    settings.TRUSTED_PROXY_COUNT = 1
    assert lockout.client_ip(rf.post("/login/", REMOTE_ADDR=PROXY)) == PROXY  # no header
    assert lockout.client_ip(rf.post("/login/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="unknown")) == PROXY


def test_production_takes_the_address_from_one_proxy():
    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "deckupload.settings_production",
        "SECRET_KEY": "x" * 50,
        "ALLOWED_HOSTS": "example.org",
    }
    env.pop("TRUSTED_PROXY_COUNT", None)
    code = (
        "import django; django.setup(); from django.conf import settings as s; "
        "print(s.TRUSTED_PROXY_COUNT, s.TRUSTED_PROXY_HEADER, s.AXES_ENABLED)"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["1", "HTTP_X_FORWARDED_FOR", "True"], result.stderr


def test_the_admin_lists_the_failed_attempts(client, staff, host):
    _fail(client, host.username, 2, ip=ATTACKER)
    client.force_login(staff)
    page = client.get(reverse("admin:axes_accessattempt_changelist")).content.decode()
    assert ATTACKER in page and host.username in page
