"""Password reset by e-mail, with Django's views: the mail's link sets a new password once,
and the answer never tells whether an address has an account."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

NEW = "a-fresh-bridge-password-31"


def reset_link(mail) -> str:
    """The path of the link in the mail."""
    found = re.search(r"https?://testserver(/reset/[^/\s]+/[^/\s]+/)", mail.body)
    assert found, mail.body
    return found.group(1)


def logs_in(username: str, password: str) -> bool:
    return Client().post("/login/", {"username": username, "password": password}).status_code == 302


def test_the_log_in_page_links_to_it(client):
    assert '<a href="/password_reset/">Forgot your password?</a>' in client.get("/login/").text


def test_it_shows_the_form(client):
    html = client.get("/password_reset/").text
    assert "<h1>Reset your password</h1>" in html and 'name="email"' in html


def test_a_reset_round_trip(client, host, password, mailoutbox):
    response = client.post("/password_reset/", {"email": "ALICE@example.com"})
    assert response.status_code == 302 and response.url == "/password_reset/done/"
    assert "<h1>Check your e-mail</h1>" in client.get(response.url).text
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["alice@example.com"] and mail.subject == "Reset your password at testserver"
    assert 'the account "alice"' in mail.body

    link = reset_link(mail)
    response = client.get(link)  # Django moves the token into the session, out of the address
    assert response.status_code == 302 and response.url.endswith("/set-password/")
    form = client.get(response.url)
    assert "<h1>Choose a new password</h1>" in form.text
    response = client.post(response.url, {"new_password1": NEW, "new_password2": NEW})
    assert response.status_code == 302 and response.url == "/reset/done/"
    assert "Your new password is set" in client.get(response.url).text

    assert logs_in("alice", NEW)
    assert not logs_in("alice", password)


def test_the_link_works_once(client, host, mailoutbox):
    client.post("/password_reset/", {"email": "alice@example.com"})
    link = reset_link(mailoutbox[0])
    form_url = client.get(link).url
    client.post(form_url, {"new_password1": NEW, "new_password2": NEW})

    again = Client().get(link, follow=True)
    assert "<h1>Link no longer valid</h1>" in again.text
    assert 'name="new_password1"' not in again.text


def test_a_reset_logs_out_every_browser(client, host, password, mailoutbox):
    logged_in = Client()
    logged_in.post("/login/", {"username": "alice", "password": password})
    assert logged_in.get("/account/").status_code == 200

    client.post("/password_reset/", {"email": "alice@example.com"})
    form_url = client.get(reset_link(mailoutbox[0])).url
    client.post(form_url, {"new_password1": NEW, "new_password2": NEW})
    assert logged_in.get("/account/").status_code == 302


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client, host, mailoutbox):
    known = client.post("/password_reset/", {"email": "alice@example.com"})
    unknown = client.post("/password_reset/", {"email": "nobody@example.com"})
    assert (unknown.status_code, unknown.url) == (known.status_code, known.url) == (302, "/password_reset/done/")
    assert [mail.to for mail in mailoutbox] == [["alice@example.com"]]
