"""The help pages in Polish: each is a page of its own (games/pl/), with the English page's
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
def test_the_polish_page_is_its_own_template_with_the_english_anchors(client, name, english_template):
    english_response, english = _get(client, name, "en")
    polish_response, polish = _get(client, name, "pl")

    polish_template = english_template.replace("games/", "games/pl/")
    assert polish_template in [t.name for t in polish_response.templates]
    assert polish_template not in [t.name for t in english_response.templates]
    assert _ids(polish) == _ids(english)
    assert polish.count("<pre") == english.count("<pre")
    assert _h1(polish) != _h1(english)


def test_the_board_table_says_seats_and_vulnerability_in_polish(client):
    _, polish = _get(client, "help_upload", "pl")
    table = re.search(r'<table class="rotation".*?</table>', polish, re.S)[0]
    assert "Rozdaje Północ" in table and "North" not in table
    assert table.count("obie przed") == 4 and table.count("obie po") == 4
