"""Deal New Cards: the next queued deck, once, in order; random when none is left."""

from __future__ import annotations

import pytest
from django.test import Client

from games.formats.model import Deck as ParsedDeck
from games.models import DealtBoard, Deck, Game

pytestmark = pytest.mark.django_db


def deal(client, game, headers=None):
    return client.post(f"/games/{game.pk}/deal/", headers=headers or {})


def test_it_deals_the_next_deck_and_redirects_to_the_table(host_client, game, queue_decks):
    first, second = queue_decks(game, 2)
    response = deal(host_client, game)
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/"
    board = DealtBoard.objects.get()
    assert (board.number, board.deck_id, board.deal) == (1, first.pk, first.deal)
    assert "Board 1 dealt." in host_client.get(response.url).content.decode()


def test_it_never_deals_a_deck_twice(host_client, game, queue_decks):
    decks = queue_decks(game, 3)
    for _ in range(5):
        deal(host_client, game)
    boards = list(DealtBoard.objects.order_by("number"))
    assert [b.deck_id for b in boards] == [d.pk for d in decks] + [None, None]
    assert [b.number for b in boards] == [1, 2, 3, 4, 5]
    assert set(Deck.objects.values_list("status", flat=True)) == {"dealt"}


def test_it_deals_at_random_when_the_queue_is_empty(host_client, game):
    deal(host_client, game)
    board = DealtBoard.objects.get()
    assert board.is_random and len(board.deal) == 4 * 16 + 2 + 3
    html = host_client.get(f"/games/{game.pk}/").content.decode()
    assert "No uploaded decks left: this board was dealt at random" in html


def test_it_uses_board_rotation_when_the_file_is_silent(host_client, game):
    deal_text = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
    game.add_decks([ParsedDeck(deal=deal_text, index=0, line=1, board="3")])
    deal(host_client, game)
    board = DealtBoard.objects.get()
    assert (board.dealer, board.vul) == ("S", "EW")  # board 3 of the rotation


def test_it_keeps_the_dealer_and_vulnerability_the_file_states(host_client, host):
    game = Game.objects.create(host=host, name="g", missing_info="south_none")
    deal_text = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
    game.add_decks([ParsedDeck(deal=deal_text, index=0, line=1, dealer="W", vul="All")])
    game.add_decks([ParsedDeck(deal=deal_text, index=0, line=1)])
    deal(host_client, game)
    deal(host_client, game)
    assert [(b.dealer, b.vul) for b in DealtBoard.objects.order_by("number")] == [("W", "All"), ("S", "None")]


def test_it_answers_htmx_with_the_new_board_and_the_panels_out_of_band(host_client, game, queue_decks):
    queue_decks(game, 2)
    response = deal(host_client, game, {"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="felt"') and "<html" not in html
    assert "Board 1" in html and '<span class="count" id="queue-count">1</span>' in html
    assert '<section id="queue"' in html and '<section id="history"' in html  # sent whole, out of band
    assert "HX-Request" in response["Vary"]


def test_it_deals_only_on_a_post(host_client, game):
    """A GET is the question asked before a board in play is dealt over; with none in play,
    it goes back to the table."""
    response = host_client.get(f"/games/{game.pk}/deal/")
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/"
    assert host_client.put(f"/games/{game.pk}/deal/").status_code == 405
    assert not DealtBoard.objects.exists()


def test_it_needs_the_csrf_token(host, game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    assert deal(client, game).status_code == 403
    page = client.get(f"/games/{game.pk}/").content.decode()
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    assert client.post(f"/games/{game.pk}/deal/", {"csrfmiddlewaretoken": token}).status_code == 302
    assert (
        client.post(f"/games/{game.pk}/deal/", headers={"X-CSRFToken": token, "HX-Request": "true"}).status_code == 200
    )
    assert DealtBoard.objects.count() == 2


def test_it_records_who_dealt(host_client, host, game):
    deal(host_client, game)
    assert DealtBoard.objects.get().dealt_by == host


def test_other_players_cannot_deal(other_client, game, queue_decks):
    queue_decks(game, 1)
    assert deal(other_client, game).status_code == 404
    assert not DealtBoard.objects.exists()
