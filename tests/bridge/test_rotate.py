"""Rotation and renumbering on real files: four quarter turns give the record back, field
by field; "South declares" puts every declarer South; vulnerability turns with the hands."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from games.bridge import rules
from games.bridge.rotate import declarer_of, renumber, rotate, rotate_all
from games.bridge.rules import Call
from games.formats.model import Deck
from tests.corpus import decks_of, files, require

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"


def file_decks(path: Path) -> list[Deck]:
    """The decks of a corpus file; the test is skipped for a file without any."""
    decks = decks_of(path)
    if not decks:
        pytest.skip("no decks in this file")
    return decks


def test_the_corpus_is_there_or_skipped():
    require()
    assert sum(len(decks_of(path)) for path in files()) > 100


@pytest.mark.parametrize("path", files(), ids=lambda p: p.name)
def test_four_quarter_turns_give_every_field_back(path):
    name, decks = path.name, file_decks(path)
    for deck in decks:
        turned = deck
        for _ in range(4):
            turned = rotate(turned, 1)
            assert rules.card_owners(turned.deal).keys() == rules.card_owners(deck.deal).keys()
        for f in fields(Deck):
            assert getattr(turned, f.name) == getattr(deck, f.name), f"{name} board {deck.board}: {f.name}"


@pytest.mark.parametrize("path", files(), ids=lambda p: p.name)
def test_south_declares_puts_every_declarer_south(path):
    decks = file_decks(path)
    turned, unchanged = rotate_all(decks, "south-declares")
    for i, (before, after) in enumerate(zip(decks, turned)):
        if i in unchanged:
            assert after == before and not declarer_of(before)
            continue
        assert declarer_of(after) == "S"
        # the declarer's hand is the one that sits South now
        assert rules.hands(after.deal)["S"] == rules.hands(before.deal)[declarer_of(before)]


@pytest.mark.parametrize("path", files(), ids=lambda p: p.name)
def test_south_deals_puts_every_dealer_south(path):
    decks = file_decks(path)
    turned, unchanged = rotate_all(decks, "south-deals")
    assert not unchanged
    assert all(deck.dealer == "S" for deck in turned)


def test_a_quarter_turn_moves_every_seat_and_swaps_the_vulnerability():
    deck = Deck(
        deal=DEAL,
        index=0,
        line=1,
        dealer="N",
        vul="NS",
        deal_first="W",
        players=(("N", "Ann"), ("E", "Bob")),
        auction=(Call("1H"), Call("P"), Call("P"), Call("P")),
        auction_first="N",
        declarer="N",
        contract="1H",
        result="8",
    )
    turned = rotate(deck, 1)
    hands, before = rules.hands(turned.deal), rules.hands(DEAL)
    assert hands == {"E": before["N"], "S": before["E"], "W": before["S"], "N": before["W"]}
    assert (turned.dealer, turned.vul, turned.deal_first, turned.auction_first) == ("E", "EW", "N", "E")
    assert turned.players == (("E", "Ann"), ("S", "Bob")) and turned.declarer == "E"
    assert (turned.contract, turned.result, turned.auction) == (deck.contract, deck.result, deck.auction)
    assert rotate(deck, 2).vul == "NS" and rotate(deck, 1).vul == "EW"
    assert rotate(deck, 3) == rotate(deck, -1)


def test_a_deck_with_neither_contract_nor_auction_stays_as_it_is_and_is_named():
    plain = Deck(deal=DEAL, index=0, line=1, board="3")
    declared = Deck(
        deal=DEAL, index=1, line=9, board="4", dealer="E", auction=(Call("1NT"), Call("P"), Call("P"), Call("P"))
    )
    turned, unchanged = rotate_all([plain, declared], "south-declares")
    assert unchanged == [0] and turned[0] == plain
    assert declarer_of(turned[1]) == "S" and turned[1].dealer == "S"  # East opened and declares


def test_south_deals_takes_an_unstated_dealer_from_the_board_number():
    deck = Deck(deal=DEAL, index=0, line=1, board="2")  # board 2: East deals
    (turned,), _ = rotate_all([deck], "south-deals")
    assert turned.dealer == "S" and rules.hands(turned.deal)["S"] == rules.hands(DEAL)["E"]


def test_renumbering_keeps_or_follows_dealer_and_vulnerability():
    decks = [Deck(deal=DEAL, index=i, line=1, board=str(10 + i), dealer="W", vul="All") for i in range(3)]
    kept = renumber(decks, 1)
    assert [d.board for d in kept] == ["1", "2", "3"] and {(d.dealer, d.vul) for d in kept} == {("W", "All")}
    followed = renumber(decks, 1, follow_number=True)
    assert [(d.dealer, d.vul) for d in followed] == [("N", "None"), ("E", "NS"), ("S", "EW")]
