"""manage.py deal_decks: the decks a dealer script makes (Debian's real dealer), added to a
game's queue, or printed one PBN [Deal] a line; exit status 1 with the message when the
script cannot be run."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.dealer_check import FIXTURES, holds

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("site_dealer")]
ROOT = Path(__file__).resolve().parent.parent.parent
WEAK_TWO = FIXTURES / "own" / "Basic_Weak_2.dlr"


def deal_decks(game, script: Path, *options: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("deal_decks", str(game.pk), "--script", str(script), *options, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_it_adds_16_decks_that_meet_the_script(game):
    out, _ = deal_decks(game, WEAK_TWO)
    decks = list(game.queued())
    assert len(decks) == 16 and all(holds(WEAK_TWO.read_text(), d.deal) for d in decks)
    assert {(d.dealer, d.vul, d.source_name, d.source_format) for d in decks} == {
        ("S", "None", "Basic_Weak_2.dlr", "dlr")
    }
    assert "16 decks made by Basic_Weak_2.dlr (dealer script): " in out
    assert "16 decks added to “Tuesday practice”" in out and "the next deal uses board 1 of Basic_Weak_2.dlr" in out


def test_a_dry_run_prints_one_deal_a_line_and_adds_nothing(game):
    out, err = deal_decks(game, WEAK_TWO, "--count", "5", "--seed", "314", "--dry-run")
    lines = out.splitlines()
    assert len(lines) == 5 and all(line.startswith('[Deal "N:') and line.endswith('"]') for line in lines)
    assert all(holds(WEAK_TWO.read_text(), line[7:-2]) for line in lines)
    assert "Seed 314: the same script" in err and game.queued().count() == 0


def test_the_same_seed_gives_the_same_deals(game):
    first, _ = deal_decks(game, WEAK_TWO, "--seed", "8", "--dry-run")
    again, _ = deal_decks(game, WEAK_TWO, "--seed", "8", "--dry-run")
    other, _ = deal_decks(game, WEAK_TWO, "--seed", "9", "--dry-run")
    assert first == again and first != other


def test_a_count_is_made_and_added(game):
    deal_decks(game, FIXTURES / "public" / "2nt.dlr", "--count", "3")
    assert game.queued().count() == 3


@pytest.mark.parametrize(
    ("script", "said"),
    [
        ("condition hcp(north) >= 21 && hcp(south) >= 20\ngenerate 30000\n", "no hand matched in 30,000 tries"),
        ("condition hcp(north) >\n", "dealer stopped at the end of the script: “syntax error”"),
        ("condition tricks(north, spades) > 5\n", "not run: line 1: tricks()"),
    ],
)
def test_a_script_that_cannot_be_run_is_a_command_error(game, tmp_path, script, said):
    path = tmp_path / "bad.dlr"
    path.write_text(script)
    with pytest.raises(CommandError, match="bad.dlr: ") as error:
        deal_decks(game, path)
    assert said in str(error.value) and game.queued().count() == 0


def test_bad_arguments_are_refused(game, tmp_path):
    with pytest.raises(CommandError, match="--count takes"):
        deal_decks(game, WEAK_TWO, "--count", "0")
    with pytest.raises(CommandError, match="--seed takes"):
        deal_decks(game, WEAK_TWO, "--seed", str(2**32))
    with pytest.raises(CommandError, match="cannot read it"):
        deal_decks(game, tmp_path / "missing.dlr")


@pytest.mark.django_db(transaction=True)
def test_from_the_shell_it_exits_1_with_the_message(game, tmp_path):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("runs manage.py on the SQLite test database file")
    path = tmp_path / "never.dlr"
    path.write_text("generate 10000\ncondition hcp(north) >= 38\n")
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{connection.settings_dict['NAME']}"}
    done = subprocess.run(
        [sys.executable, "manage.py", "deal_decks", str(game.pk), "--script", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert "never.dlr: no hand matched in 10,000 tries: loosen the specification" in done.stderr
    dry = subprocess.run(
        [sys.executable, "manage.py", "deal_decks", str(game.pk), "--script", str(WEAK_TWO), "--count=2", "--dry-run"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert dry.returncode == 0 and len(dry.stdout.splitlines()) == 2
