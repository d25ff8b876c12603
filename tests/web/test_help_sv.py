"""The help pages in Swedish: each is a page of its own (games/sv/), with the English page's
anchors, which the upload preview and the problem messages link to, and its examples."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

PAGES = [
    ("help_upload", "games/help_upload.html"),
    ("help_dealer", "games/help_dealer.html"),
    ("help_lesson", "games/help_lesson.html"),
]


def _get(client, name: str, language: str):
    response = client.get(reverse(name), headers={"accept-language": language})
    assert response.status_code == 200
    return response, response.text


def _ids(page: str) -> list[str]:
    return re.findall(r'\bid="([^"]*)"', page)


def _h1(page: str) -> str:
    return re.search(r"<h1>(.*?)</h1>", page, re.S)[1]


@pytest.mark.parametrize("name, english_template", PAGES)
def test_the_swedish_page_is_its_own_template_with_the_english_anchors(client, name, english_template):
    english_response, english = _get(client, name, "en")
    swedish_response, swedish = _get(client, name, "sv")

    swedish_template = english_template.replace("games/", "games/sv/")
    assert swedish_template in [t.name for t in swedish_response.templates]
    assert swedish_template not in [t.name for t in english_response.templates]
    assert _ids(swedish) == _ids(english)
    assert swedish.count("<pre") == english.count("<pre")
    assert _h1(swedish) != _h1(english)


def test_the_board_table_says_seats_and_vulnerability_in_swedish(client):
    _, swedish = _get(client, "help_upload", "sv")
    table = re.search(r'<table class="rotation".*?</table>', swedish, re.S)[0]
    assert "Nord ger" in table and "North" not in table
    assert table.count("ingen i zonen") == 4 and table.count("Ö-V i zonen") == 4
