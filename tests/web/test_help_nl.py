"""The help pages in Dutch: each is the nl template of its own, with the English page's
anchors and examples, and a heading of its own."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogues")]

PAGES = [
    ("/help/uploading-decks/", "help_upload"),
    ("/help/dealer-scripts/", "help_dealer"),
    ("/help/lesson-text/", "help_lesson"),
]


def ids(html: str) -> set[str]:
    return set(re.findall(r'\bid="([^"]*)"', html))


def h1(html: str) -> str:
    found = re.search(r"<h1>(.*?)</h1>", html, re.S)
    assert found, "no <h1> on the page"
    return found[1]


@pytest.mark.parametrize("url, name", PAGES)
def test_the_dutch_page_keeps_the_english_anchors_and_examples(client, url, name):
    english = client.get(url, headers={"accept-language": "en"})
    dutch = client.get(url, headers={"accept-language": "nl"})
    assert dutch.status_code == 200
    assert f"games/nl/{name}.html" in [t.name for t in dutch.templates]
    assert f"games/nl/{name}.html" not in [t.name for t in english.templates]
    assert ids(dutch.text) == ids(english.text)
    assert dutch.text.count("<pre") == english.text.count("<pre")
    assert h1(dutch.text) != h1(english.text)
