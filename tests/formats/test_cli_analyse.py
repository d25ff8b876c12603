"""python -m games.formats --json --analyse: tables and par equal endplay's own, read
through its own API, for 200 random deals; the corpus's stated hand records agree."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from games.formats import write_pbn
from games.formats.cards import random_deal
from games.formats.model import Deck, dealer_for_board, vul_for_board

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
