"""When the queue is empty (deal at random, start the set again, stop), Play again and
Go to board, through the pages, with and without htmx."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import DealtBoard, Game

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def deal(client, game, headers=None):
    return client.post(reverse("deal", args=[game.pk]), headers=headers or {}, follow=not headers)


@pytest.mark.parametrize(
    "rule, label",
    [("random", "deal at random"), ("restart", "start the uploaded set again"), ("stop", "stop and say so")],
)
def test_the_rule_is_chosen_on_the_rules_form_and_shown_on_the_game_page(host_client, rule, label):
    form = host_client.get(reverse("new_game")).text
    assert 'name="when_empty"' in form and "Start the uploaded set again from its first deck" in form
    response = host_client.post(
        reverse("new_game"),
        {
            "name": "G",
            "game_type": "practice",
            "allow_upload": "1",
            "scoring": "imps",
            "missing_info": "rotation",
            "when_empty": rule,
        },
        follow=True,
    )
    game = Game.objects.get(name="G")
    assert game.when_empty == rule and f"when the queue is empty: {label}" in response.text.lower()


def test_stop_says_so_and_deals_nothing(host_client, game, queue_decks):
    Game.objects.filter(pk=game.pk).update(when_empty="stop")
    queue_decks(game, 1)
    deal(host_client, game)
    page = deal(host_client, game).text
    assert "Every uploaded deck has been dealt" in page and "Upload Decks" in page
    htmx = deal(host_client, game, HX)
    assert htmx.status_code == 200 and "Every uploaded deck has been dealt" in htmx.text
    assert htmx.text.lstrip().startswith('<div id="felt"')
    game.refresh_from_db()
    assert DealtBoard.objects.filter(game=game).count() == 1 and game.next_board_number == 2


def test_restart_deals_the_set_again_from_its_first_deck(host_client, game, queue_decks):
    Game.objects.filter(pk=game.pk).update(when_empty="restart")
    decks = queue_decks(game, 2)
    for _ in range(5):
        deal(host_client, game, HX)
    boards = DealtBoard.objects.filter(game=game).order_by("number")
    assert [b.deal for b in boards] == [decks[0].deal, decks[1].deal] * 2 + [decks[0].deal]


def test_random_is_the_default(host_client, game):
    deal(host_client, game, HX)
    assert DealtBoard.objects.get(game=game).is_random


@pytest.mark.parametrize("headers", [None, HX])
def test_play_again_puts_the_board_as_dealt_at_the_front(host_client, game, queue_decks, headers):
    queue_decks(game, 3)
    deal(host_client, game, HX)
    first = DealtBoard.objects.get(game=game, number=1)
    html = host_client.get(reverse("game", args=[game.pk])).text
    url = reverse("play_again", args=[game.pk, 1])
    assert f'action="{url}"' in html and "Play again" in html
    response = host_client.post(url, headers=headers or {})
    assert response.status_code == (200 if headers else 302)
    front = game.queued().first()
    assert (front.deal, front.dealer, front.vul) == (first.deal, first.dealer, first.vul)
    deal(host_client, game, HX)
    assert DealtBoard.objects.get(game=game, number=2).deal == first.deal


def test_a_random_board_can_be_played_again(host_client, game):
    deal(host_client, game, HX)
    host_client.post(reverse("play_again", args=[game.pk, 1]))
    deal(host_client, game, HX)
    one, two = DealtBoard.objects.filter(game=game).order_by("number")
    assert two.deal == one.deal and not two.is_random and two.deck.source_name == "random board"


def test_play_again_of_a_board_not_dealt_is_404(host_client, game):
    assert host_client.post(reverse("play_again", args=[game.pk, 7])).status_code == 404


@pytest.mark.parametrize("headers", [None, HX])
def test_go_to_board_deals_that_deck_next(host_client, game, queue_decks, headers):
    decks = queue_decks(game, 5)
    response = host_client.post(reverse("queue_go", args=[game.pk]), {"board": "4"}, headers=headers or {})
    assert response.status_code == (200 if headers else 302)
    assert game.queued().first() == decks[3]
    deal(host_client, game, HX)
    assert DealtBoard.objects.get(game=game).deck == decks[3]


@pytest.mark.parametrize("board", ["9", "", "²", "x" * 50])
def test_go_to_a_board_not_queued_says_so(host_client, game, queue_decks, board):
    decks = queue_decks(game, 2)
    response = host_client.post(reverse("queue_go", args=[game.pk]), {"board": board}, headers=HX)
    assert response.status_code == 200 and 'role="alert"' in response.text
    assert list(game.queued()) == decks


def test_others_may_not_play_again_or_go_to_a_board(client, other_user, game, queue_decks):
    queue_decks(game, 2)
    game.deal_next()
    client.force_login(other_user)
    assert client.post(reverse("play_again", args=[game.pk, 1])).status_code == 404
    assert client.post(reverse("queue_go", args=[game.pk]), {"board": "2"}).status_code == 404
    assert game.queued().count() == 1
