"""The footer's language chooser: a plain form (no JavaScript) to i18n/setlang/, which
keeps the choice in the language cookie over the browser's Accept-Language, sends the
browser back to the page it came from, and takes only a POST with the CSRF token."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogues")]


def chooser(html: str) -> str:
    found = re.search(r'<form method="post" action="/i18n/setlang/" class="language-form">.*?</form>', html, re.S)
    assert found, "no language chooser on the page"
    return found[0]


def test_every_page_has_the_chooser_with_the_page_as_next(host_client, game):
    form = chooser(host_client.get(f"/games/{game.pk}/?tab=queue").text)
    assert f'name="next" value="/games/{game.pk}/?tab=queue"' in form
    assert 'name="csrfmiddlewaretoken"' in form
    codes = re.findall(r'<option value="([a-z]+)"', form)
    assert codes == ["en", "pl", "nl", "fr", "it", "sv"]
    assert '<option value="en" lang="en" selected>English</option>' in form
    assert '<option value="pl" lang="pl">Polski</option>' in form  # each language named in itself


def test_the_chooser_shows_the_current_language(client):
    form = chooser(client.get("/", headers={"accept-language": "it"}).text)
    assert '<option value="it" lang="it" selected>Italiano</option>' in form
    assert ">Lingua</label>" in form and ">Cambia</button>" in form


def test_the_choice_is_kept_over_accept_language(client, game, host):
    client.force_login(host)
    response = client.post("/i18n/setlang/", {"language": "pl", "next": f"/games/{game.pk}/"})
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/"
    cookie = response.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "pl" and int(cookie["max-age"]) >= 365 * 24 * 60 * 60  # kept for a year
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    html = client.get(f"/games/{game.pk}/", headers={"accept-language": "fr"}).text
    assert '<html lang="pl">' in html
    client.post(reverse("logout"))  # the choice belongs to the browser, not to the session
    assert '<html lang="pl">' in client.get("/").text


def test_anyone_may_choose_a_language(client):
    response = client.post("/i18n/setlang/", {"language": "sv", "next": "/"})
    assert response.status_code == 302 and response.url == "/"
    assert '<html lang="sv">' in client.get("/").text


def test_a_language_the_site_does_not_speak_changes_nothing(client):
    response = client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert response.status_code == 302
    assert '<html lang="en">' in client.get("/").text
    assert '<html lang="pl">' in client.get("/", headers={"accept-language": "pl"}).text


def test_next_never_leaves_the_site(client):
    response = client.post("/i18n/setlang/", {"language": "nl", "next": "https://evil.example/"})
    assert response.status_code == 302 and response.url == "/"


def test_the_chooser_needs_the_csrf_token():
    browser = Client(enforce_csrf_checks=True)
    response = browser.post("/i18n/setlang/", {"language": "pl", "next": "/"})
    assert response.status_code == 403
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies

    form = chooser(browser.get("/").text)  # the form's own token passes
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)[1]
    response = browser.post("/i18n/setlang/", {"language": "pl", "next": "/", "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pl"


def test_a_get_changes_nothing(client):
    response = client.get("/i18n/setlang/", {"language": "pl", "next": "/"})
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert '<html lang="en">' in client.get("/").text
