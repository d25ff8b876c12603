"""The help pages in each language: a page of its own (games/<lang>/), with the English
page's anchors (the upload preview and the problem messages link to them), its examples
and tables, a heading of its own, and the board table's seats and vulnerability in the
language's own bridge words."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse

from games.bridge.words import for_language

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogues")]

LANGUAGES = [code for code, _ in settings.LANGUAGES if code != "en"]
PAGES = {"help_upload": "help_upload.html", "help_dealer": "help_dealer.html", "help_lesson": "help_lesson.html"}


def get(client, name: str, language: str):
    response = client.get(reverse(name), headers={"accept-language": language})
    assert response.status_code == 200
    return response


def ids(html: str) -> list[str]:
    return re.findall(r'\bid="([^"]*)"', html)


def h1(html: str) -> str:
    found = re.search(r"<h1>(.*?)</h1>", html, re.S)
    assert found, "no <h1> on the page"
    return found[1]


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_has_the_page_with_the_english_anchors_and_examples(client, language, name):
    english, translated = get(client, name, "en"), get(client, name, language)
    template = f"games/{language}/{PAGES[name]}"
    assert template in [t.name for t in translated.templates]
    assert template not in [t.name for t in english.templates]
    assert ids(translated.text) == ids(english.text)
    for element in ("<pre", "<table", "<h2", "<code"):
        if element == "<code":  # a language may gloss a word of the file formats
            assert translated.text.count(element) >= english.text.count(element)
        else:
            assert translated.text.count(element) == english.text.count(element), element
    assert h1(translated.text) != h1(english.text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_table_names_seats_and_vulnerability_in_the_language(client, language):
    page = get(client, "help_upload", language).text
    table = re.search(r'<table class="rotation".*?</table>', page, re.S)[0]
    words, english = for_language(language), for_language("en")
    for seat in "NESW":
        assert words.seat_names[seat] in table
        if english.seat_names[seat] != words.seat_names[seat]:  # Dutch West is West
            assert english.seat_names[seat] not in table
    assert words.vulnerability["All"].lower() in table.lower() and english.vulnerability["All"] not in table


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_names_the_buttons_as_the_pages_do(client, language):
    from django.utils import translation

    page = get(client, "help_upload", language).text
    with translation.override(language):
        names = [
            translation.gettext("Deal New Cards"),
            translation.gettext("Upload Decks"),
            translation.gettext("Allow deck upload"),
            translation.gettext("Add Decks to Game (%(number)s)").partition(" (")[0],
        ]
    assert names[0] != "Deal New Cards"
    for name in names:
        assert name in page, f"{language}: the help does not say {name!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dealer_help_quotes_the_messages_as_the_page_says_them(client, language):
    """The examples of what a run says are the messages in the page's language, as the
    preview shows them (games.presentation.problem_text), not the CLI's English."""
    from django.utils import translation

    from games.formats.messages import Message
    from games.presentation.problem_text import say

    page = get(client, "help_dealer", language).text
    assert "not run" not in page and "hands tried" not in page and "decks made by" not in page
    with translation.override(language):
        summary = say(Message("dealer.summary", count=16, name="weak_two.dlr", tried=1038))
    assert summary in page
