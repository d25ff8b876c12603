"""Game.objects.managed_by: who may upload, reorder and deal in a game."""

from __future__ import annotations

from datetime import datetime

import pytest

from games.models import Game

pytestmark = [pytest.mark.django_db, pytest.mark.queue]  # a raw statement: on PostgreSQL too


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


def test_column_lists_follow_the_models_field_order_whatever_order_they_are_asked_in():
    from games.models import Deck
    from games.models.queries import column_list

    columns, attnames = column_list(Deck, "default", ["vul", "game_id", "pk", "deal"])
    assert attnames == ["id", "game_id", "deal", "vul"]  # Model.from_db reads a partial row in this order
    assert columns.replace('"', "").replace("`", "") == "id, game_id, deal, vul"
    assert column_list(Game, "default")[1] == [f.attname for f in Game._meta.concrete_fields]


def test_deal_next_gives_the_board_as_stored(game, host, queue_decks):
    """deal_next writes the board with a statement built once: what it returns is the row."""
    from django.utils import timezone

    from games.models import DealtBoard

    deck = queue_decks(game, 2)[0]
    before = timezone.now()
    board = game.deal_next(by=host)
    stored = DealtBoard.objects.get(pk=board.pk)
    assert not board._state.adding and board._state.db == "default"
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


@pytest.mark.parametrize("name", ["queue_move", "queue_remove"])
def test_queue_urls_are_what_the_url_conf_gives(name, game, queue_decks):
    from django.urls import reverse
    from django.urls.base import set_script_prefix

    from games.models.deck import deck_url

    deck = queue_decks(game, 1)[0]
    for game_pk, deck_pk in [(game.pk, deck.pk), (1, 2), (918273645, 7), (12, 546372819)]:
        assert deck_url(name, game_pk, deck_pk) == reverse(name, args=[game_pk, deck_pk])
    assert getattr(deck, name.replace("queue_", "") + "_url") == reverse(name, args=[game.pk, deck.pk])
    set_script_prefix("/club/")
    try:  # mounted under a prefix: the prefix is part of every URL
        assert deck_url(name, 3, 4) == reverse(name, args=[3, 4]) and deck_url(name, 3, 4).startswith("/club/")
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


def test_nothing_listens_for_dealt_boards_being_saved():
    """deal_next writes boards with its own INSERT (_record_board), which sends no save
    signals: a receiver added for DealtBoard would never hear of a deal. Whoever adds one
    must send the signals there (or go back to DealtBoard.objects.create) and then drop this."""
    from django.db.models import signals

    from games.models import DealtBoard

    for signal in (signals.pre_save, signals.post_save):  # (the board is built by __init__: init signals go)
        assert not signal.has_listeners(DealtBoard), signal
