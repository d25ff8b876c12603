from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

NEW = "a-fresh-bridge-password-31"


def log_in(username: str, password: str) -> Client:
    client = Client()
    assert client.post("/login/", {"username": username, "password": password}).status_code == 302
    return client


def change(client: Client, old: str, new: str = NEW):
    return client.post("/password_change/", {"old_password": old, "new_password1": new, "new_password2": new})


def test_it_shows_the_form(host_client):
    html = host_client.get("/password_change/").text
    assert "<h1>Change password</h1>" in html
    assert 'name="old_password"' in html and 'name="new_password2"' in html


def test_it_needs_a_log_in(client):
    response = client.get("/password_change/")
    assert response.status_code == 302 and response.url == "/login/?next=/password_change/"


def test_it_refuses_a_wrong_old_password(host, password):
    client = log_in("alice", password)
    response = change(client, "not-my-password")
    assert response.status_code == 200
    assert "Your old password was entered incorrectly. Please enter it again." in response.text
    host.refresh_from_db()
    assert host.check_password(password)


def test_it_keeps_this_browser_logged_in_and_logs_the_others_out(host, password):
    here, there = log_in("alice", password), log_in("alice", password)

    response = change(here, password)
    assert response.status_code == 302 and response.url == "/password_change/done/"
    done = here.get(response.url)
    assert done.status_code == 200 and "<h1>Password changed</h1>" in done.text
    assert here.get("/account/").status_code == 200
    assert there.get("/account/").status_code == 302
    host.refresh_from_db()
    assert host.check_password(NEW)
    assert log_in("alice", NEW).get("/account/").status_code == 200


def test_the_account_page_links_to_it(host_client):
    assert 'href="/password_change/"' in host_client.get("/account/").text
