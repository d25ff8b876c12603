"""Password reset by e-mail, with Django's views: the mail's link sets a new password once,
at most a few mails an hour reach one address or leave for one client, and the answer never
tells whether an address has an account or whether a limit held its mail back."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import ResetMailCount

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


def ask(address: str, client_address: str = "203.0.113.7"):
    return Client(REMOTE_ADDR=client_address).post("/password_reset/", {"email": address})


def test_one_address_gets_at_most_three_mails_an_hour(host, mailoutbox):
    answers = [ask(address) for address in ["alice@example.com", "ALICE@Example.com", *["alice@example.com"] * 6]]
    assert len(mailoutbox) == 3
    assert all(mail.to == ["alice@example.com"] for mail in mailoutbox)
    first, fourth = answers[0], answers[3]
    assert (fourth.status_code, fourth.url, fourth.content) == (first.status_code, first.url, first.content)
    assert {(answer.status_code, answer.url) for answer in answers} == {(302, "/password_reset/done/")}


def test_the_address_limit_holds_for_every_client(host, mailoutbox):
    for number in range(8):
        ask("alice@example.com", f"198.51.100.{number}")
    assert len(mailoutbox) == 3


def test_one_client_gets_a_bounded_number_across_addresses(django_user_model, mailoutbox, settings):
    addresses = [f"player{number}@example.com" for number in range(settings.PASSWORD_RESET_MAILS_PER_CLIENT + 3)]
    for number, address in enumerate(addresses):
        django_user_model.objects.create_user(f"player{number}", address, "x")
    answers = [ask(address, "203.0.113.7") for address in addresses]
    assert [mail.to[0] for mail in mailoutbox] == addresses[: settings.PASSWORD_RESET_MAILS_PER_CLIENT]
    assert {(answer.status_code, answer.url) for answer in answers} == {(302, "/password_reset/done/")}

    ask(addresses[-1], "192.0.2.1")  # another client is not held back
    assert mailoutbox[-1].to == [addresses[-1]]


def test_behind_a_proxy_each_forwarded_client_counts_apart(django_user_model, mailoutbox, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.PASSWORD_RESET_MAILS_PER_CLIENT = 1
    for name in ("dave", "erin"):
        django_user_model.objects.create_user(name, f"{name}@example.com", "x")
    for name, forwarded in (("dave", "192.0.2.1"), ("erin", "192.0.2.2"), ("dave", "192.0.2.2")):
        Client(REMOTE_ADDR="127.0.0.1").post(
            "/password_reset/", {"email": f"{name}@example.com"}, headers={"X-Forwarded-For": forwarded}
        )
    assert [mail.to for mail in mailoutbox] == [["dave@example.com"], ["erin@example.com"]]


def test_an_unknown_address_within_or_past_the_limit_answers_the_same_and_sends_nothing(host, mailoutbox):
    known = ask("alice@example.com")
    unknown = [ask("nobody@example.com") for _ in range(5)]
    for answer in unknown:
        assert (answer.status_code, answer.url, answer.content) == (known.status_code, known.url, known.content)
    assert [mail.to for mail in mailoutbox] == [["alice@example.com"]]


def test_the_counts_keep_no_address_in_the_clear(host, mailoutbox):
    ask("alice@example.com", "203.0.113.7")
    keys = list(ResetMailCount.objects.values_list("key", flat=True))
    assert len(keys) == 2
    assert not any("alice" in key or "203.0.113.7" in key for key in keys)
