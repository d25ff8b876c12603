"""The rules of bridge in one place: calls as programs write them, contracts, auctions,
tricks."""

from __future__ import annotations

import pytest

from games.bridge import rules
from games.bridge.rules import Contract
from games.bridge.words import ENGLISH, for_language

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"


@pytest.mark.parametrize(
    "text, call",
    [
        ("Pass", "P"),
        ("pass", "P"),
        ("PAS", "P"),
        ("p", "P"),
        ("AP", "P"),
        ("Dbl", "X"),
        ("Double", "X"),
        ("d", "X"),
        ("x", "X"),
        ("X!", "X"),
        ("Rdbl", "XX"),
        ("Redouble", "XX"),
        ("R", "XX"),
        ("xx", "XX"),
        ("1N", "1NT"),
        ("3nt", "3NT"),
        ("2SA", "2NT"),
        ("7c", "7C"),
        ("4S!", "4S"),
        (" 1h ", "1H"),
    ],
)
def test_calls_as_programs_write_them(text, call):
    assert rules.read_call(text) == call


@pytest.mark.parametrize("text", ["", "8S", "0C", "1Z", "Pas2", "=1=", "1NTX", "²S"])
def test_words_that_are_no_call(text):
    assert rules.read_call(text) is None


@pytest.mark.parametrize(
    "text, contract",
    [
        ("4S", Contract(4, "S")),
        ("4sx", Contract(4, "S", "X")),
        ("3NTXX", Contract(3, "NT", "XX")),
        ("6N", Contract(6, "NT")),
        ("2H*", Contract(2, "H", "X")),
        ("5D**", Contract(5, "D", "XX")),
    ],
)
def test_contracts_in_pbn_and_lin_spellings(text, contract):
    assert rules.parse_contract(text) == contract
    assert str(contract) == text.upper().replace("**", "XX").replace("*", "X").replace("6N", "6NT")


@pytest.mark.parametrize("text", ["Pass", "", "8S", "4", "SX"])
def test_no_contract(text):
    assert rules.parse_contract(text) is None


@pytest.mark.parametrize(
    "calls, first, result",
    [
        # N 1H, E P, S 2H, W X, N 4H, all pass: North first named hearts for N-S.
        (["1H", "P", "2H", "X", "4H", "P", "P", "P"], "N", ("4H", "N")),
        (["P", "1S", "X", "XX", "P", "P", "P"], "N", ("1SXX", "E")),
        # a double wiped out by a later bid
        (["1C", "X", "1S", "P", "P", "P"], "W", ("1S", "E")),
        (["1NT", "X", "P", "P", "P"], "S", ("1NTX", "S")),
        (["P", "P", "P", "P"], "E", ("Pass", "")),
        (["P", "P"], "E", ("", "")),
    ],
)
def test_the_auction_gives_contract_and_declarer(calls, first, result):
    assert rules.final_contract(calls, first) == result


@pytest.mark.parametrize(
    "calls, done",
    [
        (["P", "P", "P", "P"], True),
        (["1C", "P", "P", "P"], True),
        (["P", "1C", "P", "P", "P"], True),
        (["P", "P", "P"], False),
        (["1C", "P", "P"], False),
        (["P", "P", "P", "P", "1C"], False),
    ],
)
def test_an_auction_is_complete_after_three_passes_or_four_to_start(calls, done):
    assert rules.auction_complete(calls) is done


def test_seats_turn_clockwise():
    assert [rules.seat_after("W", i) for i in range(5)] == ["W", "N", "E", "S", "W"]
    assert rules.partners("N", "S") and not rules.partners("E", "S")
    assert [rules.seat_of_word(w) for w in ("north", "East", "SOUTH", "w", "dummy")] == ["N", "E", "S", "W", ""]


def test_every_card_has_one_owner():
    owners = rules.card_owners(DEAL)
    assert len(owners) == 52 and owners["SJ"] == "N" and owners["SQ"] == "E" and owners["SK"] == "S"


@pytest.mark.parametrize(
    "trick, trump, winner",
    [
        ([("E", "CA"), ("S", "C4"), ("W", "C5"), ("N", "C2")], "H", "E"),
        ([("E", "CA"), ("S", "H4"), ("W", "C5"), ("N", "C2")], "H", "S"),  # ruffed
        ([("E", "CA"), ("S", "H4"), ("W", "C5"), ("N", "HK")], "H", "N"),  # over-ruffed
        ([("E", "D2"), ("S", "SA"), ("W", "DA"), ("N", "D7")], "", "W"),  # no trump: a discard wins nothing
    ],
)
def test_the_trick_goes_to_the_highest_trump_or_card_of_the_suit_led(trick, trump, winner):
    assert rules.trick_winner(trick, trump) == winner


