"""Downloads of the queue and the dealt boards as PBN or LIN."""

from __future__ import annotations

import pytest

from games.formats import read_decks
from games.formats.model import Deck as ParsedDeck
from games.models import Game

pytestmark = pytest.mark.django_db


def export(client, game, which, fmt):
    return client.get(f"/games/{game.pk}/export/{which}.{fmt}")


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_it_exports_the_queue_in_order(host_client, game, queue_decks, fmt):
    decks = queue_decks(game, 3, players=(("N", "Zoë"), ("S", "Sam")))
    game.move_deck(decks[2].pk, "front")
    response = export(host_client, game, "queue", fmt)
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="tuesday-practice-queue.{fmt}"'
    result = read_decks(response.content, f"queue.{fmt}")
    assert result.problems == []
    assert [d.deal for d in result.decks] == [decks[2].deal, decks[0].deal, decks[1].deal]
    assert dict(result.decks[0].players)["N"] == "Zoë"


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_it_exports_the_dealt_boards_with_the_numbers_the_table_showed(host_client, game, queue_decks, fmt):
    queue_decks(game, 1, start=17)
    first = game.deal_next()
    second = game.deal_next()  # random: the next free number
    response = export(host_client, game, "dealt", fmt)
    result = read_decks(response.content, f"dealt.{fmt}")
    assert result.problems == []
    assert [d.deal for d in result.decks] == [first.deal, second.deal]
    assert [d.board_number for d in result.decks] == [17, 18]
    assert [(d.dealer, d.vul) for d in result.decks] == [(first.dealer, first.vul), (second.dealer, second.vul)]


def test_an_empty_queue_exports_an_empty_file(host_client, game):
    response = export(host_client, game, "queue", "pbn")
    assert response.status_code == 200
    assert read_decks(response.content, "q.pbn").decks == []


def test_the_file_name_is_safe(host_client, host):
    game = Game.objects.create(host=host, name='../../etc/"passwd"\r\nX-Evil: 1')
    response = export(host_client, game, "queue", "lin")
    disposition = response["Content-Disposition"]
    assert disposition == 'attachment; filename="etcpasswd-x-evil-1-queue.lin"'
    assert "\n" not in disposition and "/" not in disposition


def test_a_name_without_letters_still_gets_a_file_name(host_client, host):
    game = Game.objects.create(host=host, name="♠♥♦♣")
    assert export(host_client, game, "dealt", "pbn")["Content-Disposition"] == 'attachment; filename="dealt.pbn"'


@pytest.mark.parametrize("path", ["queue.txt", "boards.pbn", "queue.PBN", "dealt.lin.pbn"])
def test_unknown_exports_are_404(host_client, game, path):
    assert host_client.get(f"/games/{game.pk}/export/{path}").status_code == 404


def test_other_players_cannot_export(other_client, game, queue_decks):
    queue_decks(game, 1)
    assert export(other_client, game, "queue", "pbn").status_code == 404


def test_it_exports_uploaded_text_as_written(host_client, game):
    deal = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
    game.add_decks([ParsedDeck(deal=deal, index=0, line=1, board="1", board_name='Board "1" <b>')])
    result = read_decks(export(host_client, game, "queue", "pbn").content, "q.pbn")
    assert result.decks[0].deal == deal
