"""Reordering the queue from the game page: up, down, to the front, remove, clear."""

from __future__ import annotations

import pytest

from games.models import Deck, Game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def order(game: Game) -> list[int]:
    return list(game.queued().values_list("pk", flat=True))


def move(client, game, deck, where, headers=None):
    return client.post(f"/games/{game.pk}/queue/{deck.pk}/move/", {"where": where}, headers=headers or {})


def test_it_moves_a_deck_up(host_client, game, queue_decks):
    a, b, c = queue_decks(game, 3)
    response = move(host_client, game, c, "up")
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/#queue"
    assert order(game) == [a.pk, c.pk, b.pk]


def test_it_moves_a_deck_down(host_client, game, queue_decks):
    a, b, c = queue_decks(game, 3)
    move(host_client, game, a, "down")
    assert order(game) == [b.pk, a.pk, c.pk]


def test_it_moves_a_deck_to_the_front(host_client, game, queue_decks):
    a, b, c = queue_decks(game, 3)
    move(host_client, game, c, "front")
    assert order(game) == [c.pk, a.pk, b.pk]


def test_moving_the_first_deck_up_changes_nothing(host_client, game, queue_decks):
    a, b = queue_decks(game, 2)
    move(host_client, game, a, "up")
    move(host_client, game, b, "down")
    assert order(game) == [a.pk, b.pk]


def test_the_next_deal_follows_the_new_order(host_client, game, queue_decks):
    a, b, c = queue_decks(game, 3)
    move(host_client, game, c, "front")
    assert game.deal_next().deck_id == c.pk


def test_it_removes_a_deck(host_client, game, queue_decks):
    a, b = queue_decks(game, 2)
    response = host_client.post(f"/games/{game.pk}/queue/{a.pk}/remove/")
    assert response.status_code == 302
    assert order(game) == [b.pk]
    a.refresh_from_db()
    assert a.status == Deck.Status.REMOVED
    assert "Board 1 removed from the queue." in host_client.get(response.url).content.decode()


def test_it_clears_the_queue(host_client, game, queue_decks):
    queue_decks(game, 4)
    response = host_client.post(f"/games/{game.pk}/queue/clear/")
    assert response.status_code == 302 and order(game) == []
    assert "4 decks removed" in host_client.get(f"/games/{game.pk}/").content.decode()
    assert game.deal_next().is_random


def test_it_answers_htmx_with_the_queue_partial(host_client, game, queue_decks):
    a, b = queue_decks(game, 2)
    response = move(host_client, game, b, "front", HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<section id="queue"')
    assert html.index(f"/queue/{b.pk}/move/") < html.index(f"/queue/{a.pk}/move/")
    assert "HX-Request" in response["Vary"]
    html = host_client.post(f"/games/{game.pk}/queue/clear/", headers=HTMX).content.decode()
    assert html.lstrip().startswith('<section id="queue"') and "The queue is empty" in html


def test_it_rejects_an_unknown_move(host_client, game, queue_decks):
    (a,) = queue_decks(game, 1)
    assert move(host_client, game, a, "sideways").status_code == 400


def test_a_dealt_deck_cannot_be_moved_or_removed(host_client, game, queue_decks):
    (a,) = queue_decks(game, 1)
    game.deal_next()
    assert move(host_client, game, a, "front").status_code == 404
    assert host_client.post(f"/games/{game.pk}/queue/{a.pk}/remove/").status_code == 404


def test_a_deck_of_another_game_is_404(host_client, host, game, queue_decks):
    other_game = Game.objects.create(host=host, name="Another of mine")
    (stranger,) = queue_decks(other_game, 1)
    assert move(host_client, game, stranger, "front").status_code == 404
    assert host_client.post(f"/games/{game.pk}/queue/{stranger.pk}/remove/").status_code == 404
    assert order(other_game) == [stranger.pk]


def test_other_players_cannot_touch_the_queue(other_client, game, queue_decks):
    a, b = queue_decks(game, 2)
    assert move(other_client, game, b, "front").status_code == 404
    assert other_client.post(f"/games/{game.pk}/queue/{a.pk}/remove/").status_code == 404
    assert other_client.post(f"/games/{game.pk}/queue/clear/").status_code == 404
    assert order(game) == [a.pk, b.pk]


def test_reordering_needs_a_post(host_client, game, queue_decks):
    (a,) = queue_decks(game, 1)
    assert host_client.get(f"/games/{game.pk}/queue/{a.pk}/move/?where=front").status_code == 405
    assert host_client.get(f"/games/{game.pk}/queue/clear/").status_code == 405
    assert order(game) == [a.pk]


@pytest.mark.queue
def test_the_queue_head_lists_the_first_decks_in_order_and_counts_the_rest(game, queue_decks, other_user):
    decks = queue_decks(game, 5)
    other = Game.objects.create(name="Other table", host=other_user)
    queue_decks(other, 3)  # another game's queue counts for nothing here
    game.move_deck(decks[3].pk, "front")
    game.remove_deck(decks[1].pk)
    game.deal_next()  # deals decks[3], now at the front
    head, count = game.queue_head(2)
    assert [d.pk for d in head] == [decks[0].pk, decks[2].pk]
    assert count == 3  # decks 0, 2 and 4: not the removed one, nor the dealt one
    assert head[0].source_name == decks[0].source_name and head[0].move_url.endswith(f"/{decks[0].pk}/move/")
    assert game.queue_head(10) == ([head[0], head[1], decks[4]], 3)
    game.clear_queue()
    assert game.queue_head(10) == ([], 0)
