"""Game.objects.managed_by: who may upload, reorder and deal in a game."""

from __future__ import annotations

from datetime import datetime

import pytest

from games.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.queue]  # the rule is part of the deal's locking query


def test_the_host_gets_the_whole_game_with_its_values_converted(game, host):
    game.allow_upload = False
    game.save()
    found = Game.objects.managed_by(host, game.pk)
    assert found == game
    assert found.allow_upload is False and isinstance(found.created_at, datetime)
    assert found.created_at.tzinfo is not None and found.created_at == game.created_at  # converted, aware
    assert (found.name, found.host_id, found.game_type, found.next_board_number) == (
        game.name,
        host.pk,
        game.game_type,
        game.next_board_number,
    )


def test_staff_manage_every_game(game, staff):
    assert Game.objects.managed_by(staff, game.pk) == game


def test_another_user_or_a_missing_game_gives_does_not_exist(game, host, other_user):
    with pytest.raises(Game.DoesNotExist):
        Game.objects.managed_by(other_user, game.pk)
    with pytest.raises(Game.DoesNotExist):
        Game.objects.managed_by(host, game.pk + 1000)


def test_deal_next_gives_the_board_as_stored(game, host, queue_decks):
    """What deal_next returns is the row it wrote."""
    from django.utils import timezone

    from games.models import DealtBoard

    deck = queue_decks(game, 2)[0]
    before = timezone.now()
    board = game.deal_next(by=host)
    stored = DealtBoard.objects.get(pk=board.pk)
    for name in ("game_id", "number", "deck_id", "deal", "dealer", "vul", "dealt_by_id", "dealt_at"):
        assert getattr(board, name) == getattr(stored, name), name
    assert (stored.number, stored.deck_id, stored.dealt_by_id) == (1, deck.pk, host.pk)
    assert stored.dealt_at >= before and stored.dealt_at.tzinfo is not None
    assert board.deck == deck and board.game == game


def test_deal_next_by_nobody_records_no_dealer_and_deals_at_random_when_empty(game):
    from games.models import DealtBoard

    board = game.deal_next()
    stored = DealtBoard.objects.get(pk=board.pk)
    assert (stored.deck_id, stored.dealt_by_id, stored.deal) == (None, None, board.deal)


def test_queue_urls_are_what_the_url_conf_gives(game, queue_decks):
    from django.urls import reverse
    from django.urls.base import set_script_prefix

    from games.models import Deck

    deck = queue_decks(game, 1)[0]
    assert deck.move_url == reverse("queue_move", args=[game.pk, deck.pk])
    assert deck.remove_url == reverse("queue_remove", args=[game.pk, deck.pk])
    set_script_prefix("/club/")
    try:  # mounted under a prefix: the prefix is part of every URL
        mounted = Deck.objects.get(pk=deck.pk)
        assert mounted.move_url == f"/club{deck.move_url}" and mounted.remove_url == f"/club{deck.remove_url}"
    finally:
        set_script_prefix("/")


def test_deal_next_as_the_host_or_staff_deals_and_gives_the_game_with_the_board(game, host, staff, queue_decks):
    from games.models import DealtBoard

    decks = queue_decks(game, 2)
    first = Game.objects.deal_next_as(host, game.pk)
    second = Game.objects.deal_next_as(staff, game.pk)  # staff manage every game
    assert [(b.number, b.deck_id, b.dealt_by_id) for b in (first, second)] == [
        (1, decks[0].pk, host.pk),
        (2, decks[1].pk, staff.pk),
    ]
    assert first.game == game and first.game.name == game.name and second.game.next_board_number == 3
    assert second.game.created_at == game.created_at  # the whole row, converted
    game.refresh_from_db()
    assert game.next_board_number == 3 and DealtBoard.objects.filter(game=game).count() == 2


def test_deal_next_as_another_user_or_in_a_missing_game_changes_nothing(game, host, other_user, queue_decks):
    from games.models import DealtBoard

    queue_decks(game, 2)
    with pytest.raises(Game.DoesNotExist):
        Game.objects.deal_next_as(other_user, game.pk)
    with pytest.raises(Game.DoesNotExist):
        Game.objects.deal_next_as(host, game.pk + 1000)
    game.refresh_from_db()
    assert game.next_board_number == 1 and not DealtBoard.objects.exists() and game.queued().count() == 2


def test_a_deal_sends_the_boards_save_signals(game, queue_decks):
    from django.db.models import signals

    from games.models import DealtBoard

    heard = []

    def receiver(sender, instance, created, **kwargs):
        heard.append((instance.number, created))

    signals.post_save.connect(receiver, sender=DealtBoard)
    try:
        queue_decks(game, 1)
        game.deal_next()
        Game.objects.deal_next_as(game.host, game.pk)
    finally:
        signals.post_save.disconnect(receiver, sender=DealtBoard)
    assert heard == [(1, True), (2, True)]
