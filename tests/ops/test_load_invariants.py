"""manage.py check_queues (games/queue_check.py) finds broken queues and passes sound ones."""

from __future__ import annotations

import io
import random

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from bench.web import page_state
from games.formats.bench_data import random_deal
from games.formats.model import Deck as ParsedDeck
from games.models import DealtBoard, Deck, Game

pytestmark = [pytest.mark.django_db, pytest.mark.queue]


def _deals(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(n)]


def check_queues(*game_ids: int) -> list[str]:
    """The problems ``manage.py check_queues`` prints; [] when it says ok."""
    out = io.StringIO()
    try:
        call_command("check_queues", *[str(pk) for pk in game_ids], stdout=out)
    except CommandError as error:
        problems = out.getvalue().splitlines()
        assert error.returncode == 1 and str(error).startswith(f"{len(problems)} problem"), (error, problems)
        return problems
    assert out.getvalue().startswith("ok: "), out.getvalue()
    return []


@pytest.fixture
def dealt_game(game) -> Game:
    """Six decks uploaded, three dealt: the state a sound run leaves."""
    game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(_deals(6))], source_name="a.pbn")
    for _ in range(3):
        game.deal_next()
    return game


def test_a_sound_queue_passes(dealt_game):
    out = io.StringIO()
    call_command("check_queues", stdout=out)
    assert out.getvalue() == "ok: 1 games checked\n"
    assert check_queues(dealt_game.pk) == []


def test_random_boards_after_the_queue_runs_out_pass(game):
    game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(_deals(2))])
    for _ in range(4):
        game.deal_next()
    assert game.boards.filter(deck__isnull=True).count() == 2
    assert check_queues() == []


def test_it_reports_a_gap_in_board_numbers(dealt_game):
    DealtBoard.objects.filter(game=dealt_game, number=2).delete()
    assert f"game {dealt_game.pk}: board numbers are not 1..2 (missing [2])" in check_queues()


def test_it_reports_a_wrong_next_board_number(dealt_game):
    Game.objects.filter(pk=dealt_game.pk).update(next_board_number=9)
    assert f"game {dealt_game.pk}: next board number is 9, expected 4" in check_queues()


def test_it_reports_a_queued_deck_out_of_order(dealt_game):
    Deck.objects.filter(pk=dealt_game.queued().first().pk).update(position=100)
    assert any("no longer in their upload order" in p for p in check_queues())


def test_it_reports_a_skipped_deck(dealt_game):
    Deck.objects.filter(game=dealt_game, position=1).update(status=Deck.Status.QUEUED)
    problems = check_queues()
    assert any("yet was dealt as board 2" in p for p in problems)
    assert any("still queued ahead of deck" in p for p in problems)


def test_it_reports_a_deck_marked_dealt_without_a_board(dealt_game):
    deck = dealt_game.queued().first()
    Deck.objects.filter(pk=deck.pk).update(status=Deck.Status.DEALT)
    assert any(f"deck {deck.pk} is marked dealt but no board" in p for p in check_queues())


def test_it_reports_a_board_showing_another_deal(dealt_game):
    DealtBoard.objects.filter(game=dealt_game, number=1).update(deal=_deals(1, seed=99)[0])
    assert any("board 1 shows a different deal" in p for p in check_queues())


def test_it_reports_decks_dealt_out_of_queue_order(dealt_game):
    one, two = DealtBoard.objects.get(game=dealt_game, number=1), DealtBoard.objects.get(game=dealt_game, number=2)
    deck_one, deck_two = one.deck_id, two.deck_id
    DealtBoard.objects.filter(pk=one.pk).update(deck=None)
    DealtBoard.objects.filter(pk=two.pk).update(deck=deck_one, deal=one.deal)
    DealtBoard.objects.filter(pk=one.pk).update(deck=deck_two, deal=two.deal)
    assert any("dealt out of queue order" in p for p in check_queues())


def test_it_checks_only_the_games_asked_for(dealt_game, host):
    other = Game.objects.create(host=host, name="Other")
    DealtBoard.objects.create(game=other, number=5, deal=_deals(1)[0], dealer="N", vul="None")
    assert check_queues(dealt_game.pk) == []
    assert check_queues(other.pk) != []
    assert check_queues() != []


def test_the_load_client_deals_as_the_page_does(client, game):
    """scripts/locustfile.py sends the board and queue head its page shows (page_state), so
    the server answers with the small out-of-band update, and follows each answer as htmx would."""
    decks = game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(_deals(13))], source_name="a.pbn")
    client.force_login(game.host)
    state = dict(page_state(client.get(reverse("game", args=[game.pk])).content))
    assert state == {"shown": "0", "queue_head": str(decks[0].pk)}
    for n in (1, 2):
        answer = client.post(reverse("deal", args=[game.pk]), state, HTTP_HX_REQUEST="true")
        state.update(page_state(answer.content))
        assert state == {"shown": str(n), "queue_head": str(decks[n].pk)}
    assert b'id="history"' not in answer.content  # after the first board: the small answer
