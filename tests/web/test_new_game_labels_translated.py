"""The new-game form's field names and the game types are in the page's language."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogues")]

# each language's words for the field "Scoring" and the game type "Join"
WORDS = {
    "pl": ("Zapis", "Wspólna gra"),
    "nl": ("Telling", "Samen spelen"),
    "fr": ("Marque", "À rejoindre"),
    "it": ("Punteggio", "Con invito"),
    "sv": ("Poängberäkning", "Gemensamt spel"),
}


def labels(html: str) -> list[str]:
    """The text of the form's labels, legends and options."""
    found = re.findall(r"<(label|legend|option)\b[^>]*>(.*?)</\1>", html, flags=re.S)
    return [re.sub(r"<[^>]+>|\s+", " ", text).strip() for _, text in found]


@pytest.mark.parametrize("language", list(WORDS))
def test_scoring_and_join_are_translated_on_the_new_game_form(host_client, language):
    html = host_client.get("/games/new/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    shown = labels(html)
    scoring, join = WORDS[language]
    assert any(text.startswith(scoring) for text in shown), shown
    assert any(text.startswith(join) for text in shown), shown
    assert not [text for text in shown if re.match(r"(Scoring|Join)\b", text)], shown
