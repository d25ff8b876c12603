"""A file's own double-dummy table ([OptimumResultTable]) and par ([ParContract]) against
the solver's: the corpus's agree, and a wrong row or contract is named in a note."""

from __future__ import annotations

import pytest

from games.bridge.dd import Par, differences, from_hex, optimum_score, par_contract, stated_par, stated_table, to_hex
from games.formats import Deck, read_decks, write_pbn
from tests.corpus import pbn_decks_with, require

HEADER = "Declarer;Denomination\\2R;Result\\2R"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
HEX = "66477665877785677856"  # N and S take 6 in NT, 6 in spades, ...
TABLE = from_hex(HEX)
ROWS = [f"{seat} {strain:>2} {TABLE[seat][strain]:>2}" for seat in "NSEW" for strain in ("NT", "S", "H", "D", "C")]

TAGS = ("OptimumResultTable", "ParContract")  # the decks whose file states their table or par


def test_the_corpus_has_optimum_result_tables_or_is_skipped():
    require()
    stated = pbn_decks_with(*TAGS)
    assert len(stated) >= 20
    for name, deck in stated:
        rows, odd = stated_table(dict(deck.tags)["OptimumResultTable"])
        assert len(rows) == 20 and odd == "", name


@pytest.mark.slow
def test_the_solver_agrees_with_every_stated_table_and_par_contract():
    require()
    from games.bridge.dd import solve

    stated = pbn_decks_with(*TAGS)
    decks = [deck for _, deck in stated]
    for (name, deck), solved in zip(stated, solve([d.deal for d in decks])):
        table = solved.tricks
        rows, _ = stated_table(dict(deck.tags)["OptimumResultTable"])
        assert rows == [(seat, strain, table[seat][strain]) for seat, strain, _ in rows], name
        par = solved.par(deck.effective_vul, deck.effective_dealer)
        assert differences(table, par, deck.tags) == [], name


def _read(*tags: str) -> Deck:
    text = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n' + "\n".join(tags) + "\n"
    (deck,) = read_decks(text.encode(), "hand.pbn").decks
    return deck


def _table(*rows: str) -> str:
    return f'[OptimumResultTable "{HEADER}"]\n' + "\n".join(rows)


def test_a_table_that_agrees_gives_no_note():
    assert differences(TABLE, Par(0, ()), _read(_table(*ROWS)).tags) == []


def test_a_wrong_row_is_named():
    rows = [row.replace("N NT  6", "N NT  9") for row in ROWS]
    assert differences(TABLE, Par(0, ()), _read(_table(*rows)).tags) == [
        "OptimumResultTable says N makes 9 in NT; the solver finds 6"
    ]


def test_rows_in_import_format_and_unknown_elements_are_read():
    rows = ["N NT 6 N S 7", "E", "H", "?", "W C ?"]  # N S 7 is wrong; E's hearts and W's clubs unknown
    assert differences(TABLE, Par(0, ()), _read(_table(*rows)).tags) == [
        "OptimumResultTable says N makes 7 in ♠; the solver finds 6"
    ]


def test_columns_in_another_order_are_read_by_their_names():
    table = '[OptimumResultTable "Result;+Declarer;Denomination\\4L"]\n13 N NT\n6 S NT'
    assert differences(TABLE, Par(0, ()), _read(table).tags) == [
        "OptimumResultTable says N makes 13 in NT; the solver finds 6"
    ]


def test_a_row_not_understood_is_said_to_be_so():
    notes = differences(TABLE, Par(0, ()), _read(_table("N NT 6", "Q NT 6", "N NT 99")).tags)
    assert notes == ['the file\'s OptimumResultTable row "Q NT 6" is not understood']


def test_a_table_saying_what_double_dummy_tricks_says_is_noted_once():
    wrong = "96477665877785677856"  # N takes 9 in NT
    rows = [row.replace("N NT  6", "N NT  9") for row in ROWS]
    deck = _read(f'[DoubleDummyTricks "{wrong}"]', _table(*rows))
    assert differences(TABLE, Par(0, ()), deck.tags) == ["the file says N takes 9 in NT, the solver 6"]


def test_an_old_stored_table_without_rows_states_nothing():
    assert differences(TABLE, Par(0, ()), [("OptimumResultTable", HEADER)]) == []


