"""manage.py movement: a Mitchell or Howell as a movement card or JSON, or the reason the
numbers cannot be played."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

ROOT = Path(__file__).resolve().parent.parent.parent


def run(*args: str) -> str:
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


def test_the_json_gives_each_round_its_tables_and_sit_out():
    found = json.loads(run("--kind", "howell", "--pairs", "9", "--boards-per-round", "3", "--json"))
    assert (found["kind"], found["tables"], found["pairs"], found["boards_per_round"]) == ("howell", 5, 9, 3)
    assert len(found["rounds"]) == 9
    first = found["rounds"][0]
    assert (first["round"], first["sitout"]) == (1, "1")
    assert [t["table"] for t in first["tables"]] == [2, 3, 4, 5]  # table 1 is the sit-out table
    assert first["tables"][0] == {"table": 2, "ns": "2", "ew": "4", "boards": [25, 26, 27]}


def test_a_mitchell_names_its_pairs_by_direction_and_marks_the_arrow_switch():
    found = json.loads(run("--kind", "mitchell", "--tables", "5", "--arrow-switch", "--json"))
    assert found["boards_per_round"] == 5  # 5 rounds: nearest 26 boards
    assert [r["arrow_switch"] for r in found["rounds"]] == [False, False, False, False, True]
    assert found["rounds"][0]["tables"][0] | {"boards": None} == {
        "table": 1,
        "ns": "1 NS",
        "ew": "1 EW",
        "boards": None,
    }
    last = found["rounds"][-1]["tables"][0]
    assert (last["ns"], last["ew"]) == ("2 EW", "1 NS")


def test_an_even_mitchell_takes_the_skip_when_asked():
    found = json.loads(run("--kind", "mitchell", "--tables", "6", "--even", "skip", "--json"))
    assert found["even"] == "skip" and len(found["rounds"]) == 5


def test_the_card_shows_each_round_and_the_relay():
    card = run("--kind", "mitchell", "--tables", "4", "--boards-per-round", "3")
    assert card.startswith("relay Mitchell: 4 tables, 8 pairs, 4 rounds of 3 boards (12 boards)")
    assert "A bye stand between tables 2 and 3" in card
    assert "  table  1  N-S 1 NS  E-W 1 EW  boards 1-3 (shared with table 4)" in card


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--kind", "howell", "--tables", "5", "--rounds", "7"], "a Howell of 5 tables plays 9 rounds, not 7"),
        (["--kind", "howell", "--tables", "12"], "a Howell has 2 to 10 tables"),
        (["--kind", "mitchell", "--tables", "7", "--pairs", "12"], "7 tables seat 13 or 14 pairs, not 12"),
        (["--kind", "howell", "--tables", "4", "--pairs", "9"], "4 tables seat 7 or 8 pairs, not 9"),
        (["--kind", "howell", "--tables", "4", "--arrow-switch"], "a Howell has no arrow switch"),
        (["--kind", "mitchell"], "give --tables or --pairs"),
    ],
)
def test_numbers_that_cannot_be_played_are_refused(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_a_refusal_exits_non_zero_with_the_reason():
    done = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "movement",
            "--kind",
            "mitchell",
            "--tables",
            "8",
            "--rounds",
            "8",
            "--even",
            "skip",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "a skip Mitchell of 8 tables plays 1 to 7 rounds" in done.stderr
