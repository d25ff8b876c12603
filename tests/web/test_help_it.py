"""The help pages in Italian: each is its own template (games/it/), with the English page's
anchors, which the upload preview and the problem messages link to, and its examples."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

PAGES = {
    "help_upload": "games/it/help_upload.html",
    "help_dealer": "games/it/help_dealer.html",
    "help_lesson": "games/it/help_lesson.html",
}


def _ids(page: str) -> list[str]:
    return re.findall(r'\bid="([^"]*)"', page)


def _h1(page: str) -> str:
    match = re.search(r"<h1>(.*?)</h1>", page, re.S)
    assert match
    return match[1]


@pytest.mark.parametrize("name", PAGES)
def test_the_italian_page_is_its_own_template_with_the_english_anchors(client, name):
    english = client.get(reverse(name), headers={"accept-language": "en"})
    italian = client.get(reverse(name), headers={"accept-language": "it"})

    assert italian.status_code == 200
    assert PAGES[name] in [t.name for t in italian.templates]
    assert PAGES[name] not in [t.name for t in english.templates]
    assert _ids(italian.text) == _ids(english.text)
    assert italian.text.count("<pre") == english.text.count("<pre")
    assert _h1(italian.text) != _h1(english.text)


def test_the_board_table_says_seats_and_vulnerability_in_italian(client):
    page = client.get(reverse("help_upload"), headers={"accept-language": "it"}).text
    table = re.search(r'<table class="rotation".*?</table>', page, re.S)[0]
    assert "Mazziere Ovest" in table and "West" not in table
    assert table.count("Nessuno in zona") == 4 and table.count("Tutti in zona") == 4