# --- ParContract ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value, contracts",
    [
        ("NS 4H", [("4H", "NS")]),
        ("EW 5Dx", [("5DX", "EW")]),
        ("N 3NT", [("3NT", "N")]),
        ("NS 4H, NS 4S", [("4H", "NS"), ("4S", "NS")]),
        ("NS 4H 4S", [("4H", "NS"), ("4S", "NS")]),
        ("4HN; 4HS", [("4H", "N"), ("4H", "S")]),
        ("4H N", [("4H", "N")]),
        ("4H by South", [("4H", "S")]),
        ("N-S 6C=", [("6C", "NS")]),
        ("EW 4SX-1", [("4SX", "EW")]),
        ("3N", [("3NT", "NESW")]),
        ("Pass", []),
        ("NS Pass", []),
        ("passed out", []),
        ("", None),
        ("NS", None),
        ("four hearts", None),
    ],
)
def test_par_contracts_are_read_as_files_write_them(value, contracts):
    assert stated_par(value) == contracts


PAR = Par(420, ("4HN", "4HS", "4SN"))  # N-S make 4H, and only North 4S


@pytest.mark.parametrize("value", ["NS 4H", "N 4H", "S 4H", "NS 4S", "N 4S", "4SN", "NS 4H, N 4S", "4H"])
def test_one_of_the_solvers_par_contracts_for_its_side_agrees(value):
    assert differences(TABLE, PAR, [("ParContract", value)]) == []


@pytest.mark.parametrize(
    "value, note",
    [
        ("S 4S", "ParContract says S 4S; the solver's par is NS 4H or N 4S"),
        ("EW 4H", "ParContract says EW 4H; the solver's par is NS 4H or N 4S"),
        ("NS 4HX", "ParContract says NS 4HX; the solver's par is NS 4H or N 4S"),
        ("NS 3NT", "ParContract says NS 3NT; the solver's par is NS 4H or N 4S"),
        ("Pass", "ParContract says the board is passed out; the solver's par is NS 4H or N 4S"),
        ("4 hearts", 'the file\'s ParContract "4 hearts" is not understood'),
    ],
)
def test_a_par_contract_that_is_none_of_the_solvers_is_named(value, note):
    assert differences(TABLE, PAR, [("ParContract", value)]) == [note]


def test_each_wrong_contract_of_several_is_named():
    assert differences(TABLE, PAR, [("ParContract", "NS 4H, EW 5DX, S 4S")]) == [
        "ParContract says EW 5DX; the solver's par is NS 4H or N 4S",
        "ParContract says S 4S; the solver's par is NS 4H or N 4S",
    ]


def test_a_passed_out_board_agrees_with_a_passed_out_par():
    assert differences(TABLE, Par(0, ()), [("ParContract", "Pass")]) == []
    assert differences(TABLE, Par(0, ()), [("ParContract", "NS 1NT")]) == [
        "ParContract says NS 1NT; the solver's par is Pass"
    ]


# --- the writer's tags read back -----------------------------------------------------------------


def test_what_the_writer_writes_reads_back_and_agrees():
    par = Par(-100, ("3SE",))
    deck = Deck(
        DEAL,
        0,
        1,
        "N",
        "None",
        "1",
        tags=(("DoubleDummyTricks", HEX), ("OptimumScore", optimum_score(par)), ("ParContract", par_contract(par))),
    )
    (back,) = read_decks(write_pbn([deck]).encode(), "export.pbn").decks
    tags = dict(back.tags)
    assert tags["OptimumResultTable"] == "\n".join([HEADER, *(" ".join(row.split()) for row in ROWS)])
    rows, odd = stated_table(tags["OptimumResultTable"])
    assert odd == "" and {(seat, strain): tricks for seat, strain, tricks in rows} == {
        (seat, strain): TABLE[seat][strain] for seat in "NESW" for strain in TABLE[seat]
    }
    assert to_hex(TABLE) == tags["DoubleDummyTricks"] and tags["ParContract"] == "E 3S"
    assert differences(TABLE, par, back.tags) == []
    other = from_hex("76477665877785677856")  # the solver finds N takes 7 in NT
    assert differences(other, par, back.tags) == ["the file says N takes 6 in NT, the solver 7"]


def test_a_table_without_double_dummy_tricks_is_written_back_with_its_rows():
    """A file that states the table alone (no [DoubleDummyTricks]) keeps it on export: the
    rows that say a seat, a strain and tricks, in the writer's columns."""
    rows = ["N NT 6", "S  H 8", "e c 7", "Q NT 6", "W ?  ?"]  # one not understood, one unknown
    deck = _read(_table(*rows))
    (back,) = read_decks(write_pbn([deck]).encode(), "export.pbn").decks
    tags = dict(back.tags)
    assert "DoubleDummyTricks" not in tags
    assert tags["OptimumResultTable"] == "\n".join([HEADER, "N NT 6", "S H 8", "E C 7"])
    assert stated_table(tags["OptimumResultTable"])[0] == stated_table(dict(deck.tags)["OptimumResultTable"])[0]
