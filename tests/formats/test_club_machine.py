"""The dealing machines' binary files: BRI, DGE and DUP.

Files written by Big Deal (tests/formats/club_files, PROVENANCE.md there) are read and checked
against the PBN file Big Deal wrote of the same deals; hand-made records show each problem.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from games.formats import read_decks, write_bri, write_dge, write_dup
from games.formats.club.machine import ROTATION_NOTE
from games.formats.model import Deck

FILES = Path(__file__).resolve().parent / "club_files"
DEAL = "N:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"
OTHER = "N:KQJT74.93.987.98 A95.4.AKQ432.T62 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"


def deck(deal: str = DEAL, board: str | None = "1") -> Deck:
    return Deck(deal=deal, index=0, line=1, board=board)


def read(name: str):
    return read_decks((FILES / name).read_bytes(), name)


def pbn_deals(name: str) -> list[str]:
    return [d.deal for d in read(name).decks]


@pytest.mark.parametrize("ext", ["bri", "dge", "dup"])
def test_big_deals_machine_files_hold_the_deals_of_its_pbn(ext):
    result = read(f"bigdeal_32.{ext}")
    assert result.format == ext and result.encoding == "binary" and result.problems == []
    assert [d.deal for d in result.decks] == pbn_deals("bigdeal_32.pbn")
    assert [d.board for d in result.decks] == [str(n) for n in range(1, 33)]


@pytest.mark.parametrize("ext", ["bri", "dge", "dup"])
def test_dealer_and_vulnerability_are_unstated_and_follow_the_board_number(ext):
    result = read(f"bigdeal_32.{ext}")
    assert ROTATION_NOTE in result.notes
    assert all(d.dealer is None and d.vul is None and d.deal_first is None for d in result.decks)
    # the duplicate cycle (formats-club.md): board 2 is East's, N-S vulnerable
    assert (result.decks[1].effective_dealer, result.decks[1].effective_vul) == ("E", "NS")


def test_our_bri_and_dge_writers_write_what_big_deal_writes():
    decks = read("bigdeal_32.pbn").decks
    assert write_bri(decks) == (FILES / "bigdeal_32.bri").read_bytes()
    assert write_dge(decks) == (FILES / "bigdeal_32.dge").read_bytes()


def test_big_deal_writes_a_dup_set_of_boards_5_to_20_from_board_1():
    """Big Deal's trailer always says lowest board 1 and gives the number of boards."""
    result = read("bigdeal_5_20.dup")
    assert [d.deal for d in result.decks] == pbn_deals("bigdeal_5_20.pbn")
    assert [d.board for d in result.decks] == [str(n) for n in range(1, 17)]
    assert result.problems == []


def test_a_blind_dup_board_without_its_dge_part_is_read_from_its_bri_part():
    result = read("bigdeal_blind_8.dup")
    assert len(result.decks) == 8 and result.problems == []
    assert any("blank for board 1" in note for note in result.notes)


# --- BRI, made by hand ----------------------------------------------------------------------


def bri_record(deal: str = DEAL) -> bytes:
    return write_bri([deck(deal)])


def test_a_bri_record_with_its_hands_unsorted_is_read():
    record = bri_record()
    north = [record[i : i + 2] for i in range(0, 26, 2)][::-1]  # North's numbers, backwards
    assert read_decks(b"".join(north) + record[26:]).decks[0].deal == DEAL


def test_a_bri_number_out_of_range_is_a_problem_on_its_board():
    records = bri_record() + b"57" + bri_record()[2:] + bri_record()
    result = read_decks(records, "set.bri")
    assert [d.board for d in result.decks] == ["1", "3"]
    (problem,) = result.problems
    assert problem.board == "2" and problem.line == 2 and problem.index == 1
    assert problem.message == (
        "board 2: record 2 (bytes 129–206): North's number 57 (bytes 1–2) is not a card: cards are 01–52"
    )


def test_a_bri_number_used_twice_names_the_card_and_both_hands():
    record = bytearray(bri_record())
    record[26:28] = record[0:2]  # East's first number is North's first
    (problem,) = read_decks(bytes(record)).problems
    assert problem.message.endswith("card 01 (the ace of spades) is given to both North and East")


