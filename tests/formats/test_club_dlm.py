"""Duplimate for Windows' DLM files: Big Deal's, checked against its PBN, and hand-made ones
for each problem (check digits, numbers out of range or given twice, sealed files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.formats import read_decks, write_dlm
from games.formats.club.dlm import FILLER, check_digits, letters_of
from games.formats.club.machine import ROTATION_NOTE
from games.formats.model import Deck

FILES = Path(__file__).resolve().parent / "club_files"
DEAL = "N:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"
OTHER = "N:KQJT74.93.987.98 A95.4.AKQ432.T62 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"


def read(name: str):
    return read_decks((FILES / name).read_bytes(), name)


def board_line(number: int, deal: str = DEAL, check: int | None = None) -> str:
    letters = letters_of(deal) if deal else FILLER
    return f"Board {number:02d}={letters}{check_digits(number, letters) if check is None else check:03d}"


def dlm(*boards: str, first: int = 1, last: int = 2, crypto: str = "0", status: str = "Show") -> bytes:
    head = [
        "[Document]",
        "Headline=Club night",
        f"Status={status}",
        "Duplicates=0",
        f"From board={first}",
        f"To board={last}",
        "Next board to duplimate=0",
        "PrintOuts=0",
        f"Crypto key={crypto}",
        "Checksum=3",
    ]
    return ("\r\n".join(head + list(boards)) + "\r\n").encode()


@pytest.mark.parametrize("name", ["bigdeal_32", "bigdeal_5_20"])
def test_big_deals_dlm_holds_the_boards_of_its_pbn(name):
    pbn = read(f"{name}.pbn").decks
    result = read(f"{name}.dlm")
    assert result.format == "dlm" and result.problems == []
    assert [(d.deal, d.board) for d in result.decks] == [(d.deal, d.board) for d in pbn]
    assert result.notes[0] == ROTATION_NOTE
    assert all(d.dealer is None and d.vul is None for d in result.decks)


def test_only_the_boards_from_to_are_the_set_the_others_are_noted():
    result = read("bigdeal_5_20.dlm")
    assert [d.board for d in result.decks] == [str(n) for n in range(5, 21)]
    assert "the set is boards 5–20 (From board, To board): the file's other 83 boards are left out" in result.notes


def test_a_sealed_status_without_a_crypto_key_is_read_with_a_note():
    result = read("bigdeal_blind_8.dlm")
    assert len(result.decks) == 8 and result.problems == []
    assert "the file is marked Sealed (the machine shows no cards): its boards are read as usual" in result.notes


def test_the_headline_is_kept_as_the_event():
    assert dict(read_decks(dlm(board_line(1), board_line(2, OTHER))).decks[0].tags)["Event"] == "Club night"


def test_a_dlm_saved_as_txt_is_read_as_dlm():
    result = read_decks(dlm(board_line(1), board_line(2, OTHER)), "boards.txt")
    assert result.format == "dlm" and [d.deal for d in result.decks] == [DEAL, OTHER]


def test_wrong_check_digits_are_a_problem_on_that_board():
    result = read_decks(dlm(board_line(1), board_line(2, OTHER, check=7)), "set.dlm")
    assert [d.board for d in result.decks] == ["1"]
    (problem,) = result.problems
    expected = check_digits(2, letters_of(OTHER))
    assert problem.board == "2" and problem.line == 12
    assert problem.message == (
        f"board 2: the check digits 007 do not match the board's cards (they give {expected:03d}): "
        "the board was changed or damaged after it was written"
    )


def test_a_letter_outside_a_to_p_is_a_problem():
    line = board_line(1).replace("=", "=q", 1)[:-4] + board_line(1)[-3:]
    (problem,) = read_decks(dlm(line, board_line(2, OTHER))).problems
    assert problem.message == "board 1: 'q' (letter 1) is not one of a–p, which code the cards"


def test_letters_that_give_a_hand_fourteen_cards_are_a_problem():
    letters = "a" + letters_of(DEAL)[1:]
    if letters == letters_of(DEAL):
        letters = "b" + letters[1:]
    line = f"Board 01={letters}{check_digits(1, letters):03d}"
    (problem,) = read_decks(dlm(line, board_line(2, OTHER))).problems
    assert problem.board == "1" and "cards" in problem.message


def test_a_board_given_twice_keeps_the_first():
    result = read_decks(dlm(board_line(1), board_line(2, OTHER), board_line(2)), "set.dlm")
    assert [d.deal for d in result.decks] == [DEAL, OTHER]
    (problem,) = result.problems
    assert problem.message == "board 2 is given twice (lines 12 and 13): the second is left out"


@pytest.mark.parametrize("number", ["00", "100", "7a"])
def test_a_board_number_out_of_range_is_a_problem(number):
    result = read_decks(dlm(board_line(1), board_line(2, OTHER), f"Board {number}=x"), "set.dlm")
    assert len(result.decks) == 2
    assert result.problems[0].message == f"line 13: 'Board {number}' is not a board number 01–99"


def test_a_board_of_the_set_that_the_file_lacks_is_a_problem():
    result = read_decks(dlm(board_line(1), last=3), "set.dlm")
    assert [p.message for p in result.problems] == [
        "board 2 is in the set (From board=1, To board=3) but the file does not give it",
        "board 3 is in the set (From board=1, To board=3) but the file does not give it",
    ]


def test_a_range_outside_1_to_99_is_a_problem_and_the_boards_that_are_not_filler_are_read():
    result = read_decks(dlm(board_line(1), board_line(2, OTHER), board_line(3, ""), first=0, last=120))
    assert [d.board for d in result.decks] == ["1", "2"]
    assert result.problems[0].message.startswith("From board=0 and To board=120 do not give a set of boards 1–99")


def test_without_from_and_to_the_boards_that_are_not_filler_are_read_with_a_note():
    data = dlm(board_line(1), board_line(2, ""), board_line(3, OTHER)).replace(b"From board=1\r\nTo board=2\r\n", b"")
    result = read_decks(data)
    assert [d.board for d in result.decks] == ["1", "3"] and result.problems == []
    assert any("does not say which boards are the set" in note for note in result.notes)


def test_a_file_sealed_with_a_crypto_key_cannot_be_read_and_says_so():
    result = read_decks(dlm(board_line(1), board_line(2, OTHER), crypto="4711", status="Sealed"), "sealed.dlm")
    assert result.decks == []
    (problem,) = result.problems
    assert problem.kind == "sealed" and problem.line == 9
    assert problem.message.startswith(
        "this DLM file is sealed: its boards are encrypted (Crypto key=4711) and cannot be read"
    )


def test_keys_and_the_section_name_may_be_in_any_case_and_spacing():
    data = (
        dlm(board_line(1), board_line(2, OTHER))
        .replace(b"[Document]", b"[DOCUMENT]")
        .replace(b"Board 02=", b"board  02 = ")
        .replace(b"From board=1", b"FROM BOARD = 1")
    )
    assert [d.board for d in read_decks(data).decks] == ["1", "2"]


def test_boards_of_other_sections_are_not_read():
    data = dlm(board_line(1), board_line(2, OTHER)) + b"[STARTUP]\r\nBoard 03=x\r\n"
    result = read_decks(data)
    assert len(result.decks) == 2 and result.problems == []


def test_lone_cr_line_ends_are_read():
    data = dlm(board_line(1), board_line(2, OTHER)).replace(b"\r\n", b"\r")
    assert len(read_decks(data).decks) == 2


def test_the_writer_writes_99_boards_with_filler_outside_the_set():
    text = write_dlm([Deck(deal=DEAL, index=0, line=1, board="7"), Deck(deal=OTHER, index=1, line=2, board="8")])
    lines = text.split("\r\n")
    assert lines[:10] == [
        "[Document]",
        "Headline=Boards 7-8",
        "Status=Show",
        "Duplicates=0",
        "From board=7",
        "To board=8",
        "Next board to duplimate=0",
        "PrintOuts=0",
        "Crypto key=0",
        "Checksum=14",
    ]
    assert sum(line.startswith("Board ") for line in lines) == 99
    assert board_line(1, "") in lines and board_line(7) in lines and board_line(8, OTHER) in lines
