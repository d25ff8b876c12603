"""Our writers of the clubs' formats: every corpus deck written in each, and read back the same.

The machine formats keep the deals and, at most, the board numbers (DUP and DLM when the
boards run on one by one, BRI and DGE their order); RBN keeps the record as well.
"""

from __future__ import annotations

import pytest

from games.bridge.board import board_number
from games.bridge.rules import Call
from games.formats import WriteError, read_decks, write_bri, write_dge, write_dlm, write_dup, write_rbn
from games.formats.model import Deck
from tests.corpus import decks_of, files, require

DEAL = "N:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"
OTHER = "N:KQJT74.93.987.98 A95.4.AKQ432.T62 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"
# Each writer, and the most boards one file of it holds.
WRITERS = {
    "bri": (write_bri, 10**6),
    "dge": (write_dge, 10**6),
    "dup": (write_dup, 999),
    "dlm": (write_dlm, 99),
    "rbn": (write_rbn, 10**6),
}


def read_back(fmt: str, decks: list[Deck]):
    written = WRITERS[fmt][0](decks)
    assert isinstance(written, bytes) == (fmt in ("bri", "dge", "dup"))
    result = read_decks(written if isinstance(written, bytes) else written.encode(), f"x.{fmt}")
    assert result.format == fmt and result.problems == [], result.problems[:3]
    return result.decks


def runs_on(decks: list[Deck]) -> bool:
    numbers = [board_number(d.board) for d in decks]
    return numbers[0] is not None and numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def sets(decks: list[Deck], size: int) -> list[list[Deck]]:
    return [decks[i : i + size] for i in range(0, len(decks), size)]


def test_the_corpus_is_here():
    require()
    assert len(files()) > 30


@pytest.mark.parametrize("fmt", list(WRITERS))
@pytest.mark.parametrize("path", files(), ids=lambda p: p.name)
def test_every_corpus_deck_reads_back_the_same(path, fmt):
    decks = decks_of(path)
    if not decks:
        return
    for part in sets(decks, WRITERS[fmt][1]):
        back = read_back(fmt, part)
        assert [d.deal for d in back] == [d.deal for d in part]
        boards = [d.board for d in back]
        if fmt in ("bri", "dge"):
            assert boards == [str(n) for n in range(1, len(part) + 1)]
        elif fmt in ("dup", "dlm"):
            kept = runs_on(part) and board_number(part[-1].board) <= WRITERS[fmt][1]
            first = board_number(part[0].board) if kept else 1
            assert boards == [str(n) for n in range(first, first + len(part))]
        else:
            assert_the_record_is_kept(part, back)


def assert_the_record_is_kept(decks: list[Deck], back: list[Deck]) -> None:
    for before, after in zip(decks, back):
        assert after.board == ((before.board or "").strip() or None)
        assert [c.call for c in after.auction] == [c.call for c in before.auction]
        if sum(bool(c.explanation) for c in before.auction) <= 9:  # the notes a record holds
            assert [c.explanation for c in after.auction] == [" ".join(c.explanation.split()) for c in before.auction]
        assert after.play == before.play
        assert dict(after.players) == {s: " ".join(n.split()) for s, n in before.players if n.strip()}
        if before.contract:
            assert (after.contract, after.declarer) == (before.contract, before.declarer)
        if before.result:
            assert after.result == before.result
        if before.auction and before.auction_first == before.dealer:
            assert (after.dealer, after.vul) == (before.dealer, before.vul)
        elif not before.auction:
            assert (after.dealer, after.vul) == (before.dealer, before.vul) or before.dealer is None


def deck(deal: str = DEAL, board: str | None = "1", **fields) -> Deck:
    return Deck(deal=deal, index=0, line=1, board=board, **fields)


def test_dup_keeps_board_numbers_that_run_on_and_says_so_in_its_trailer():
    data = write_dup([deck(board="17"), deck(OTHER, board="18")])
    assert len(data) == 312 and data[146:156] == b"YN17 1 18 " == data[302:312]
    assert [d.board for d in read_decks(data).decks] == ["17", "18"]


