from __future__ import annotations

import pytest
from django.test import Client

from games.models import UserSession

pytestmark = pytest.mark.django_db


def test_it_logs_out_and_says_so(host_client, host):
    response = host_client.post("/logout/everywhere/", follow=True)
    assert response.redirect_chain == [("/", 302)]
    assert "You are logged out on every browser and device." in response.text
    assert b"Your games" not in response.content
    assert not UserSession.objects.filter(user=host).exists()


def test_it_does_not_log_out_by_get(host_client, host):
    assert host_client.get("/logout/everywhere/").status_code == 405
    assert host_client.get("/account/").status_code == 200
    assert UserSession.objects.filter(user=host).exists()


def test_it_needs_a_log_in(client):
    response = client.post("/logout/everywhere/")
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_it_needs_the_csrf_token(host):
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    assert client.post("/logout/everywhere/").status_code == 403
    assert client.get("/account/").status_code == 200
