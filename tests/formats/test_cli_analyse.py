"""python -m games.formats --json --analyse: tables and par equal endplay's own, read
through its own API, for 200 random deals; the corpus's stated hand records agree. Progress
goes to standard error, and --limit caps the deals solved."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.bridge.board import dealer_for_board, vul_for_board
from games.bridge.cards import random_deal
from games.formats import write_pbn
from games.formats.model import Deck

ROOT = Path(__file__).resolve().parents[2]
DEALS = 200


def endplay_answer(deal: str, vul: str, dealer: str) -> tuple[dict, dict]:
    """endplay's table and par, in the CLI's shape, through endplay's own accessors."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Denom, Player, Vul

    table = calc_dd_table(Deal(deal))
    names = {Denom.nt: "NT", Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}
    dd = {p.abbr: {names[d]: table[d, p] for d in names} for p in Player.iter_order("NESW")}
    result = par(table, {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}[vul], Player.find(dealer))
    # endplay writes a par contract as "4♠N+1" or "6♣Nx-2": read it from that text
    symbols = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "NT": "NT"}
    contracts = []
    for c in result:
        m = re.match(r"(\d)(NT|[♠♥♦♣])([NESW])(x{0,2})", str(c))
        contracts.append(f"{m[1]}{symbols[m[2]]}{m[4].upper()}{m[3]}")
    return dd, {"score": result.score, "contracts": contracts}


@pytest.mark.slow
def test_two_hundred_random_deals_agree_with_endplay(tmp_path):
    rng = random.Random(17)
    decks = [
        Deck(
            deal=random_deal(rng),
            index=i,
            line=0,
            board=str(i + 1),
            dealer=dealer_for_board(i + 1),
            vul=vul_for_board(i + 1),
        )
        for i in range(DEALS)
    ]
    path = tmp_path / "random.pbn"
    path.write_text(write_pbn(decks))
    run = subprocess.run(
        [sys.executable, "-m", "games.formats", "--json", "--analyse", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    (entry,) = json.loads(run.stdout)
    assert len(entry["decks"]) == DEALS
    for row, deck in zip(entry["decks"], decks):
        dd, par = endplay_answer(deck.deal, deck.vul, deck.dealer)
        assert row["dd"] == dd, f"board {deck.board}"
        assert row["par"] == par, f"board {deck.board}"


def test_without_analyse_nothing_is_solved(tmp_path):
    path = tmp_path / "one.pbn"
    path.write_text(write_pbn([Deck(deal=random_deal(random.Random(1)), index=0, line=0, board="1")]))
    run = subprocess.run(
        [sys.executable, "-m", "games.formats", "--json", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    (entry,) = json.loads(run.stdout)
    assert "dd" not in entry["decks"][0] and "par" not in entry["decks"][0]


# --- progress and --limit (a small real file, through main) -------------------------------------

THREE_BOARDS = ROOT / "tests" / "fixtures_upload" / "three_boards.pbn"


def run_main(capsys, *args: str) -> tuple[int, list[dict], list[str]]:
    """main(args): its exit status, the JSON it printed and its standard error's lines."""
    from games.formats.__main__ import main

    status = main(list(args))
    out, err = capsys.readouterr()
    return status, json.loads(out), err.splitlines()


def test_progress_goes_to_standard_error_and_the_output_stays_json(capsys):
    status, found, progress = run_main(capsys, "--json", "--analyse", str(THREE_BOARDS))
    assert status == 0
    assert progress == ["solved 1 of 3 deals", "solved 2 of 3 deals", "solved 3 of 3 deals"]
    assert all("dd" in row and "par" in row for row in found[0]["decks"])


def test_limit_one_solves_one_deal_and_says_how_many_were_left(capsys):
    status, found, progress = run_main(capsys, "--json", "--analyse", "--limit", "1", str(THREE_BOARDS))
    assert status == 0
    first, *others = found[0]["decks"]
    assert set(first["dd"]) == set("NESW") and first["par"]["score"] is not None
    assert others and all("dd" not in row and "par" not in row for row in others)
    assert progress == [
        "solved 1 of 1 deals",
        "2 deals left unsolved, printed without dd and par: --limit 1 stops after 1 distinct deal",
    ]


def test_a_deal_seen_twice_is_solved_once_and_counted_once(capsys):
    _, found, progress = run_main(capsys, "--json", "--analyse", "--limit", "3", str(THREE_BOARDS), str(THREE_BOARDS))
    assert progress[-1] == "solved 3 of 3 deals" and len(progress) == 3
    assert [row["dd"] for row in found[0]["decks"]] == [row["dd"] for row in found[1]["decks"]]


@pytest.mark.parametrize("value", ["0", "-1", "many", "1.5", ""])
def test_a_limit_that_is_not_a_whole_number_of_deals_is_a_usage_error(capsys, value):
    from games.formats.__main__ import main

    with pytest.raises(SystemExit) as exit:
        main(["--json", "--analyse", f"--limit={value}", str(THREE_BOARDS)])
    _, err = capsys.readouterr()
    assert exit.value.code == 2
    assert f"argument --limit: give a whole number of deals, 1 or more, not {value!r}" in err
    assert err.startswith("usage: python -m games.formats")


def test_a_limit_without_analyse_is_a_usage_error(capsys):
    from games.formats.__main__ import main

    with pytest.raises(SystemExit) as exit:
        main(["--json", "--limit", "1", str(THREE_BOARDS)])
    assert exit.value.code == 2
    assert "--limit goes with --json --analyse" in capsys.readouterr().err
