from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


def test_it_shows_the_sign_up_form(client):
    response = client.get("/signup/")
    assert response.status_code == 200
    assert b"<h1>Sign up</h1>" in response.content
    assert b'name="password2"' in response.content


def test_it_creates_the_account_and_logs_in(client):
    response = client.post(
        "/signup/",
        {"username": "dana", "email": "", "password1": "a-long-bridge-pass-88", "password2": "a-long-bridge-pass-88"},
    )
    assert response.status_code == 302 and response.url == "/"
    assert get_user_model().objects.filter(username="dana").exists()
    assert b"dana" in client.get("/").content
    assert b"New game" in client.get("/").content


def test_it_rejects_a_weak_password(client):
    response = client.post("/signup/", {"username": "dana", "password1": "1234", "password2": "1234"})
    assert response.status_code == 200
    assert b"too short" in response.content
    assert not get_user_model().objects.filter(username="dana").exists()


def test_it_rejects_a_taken_username(client, host, password):
    response = client.post("/signup/", {"username": "alice", "password1": password, "password2": password})
    assert response.status_code == 200
    assert b"already exists" in response.content


def test_it_sends_a_logged_in_user_home(host_client):
    assert host_client.get("/signup/").url == "/"


def test_it_goes_back_to_the_page_that_asked_for_an_account(client):
    response = client.post(
        "/signup/?next=/games/7/join/abc/",
        {
            "username": "dora",
            "password1": "a-long-enough-pass-99",
            "password2": "a-long-enough-pass-99",
            "next": "/games/7/join/abc/",
        },
    )
    assert response.status_code == 302 and response.url == "/games/7/join/abc/"


def test_it_ignores_a_next_address_on_another_site(client):
    response = client.post(
        "/signup/",
        {
            "username": "eve",
            "password1": "a-long-enough-pass-99",
            "password2": "a-long-enough-pass-99",
            "next": "https://evil.example/",
        },
    )
    assert response.status_code == 302 and response.url == "/"
