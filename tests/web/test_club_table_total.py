"""A club night's table shows its pairs' figures by the night's scoring beside the board:
the matchpoint percentages, or the cross-IMPs of the boards whose every result is in,
the same figures the results page ranks them by; never a raw total or IMPs against par.

The night of tests/web/test_club_exports.py: three tables, two boards; board 2 is
finished at tables 1 and 2 only.
"""

from __future__ import annotations

import re

import pytest

from games.bridge.club_night import decimal_text, hundredths
from games.models import Game
from games.models.board_play import running_total
from games.models.club import results_for, table_total
from games.models.director import Adjustment, save_adjustment
from games.models.join import JoinTable
from tests.models.test_club_results import BOARD_2, finish
from tests.web.test_club_exports import client_of, night  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def total_text(client, game: Game) -> str:
    html = client.get(f"/games/{game.pk}/").content.decode()
    found = re.search(r'<p id="play-total".*?</p>', html, re.S)
    assert found, "no running total on the table"
    return " ".join(re.sub(r"<[^>]+>", " ", found[0]).split())


def standing(game: Game, user, direction: str):
    (line,) = [
        p for p in results_for(game, user).ranking if (p.standing.pair, p.standing.direction) == ("1", direction)
    ]
    return line.standing


def test_a_matchpoint_nights_table_shows_its_pairs_percentages(night, django_user_model):  # noqa: F811
    game = night(Game.Scoring.MATCHPOINTS)
    player = django_user_model.objects.get(username="p1n")
    text = total_text(client_of(django_user_model, "p1n"), game)
    ns, ew = standing(game, player, "NS"), standing(game, player, "EW")
    assert f"N-S {decimal_text(ns.percent, fixed=True)}% · E-W {decimal_text(ew.percent, fixed=True)}%" in text
    # Board 1: +420 beats -50 and loses to +430: 2 of 4. Board 2, in at two tables of
    # three: passed out beats -110, 2 of 2, by Neuberg (2 + 1) x 3/2 - 1 = 3.5 of 4.
    # 5.5 of 8 = 68.75%.
    assert "N-S 68.75% · E-W 31.25%" in text
    assert "+420" not in text and "IMP" not in text  # no raw total, no IMPs against par


def test_an_imp_nights_table_counts_a_board_once_every_result_is_in(night, django_user_model):  # noqa: F811
    game = night(Game.Scoring.IMPS)
    player = django_user_model.objects.get(username="p1n")
    client = client_of(django_user_model, "p1n")
    # Board 1 is in at all three tables (+5); board 2 waits for table 3.
    text = total_text(client, game)
    assert "N-S +5 cross-IMPs" in text and "1 board waits for the results of the other tables" in text
    total = table_total(game, JoinTable.numbered(game, 1))
    assert (total.boards, total.ns, total.ew, total.waiting) == (1, 5, -5, 1)
    calls, tricks = BOARD_2[3]
    finish(game.boards.get(number=2), JoinTable.numbered(game, 3), calls, tricks)
    text = total_text(client, game)
    ns = standing(game, player, "NS")
    assert f"N-S {'+' if ns.score > 0 else ''}{decimal_text(hundredths(ns.score))} cross-IMPs" in text
    assert "N-S +6.5 cross-IMPs" in text and "waits" not in text


def test_every_tables_figure_is_the_one_its_players_results_rank_it_by(night, django_user_model):  # noqa: F811
    """Worked out for every table at once, from the whole night's results: table 3 has not
    finished board 2, which its players do not see yet, and its figures are still theirs."""
    game = night(Game.Scoring.MATCHPOINTS)
    for number in (1, 2, 3):
        player = django_user_model.objects.get(username=f"p{number}n")
        seen = {
            line.standing.direction: line.standing
            for line in results_for(game, player).ranking
            if line.standing.pair == str(number)
        }
        table = JoinTable.numbered(game, number)
        total = table_total(game, table)
        assert (total.boards, total.ns, total.ew) == (seen["NS"].boards, seen["NS"].percent, seen["EW"].percent)
        running = running_total(game, table)
        assert total.running == {"boards": running["boards"], "unfinished": running["unfinished"]}
    assert table_total(game, JoinTable.numbered(game, 3)).boards == 1
    added = JoinTable.add_to(game)  # a table added after the figures were kept: its own
    assert (table_total(game, added).boards, table_total(game, added).running) == (0, {"boards": 0, "unfinished": 0})


def test_a_single_table_keeps_its_score_against_the_file_or_par(seated_table):
    assert table_total(seated_table.game, seated_table) is None


def test_the_figure_is_worked_out_once_for_each_state_of_the_night(
    night,  # noqa: F811
    django_user_model,
    django_assert_max_num_queries,
):
    game = night(Game.Scoring.IMPS)
    table = JoinTable.numbered(game, 1)
    first = table_total(game, table)
    with django_assert_max_num_queries(3):  # the tables, the plays' and adjustments' state: no results
        assert table_total(game, table) == first
    calls, tricks = BOARD_2[3]
    finish(game.boards.get(number=2), JoinTable.numbered(game, 3), calls, tricks)  # another table finishes
    assert table_total(game, table) != first
    finished = table_total(game, table)
    save_adjustment(  # the director's Avg+ to N-S, Avg- to E-W at table 1 on board 1
        game, game.boards.get(number=1), table, game.host, kind=Adjustment.Kind.ARTIFICIAL, reason="a call",
        ns_average=Adjustment.Average.PLUS, ew_average=Adjustment.Average.MINUS,
    )  # fmt: skip
    assert table_total(game, table) != finished
    game.scoring = Game.Scoring.MATCHPOINTS  # the host's settings name another figure
    game.save(update_fields=["scoring"])
    assert table_total(game, table).matchpoints
