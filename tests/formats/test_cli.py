"""python -m games.formats: text and JSON reports, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
GOOD = f'[Board "5"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n'.encode()
BAD = f'[Board "6"]\n[Deal "{DEAL[:-2]}"]\n'.encode()  # West has 11 cards


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.formats", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_it_prints_the_decks_and_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "good.pbn"
    path.write_bytes(GOOD)
    run = cli(str(path))
    assert run.returncode == 0, run.stderr
    assert "pbn, utf-8, 1 decks, 0 problems" in run.stdout
    # board 5 is vulnerable NS by the board cycle; the file states only the dealer
    assert "board    5  dealer N  vul NS" in run.stdout
    assert DEAL in run.stdout


def test_it_exits_1_when_a_file_has_a_problem(tmp_path: Path) -> None:
    (tmp_path / "good.pbn").write_bytes(GOOD)
    (tmp_path / "bad.pbn").write_bytes(BAD)
    run = cli(str(tmp_path / "good.pbn"), str(tmp_path / "bad.pbn"))
    assert run.returncode == 1
    assert "problem  line      2  board 6:" in run.stdout


def test_it_exits_2_for_a_path_it_cannot_read(tmp_path: Path) -> None:
    (tmp_path / "good.pbn").write_bytes(GOOD)
    run = cli(str(tmp_path / "missing.pbn"), str(tmp_path / "good.pbn"))
    assert run.returncode == 2
    assert "missing.pbn: cannot read" in run.stderr
    assert DEAL in run.stdout  # the other files are still reported


def test_json_is_one_array_with_the_agreed_shape(tmp_path: Path) -> None:
    (tmp_path / "good.pbn").write_bytes(GOOD)
    (tmp_path / "bad.pbn").write_bytes(BAD)
    (tmp_path / "none.txt").write_bytes(b"Ce n'est pas une donne.\n")
    run = cli("--json", *(str(tmp_path / n) for n in ("good.pbn", "bad.pbn", "none.txt")))
    assert run.returncode == 1
    files = json.loads(run.stdout)
    assert [f["file"] for f in files] == [str(tmp_path / n) for n in ("good.pbn", "bad.pbn", "none.txt")]
    for f in files:
        assert {"file", "format", "encoding", "decks", "problems", "notes"} <= f.keys()
    good, bad, none = files
    assert good["format"] == "pbn" and good["encoding"] == "utf-8"
    (deck,) = good["decks"]
    assert {k: deck[k] for k in ("index", "line", "board", "dealer", "vul", "deal")} == {
        "index": 0,
        "line": 3,
        "board": "5",
        "dealer": "N",
        "vul": "NS",
        "deal": DEAL,
    }
    assert good["problems"] == []
    (problem,) = bad["problems"]
    assert {k: problem[k] for k in ("index", "line", "board")} == {"index": 0, "line": 2, "board": "6"}
    assert "West" in problem["message"]
    assert none["format"] == "" and none["decks"] == []
    assert none["problems"][0]["message"].startswith("no LIN pairs")


def test_json_vul_is_none_when_nothing_says(tmp_path: Path) -> None:
    (tmp_path / "a.pbn").write_bytes(f'[Deal "{DEAL}"]\n'.encode())
    (deck,) = json.loads(cli("--json", str(tmp_path / "a.pbn")).stdout)[0]["decks"]
    assert (deck["dealer"], deck["vul"], deck["board"]) == ("N", "None", None)


def test_json_gives_the_whole_record(tmp_path: Path) -> None:
    """Plain calls, alerts by position, the contract (from the auction: LIN states none),
    declarer, tricks taken (a claim, or [Result]) and players."""
    lin = (
        "pn|Smith, J.,Nowak,Kowalski,Dupont|md|3SA75HJT5DQ742CA85,SKQJ986H82D63C642,S32HK943DKJ9CQJT7,|"
        "ah|Board 1|mb|1H|mb|Dbl|mb|2N!|an|inv+fit|mb|zz!|mb|4H|mb|p|mb|p|mb|p|pc|DA|mc|11|"
    )
    (tmp_path / "a.lin").write_text(lin)
    (tmp_path / "b.pbn").write_text(
        f'[Board "1"]\n[Dealer "north"]\n[Deal "{DEAL}"]\n[Declarer "south"]\n[Contract "4hx"]\n'
        '[Result "NS 10"]\n[Auction "N"]\nPass 1C =1= Pass Pass\nPass\n[Note "1:2+ clubs"]\n'
    )
    (tmp_path / "c.pbn").write_text(GOOD.decode())
    files = json.loads(cli("--json", *(str(tmp_path / n) for n in ("a.lin", "b.pbn", "c.pbn"))).stdout)
    (a,), (b,), (c,) = (f["decks"] for f in files)
    assert a["auction"] == ["1H", "X", "2NT", "?", "4H", "P", "P", "P"]
    assert a["alerts"] == {"2": "inv+fit", "3": ""}
    assert (a["contract"], a["declarer"], a["result"]) == ("", "", 11)  # an auction with a '?' gives none
    assert a["players"] == {"S": "Smith, J.", "W": "Nowak", "N": "Kowalski", "E": "Dupont"}
    assert b["auction"] == ["P", "1C", "P", "P", "P"] and b["alerts"] == {"1": "2+ clubs"}
    assert (b["contract"], b["declarer"], b["result"], b["dealer"]) == ("4HX", "S", 10, "N")
    assert b["notes"] == ["contract from the auction: 1C by E; the file says 4HX by S"]
    assert (c["auction"], c["alerts"], c["contract"], c["declarer"], c["result"]) == ([], {}, "", "", None)


def test_json_contract_from_a_lin_auction(tmp_path: Path) -> None:
    lin = "md|3SA75HJT5DQ742CA85,SKQJ986H82D63C642,S32HK943DKJ9CQJT7,|mb|p|mb|1S|mb|d|mb|p|mb|p|mb|p|"
    (tmp_path / "a.lin").write_text(lin)
    (deck,) = json.loads(cli("--json", str(tmp_path / "a.lin")).stdout)[0]["decks"]
    assert (deck["contract"], deck["declarer"], deck["result"]) == ("1SX", "E", None)
