"""A practice table's host plays its boards, so the rule "Show the lesson text" holds for
them as for a seat; a table that only shows the four hands shows the text with the deal."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.formats.model import Comment
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game, LessonRule
from tests.playing import DEAL, call, cards, claim

pytestmark = pytest.mark.django_db

TEXT = "Lead the <b>king</b> of \\H"
SHOWN = 'Lead the <b>king</b> of <span class="suit suit-h red" title="hearts">♥</span>'


def practice(host, how: str, rule: str) -> Game:
    game = Game.objects.create(host=host, name="Home study", practice_play=how, show_lesson=rule)
    deck = ParsedDeck(deal=DEAL, index=0, line=1, board="1", dealer="N", vul="None", commentary=(Comment(TEXT),))
    game.add_decks([deck], source_name="lesson.pbn", source_format="pbn")
    return game


def deal(client, game: Game) -> str:
    """The htmx answer to Deal New Cards."""
    return client.post(reverse("deal", args=[game.pk]), headers={"HX-Request": "true"}).text


def page(client, game: Game) -> str:
    return client.get(reverse("game", args=[game.pk])).text


@pytest.mark.parametrize("rule", [LessonRule.NEVER, LessonRule.AFTER, LessonRule.WITH_DEAL])
def test_a_table_that_shows_the_hands_shows_the_text_with_the_deal(host_client, host, rule):
    game = practice(host, Game.PracticePlay.SHOW, rule)
    assert SHOWN in deal(host_client, game)
    assert SHOWN in page(host_client, game)


def test_played_by_the_host_the_text_waits_for_the_end_of_the_board(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR, LessonRule.AFTER)
    assert TEXT not in deal(host_client, game) and SHOWN not in page(host_client, game)
    play = call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.ALL_FOUR), "1H", "P")
    assert SHOWN not in page(host_client, game)
    play = claim(cards(call(play, "P", "P"), 1), 7)  # at a practice table a claim ends the board
    assert play.done
    assert SHOWN in page(host_client, game)


def test_with_the_deal_the_host_reads_it_before_the_first_call(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR, LessonRule.WITH_DEAL)
    assert SHOWN in deal(host_client, game)


def test_never_keeps_it_off_a_played_table(host_client, host):
    game = practice(host, Game.PracticePlay.ALL_FOUR, LessonRule.NEVER)
    deal(host_client, game)
    call(BoardPlay.start(game.boards.get(), BoardPlay.Mode.ALL_FOUR), "P", "P", "P", "P")
    assert SHOWN not in page(host_client, game)
