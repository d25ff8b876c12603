"""The upload preview shows each deck's teaching text under its diagram, every comment
with its place, and the admin's deck page shows it too; a hostile file's comments reach
neither as markup."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from games.formats import read_decks
from games.formats.commentary import plain_text
from games.models import Deck
from games.models.upload import Upload
from tests.corpus import CORPUS, decks_of
from tests.fixtures_upload import FIXTURES
from tests.lesson_files import HOSTILE, LESSON, PROJECT_FILES, ROBOT, SEMICOLONS, upload

pytestmark = pytest.mark.django_db


def preview(client, game, *paths) -> str:
    response = client.post(reverse("upload", args=[game.pk]), {"files": [upload(p) for p in paths]})
    assert response.status_code in (200, 302), response.status_code
    token = Upload.objects.filter(game=game).latest("created_at").token
    return client.get(reverse("upload_preview", args=[game.pk, token])).text


def deck_items(html: str) -> list[str]:
    """Each deck's <li> of the preview, in order."""
    return re.findall(r'<li class="deck[^"]*" value="\d+">(.*?)</li>\s*(?=<li class="deck|</ol>)', html, re.S)


def words(html: str) -> str:
    """The words a page shows, without spaces (a suit symbol is markup of its own)."""
    return "".join(unescape(re.sub(r"<[^>]+>", "", html)).split())


def said(text: str) -> str:
    """A comment's words as ``words`` gives them."""
    return "".join(plain_text(text).split())


@pytest.mark.parametrize("path", PROJECT_FILES, ids=lambda p: p.name)
def test_every_comment_shows_with_its_own_board(host_client, game, path):
    html = preview(host_client, game, path)
    decks = read_decks(path.read_bytes(), path.name).decks
    items = deck_items(html)
    assert len(items) == len(decks)
    for deck, item in zip(decks, items):
        shown = words(item)
        for comment in deck.commentary:
            assert said(comment.text) in shown, comment
            if comment.place:
                assert said(comment.place.capitalize()) in shown
        for other in decks:
            for comment in other.commentary if other is not deck else ():
                if len(comment.text) > 12 and all(comment.text != c.text for c in deck.commentary):
                    assert said(comment.text) not in shown


def test_the_lesson_markup_is_formatting_and_suits_are_symbols(host_client, game):
    html = preview(host_client, game, LESSON)
    assert "<b>Lesson 3: the hold-up play</b>" in html
    assert "<i>Hold up</i> the " in html
    assert 'A weak jump overcall: six <span class="suit suit-s black" title="spades">♠</span> and' in html
    assert '<p class="lesson-place">After call 2</p>' in html


def test_a_long_text_is_folded_and_a_short_one_open(host_client, game):
    html = preview(host_client, game, LESSON, SEMICOLONS)
    assert '<details class="lesson">' in html  # board 1 of the lesson: eight comments
    assert '<details class="lesson" open>' in html


def test_a_hostile_files_comments_reach_the_preview_as_text(host_client, game):
    html = preview(host_client, game, HOSTILE)
    (item,) = deck_items(html)
    assert "Safe heading" in item and "click me" in item and "after one club" in item
    for word in ("<script", "onerror", "javascript:", "style=", "<svg", "<iframe", "<object", "onmouseover", "<a "):
        assert word not in item
    assert "shown as text&lt;/script&gt;" in item


def test_a_deck_without_commentary_shows_no_lesson_block(host_client, game):
    html = preview(host_client, game, SEMICOLONS, FIXTURES / "three_boards.pbn")
    assert html.count('<details class="lesson"') == 1 and len(deck_items(html)) == 4


def test_the_admins_deck_page_shows_the_lesson_text(staff_client, game):
    decks = read_decks(LESSON.read_bytes(), "lesson.pbn").decks
    game.add_decks(decks, source_name="lesson.pbn", source_format="pbn")
    deck = Deck.objects.get(game=game, board="1")
    html = staff_client.get(reverse("admin:games_deck_change", args=[deck.pk])).text
    assert "<b>Lesson 3: the hold-up play</b>" in html
    assert "After call 2" in html and "games/lesson.css" in html


def test_the_admin_shows_a_hostile_text_as_text(staff_client, game):
    game.add_decks(read_decks(HOSTILE.read_bytes(), "h.pbn").decks, source_name="h.pbn", source_format="pbn")
    deck = Deck.objects.get(game=game)
    html = staff_client.get(reverse("admin:games_deck_change", args=[deck.pk])).text
    lesson = html[html.index('<details class="lesson"') :]
    lesson = lesson[: lesson.index("</details>")]
    assert "Safe heading" in lesson and "<script" not in lesson and "onerror" not in lesson


@pytest.mark.skipif(not CORPUS.exists(), reason="../shared/corpus is not present beside the repository")
@pytest.mark.parametrize(
    "name",
    [
        "pbn/bridgebots_sample.pbn",
        "pbn/empty_line_in_comment.pbn",
        "pbn/pbnref_errors_10.pbn",
        "lin/vugraph_usbf_sf.lin",
    ],
)
def test_real_lesson_files_show_their_text_on_the_preview(host_client, game, name):
    path = CORPUS / name
    decks = decks_of(path)[:50]  # the preview's first page
    html = preview(host_client, game, path)
    items = deck_items(html)
    with_text = [(deck, item) for deck, item in zip(decks, items) if deck.commentary]
    assert with_text
    for deck, item in with_text:
        shown = words(item)
        for comment in deck.commentary:
            assert said(comment.text) in shown


def test_a_robots_notes_on_itself_show_only_in_the_files_details(host_client, game):
    html = preview(host_client, game, ROBOT)
    first, second = deck_items(html)
    assert "North opens 2NT" in first and "PAR computation time" not in first and "Feasability:" not in first
    assert "Generated by BEN" not in second
    details = re.search(r'<details class="machine-notes help">(.*?)</details>', html, re.S).group(1)
    assert "on 2 decks: not lesson text, the players never see them" in details
    assert (
        "Board 1: <q>PAR computation time: 0.21 s</q>" in details and "Board 2: <q>Generated by BEN 0.8</q>" in details
    )


def test_a_file_without_them_has_no_such_details(host_client, game):
    assert 'class="machine-notes' not in preview(host_client, game, LESSON)