def test_dup_numbers_boards_that_do_not_run_on_from_1():
    data = write_dup([deck(board="3"), deck(OTHER, board="9")])
    assert data[146:156] == b"YN1  1 2  "


def test_dlm_numbers_a_set_past_99_from_1():
    decks = [deck(board=str(n)) for n in (98, 99, 100)]
    assert [d.board for d in read_back("dlm", decks)] == ["1", "2", "3"]


def test_a_dlm_of_more_than_99_boards_cannot_be_written():
    with pytest.raises(WriteError, match="a DLM file holds at most 99 boards; this set has 100"):
        write_dlm([deck()] * 100)


def test_a_dup_of_more_than_999_boards_cannot_be_written():
    with pytest.raises(WriteError, match="a DUP file holds at most 999 boards"):
        write_dup([deck()] * 1000)


def test_empty_sets_are_empty_files():
    assert write_bri([]) == write_dge([]) == write_dup([]) == b""
    assert write_rbn([]) == "% RBN\n"


def test_rbn_writes_the_record():
    text = write_rbn(
        [
            deck(
                dealer="E",
                vul="NS",
                players=(("N", "Ann"), ("S", "Bo"), ("W", "Cy"), ("E", "Di")),
                auction=(Call("1N", True, "15-17"), Call("P"), Call("3N", True), Call("P"), Call("P"), Call("P")),
                auction_first="E",
                contract="3NT",
                declarer="E",
                result="9",
                play=(("SA", "S2", "S3", "S4"),),
                tags=(("Event", "Club"), ("Date", "2024.03.12")),
            )
        ]
    )
    assert text == (
        "% RBN\n\nD 20240312\nE Club\nN Ann+Bo:Cy+Di\nB 1\nH W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:\n"
        "A EN:1N^1P3N*A\n1 15-17\nC 3N:E\nP SAS2S3S4\nR 9\n"
    )


def test_rbn_states_every_board_and_clears_a_heading_that_stops():
    text = write_rbn([deck(tags=(("Event", "Club"),)), deck(OTHER, board=None)])
    assert text.endswith("\n\nE\nB\nH W:82.KT652.JT6.J53:KQJT74.93.987.98:A95.4.AKQ432.T62:\n")
    first, second = read_decks(text.encode()).decks
    assert dict(first.tags) == {"Event": "Club"} and second.tags == () and second.board is None


def test_rbn_writes_a_passed_out_board():
    text = write_rbn([deck(dealer="N", vul="None", auction=(Call("P"),) * 4, auction_first="N", contract="Pass")])
    assert "A NZ:A\nC P\n" in text
    assert read_decks(text.encode()).decks[0].contract == "Pass"


def test_rbn_writes_the_contract_a_finished_auction_arrives_at():
    text = write_rbn(
        [
            deck(
                auction=(Call("1S"), Call("X"), Call("XX"), Call("P"), Call("P"), Call("P")),
                auction_first="S",
                dealer="S",
            )
        ]
    )
    assert "A S?:1SXRA\nC 1SR:S\n" in text
    assert read_decks(text.encode()).decks[0].contract == "1SXX"


def test_rbn_keeps_an_auction_up_to_a_call_that_could_not_be_read():
    text = write_rbn([deck(auction=(Call("1S"), Call("?"), Call("P")), auction_first="N", dealer="N", vul="All")])
    assert "A NB:1S\n" in text


def test_rbn_gives_no_auction_for_a_deck_that_states_neither_dealer_nor_vulnerability():
    assert "\nA " not in write_rbn([deck()])


def test_rbn_marks_explanations_past_the_ninth_as_alerts():
    calls = tuple(Call(f"{1 + i // 5}{'CDHSN'[i % 5]}", True, f"note {i}") for i in range(11))
    text = write_rbn([deck(auction=calls, auction_first="N", dealer="N", vul="None")])
    assert "^9" in text and "^10" not in text and text.count("*") == 2
