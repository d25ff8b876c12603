"""Where a lesson comment stands ("after call 2", "at trick 3") is said in the page's
language on the pages and in the hand records' words in the PDF; the command line and the
exports keep the English."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.urls import reverse
from django.utils import translation

from games.formats import read_decks
from games.formats.model import Comment
from games.formats.pdf import HandRecord, PdfLabels, hand_records_pdf, lesson_lines
from games.models.upload import Upload
from games.presentation.pdf_labels import hand_record_labels
from tests.formats.test_pdf import drawn  # noqa: F401 (a fixture)
from tests.lesson_files import LESSON, upload

PLACES = (Comment("a", "auction", 0), Comment("b", "auction", 3), Comment("c", "play", 0), Comment("d", "play", 5))
SAID = {
    "en": ["before the first call", "after call 3", "before the opening lead", "at trick 5"],
    "pl": ["przed pierwszą odzywką", "po odzywce 3", "przed wistem", "w lewie 5"],
    "nl": ["voor het eerste bod", "na bieding 3", "voor de openingsuitkomst", "bij slag 5"],
    "fr": ["avant la première enchère", "après l’enchère 3", "avant l’entame", "à la levée 5"],
    "it": ["prima della prima dichiarazione", "dopo la dichiarazione 3", "prima dell’attacco", "alla presa 5"],
    "sv": ["före första budet", "efter bud 3", "före utspelet", "i stick 5"],
}


def lesson_deck():
    return read_decks(LESSON.read_bytes(), "lesson.pbn").decks[0]


@pytest.mark.parametrize("language", sorted(SAID))
def test_each_place_is_said_in_the_language(language):
    from games.presentation.lesson_text import shown

    with translation.override(language):
        assert [item.place for item in shown(PLACES)] == SAID[language]


def test_the_english_place_stays_for_the_command_line():
    assert [c.place for c in PLACES] == SAID["en"]


@pytest.mark.django_db
def test_the_french_preview_says_where_a_comment_stands(host_client, game):
    host_client.post(reverse("upload", args=[game.pk]), {"files": [upload(LESSON)]})
    url = reverse("upload_preview", args=[game.pk, Upload.objects.get(game=game).token])
    html = host_client.get(url, HTTP_ACCEPT_LANGUAGE="fr").text
    assert '<p class="lesson-place">Après l’enchère 2</p>' in html
    assert "After call 2" not in html


def test_the_french_hand_records_say_where_a_comment_stands(drawn):  # noqa: F811
    deck = replace(lesson_deck(), commentary=(*lesson_deck().commentary, Comment("Count your tricks.", "play", 3)))
    with translation.override("fr"):
        labels = hand_record_labels()
    assert "Après l’enchère 2: A weak jump overcall: six ♠ and 6-10 points." in lesson_lines(deck, 3000, labels)
    hand_records_pdf([HandRecord(deck)], per_page=1, labels=labels)
    texts = [text for _, text, _ in drawn.texts]
    assert any(text.startswith("À la levée 3: Count your tricks.") for text in texts), texts
    assert "Leçon" in texts
    assert not any(text.startswith(("After call", "At trick")) for text in texts)


def test_the_places_travel_with_the_labels_to_a_worker():
    with translation.override("pl"):
        labels = hand_record_labels()
    again = PdfLabels.from_json(labels.as_json())
    assert Comment("x", "play", 0).place_in(again.places) == "przed wistem"