def test_a_bri_number_twice_in_one_hand_is_a_problem():
    record = bytearray(bri_record())
    record[2:4] = record[0:2]
    (problem,) = read_decks(bytes(record)).problems
    assert "(the ace of spades) is given twice to North" in problem.message


def test_a_bri_record_with_a_letter_among_its_numbers():
    record = bytearray(bri_record())
    record[40:42] = b"4x"
    result = read_decks(bytes(record) + bri_record())
    assert [d.board for d in result.decks] == ["2"]
    assert "bytes 41–42 hold '4x', not a two-digit card number (East's cards)" in result.problems[0].message


def test_a_blank_record_ends_the_bri_data_and_what_follows_is_noted():
    data = bri_record() + b" " * 128 + bri_record(OTHER)
    result = read_decks(data, "set.bri")
    assert [d.deal for d in result.decks] == [DEAL]
    assert any("record 2 is blank" in note for note in result.notes)


def test_a_bri_file_cut_short_is_a_problem_and_its_whole_records_are_read():
    result = read_decks(bri_record() + bri_record()[:100], "cut.bri")
    assert len(result.decks) == 1
    assert result.problems[0].message.startswith(
        "the file ends with 100 bytes that are not a whole 128-byte BRI record"
    )


def test_a_bri_file_padded_at_the_end_reads_cleanly():
    result = read_decks(bri_record() + b"\x1a\r\n", "dos.bri")
    assert len(result.decks) == 1 and result.problems == []


# --- junk where records should be ----------------------------------------------------------

JUNK = b"A" * 4_900_000
# (the sample, its record size, the record its first 200 bytes end in, what record says)
A16 = "A" * 16
JUNK_CASES = {
    "bri": (128, 2, "board 2: record 2 (bytes 129–256): not a BRI record: byte 79 holds 'A', not the padding"),
    "dge": (128, 3, f"board 3: record 3 (bytes 257–384): not a DGE record: bytes 1–68 hold '{A16}…', not four"),
    "dup": (156, 2, f"board 2: record 2 (bytes 157–312): not a DUP record: bytes 45–78 hold '{A16}…', not two"),
}


@pytest.mark.parametrize("ext", sorted(JUNK_CASES))
def test_junk_after_a_real_files_start_stops_the_reading_at_once(ext):
    size, record, start = JUNK_CASES[ext]
    sample = (FILES / f"bigdeal_32.{ext}").read_bytes()
    data = sample[:200] + JUNK
    began = time.process_time()
    result = read_decks(data, f"set.{ext}")
    spent = time.process_time() - began
    assert result.format == ext
    # The boards whose records lie before the stop, and nothing after it.
    assert [d.deal for d in result.decks] == [d.deal for d in read(f"bigdeal_32.{ext}").decks][: record - 1]
    (problem,) = result.problems
    assert problem.message.startswith(start) and problem.kind == "unreadable"
    left = len(data) - (record - 1) * size
    assert problem.message.endswith(f"; the file is read no further ({left:,} bytes from this record to its end)")
    assert problem.board == str(record) and problem.line == record
    # CPU time, not the clock: a record-by-record account of the junk takes over a second here.
    assert spent < 1.0, f"{spent:.2f} s of CPU for {len(data):,} bytes"


def test_digits_where_a_dup_records_dge_part_should_be_stop_the_reading():
    sample = (FILES / "bigdeal_32.dup").read_bytes()
    result = read_decks(sample[:234] + b"0" * 100_000, "set.dup")
    assert len(result.decks) == 1
    (problem,) = result.problems
    assert "not a DUP record: bytes 79–146 hold '0000000000000000…', neither a DGE part's" in problem.message


def test_a_record_damaged_in_place_is_a_problem_and_the_reading_goes_on():
    sample = bytearray((FILES / "bigdeal_32.dge").read_bytes())
    sample[128 : 128 + 3] = b"xyz"  # board 2's spade mark and two of its ranks
    result = read_decks(bytes(sample), "set.dge")
    assert len(result.decks) == 31 and [p.board for p in result.problems] == ["2"]


# --- DGE, made by hand ----------------------------------------------------------------------


def test_dge_reads_lower_case_ranks():
    record = write_dge([deck()])
    assert read_decks(record.replace(b"K", b"k").replace(b"A", b"a")).decks[0].deal == DEAL


