"""Remove on the queue, and Undo: the deck comes back where it was, with or without htmx."""

from __future__ import annotations

import re

import pytest

from games.models import Deck, Game

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def order(game: Game) -> list[int]:
    return list(game.queued().values_list("pk", flat=True))


def undo_form(html: str) -> str:
    found = re.search(r'<form method="post" action="([^"]+)" class="queue-undo"', html)
    assert found, html
    return found.group(1)


def test_without_javascript_remove_sends_back_to_the_queue_with_undo(host_client, game, queue_decks):
    a, b, c = queue_decks(game, 3)
    response = host_client.post(f"/games/{game.pk}/queue/{b.pk}/remove/")
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/?removed={b.pk}#queue"
    html = host_client.get(response.url).content.decode()
    assert "Board 2 removed from the queue." in html
    action = undo_form(html)
    assert action == f"/games/{game.pk}/queue/{b.pk}/restore/"
    response = host_client.post(action)
    assert response.status_code == 302 and response.url == f"/games/{game.pk}/#queue"
    assert order(game) == [a.pk, b.pk, c.pk]  # back in its place
    html = host_client.get(response.url).content.decode()
    assert "Deck back in the queue." in html and "queue-undo" not in html


def test_with_htmx_remove_answers_the_queue_with_undo_which_puts_the_deck_back(host_client, game, queue_decks):
    a, b, c = queue_decks(game, 3)
    html = host_client.post(f"/games/{game.pk}/queue/{a.pk}/remove/", headers=HTMX).content.decode()
    assert html.lstrip().startswith('<section id="queue"')
    assert f'id="queue-deck-{a.pk}"' not in html
    assert "Board 1 removed from the queue." in html and "autofocus" in html
    html = host_client.post(undo_form(html), headers=HTMX).content.decode()
    assert f'id="queue-deck-{a.pk}"' in html and "queue-undo" not in html
    assert order(game) == [a.pk, b.pk, c.pk]


def test_the_deck_comes_back_in_place_after_other_moves(host_client, game, queue_decks):
    a, b, c = queue_decks(game, 3)
    game.remove_deck(b.pk)
    game.move_deck(c.pk, "front")
    assert game.restore_deck(b.pk) == 1
    assert order(game) == [c.pk, a.pk, b.pk]


def test_a_dealt_deck_does_not_come_back(host_client, game, queue_decks):
    a, b = queue_decks(game, 2)
    assert host_client.post(f"/games/{game.pk}/queue/{a.pk}/restore/").status_code == 302  # Undo twice: no harm
    assert order(game) == [a.pk, b.pk]
    game.deal_next()
    a.refresh_from_db()
    assert a.status == Deck.Status.DEALT
    assert host_client.post(f"/games/{game.pk}/queue/{a.pk}/restore/").status_code == 404
    game.remove_deck(b.pk)
    assert host_client.get(f"/games/{game.pk}/?removed=nonsense").status_code == 200


def test_a_stranger_cannot_put_a_deck_back(client, other_user, game, queue_decks):
    (a,) = queue_decks(game, 1)
    game.remove_deck(a.pk)
    client.force_login(other_user)
    assert client.post(f"/games/{game.pk}/queue/{a.pk}/restore/").status_code == 404
    a.refresh_from_db()
    assert a.status == Deck.Status.REMOVED
