"""A club night's results on the review desk: the game's change page shows the ranking and
links to a page with every traveller; a member of staff seated at one of its tables sees
only the boards their table has finished; every value is escaped.

The night of tests/web/test_club_exports.py: three tables, board 2 not started at table 3.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from games.admin.reviewers import GROUP, reviewer_group
from games.models import Game
from games.models.join import JoinTable
from tests.web.test_club_exports import night  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

EVIL = "<script>alert(1)</script>"


def test_the_game_page_shows_the_ranking_and_links_the_travellers(night, staff_client):  # noqa: F811
    game = night()
    html = staff_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    section = html[html.index("Club night results") :]
    assert "Matchpoints · 3 tables · 2 boards with results" in section
    assert f'href="/admin/games/game/{game.pk}/results/"' in section
    ranking = section[: section.index("</table>", section.index("East-West pairs"))]
    assert ranking.index("Table 3 N-S") < ranking.index("Table 1 N-S") < ranking.index("Table 2 N-S")
    assert "p3n &amp; p3s" in ranking and "68.75" in ranking and "93.75" in ranking


def test_the_results_page_shows_every_traveller(night, staff_client):  # noqa: F811
    game = night()
    response = staff_client.get(f"/admin/games/game/{game.pk}/results/")
    html = response.content.decode()
    assert response.status_code == 200 and "Results of Tuesday club" in html
    board_1 = html[html.index('id="traveller-1"') : html.index('id="traveller-2"')]
    assert board_1.count("<tr>") == 4  # the headings and three tables
    assert "3NT" in board_1 and "430" in board_1 and "100.00" in board_1 and "♥" in board_1
    board_2 = html[html.index('id="traveller-2"') :]
    assert "Passed out" in board_2 and "110" in board_2 and "87.50" in board_2
    assert "Still playing: table 3." in board_2
    assert "Table 2 E-W" in html  # the ranking too


def test_at_imps_the_admin_shows_cross_imps(night, staff_client):  # noqa: F811
    game = night(Game.Scoring.IMPS)
    html = staff_client.get(f"/admin/games/game/{game.pk}/results/").content.decode()
    assert "N-S IMPs" in html and "+5" in html and "-10" in html and "N-S %" not in html


def test_seated_staff_see_only_what_their_table_has_finished(night, staff, staff_client):  # noqa: F811
    game = night()
    table = JoinTable.numbered(game, 3)
    table.unseat("E")
    table.take_seat(staff, "E")
    html = staff_client.get(f"/admin/games/game/{game.pk}/results/").content.decode()
    assert 'id="traveller-1"' in html and 'id="traveller-2"' not in html and "2♠" not in html
    assert "1 board is left out until your table has finished it" in html
    page = staff_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert "1 board with results (1 left out until your table has finished them)" in page


def test_a_reviewer_may_look_and_others_may_not(night, django_user_model, client, other_user):  # noqa: F811
    game = night()
    rita = django_user_model.objects.create_user("rita", password="x", is_staff=True)
    rita.groups.add(reviewer_group())
    assert Group.objects.filter(name=GROUP).exists()
    client.force_login(rita)
    assert client.get(f"/admin/games/game/{game.pk}/results/").status_code == 200
    plain_staff = django_user_model.objects.create_user("sam", password="x", is_staff=True)
    client.force_login(plain_staff)
    assert client.get(f"/admin/games/game/{game.pk}/results/").status_code == 403
    client.force_login(other_user)  # not staff: the admin's log-in page
    response = client.get(f"/admin/games/game/{game.pk}/results/")
    assert response.status_code == 302 and "/admin/login/" in response.url


def test_a_practice_game_has_no_results_page(staff_client, game):
    assert staff_client.get(f"/admin/games/game/{game.pk}/results/").status_code == 404
    html = staff_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert "every traveller" not in html


def test_names_are_escaped(night, staff_client, django_user_model):  # noqa: F811
    game = night()
    Game.objects.filter(pk=game.pk).update(name=EVIL)
    table = JoinTable.numbered(game, 1)
    table.unseat("N")
    table.take_seat(django_user_model.objects.create_user(EVIL, password="x"), "N")
    for url in (f"/admin/games/game/{game.pk}/change/", f"/admin/games/game/{game.pk}/results/"):
        html = staff_client.get(url).content.decode()
        assert EVIL not in html and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; p1s" in html, url


def test_the_results_page_speaks_the_reviewers_language(night, staff_client):  # noqa: F811
    game = night()
    html = staff_client.get(f"/admin/games/game/{game.pk}/results/", headers={"accept-language": "pl"}).text
    assert "Wyniki: Tuesday club" in html
    board_1 = html[html.index('id="traveller-1"') : html.index('id="traveller-2"')]
    assert "Rozdanie 1" in board_1 and "Kontrakt" in board_1
    for english in ("Contract", "Tricks", "Table", "Board 1"):
        assert english not in board_1
    assert "3BA" in board_1 and "3NT" not in board_1  # the contracts in the language's words
    assert "Przepasowane" in html and "Passed out" not in html
