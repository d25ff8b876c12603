from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_it_shows_the_log_in_form(client):
    response = client.get("/login/")
    assert response.status_code == 200
    assert b"<h1>Log in</h1>" in response.content
    assert b"Sign up" in response.content


def test_it_logs_in_and_goes_home(client, host, password):
    response = client.post("/login/", {"username": "alice", "password": password})
    assert response.status_code == 302 and response.url == "/"
    assert b"Your games" in client.get("/").content


def test_it_follows_next_after_logging_in(client, host, password, game):
    response = client.post("/login/", {"username": "alice", "password": password, "next": f"/games/{game.pk}/"})
    assert response.url == f"/games/{game.pk}/"


def test_it_does_not_follow_next_to_another_site(client, host, password):
    response = client.post("/login/", {"username": "alice", "password": password, "next": "https://evil.example/"})
    assert response.url == "/"


def test_it_rejects_a_wrong_password(client, host):
    response = client.post("/login/", {"username": "alice", "password": "nope"})
    assert response.status_code == 200
    assert b"enter a correct username and password" in response.content
