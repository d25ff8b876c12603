"""The results page of a club night: travellers and the ranking, a full page without
JavaScript and a polled part for htmx; the host sees every board, a player the boards
their table has finished; nobody else sees anything."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import BoardPlay, Game
from tests.playing import call
from tests.web.test_club_overview import answer_reading_the_version_first

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


@pytest.fixture
def scored_night(club):
    """Board 1 passed out at table 1 and played in 1NT by South at table 2 (8 tricks, +120
    to N-S, after the lead and a claim): table 2's N-S top the board."""

    def make(scoring: str = Game.Scoring.MATCHPOINTS):
        night = club(scoring=scoring)
        board = night.game.deal_next()
        call(BoardPlay.start(board, BoardPlay.Mode.TABLE, night.table(1)), "P", "P", "P", "P")
        play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE, night.table(2)), "P", "P", "1NT", "P", "P", "P")
        play = play.act("W", "card", play.actions, card=play.state().remaining("W")[0])
        play = play.act("S", "claim", play.actions, tricks=8)
        for defender in ("E", "W"):
            play = play.act(defender, "accept", play.actions)
        night.board = board
        return night

    return make


def test_the_host_sees_the_traveller_and_the_ranking_at_matchpoints(scored_night, host_client):
    night = scored_night()
    html = host_client.get(f"/games/{night.game.pk}/results/").content.decode()
    assert "Club night: results" in html and "Matchpoints" in html
    traveller = html[html.index('id="traveller-1"') :]
    assert "Passed out" in traveller and "1NT" in traveller and "120" in traveller
    assert "100.00" in traveller and "0.00" in traveller  # N-S at table 2 top the board
    ranking = html[html.index('id="ranking-title"') : html.index('id="traveller-1"')]
    assert ranking.index("Table 2 N-S") < ranking.index("Table 1 N-S")
    assert "p2n &amp; p2s" in ranking and "North-South pairs" in ranking and "East-West pairs" in ranking


@pytest.mark.parametrize(("language", "notrump"), [("pl", "1BA"), ("fr", "1SA")])
def test_the_traveller_is_in_the_page_language(scored_night, host_client, language, notrump):
    from django.utils import translation

    from games.bridge.words import for_language

    night = scored_night()
    html = host_client.get(f"/games/{night.game.pk}/results/", headers={"accept-language": language}).text
    traveller = html[html.index('id="traveller-1"') :]
    with translation.override(language):
        passed = translation.gettext("Passed out")
    assert passed in traveller and "Passed out" not in traveller
    assert notrump in traveller and "1NT" not in traveller
    lead = BoardPlay.objects.get(board=night.board, table=night.table(2)).state().cards[0]
    assert f"{for_language(language).rank(lead[1])}</td>" in traveller  # the lead's rank, as the language writes it


def test_at_imps_the_page_shows_cross_imps(scored_night, host_client):
    night = scored_night(Game.Scoring.IMPS)
    html = host_client.get(f"/games/{night.game.pk}/results/").content.decode()
    assert "cross-IMPs" in html and "+3" in html and "−3" in html  # 120 against 0 is 3 IMPs


def test_the_poll_answers_204_until_a_table_changes(scored_night, host_client):
    night = scored_night()
    url = f"/games/{night.game.pk}/results/"
    html = host_client.get(url, headers=HX).content.decode()
    assert html.strip().startswith('<div id="results"') and "<html" not in html
    version = html.split("?v=")[1].split('"')[0]
    assert host_client.get(f"{url}?v={version}", headers=HX).status_code == 204
    night.game.deal_next()
    call(BoardPlay.start(night.game.boards.get(number=2), BoardPlay.Mode.TABLE, night.table(1)), "P")
    assert host_client.get(f"{url}?v={version}", headers=HX).status_code == 200


def test_a_player_sees_their_tables_boards(scored_night):
    night = scored_night()
    html = night.client("p1w").get(f"/games/{night.game.pk}/results/").content.decode()
    assert 'id="traveller-1"' in html and "Back to the table" in html


def test_it_checks_ownership(scored_night, other_client):
    night = scored_night()
    assert other_client.get(f"/games/{night.game.pk}/results/").status_code == 404
    assert other_client.get(f"/games/{night.game.pk}/results/", headers=HX).status_code == 404
    response = Client().get(f"/games/{night.game.pk}/results/")
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_a_practice_games_host_is_sent_back(host_client, game):
    assert host_client.get(f"/games/{game.pk}/results/").status_code == 302


def test_a_redrawn_results_part_reads_the_tables_version_once_before_the_results(scored_night, host_client):
    night = scored_night()
    url = f"/games/{night.game.pk}/results/?v=old"
    html = answer_reading_the_version_first(host_client, url, "games_boardplay")
    assert f"?v={night.game.next_board_number}." in html
