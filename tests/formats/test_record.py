"""The whole record of a board, as real programs write it: odd hands, seats in words, calls
in every spelling, claims and results, contracts from the auction, names with commas.
Each case through ``read_decks``, both formats where both have it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bridge import rules
from games.bridge.rules import Call
from games.formats import read_decks
from games.formats.lin import read_lin
from games.formats.model import Deck

# Trickster's first deck (hands South, West, North, East) and its canonical text.
S, W, N, E = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7", "ST4HAQ76DAT85CK93"
DEAL = "N:32.K943.KJ9.QJT7 T4.AQ76.AT85.K93 A75.JT5.Q742.A85 KQJ986.82.63.642"
MD = f"md|3{S},{W},{N},{E}|"  # North deals
PBN_DEAL = '[Deal "N:32.K943.KJ9.QJT7 T4.AQ76.AT85.K93 A75.JT5.Q742.A85 KQJ986.82.63.642"]'


def lin(text: str) -> Deck:
    result = read_decks(text.encode(), "x.lin")
    assert result.problems == [], result.problems
    (deck,) = result.decks
    return deck


def pbn(*lines: str) -> Deck:
    """A game of board 1 and its deal, then ``lines`` (tags, and the data after one)."""
    text = "\n".join(['[Board "1"]', PBN_DEAL, *lines]) + "\n"
    result = read_decks(text.encode(), "x.pbn")
    assert result.problems == [], result.problems
    (deck,) = result.decks
    return deck


def calls(deck: Deck) -> list[str]:
    return [c.call for c in deck.auction]


# --- an empty hand written as bare suit letters ---------------------------------------------------


@pytest.mark.parametrize(
    "seat, md",
    [
        ("E", f"md|3{S},{W},{N},SHDC|"),
        ("E", f"md|3{S},{W},{N},shdc|"),
        ("S", f"md|3SHDC,{W},{N},{E}|"),
        ("W", f"md|3{S},SHDC,{N},{E}|"),
        ("N", f"md|3{S},{W},SHDC,{E}|"),
        ("W", f"md|3{S},,{N},{E}|"),
    ],
)
def test_a_hand_of_bare_suit_letters_is_one_left_out(seat, md):
    deck = lin(md + "ah|Board 1|")
    assert deck.deal == DEAL
    assert f"hand {seat} not given; completed with the 13 remaining cards" in deck.notes


def test_two_hands_without_cards_are_no_deck():
    result = read_decks(f"md|3{S},SHDC,{N},SHDC|".encode(), "x.lin")
    assert result.decks == []
    assert result.problems[0].message.endswith("East and West are not given: a deck needs at least three hands")


@pytest.mark.parametrize(
    "md, message",
    [
        ("md|1SAK,,|", "South has 2 cards"),  # what the hands given get wrong comes first
        ("md|1SAK,SHDC,SHDC|", "South has 2 cards"),
        (f"md|1{S},SAHDC,SHDC|", "the ace of spades is in both South and West"),
    ],
)
def test_a_hand_without_cards_is_never_one_of_0_cards(md, message):
    (problem,) = read_decks(md.encode(), "x.lin").problems
    assert problem.message.endswith(message) and "0 cards" not in problem.message


def test_a_handviewer_hand_of_bare_suit_letters_is_one_left_out():
    link = f"https://www.bridgebase.com/tools/handviewer.html?s={S}&w={W}&n={N}&e=SHDC&d=n\n"
    result = read_decks(link.encode(), "links.txt")
    assert result.problems == [] and result.decks[0].deal == DEAL
    assert "hand E not given; completed with the 13 remaining cards" in result.decks[0].notes


# --- seats and dealers in words ------------------------------------------------------------------------


@pytest.mark.parametrize("word, seat", [("north", "N"), ("East", "E"), ("WEST", "W"), ("sOuTh", "S"), (" n ", "N")])
def test_a_dealer_in_words_is_that_seat(word, seat):
    deck = pbn(f'[Dealer "{word}"]')
    assert deck.dealer == seat and deck.notes == ()


def test_a_dealer_of_another_word_is_not_stated_with_a_note_naming_it():
    deck = pbn('[Dealer "Black"]')
    assert deck.dealer is None and deck.effective_dealer == "N"  # the [Deal] seat
    assert deck.notes == ("Dealer 'Black' is not understood: read as not stated",)


@pytest.mark.parametrize("word, seat", [("south", "S"), ("West", "W"), ("EAST", "E"), ("N", "N"), ("^S", "S")])
def test_a_declarer_in_words_is_that_seat(word, seat):
    deck = pbn(f'[Declarer "{word}"]', '[Contract "4H"]')
    assert deck.declarer == seat and deck.notes == ()


def test_a_declarer_of_another_word_is_not_stated_with_a_note_naming_it():
    deck = pbn('[Declarer "White"]', '[Contract "4H"]')
    assert deck.declarer == "" and deck.notes == ("Declarer 'White' is not understood: read as not stated",)


def test_the_seats_of_auction_and_play_in_words():
    deck = pbn(
        '[Dealer "W"]',
        '[Contract "1NT"]',
        '[Declarer "W"]',
        '[Auction "west"]',
        "1NT Pass Pass Pass",
        '[Play "North"]',
        "HA H2 H3 H4",
    )
    assert deck.auction_first == "W" and (deck.contract, deck.declarer) == ("1NT", "W")


# --- calls as programs write them -----------------------------------------------------------------------

SPELLINGS = [
    ("Pass", "P"),
    ("pass", "P"),
    ("PAS", "P"),
    ("p", "P"),
    ("Dbl", "X"),
    ("DOUBLE", "X"),
    ("D", "X"),
    ("x", "X"),
    ("Rdbl", "XX"),
    ("redouble", "XX"),
    ("R", "XX"),
    ("xx", "XX"),
    ("1NT", "1NT"),
    ("1n", "1NT"),
    ("3nt", "3NT"),
    ("2SA", "2NT"),
    ("7c", "7C"),
]


@pytest.mark.parametrize("written, call", SPELLINGS)
def test_pbn_calls_in_every_spelling(written, call):
    for word in (written, written + "!", written + " =1=", written + "=1=", written + "!=1="):
        deck = pbn('[Dealer "N"]', '[Auction "N"]', f"1C {word} Pass Pass", '[Note "1:a note"]')
        assert calls(deck)[:2] == ["1C", call], word
        assert deck.auction[1].alert is ("=1=" in word)  # PBN's '!' is "good call", not an alert
        assert all(not n.startswith("auction:") for n in deck.notes), deck.notes


@pytest.mark.parametrize("written, call", SPELLINGS)
def test_lin_calls_in_every_spelling(written, call):
    for word, alert in ((written, False), (written + "!", True)):
        deck = lin(f"{MD}mb|1C|mb|{word}|an|what it means|mb|p|")
        assert deck.auction[:3] == (Call("1C"), Call(call, alert, "what it means"), Call("P"))


def test_pbn_call_that_cannot_be_read_keeps_its_place():
    deck = pbn('[Dealer "N"]', '[Auction "N"]', "1C Blah! 1H Pass", "Pass Pass")
    assert calls(deck) == ["1C", "?", "1H", "P", "P", "P"]
    assert deck.notes == ("auction: 'Blah' is not a call: kept as '?'",)
    # the calls after it stay on their seats, but no contract comes of an auction with a '?'
    assert deck.contract == "" and deck.declarer == ""


def test_lin_call_that_cannot_be_read_keeps_its_place():
    deck = lin(f"{MD}mb|1C|mb|Blah!|an|odd|mb|1H|mb|p|mb|p|mb|p|")
    assert deck.auction == (Call("1C"), Call("?", True, "odd"), Call("1H"), Call("P"), Call("P"), Call("P"))
    assert "call mb|Blah!| not understood; kept as '?'" in deck.notes
    assert deck.contract == ""


def test_every_call_kept_is_plain():
    plain = {"P", "X", "XX", "?", *(f"{n}{s}" for n in "1234567" for s in rules.STRAINS)}
    deck = lin(f"{MD}mb|1c!|mb|Dbl|mb|rdbl!|mb|2n|mb|PAS|mb|1nppp|")
    assert calls(deck) == ["1C", "X", "XX", "2NT", "P", "1NT", "P", "P", "P"]
    assert set(calls(deck)) <= plain


def test_pbn_note_reference_attaches_the_note_to_the_call():
    deck = pbn('[Dealer "N"]', '[Auction "N"]', "1NT Pass 2C =1= Pass", '[Note "1:Stayman"]')
    assert deck.auction[2] == Call("2C", True, "Stayman")


# --- claims and results ---------------------------------------------------------------------------------


def test_lin_claim_is_the_result():
    deck = lin(f"{MD}mb|1H|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|DA|pc|D2|pc|D3|pc|D4|mc|11|")
    assert (deck.contract, deck.declarer, deck.result, deck.claim) == ("4H", "N", "11", 11)
    summary = rules.record_summary(contract=deck.contract, declarer=deck.declarer, result=deck.result, claim=deck.claim)
    assert summary == "4♥ by N, 11 tricks, claimed"


def test_lin_claim_without_play_or_auction():
    deck = lin(f"{MD}mc|9|")
    assert (deck.result, deck.claim, deck.contract) == ("9", 9, "")


def test_lin_claim_that_is_no_number_is_no_result():
    deck = lin(f"{MD}pc|DA|mc|x|")
    assert (deck.result, deck.claim) == ("", None) and "claim mc|x| not understood" in deck.notes


@pytest.mark.parametrize(
    "written, declarer, result",
    [
        ("10", "S", "10"),
        ("09", "S", "9"),
        ("^9", "S", "9"),
        ("NS 9", "S", "9"),
        ("NS 9", "E", "4"),
        ("EW 4", "N", "9"),
        ("NS 9 EW 4", "W", "4"),
        ("EW 4 NS 9", "N", "9"),
        ("?", "S", ""),
        ("", "S", ""),
    ],
)
def test_pbn_result_is_the_tricks_declarer_took(written, declarer, result):
    deck = pbn('[Contract "4H"]', f'[Declarer "{declarer}"]', f'[Result "{written}"]')
    assert (deck.result, deck.claim) == (result, None) and deck.notes == ()


@pytest.mark.parametrize("written", ["14", "ten", "NS 9", "NS 14"])
def test_pbn_result_not_understood_is_a_note(written):
    deck = pbn('[Contract "4H"]', f'[Result "{written}"]')  # (NS 9 needs a declarer to count for)
    assert deck.result == "" and deck.notes == (f"Result '{written}' is not understood: read as not stated",)


# --- the contract and declarer from the auction --------------------------------------------------------


def test_lin_contract_comes_from_the_auction():
    # North deals: N 1H, E P, S 2H, W X, N 4H, all pass: North first named hearts for N-S.
    deck = lin(f"{MD}mb|1H|mb|p|mb|2H|mb|d|mb|4H|mb|d|mb|p|mb|p|mb|p|")
    assert (deck.contract, deck.declarer) == ("4HX", "N")


def test_lin_passed_out_and_unfinished_auctions():
    assert (lin(f"{MD}mb|p|mb|p|mb|p|mb|p|").contract, lin(f"{MD}mb|p|mb|p|mb|p|mb|p|").declarer) == ("Pass", "")
    assert lin(f"{MD}mb|1H|mb|p|mb|p|").contract == ""


def test_lin_without_a_dealer_digit_starts_the_auction_at_south():
    deck = lin(f"md|{S},{W},{N},{E}|mb|1S|mb|p|mb|p|mb|p|")
    assert (deck.contract, deck.declarer) == ("1S", "S")


def test_pbn_contract_and_declarer_come_from_the_auction_when_not_stated():
    deck = pbn('[Dealer "E"]', '[Auction "E"]', "Pass 1S X XX", "Pass Pass Pass")
    assert (deck.contract, deck.declarer, deck.notes) == ("1SXX", "S", ())


def test_pbn_declarer_comes_from_the_auction_beside_a_stated_contract():
    deck = pbn('[Dealer "N"]', '[Contract "3nt"]', '[Auction "N"]', "1NT Pass 3NT Pass", "Pass Pass")
    assert (deck.contract, deck.declarer, deck.notes) == ("3NT", "N", ())


@pytest.mark.parametrize(
    "stated, found",
    [
        (['[Contract "4S"]', '[Declarer "N"]'], "the file says 4S by N"),
        (['[Contract "4H"]', '[Declarer "S"]'], "the file says 4H by S"),
        (['[Contract "Pass"]'], "the file says Pass"),
    ],
)
def test_pbn_stated_record_that_the_auction_contradicts_is_kept_with_a_note(stated, found):
    deck = pbn('[Dealer "N"]', *stated, '[Auction "N"]', "1H Pass 4H Pass", "Pass Pass")
    assert (deck.contract, deck.declarer) == (stated[0][11:-2], stated[1][11:-2] if len(stated) > 1 else "")
    assert deck.notes == (f"contract from the auction: 4H by N; {found}",)


@pytest.mark.parametrize(
    "written, kept", [("3N", "3NT"), ("4hx", "4HX"), ("6S**", "6SXX"), ("pass", "Pass"), ("?", ""), ("", "")]
)
def test_pbn_contract_as_the_record_keeps_it(written, kept):
    assert pbn(f'[Contract "{written}"]').contract == kept


def test_pbn_contract_not_understood_is_a_note_and_the_auction_gives_one():
    deck = pbn('[Dealer "N"]', '[Contract "4 spades"]', '[Auction "N"]', "4S AP")
    assert (deck.contract, deck.declarer) == ("4S", "N")
    assert deck.notes == ("Contract '4 spades' is not understood: read as not stated",)


def test_the_play_is_put_in_order_by_the_auctions_contract():
    # no [Contract]: the auction's 1NT by North (East leads) orders the tricks
    deck = pbn(
        '[Dealer "N"]', '[Auction "N"]', "1NT AP", '[Play "E"]', "HA H5 H2 H3", "ST S5 SK S2", "S4 SA S9 S3", "*"
    )
    assert deck.play == (("HA", "H5", "H2", "H3"), ("ST", "S5", "SK", "S2"), ("S9", "S3", "S4", "SA"))
    assert not any("column order" in note for note in deck.notes)


# --- player names with commas ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "names, players",
    [
        ("Smith, J.,Nowak,Kowalski,Dupont", {"S": "Smith, J.", "W": "Nowak", "N": "Kowalski", "E": "Dupont"}),
        ("Ann,Bob, Jr.,Cy,Di, PhD", {"S": "Ann", "W": "Bob, Jr.", "N": "Cy", "E": "Di, PhD"}),
        ("North, East, South, West", {"S": "North", "W": "East", "N": "South", "E": "West"}),  # four as split
        ("a, b,c, d,e,f,g", {"S": "a", "W": "b", "N": "c", "E": "d"}),  # joined, five: as split
    ],
)
def test_lin_names_with_commas(names, players):
    assert dict(lin(f"pn|{names}|{MD}").players) == players


def test_lin_vugraph_names_with_commas_make_eight():
    names = "Smith, J.,Nowak,Kowalski,Dupont,Ann,Bob,Cy, Sr.,Di"
    assert dict(lin(f"qx|c1|pn|{names}|{MD}").players) == {"S": "Ann", "W": "Bob", "N": "Cy, Sr.", "E": "Di"}
    assert dict(lin(f"qx|o1|pn|{names}|{MD}").players)["S"] == "Smith, J."


# --- the record from the auction and the claim ---------------------------------------------------------


def test_lin_records_come_from_the_finished_auction_and_the_claim():
    text = "".join(
        f"qx|o{n}|pn|Smith, J.,Nowak,Kowalski,Dupont|md|3{S},{W},{N},{east}|sv|o|mb|1H|mb|{call}|mb|4H|mb|p|mb|p|mb|p|"
        f"pg||pc|DA|pc|D2|pc|D3|pc|D4|pg||{claim}\n"
        for n, (east, call, claim) in enumerate(
            [
                (E, "p", "mc|10|"),
                ("SHDC", "Dbl!", "mc|9|"),
                ("", "zz", ""),
                (E, "p", "mc|x|"),
                (E, "p", "mc|10|pg||"),
            ],
            1,
        )
    )
    decks, problems, _ = read_lin(text)
    assert problems == []
    assert [(d.contract, d.declarer, d.result, d.claim) for d in decks] == [
        ("4H", "N", "10", 10),
        ("4H", "N", "9", 9),
        ("", "", "", None),
        ("4H", "N", "", None),
        ("4H", "N", "10", 10),
    ]


WORDS = [
    "Pass",
    "pas",
    "P",
    "Dbl",
    "double",
    "D",
    "x",
    "XX",
    "Rdbl",
    "R",
    "1NT",
    "2n",
    "3Nt",
    "4sa",
    "7C",
    "AP",
    "Blah",
    "8S",
    "1Z",
    "=1=",
    "!",
    "$3",
    "-",
    "Dbl!",
    "2C=1=",
    "é",
    "1♥",
    "?",
]


@settings(deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=12))
def test_every_call_read_is_plain_and_nothing_is_dropped_silently(words):
    plain = {"P", "X", "XX", "?", *(f"{n}{s}" for n in "1234567" for s in rules.STRAINS)}
    text = " ".join(words)
    pbn_result = read_decks(f'[Board "1"]\n{PBN_DEAL}\n[Auction "N"]\n{text}\n[Note "1:x"]\n'.encode(), "x.pbn")
    lin_result = read_decks((MD + "".join(f"mb|{w}|" for w in words)).encode(), "x.lin")
    for result in (pbn_result, lin_result):
        (deck,) = result.decks
        assert set(calls(deck)) <= plain
        unknown = calls(deck).count("?")
        assert not unknown or any("kept as '?'" in note for note in deck.notes)
    assert len(lin_result.decks[0].auction) == len(words)  # LIN: one mb, one call (none runs calls together)


def test_pbn_calls_that_cannot_be_read_are_all_noted():
    deck = pbn('[Dealer "N"]', '[Auction "N"]', " ".join(f"Odd{n}" for n in range(8)))
    assert calls(deck) == ["?"] * 8
    assert deck.notes[-1] == "auction: 3 more words that are not calls kept as '?'"
    assert deck.notes[:5] == tuple(f"auction: 'Odd{n}' is not a call: kept as '?'" for n in range(5))
