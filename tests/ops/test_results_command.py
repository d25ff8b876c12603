"""manage.py results GAME_ID [--json]: the hand-worked club night of
tests/models/test_club_results.py, as the command prints it."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.models import Game
from tests.models.test_club_results import three_tables  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command("results", *args, stdout=out)
    return out.getvalue()


def test_the_json_gives_each_tables_result_with_its_matchpoints_and_cross_imps(three_tables):  # noqa: F811
    game = three_tables(Game.Scoring.MATCHPOINTS)
    found = json.loads(run(str(game.pk), "--json"))
    assert (found["game"], found["scoring"], found["tables"]) == (game.pk, "matchpoints", 3)
    first = found["boards"][0]
    assert (first["board"], first["dealer"], first["vul"]) == (1, "N", "None")
    assert first["hands"] == game.boards.get(number=1).deal
    rows = [
        (r["table"], r["contract"], r["declarer"], r["tricks"], r["ns_score"], r["ns_percent"], r["ns_cross_imps"])
        for r in first["results"]
    ]
    assert rows == [(1, "4H", "S", 10, 420, 50, 5), (2, "4H", "S", 9, -50, 0, -10), (3, "3NT", "N", 10, 430, 100, 5)]
    second = found["boards"][1]["results"]
    assert [(r["contract"], r["declarer"], r["lead"], r["ew_percent"], r["ns_cross_imps"]) for r in second] == [
        ("Pass", "", "", 25, 1.5),
        ("2S", "W", second[1]["lead"], 100, -3),
        ("Pass", "", "", 25, 1.5),
    ]
    assert len(second[1]["lead"]) == 2
    ranking = [(p["direction"], p["place"], p["table"], p["percent"]) for p in found["ranking"]]
    assert ranking == [
        ("NS", "1", 3, 87.5),
        ("NS", "2", 1, 62.5),
        ("NS", "3", 2, 0),
        ("EW", "1", 2, 100),
        ("EW", "2", 1, 37.5),
        ("EW", "3", 3, 12.5),
    ]


def test_at_imps_the_ranking_is_by_cross_imps_with_ties(three_tables):  # noqa: F811
    game = three_tables(Game.Scoring.IMPS)
    ranking = json.loads(run(str(game.pk), "--json"))["ranking"]
    assert [(p["place"], p["table"], p["score"], p["percent"]) for p in ranking[:3]] == [
        ("1=", 1, 6.5, None),
        ("1=", 3, 6.5, None),
        ("3", 2, -13, None),
    ]


def test_the_text_reads_as_a_results_sheet(three_tables):  # noqa: F811
    text = run(str(three_tables(Game.Scoring.MATCHPOINTS).pk))
    assert "Board 1 (dealer N, vul None)" in text
    assert "table  3  3NT by N, 10 tricks" in text and "100.00%" in text
    assert "NS   1  Table 3 N-S  p3n & p3s" in text


def test_a_game_that_is_none_or_a_practice_game_is_refused(game):
    with pytest.raises(CommandError, match="no game 999999"):
        run("999999")
    with pytest.raises(CommandError, match="practice game"):
        run(str(game.pk))


def test_the_json_gives_each_boards_adjustments_and_where_its_pairs_and_round_go(three_tables):  # noqa: F811
    found = json.loads(run(str(three_tables(Game.Scoring.MATCHPOINTS).pk), "--json"))
    first = found["boards"][0]
    assert first["adjustments"] == []
    assert [(r["ns_pair"], r["ew_pair"], r["round"], r["adjustment"]) for r in first["results"]] == [
        ("1", "1", None, None),
        ("2", "2", None, None),
        ("3", "3", None, None),
    ]


def test_an_adjustment_is_given_with_its_kind_reason_and_averages():
    from games.bridge.club_night import Adjustment
    from games.management.commands.results import adjustment_json

    assert adjustment_json(Adjustment("artificial", "slow play", "Avg+", "Avg-")) == {
        "kind": "artificial",
        "reason": "slow play",
        "ns": "Avg+",
        "ew": "Avg-",
        "group": None,
    }
    assert adjustment_json(Adjustment("fouled", "board fouled", group="B"))["group"] == "B"
    assert adjustment_json(None) is None