@pytest.mark.parametrize(
    "fields, text",
    [
        ({"contract": "4H", "declarer": "S", "result": "", "claim": 11}, "4♥ by S, 11 tricks, claimed"),
        ({"contract": "3NTX", "declarer": "E", "result": "8", "claim": None}, "3NTX by E, 8 tricks"),
        ({"contract": "Pass", "declarer": "", "result": "", "claim": None}, "Passed out"),
        ({"contract": "", "declarer": "", "result": "", "claim": None}, ""),
        (
            {
                "contract": "",
                "declarer": "",
                "result": "",
                "claim": 9,
                "calls": ["1NT", "P", "3NT", "P", "P", "P"],
                "first": "W",
            },
            "3NT by W, 9 tricks, claimed",
        ),
        ({"contract": "", "declarer": "", "result": "", "claim": None, "calls": ["1NT", "P"], "first": "W"}, ""),
        ({"contract": "", "declarer": "", "result": "", "claim": None, "calls": ["P"] * 4, "first": "N"}, "Passed out"),
        ({"contract": "2S", "declarer": "north", "result": "garbage", "claim": None}, "2♠ by N"),
    ],
)
def test_the_record_reads_as_a_player_says_it(fields, text):
    assert rules.record_summary(**fields) == text


@pytest.mark.parametrize(
    "text, contract",
    [
        ("4H", "4H"),
        ("4hx", "4HX"),
        ("3N", "3NT"),
        ("6S**", "6SXX"),
        (" 2d* ", "2DX"),
        ("Pass", "Pass"),
        ("PASSED OUT", "Pass"),
        ("4 spades", None),
        ("", None),
        ("?", None),
    ],
)
def test_a_stated_contract_as_the_record_keeps_it(text, contract):
    assert rules.read_contract(text) == contract


@pytest.mark.parametrize(
    "calls, result",
    [
        (["1H", "P", "4H", "P", "P", "P"], ("4H", "N")),
        (["1H", "P", "4H", "P", "P"], ("", "")),  # unfinished
        (["P", "P", "P", "P"], ("Pass", "")),
        (["P", "P", "P", "P", "1C", "P", "P", "P"], ("", "")),  # four passes ended it
        (["X", "P", "P", "P"], ("", "")),  # no bid: not an auction that ends
        (["1H", "?", "4H", "P", "P", "P"], ("", "")),  # a call that could not be read may have been any call
    ],
)
def test_a_finished_auction_gives_contract_and_declarer(calls, result):
    assert rules.finished_contract(calls, "N") == result
    assert rules.finished_contract(calls, "N") == (
        rules.final_contract(calls, "N") if rules.auction_complete(calls) else ("", "")
    )


@pytest.mark.parametrize(
    "text, declarer, tricks",
    [
        ("9", "", 9),
        ("^9", "S", 9),
        ("13", "N", 13),
        ("NS 9", "S", 9),
        ("NS 9", "W", 4),
        ("ew 4", "N", 9),
        ("EW 4 NS 9", "E", 4),
        ("NS 9 EW 4", "N", 9),
        ("NS 9", "", None),
        ("14", "N", None),
        ("NS x", "N", None),
        ("lots", "N", None),
    ],
)
def test_tricks_declarer_took_from_a_result_as_files_write_it(text, declarer, tricks):
    assert rules.declarer_tricks(text, declarer) == tricks


@pytest.mark.parametrize(
    "contract, declarer, calls, played",
    [
        ("3NT", "S", ["1H", "P", "P", "P"], ("3NT", "S")),  # stated: the auction is not asked
        ("", "", ["1H", "P", "P", "P"], ("1H", "N")),
        ("", "", ["1h", "p", "p", "p"], ("1H", "N")),  # calls in any case
        ("", "E", ["1H", "P", "P", "P"], ("1H", "E")),  # a stated declarer stands
        ("", "", ["1H", "P", "P"], ("", "")),  # an unfinished auction arrives at nothing
        ("", "", ["P", "P", "P", "P"], ("Pass", "")),
        ("", "", [], ("", "")),
    ],
)
def test_the_stated_contract_comes_first_then_the_finished_auctions(contract, declarer, calls, played):
    assert rules.record_contract(contract, declarer, calls, "N") == played


@pytest.mark.parametrize(
    "stated, shown",
    [("4HX", "4♥X"), ("3nt", "3NT"), ("6SXX", "6♠XX"), ("Pass", "Passed out"), ("", ""), ("4Z", "4Z")],
)
def test_a_stated_contract_is_written_with_suit_symbols(stated, shown):
    assert rules.contract_in_words(stated, ENGLISH, "Passed out") == shown


def test_a_contract_is_written_in_the_languages_no_trump():
    assert rules.contract_in_words("3NTX", for_language("pl"), "Pas") == "3BAX"
