"""manage.py robot_auction: every deck of a file bid by the robots, whatever auction it records."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.bridge import rules
from games.bridge.play import replay
from tests.corpus import CORPUS
from tests.fixtures_upload import FIXTURES, FOUR_BOARDS_LIN

# Board 1 the robots pass out; on board 2 (its file records 1NT and three passes) they
# reach 1NT doubled by South.
TWO_BOARDS_PBN = """\
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:43.QT53.JT632.KJ AQJT.A6.75.76532 K652.942.Q98.AQ4 987.KJ87.AK4.T98"]

[Board "2"]
[Dealer "E"]
[Vulnerable "None"]
[Deal "N:JT8.T632.JT62.92 9763.K85.85.AT54 Q54.AJ97.A7.J763 AK2.Q4.KQ943.KQ8"]
[Auction "E"]
1NT Pass Pass Pass
"""
KEYS = {"board", "dealer", "vul", "deal", "calls", "contract", "declarer"}


def run(path: Path, *options: str) -> str:
    out = StringIO()
    call_command("robot_auction", str(path), *options, stdout=out, stderr=StringIO())
    return out.getvalue()


def check_shape(board: dict) -> None:
    """A deck's entry: its keys, calls in turn from the dealer and legal, and the contract
    they arrive at."""
    assert set(board) == KEYS
    calls = [made["call"] for made in board["calls"]]
    assert [made["seat"] for made in board["calls"]] == [
        rules.seat_after(board["dealer"], i) for i in range(len(calls))
    ]
    assert all(set(made) == {"seat", "call", "explanation"} for made in board["calls"])
    assert all(isinstance(made["explanation"], str) for made in board["calls"])
    assert replay(board["deal"], board["dealer"], board["vul"], calls).auction_over
    assert (board["contract"], board["declarer"]) == rules.final_contract(calls, board["dealer"])


def test_it_bids_each_deck_of_our_file_from_its_dealer(tmp_path):
    path = tmp_path / "two_boards.pbn"
    path.write_text(TWO_BOARDS_PBN)
    boards = json.loads(run(path, "--json"))
    assert [b["board"] for b in boards] == ["1", "2"]
    for board in boards:
        check_shape(board)
    passed, doubled = boards
    assert (passed["contract"], passed["declarer"], [c["call"] for c in passed["calls"]]) == ("Pass", "", ["P"] * 4)
    assert (doubled["dealer"], doubled["contract"], doubled["declarer"]) == ("E", "1NTX", "S")


def test_the_recorded_auction_is_not_the_robots(tmp_path):
    boards = json.loads(run(FIXTURES / "four_boards.lin", "--json"))
    assert [b["deal"] for b in boards] == FOUR_BOARDS_LIN
    assert [b["vul"] for b in boards] == ["NS", "EW", "All", "None"]
    for board in boards:
        check_shape(board)
    assert [b["calls"][0]["call"] for b in boards] != ["1NT"] * 4  # the file's openings


def test_without_json_it_prints_each_auction_to_read(tmp_path):
    path = tmp_path / "two_boards.pbn"
    path.write_text(TWO_BOARDS_PBN)
    out = run(path)
    assert "Board 1 (dealer N, vul None)  N:43.QT53" in out
    assert "  Contract: passed out" in out
    assert "  Contract: 1NTX by S" in out


@pytest.mark.skipif(not CORPUS.exists(), reason="the corpus (../shared/corpus) is absent")
def test_it_bids_the_corpus_two_room_vugraph_file():
    boards = json.loads(run(CORPUS / "lin" / "vugraph_usbf_sf.lin", "--json"))
    assert len(boards) == 30
    assert boards[0]["board"] == "46"
    for board in boards:
        check_shape(board)
    assert any(made["explanation"] for board in boards for made in board["calls"])


def test_a_file_without_a_deck_is_an_error(tmp_path):
    path = tmp_path / "empty.pbn"
    path.write_text('[Event "nothing"]\n')
    with pytest.raises(CommandError, match="no deck to bid"):
        run(path)
    with pytest.raises(CommandError, match="missing.pbn"):
        run(tmp_path / "missing.pbn")
