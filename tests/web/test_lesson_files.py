"""The project's lesson files end to end: a BridgeComposer-style PBN lesson, PBN with
``;`` comments and a vugraph-like LIN with ``nt`` commentary. Every board's text shows
with its own board at the table, and the dealt boards' exports and hand records carry
it."""

from __future__ import annotations

from io import BytesIO

import pytest
from django.urls import reverse

from games.formats import read_decks
from games.formats.pdf import HandRecord, hand_records_pdf
from games.models import Game, LessonRule
from tests.lesson_files import PROJECT_FILES
from tests.web.test_lesson_preview import said, words

pytestmark = pytest.mark.django_db


@pytest.fixture(params=PROJECT_FILES, ids=lambda p: p.name)
def lesson_game(request, host):
    """A practice game showing the hands, its queue the file's decks: gives
    (game, the file's decks)."""
    path = request.param
    decks = read_decks(path.read_bytes(), path.name).decks
    game = Game.objects.create(host=host, name="Lesson set", show_lesson=LessonRule.AFTER)
    game.add_decks(decks, source_name=path.name, source_format=path.suffix[1:])
    return game, decks


def test_every_board_shows_its_own_text_at_the_table(host_client, host, lesson_game):
    game, decks = lesson_game
    for deck in decks:
        game.deal_next(by=host)
        shown = words(host_client.get(reverse("game", args=[game.pk])).text)
        for comment in deck.commentary:
            assert said(comment.text) in shown
        for other in decks:
            for comment in other.commentary if other is not deck else ():
                if len(comment.text) > 12 and all(comment.text != c.text for c in deck.commentary):
                    assert said(comment.text) not in shown


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_the_dealt_boards_exports_carry_every_text(host_client, host, lesson_game, fmt):
    game, decks = lesson_game
    for _ in decks:
        game.deal_next(by=host)
    response = host_client.get(reverse("export", args=[game.pk, "dealt", fmt]))
    back = read_decks(response.content, f"dealt.{fmt}").decks
    assert [[c.text for c in d.commentary] for d in back] == [[c.text for c in d.commentary] for d in decks]


def test_the_hand_records_print_every_text(host, lesson_game):
    from pypdf import PdfReader

    game, decks = lesson_game
    for _ in decks:
        game.deal_next(by=host)
    exported = game.exported_decks(dealt=True)
    pdf = PdfReader(BytesIO(hand_records_pdf([HandRecord(d) for d in exported], per_page=1)))
    for deck, page in zip(decks, pdf.pages):
        text = "".join(page.extract_text().split())
        for comment in deck.commentary:
            assert said(comment.text)[:30] in text
