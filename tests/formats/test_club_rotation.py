"""The clubs' formats state neither dealer nor vulnerability: both follow the board number
(formats-club.md), in the decks read, the JSON, the PBN and LIN written from them and the par
of ``--analyse``. Big Deal's files (club_files, PROVENANCE.md there) are checked against the
PBN it wrote of the same deals, which states both; small files are built here byte by byte."""

from __future__ import annotations

import json
from functools import reduce
from pathlib import Path

import pytest

from games.formats import read_decks, write_lin, write_pbn

FILES = Path(__file__).resolve().parent / "club_files"
MACHINE_FILES = ["bigdeal_32.bri", "bigdeal_32.dge", "bigdeal_32.dup", "bigdeal_32.dlm", "bigdeal_5_20.dlm"]
# The duplicate cycle, from formats-club.md: board -> (dealer, vulnerability).
CYCLE = {
    1: ("N", "None"),
    2: ("E", "NS"),
    3: ("S", "EW"),
    4: ("W", "All"),
    5: ("N", "NS"),
    6: ("E", "EW"),
    7: ("S", "All"),
    8: ("W", "None"),
    14: ("E", "None"),
    15: ("S", "NS"),
    16: ("W", "EW"),
    17: ("N", "None"),
}


def read(name: str):
    return read_decks((FILES / name).read_bytes(), name)


def dealt(decks) -> list[tuple[str | None, str, str | None]]:
    """(board, dealer, vulnerability) of each deck, as the game and the writers take them."""
    return [(d.board, d.effective_dealer, d.effective_vul) for d in decks]


def stated(decks) -> list[tuple[str | None, str | None, str | None]]:
    return [(d.board, d.dealer, d.vul) for d in decks]


@pytest.mark.parametrize("name", MACHINE_FILES)
def test_big_deals_files_deal_as_its_pbn_of_the_same_set_states(name):
    result = read(name)
    pbn = read(name.rsplit(".", 1)[0] + ".pbn").decks
    assert result.problems == [] and len(result.decks) == len(pbn)
    assert all(d.dealer is None and d.vul is None for d in result.decks)  # the file states neither
    assert dealt(result.decks) == stated(pbn)


def test_big_deals_dup_of_boards_5_to_20_deals_its_boards_1_to_16():
    """Its trailer numbers the set from 1 (test_club_machine): the cycle starts there."""
    result = read("bigdeal_5_20.dup")
    assert dealt(result.decks)[:8] == [(str(n), *CYCLE[n]) for n in range(1, 9)]


# --- small files, byte by byte -------------------------------------------------------------

RUN = "AKQJT98765432"
MARKS = b"\x06\x03\x04\x05"  # DGE's spade, heart, diamond and club marks


