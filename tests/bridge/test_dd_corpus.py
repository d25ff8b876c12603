"""The solver agrees with the hand records in the corpus: every deck whose file states a
[DoubleDummyTricks] table and an [OptimumScore] gets the same from ours."""

from __future__ import annotations

import pytest

from games.bridge.dd import (
    Par,
    differences,
    from_hex,
    optimum_score,
    par_contract,
    solve,
    stated_score,
    to_hex,
)
from tests.corpus import pbn_decks_with, require

TAG = "DoubleDummyTricks"  # the decks whose file states their table


def test_the_corpus_has_hand_records_or_is_skipped():
    require()
    assert len(pbn_decks_with(TAG)) >= 10


@pytest.mark.slow
def test_the_solver_agrees_with_every_stated_table_and_par_score():
    require()
    stated = pbn_decks_with(TAG)
    decks = [deck for _, deck in stated]
    for (name, deck), solved in zip(stated, solve([d.deal for d in decks])):
        tags = dict(reversed(deck.tags))
        table = solved.tricks
        assert table == from_hex(tags["DoubleDummyTricks"]), name
        par = solved.par(deck.effective_vul, deck.effective_dealer)
        if "OptimumScore" in tags:
            assert par.score == stated_score(tags["OptimumScore"]), name
        assert differences(table, par, deck.tags) == [], name


def test_the_tags_read_back_as_written():
    table = from_hex("3263332633aa79aaa79a")
    assert table is not None and to_hex(table) == "3263332633aa79aaa79a"
    assert table["E"]["S"] == 10 and table["N"]["H"] == 6
    assert stated_score(optimum_score(Par(-430, ("4SE",)))) == -430
    assert par_contract(Par(420, ("4HN", "4HS"))) == "NS 4H" and par_contract(Par(0, ())) == "Pass"


@pytest.mark.parametrize(
    "value", ["", "66477", "6647766587778567785g", "66477665877785677856ff", "eeeeeeeeeeeeeeeeeeee"]
)
def test_a_table_that_is_not_one_is_said_to_be_so(value):
    table = from_hex("66477665877785677856")
    assert from_hex(value) is None
    assert differences(table, Par(0, ()), [("DoubleDummyTricks", value)]) == [
        f'the file\'s DoubleDummyTricks "{value[:24]}" is not a table'
    ]


def test_a_difference_is_named():
    table = from_hex("66477665877785677856")
    notes = differences(
        table, Par(-100, ()), [("DoubleDummyTricks", "76477665877785677856"), ("OptimumScore", "NS 110")]
    )
    assert notes == [
        "the file says N takes 7 in NT, the solver 6",
        "the file's par score is NS 110, the solver's EW 100",
    ]


@pytest.mark.parametrize(
    "contracts, score, text",
    [
        (("4SN", "4SS"), 450, "4♠ by N-S, +450"),
        (("3NTE",), -400, "3NT by E, -400"),
        (("6CXN", "6CXS"), -300, "6♣X by N-S, -300"),
        (("5DXXW", "5DXXE"), -1000, "5♦XX by E-W, -1000"),
        ((), 0, "Passed out, 0"),
    ],
)
def test_par_reads_as_a_player_says_it(contracts, score, text):
    from games.bridge.dd import par_text

    assert par_text(Par(score, contracts)) == text
