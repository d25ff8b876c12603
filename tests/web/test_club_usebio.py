"""A club night's results as USEBIO 1.2 XML (/games/<id>/results.usebio.xml): it parses,
holds every required element and keeps USEBIO's structure (tests/formats/test_usebio.py's
SCHEMA), its totals are the results page's ranking by each scoring, a Howell's pairs are
one field, and it holds what the viewer may see, as the results page and its PBN do.

The night of tests/web/test_club_exports.py: three tables, two boards; board 2 is
finished at tables 1 and 2 only.
"""

from __future__ import annotations

from fractions import Fraction
from xml.etree import ElementTree as ET

import pytest
from django.test import Client

from games.bridge.club_night import decimal_text, hundredths
from games.formats.usebio import missing_elements
from games.models import Game
from games.models.club import game_results, results_for
from tests.formats.test_usebio import schema_problems
from tests.models.test_club_director import howell_night
from tests.models.test_club_movement import finish_round
from tests.web.test_club_exports import client_of, night  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def usebio(client: Client, game: Game) -> ET.Element:
    response = client.get(f"/games/{game.pk}/results.usebio.xml")
    assert response.status_code == 200 and response["Content-Type"] == "application/xml"
    assert response["Content-Disposition"].startswith("attachment") and ".usebio.xml" in response["Content-Disposition"]
    assert "private" in response["Cache-Control"]
    root = ET.fromstring(response.content)
    assert missing_elements(root) == [] and schema_problems(root) == []
    return root


def totals(root: ET.Element, points: str) -> dict[tuple[str, str], Fraction]:
    """Each pair's points summed over the traveller lines, keyed (direction, number)."""
    found: dict[tuple[str, str], Fraction] = {}
    for line in root.iter("TRAVELLER_LINE"):
        for direction in ("NS", "EW"):
            key = (direction, line.findtext(f"{direction}_PAIR_NUMBER"))
            found[key] = found.get(key, Fraction(0)) + Fraction(line.findtext(f"{direction}_{points}"))
    return found


@pytest.mark.parametrize(
    "scoring, method, points",
    [
        (Game.Scoring.MATCHPOINTS, "MATCH_POINTS", "MATCH_POINTS"),
        (Game.Scoring.IMPS, "CROSS_IMPS", "CROSS_IMP_POINTS"),
        (Game.Scoring.BUTLER, "BUTLER_IMPS", "BUTLER_POINTS"),
    ],
)
def test_the_usebio_totals_are_the_results_pages_ranking(night, host_client, scoring, method, points):  # noqa: F811
    game = night(scoring)
    root = usebio(host_client, game)
    event = root.find("EVENT")
    assert event.findtext("EVENT_DESCRIPTION") == "Tuesday club" and event.findtext("WINNER_TYPE") == "2"
    assert root.findtext("CLUB/CLUB_NAME") == game.host.get_username()
    assert event.findtext("BOARD_SCORING_METHOD") == method
    results = game_results(game)
    pairs = event.findall("PARTICIPANTS/PAIR")
    expected = [
        (
            line.standing.direction,
            line.standing.pair,
            line.standing.place,
            decimal_text(hundredths(line.standing.score)),
        )
        for line in results.ranking
    ]
    assert [
        (p.findtext("DIRECTION"), p.findtext("PAIR_NUMBER"), p.findtext("PLACE"), p.findtext("TOTAL_SCORE"))
        for p in pairs
    ] == expected
    summed = totals(root, points)
    for line in results.ranking:
        assert summed[(line.standing.direction, line.standing.pair)] == line.standing.score
    if scoring == Game.Scoring.MATCHPOINTS:
        assert [p.findtext("PERCENTAGE") for p in pairs] == [
            decimal_text(line.standing.percent) for line in results.ranking
        ]
    names = [[n.text for n in p.iter("PLAYER_NAME")] for p in pairs]
    assert ["p3n", "p3s"] in names and ["p1e", "p1w"] in names
    boards = event.findall("BOARD")
    assert [b.findtext("BOARD_NUMBER") for b in boards] == ["1", "2"]
    assert [x.findtext("CONTRACT") for x in boards[0].findall("TRAVELLER_LINE")] == ["4H", "4H", "3NT"]


def test_a_howells_pairs_are_one_field(host, host_client, django_user_model):
    game, _ = howell_night(host, django_user_model)
    finish_round(game)
    root = usebio(host_client, game)
    assert root.findtext("EVENT/WINNER_TYPE") == "1"
    pairs = root.findall("EVENT/PARTICIPANTS/PAIR")
    assert sorted(p.findtext("PAIR_NUMBER") for p in pairs) == ["1", "2", "3", "4"]
    assert all(p.find("DIRECTION") is None for p in pairs)


def test_a_player_gets_only_the_boards_their_table_has_finished(night, django_user_model):  # noqa: F811
    game = night()
    client = client_of(django_user_model, "p3e")
    root = usebio(client, game)
    assert [b.findtext("BOARD_NUMBER") for b in root.iter("BOARD")] == ["1"]
    mine = results_for(game, django_user_model.objects.get(username="p3e"))
    assert [p.findtext("TOTAL_SCORE") for p in root.iter("PAIR")] == [
        decimal_text(hundredths(line.standing.score)) for line in mine.ranking
    ]


def test_the_results_page_links_the_usebio_file(night, host_client):  # noqa: F811
    game = night()
    html = host_client.get(f"/games/{game.pk}/results/").content.decode()
    assert f'href="/games/{game.pk}/results.usebio.xml"' in html


def test_it_checks_ownership(night, other_client, django_user_model):  # noqa: F811
    url = f"/games/{night().pk}/results.usebio.xml"
    assert other_client.get(url).status_code == 404
    response = Client().get(url)
    assert response.status_code == 302 and response.url.startswith("/login/")
    assert client_of(django_user_model, "p1n").post(url).status_code == 405


def test_a_practice_games_host_is_sent_back(host_client, game):
    assert host_client.get(f"/games/{game.pk}/results.usebio.xml").status_code == 302