def seat_of_card(shift: int) -> list[int]:
    """Seats (0-3: N E S W) of the cards SA..C2 in a deal where each hand holds one whole
    suit: North the ``shift``-th from spades, East the next, and so on."""
    return [(card // 13 - shift) % 4 for card in range(52)]


def canonical(shift: int) -> str:
    hands = []
    for seat in range(4):
        suits = ["", "", "", ""]
        suits[(seat + shift) % 4] = RUN
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def bri_part(shift: int) -> bytes:
    seats = seat_of_card(shift)
    return b"".join(b"%02d" % (card + 1) for seat in range(3) for card in range(52) if seats[card] == seat)


def dge_part(shift: int) -> bytes:
    out = b""
    for seat in range(4):
        held = (seat + shift) % 4
        out += b"".join(MARKS[suit : suit + 1] + (RUN.encode() if suit == held else b"") for suit in range(4))
    return out


def bri(shifts: list[int]) -> bytes:
    return b"".join(bri_part(s) + b" " * 32 + b"\x00" * 18 for s in shifts)


def dge(shifts: list[int]) -> bytes:
    return b"".join(dge_part(s) + b"\x00" * 60 for s in shifts)


def dup(shifts: list[int], lowest: int) -> bytes:
    trailer = b"NN%-3d1 %-3d" % (lowest, lowest + len(shifts) - 1)
    return b"".join(bri_part(s) + dge_part(s) + (trailer if i == 0 else b"\x00" * 10) for i, s in enumerate(shifts))


def dlm_letters(shift: int) -> str:
    seats = seat_of_card(shift)
    return "".join(chr(ord("a") + 4 * seats[2 * i] + seats[2 * i + 1]) for i in range(26))


def dlm(shifts: list[int], first: int) -> bytes:
    last = first + len(shifts) - 1
    lines = ["[Document]", "Headline=Club night", "Status=Show", f"From board={first}", f"To board={last}"]
    lines.append("Crypto key=0")
    for number in range(1, 100):
        shift = shifts[number - first] if first <= number <= last else 0  # 0: Big Deal's filler
        letters = dlm_letters(shift)
        check = reduce(lambda value, letter: value ^ ord(letter), letters, number)
        lines += [f"Duplicates {number:02d}=0", f"Board {number:02d}={letters}{check:03d}"]
    return ("\r\n".join(lines) + "\r\n").encode()


SHIFTS = [1, 2, 3, 1]
HAND_BUILT = {
    "x.bri": (bri(SHIFTS), range(1, 5)),
    "x.dge": (dge(SHIFTS), range(1, 5)),
    "x.dup": (dup(SHIFTS, lowest=5), range(5, 9)),
    "x.dlm": (dlm(SHIFTS, first=14), range(14, 18)),
}


@pytest.mark.parametrize("name", list(HAND_BUILT))
def test_each_board_is_dealt_by_the_cycle(name):
    data, boards = HAND_BUILT[name]
    result = read_decks(data, name)
    assert result.format == name[2:] and result.problems == []
    assert [d.deal for d in result.decks] == [canonical(s) for s in SHIFTS]
    assert stated(result.decks) == [(str(n), None, None) for n in boards]
    assert dealt(result.decks) == [(str(n), *CYCLE[n]) for n in boards]


def test_rbn_records_without_an_auction_are_dealt_by_the_cycle_the_others_as_stated():
    hands = "W:" + ":".join(canonical(1)[2:].split(" ")[i] for i in (3, 0, 1)) + ":"
    data = f"% RBN\n\nB 3\nH {hands}\n\nB 4\nH {hands}\nA NZ:1SA\n\nB 7\nH {hands}\n".encode()
    result = read_decks(data, "x.rbn")
    assert dealt(result.decks) == [("3", "S", "EW"), ("4", "N", "None"), ("7", "S", "All")]


def test_decks_of_other_formats_without_a_dealer_still_have_south_deal():
    """formats.md: a LIN md without its digit is South's, whatever the board."""
    (deck,) = read_decks(b"md|SAKQJT98765432,HAKQJT98765432,DAKQJT98765432|ah|Board 2|", "x.lin").decks
    assert (deck.board, deck.dealer, deck.effective_dealer, deck.effective_vul) == ("2", None, "S", "NS")


# --- what is made of them: JSON, exports, par ------------------------------------------------


def run_main(capsys, *args: str) -> list[dict]:
    from games.formats.__main__ import main

    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("name", MACHINE_FILES)
def test_the_json_gives_the_cycles_dealer_and_vulnerability(capsys, name):
    (entry,) = run_main(capsys, "--json", str(FILES / name))
    rows = entry["decks"]
    pbn = read(name.rsplit(".", 1)[0] + ".pbn").decks
    assert [(r["board"], r["dealer"], r["vul"]) for r in rows] == stated(pbn)
    assert all(r["stated_dealer"] is None and r["stated_vul"] is None for r in rows)


@pytest.mark.parametrize("name", list(HAND_BUILT))
def test_pbn_and_lin_written_from_the_decks_state_the_cycle(name):
    data, boards = HAND_BUILT[name]
    decks = read_decks(data, name).decks
    expected = [(str(n), *CYCLE[n]) for n in boards]
    pbn = read_decks(write_pbn(decks).encode(), "x.pbn")
    lin = read_decks(write_lin(decks).encode(), "x.lin")
    assert pbn.problems == [] and lin.problems == []
    assert stated(pbn.decks) == expected and stated(lin.decks) == expected
    assert [d.deal for d in pbn.decks] == [d.deal for d in lin.decks] == [d.deal for d in decks]


def test_the_par_is_for_the_cycles_dealer_and_vulnerability(capsys, monkeypatch):
    from games.bridge import dd

    asked = []
    par = dd.Solved.par

    def recording(solved, vul, dealer):
        asked.append((vul, dealer))
        return par(solved, vul, dealer)

    monkeypatch.setattr(dd.Solved, "par", recording)
    (entry,) = run_main(capsys, "--json", "--analyse", "--limit", "4", str(FILES / "bigdeal_32.dup"))
    assert asked == [(CYCLE[n][1], CYCLE[n][0]) for n in range(1, 5)]
    rows = entry["decks"]
    assert [(r["board"], r["dealer"], r["vul"]) for r in rows[:4]] == [(str(n), *CYCLE[n]) for n in range(1, 5)]
    assert all("par" in r for r in rows[:4]) and not any("par" in r for r in rows[4:])