def test_a_dge_hand_without_its_marks_in_order_is_a_problem():
    record = bytearray(write_dge([deck()]))
    at = record.index(b"\x03", 17)  # East's heart mark
    record[at] = 0x04
    (problem,) = read_decks(bytes(record), "x.dge").problems
    assert problem.board == "1"
    assert "East's 17 bytes (18–34)" in problem.message and "are not the four suit marks" in problem.message


def test_a_dge_rank_that_is_not_one():
    record = write_dge([deck()]).replace(b"AKQ432", b"AKQ43Z")
    (problem,) = read_decks(record, "x.dge").problems
    assert "North's hand" in problem.message and "'Z' is not a card rank" in problem.message


def test_a_dge_card_in_two_hands():
    # East's jack of spades, given to North as well in place of North's nine
    record = write_dge([deck()]).replace(b"\x06A95\x03", b"\x06AJ5\x03", 1)
    (problem,) = read_decks(record, "x.dge").problems
    assert "the jack of spades is in both North and East" in problem.message


# --- DUP, made by hand ----------------------------------------------------------------------


def dup_record(bri_deal: str = DEAL, dge_deal: str | None = None, trailer: bytes | None = None) -> bytes:
    record = write_dup([deck(bri_deal)])
    if dge_deal:
        record = record[:78] + write_dge([deck(dge_deal)])[:68] + record[146:]
    if trailer is not None:
        record = record[:146] + trailer
    return record


def test_dup_boards_run_on_from_the_first_records_lowest_board():
    data = dup_record(trailer=b"YN17 1 19 ") + dup_record(OTHER, trailer=b"\x00" * 10) + dup_record()
    result = read_decks(data, "set.dup")
    assert [d.board for d in result.decks] == ["17", "18", "19"]
    assert result.notes == [ROTATION_NOTE]


def test_a_dup_trailer_that_gives_the_number_of_boards_is_not_noted():
    data = dup_record(trailer=b"YN1  1 2  ") + dup_record()
    assert read_decks(data).notes == [ROTATION_NOTE]


def test_a_dup_trailer_whose_highest_board_disagrees_is_noted():
    data = dup_record(trailer=b"YN5  1 40 ") + dup_record()
    assert "record 1's trailer gives 40 as the highest board (bytes 154–156), but the file holds boards 5–6" in (
        read_decks(data).notes
    )


def test_a_dup_lowest_board_that_is_not_a_number_counts_from_1():
    result = read_decks(dup_record(trailer=b"YN0  1 1  ") + dup_record())
    assert [d.board for d in result.decks] == ["1", "2"]
    assert any("lowest board number in record 1's trailer (bytes 149–151) is 0" in n for n in result.notes)


def test_a_dup_dge_part_that_disagrees_with_the_bri_part_is_a_problem_on_that_board():
    data = dup_record() + dup_record(DEAL, OTHER) + dup_record(OTHER)
    result = read_decks(data, "set.dup")
    assert [d.board for d in result.decks] == ["1", "3"]
    (problem,) = result.problems
    assert problem.board == "2" and problem.line == 2
    assert problem.message == (
        "board 2: record 2 (bytes 235–302): the DGE part disagrees with the BRI part: "
        "North holds A95.4.AKQ432.T62 in the BRI part, KQJT74.93.987.98 in the DGE part"
    )


def test_a_dup_dge_part_that_cannot_be_read_cannot_confirm_the_bri_part():
    record = bytearray(dup_record())
    record[78] = ord("x")
    result = read_decks(dup_record() + bytes(record), "x.dup")
    assert len(result.decks) == 1
    assert "the DGE part cannot be read, so it cannot confirm the BRI part" in result.problems[0].message


def test_a_dup_bri_part_with_a_bad_number():
    record = b"00" + dup_record()[2:]
    result = read_decks(dup_record() + record, "x.dup")
    assert result.problems[0].message.startswith(
        "board 2: record 2 (bytes 157–234): the BRI part: North's number 00 (bytes 1–2) is not a card"
    )


def test_a_binary_file_that_is_no_machines_is_still_refused_as_binary():
    result = read_decks(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, "photo.bri")
    assert result.format == "" and result.problems[0].message == "this file is binary, not a LIN or PBN text file"
