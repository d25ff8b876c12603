"""The page's language from the browser's Accept-Language: <html lang> follows it, and
the answer says which language it is in and that it varies with the header."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogues")]


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]*)">', html)
    assert found, "no <html lang> on the page"
    return found[1]


@pytest.mark.parametrize(
    "accept, language",
    [
        ("pl", "pl"),
        ("nl-NL,nl;q=0.9,en;q=0.5", "nl"),
        ("fr-CH, fr;q=0.9, en;q=0.8", "fr"),
        ("it-IT", "it"),
        ("sv-SE,sv;q=0.9", "sv"),
        ("en-GB,en;q=0.9", "en"),
        ("de-DE,de;q=0.9", "en"),  # a language the site does not speak: the default
        ("de,pl;q=0.7", "pl"),  # the first the site speaks
    ],
)
def test_accept_language_picks_the_pages_language(client, accept, language):
    response = client.get("/", headers={"accept-language": accept})
    assert response.status_code == 200
    assert html_lang(response.text) == language
    assert response.headers["Content-Language"] == language


def test_without_accept_language_the_page_is_in_english(client):
    response = client.get("/")
    assert html_lang(response.text) == "en" and response.headers["Content-Language"] == "en"


def test_the_answer_varies_with_accept_language(client):
    response = client.get("/", headers={"accept-language": "pl"})
    assert "Accept-Language" in response.headers["Vary"]


def test_a_logged_in_page_follows_the_header_too(host_client, game):
    html = host_client.get(f"/games/{game.pk}/", headers={"accept-language": "nl"}).text
    assert html_lang(html) == "nl"
    assert ">Taal</label>" in html  # the footer's chooser speaks it


def test_the_error_pages_follow_the_language(client, settings):
    settings.ALLOWED_HOSTS = ["testserver"]
    response = client.get("/", headers={"host": "elsewhere.example", "accept-language": "sv"})
    assert response.status_code == 400
    assert html_lang(response.content.decode()) == "sv"


def test_a_page_not_found_speaks_the_language(host_client):
    from django.utils import translation

    response = host_client.get("/games/999999/", headers={"accept-language": "pl"})
    assert response.status_code == 404 and html_lang(response.text) == "pl"
    with translation.override("pl"):
        said = translation.gettext("Page not found")
    assert said != "Page not found" and said in response.text and "Not Found" not in response.text
