"""Deal New Cards at a club night (teaching): the next board goes to every table at once,
with no question; a table still playing is told, and finishes its board first."""

from __future__ import annotations

import pytest

from games.models import BoardPlay
from tests.playing import call, cards

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def test_the_host_deals_to_every_table_and_a_table_still_playing_is_told(club, host_client):
    night = club()
    first = night.game.deal_next()
    play = call(BoardPlay.start(first, BoardPlay.Mode.TABLE, night.table(2)), "1C", "P", "P", "P")
    response = host_client.post(f"/games/{night.game.pk}/deal/", headers=HX)
    assert response.status_code == 200 and "HX-Retarget" not in response.headers  # no question asked
    assert night.table(1).board().number == 2 and night.table(2).board() == first
    at_two = night.client("p2s").get(f"/games/{night.game.pk}/").content.decode()
    assert "Table 2 ·</span> Board 1" in at_two
    assert "Board 2 has been dealt to the other tables" in at_two
    at_one = night.client("p1s").get(f"/games/{night.game.pk}/").content.decode()
    assert "has been dealt to the other tables" not in at_one
    cards(play, 52)
    at_two = night.client("p2s").get(f"/games/{night.game.pk}/").content.decode()
    assert "has been dealt to the other tables" not in at_two and night.table(2).board().number == 2
    assert BoardPlay.objects.get(pk=play.pk).done  # finished, not left unfinished
