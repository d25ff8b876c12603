"""A host seated at their own Join table is a player: the queue export, which holds the
boards they are about to play (and, after Play again, the board in play's own deck), is
refused until they stand up, in every format.

alice hosts and sits North, bob East, dave South, erin West (tests/web/conftest.py).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission

from games.formats import WRITERS, read_decks
from games.formats.model import Deck as ParsedDeck
from games.models import Game
from games.models.join import JoinTable
from tests.playing import DEAL

pytestmark = pytest.mark.django_db

FORMATS = [*WRITERS, "pdf"]
COMING = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
REFUSED = "Stand up first to download the coming boards."


def hands(deal: str) -> list[str]:
    """Each hand of ``deal`` as the text writers print it: dotted, and suit by suit."""
    found = []
    for hand in deal[2:].split():
        found += [hand, hand.replace(".", " ")]
    return found


def assert_refused(response, deal: str) -> None:
    assert response.status_code == 403
    text = response.content.decode()
    assert REFUSED in text
    for hand in hands(deal):
        assert hand not in text


def export(client, game: Game, fmt: str):
    return client.get(f"/games/{game.pk}/export/queue.{fmt}")


@pytest.fixture
def alice(client, host):
    client.force_login(host)
    return client


@pytest.fixture
def empty_table(join_table, host, other_user) -> JoinTable:
    """A Join table, nothing dealt yet, with COMING queued and the host seated North."""
    join_table.take_seat(host, "N")
    join_table.take_seat(other_user, "E")
    deck = ParsedDeck(deal=COMING, index=0, line=1, board="1")
    join_table.game.add_decks([deck], source_name="set.pbn", source_format="pbn")
    return join_table


@pytest.mark.parametrize("fmt", FORMATS)
def test_after_play_again_the_board_in_play_is_not_in_a_seated_hosts_queue(alice, seated_table, fmt):
    game = seated_table.game
    assert alice.post(f"/games/{game.pk}/boards/1/again/").status_code == 302
    assert list(game.queued().values_list("deal", flat=True)) == [DEAL]  # board 1, still in play, queued again
    assert_refused(export(alice, game, fmt), DEAL)


@pytest.mark.parametrize("fmt", FORMATS)
def test_before_dealing_a_seated_host_sees_no_coming_board(alice, empty_table, fmt):
    assert_refused(export(alice, empty_table.game, fmt), COMING)


@pytest.mark.parametrize("fmt", WRITERS)
def test_standing_up_gives_the_queue_back(alice, empty_table, host, fmt):
    empty_table.leave(host)
    response = export(alice, empty_table.game, fmt)
    assert response.status_code == 200
    assert [d.deal for d in read_decks(response.content, f"queue.{fmt}").decks] == [COMING]


def test_staff_who_manage_every_game_are_refused_while_seated(client, empty_table, django_user_model):
    manager = django_user_model.objects.create_user("mallory", password="x", is_staff=True)
    manager.user_permissions.set(Permission.objects.filter(content_type__app_label="games", codename="change_game"))
    client.force_login(manager)
    assert export(client, empty_table.game, "pbn").status_code == 200  # not seated: the whole queue
    empty_table.unseat("E")
    empty_table.take_seat(manager, "E")
    assert_refused(export(client, empty_table.game, "pbn"), COMING)


def test_the_game_page_offers_no_queue_download_while_seated(alice, empty_table, host):
    html = alice.get(f"/games/{empty_table.game.pk}/").content.decode()
    assert "Queue: stand up first to download the coming boards." in html
    assert "/export/queue." not in html and "/export/dealt.pbn" in html
    empty_table.leave(host)
    assert "/export/queue.pbn" in alice.get(f"/games/{empty_table.game.pk}/").content.decode()
