"""The help pages in French: each is its own template, with the English page's anchors
(the upload preview and the problem messages link to them) and its examples."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

PAGES = {
    "help_upload": "games/fr/help_upload.html",
    "help_dealer": "games/fr/help_dealer.html",
    "help_lesson": "games/fr/help_lesson.html",
}


def ids(page: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]+)"', page))


def h1(page: str) -> str:
    match = re.search(r"<h1>(.*?)</h1>", page, re.S)
    assert match
    return match[1]


@pytest.mark.parametrize("name", PAGES)
def test_the_french_page_keeps_the_english_pages_anchors_and_examples(client, name):
    english = client.get(reverse(name), HTTP_ACCEPT_LANGUAGE="en")
    french = client.get(reverse(name), HTTP_ACCEPT_LANGUAGE="fr")

    assert french.status_code == 200
    assert PAGES[name] in [t.name for t in french.templates]
    assert PAGES[name] not in [t.name for t in english.templates]
    assert ids(french.text) == ids(english.text)
    assert french.text.count("<pre") == english.text.count("<pre")
    assert french.text.count("<table") == english.text.count("<table")
    assert h1(french.text) != h1(english.text)
