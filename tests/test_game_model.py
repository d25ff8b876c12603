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
    assert (found.name, found.host_id, found.game_type, found.next_board_number) == (
        game.name, host.pk, game.game_type, game.next_board_number)


def test_staff_manage_every_game(game, staff):
    assert Game.objects.managed_by(staff, game.pk) == game


def test_another_user_or_a_missing_game_gives_does_not_exist(game, host, other_user):
    with pytest.raises(Game.DoesNotExist):
        Game.objects.managed_by(other_user, game.pk)
    with pytest.raises(Game.DoesNotExist):
        Game.objects.managed_by(host, game.pk + 1000)


def test_column_lists_follow_the_models_field_order_whatever_order_they_are_asked_in():
    from games.models import Deck
    from games.sql import column_list

    columns, attnames = column_list(Deck, ["vul", "game_id", "pk", "deal"])
    assert attnames == ["id", "game_id", "deal", "vul"]  # Model.from_db reads a partial row in this order
    assert columns.replace('"', "").replace("`", "") == "id, game_id, deal, vul"
    assert column_list(Game)[1] == [f.attname for f in Game._meta.concrete_fields]
