"""Just Declare setups: every dealer, declarer and doubling ends with South declaring the
intended contract when the setup's auction is replayed, with the declarer's own cards
turned to South; passed-out boards and broken auctions are reported or fall back."""

from __future__ import annotations

import itertools

import pytest

from games.bridge import rules
from games.bridge.dd import Par
from games.bridge.declare import AUCTION, CONTRACT, PAR, DeclareSetup, just_declare, made_up_auction
from games.bridge.play import replay
from games.bridge.rules import Call
from games.formats.model import Deck
from tests.corpus import decks_of, files, require

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
HANDS = rules.hands(DEAL)
SEATS = "NESW"


def auction_to(dealer: str, declarer: str, contract: str) -> tuple[Call, ...]:
    """A natural auction: passes up to ``declarer``, who opens one of the strain; partner
    raises to the contract; right-hand opponent doubles and declarer redoubles as the
    contract asks; three passes."""
    bid = rules.parse_contract(contract)
    words = ["P"] * ((SEATS.index(declarer) - SEATS.index(dealer)) % 4)
    words += [f"1{bid.strain}", "P", f"{bid.level}{bid.strain}"]
    words += {"": ["P"] * 3, "X": ["X", "P", "P", "P"], "XX": ["X", "XX", "P", "P", "P"]}[bid.risk]
    return tuple(Call(word) for word in words)


def check(setup: DeclareSetup, contract: str, declarer: str, dealer: str, vul: str = "None") -> None:
    """South declares ``contract`` on replay, holding the cards ``declarer`` held, and the
    dealer and vulnerability turned with the hands."""
    assert setup.ok, setup.problem
    state = replay(setup.deal, setup.dealer, setup.vul, setup.calls)
    assert (state.contract, state.declarer) == (contract, "S")
    assert setup.contract == contract
    turned = rules.hands(setup.deal)
    assert turned["S"] == HANDS[declarer] and turned["N"] == HANDS[rules.seat_after(declarer, 2)]
    assert setup.quarters == (SEATS.index("S") - SEATS.index(declarer)) % 4
    assert setup.dealer == rules.seat_after(dealer, setup.quarters)
    assert turned[setup.dealer] == HANDS[dealer]
    flipped = {"NS": "EW", "EW": "NS"}.get(vul, vul)
    assert setup.vul == (flipped if setup.quarters % 2 else vul)


COMBINATIONS = list(itertools.product(SEATS, SEATS, ("", "X", "XX")))


@pytest.mark.parametrize("dealer, declarer, risk", COMBINATIONS)
def test_the_files_auction_is_replayed_turned_with_south_declaring(dealer, declarer, risk):
    contract = f"4H{risk}"
    calls = auction_to(dealer, declarer, contract)
    assert rules.final_contract([c.call for c in calls], dealer) == (contract, declarer)
    deck = Deck(DEAL, 0, 1, dealer=dealer, vul="NS", auction=calls, auction_first=dealer)
    setup = just_declare(deck)
    check(setup, contract, declarer, dealer, "NS")
    assert setup.source == AUCTION
    assert setup.calls == calls  # relative to the dealer: the same calls, dealer turned


@pytest.mark.parametrize("dealer, declarer, risk", COMBINATIONS)
def test_a_contract_tag_gets_an_auction_made_up_for_it(dealer, declarer, risk):
    contract = f"3NT{risk}"
    deck = Deck(DEAL, 0, 1, dealer=dealer, vul="EW", contract=contract, declarer=declarer)
    setup = just_declare(deck)
    check(setup, contract, declarer, dealer, "EW")
    assert setup.source == CONTRACT
    bids = [c.call for c in setup.calls if c.call[0].isdigit()]
    assert bids == ["3NT"]  # South's one bid


@pytest.mark.parametrize("dealer, declarer, risk", COMBINATIONS)
def test_par_is_declared_when_the_file_says_nothing(dealer, declarer, risk):
    par = Par(-300 if declarer in "EW" else 300, (f"5D{risk}{declarer}", f"5D{risk}{rules.seat_after(declarer, 2)}"))
    deck = Deck(DEAL, 0, 1, dealer=dealer, vul="All")
    setup = just_declare(deck, par)
    check(setup, f"5D{risk}", declarer, dealer, "All")
    assert setup.source == PAR


def test_made_up_auctions_are_as_short_as_can_be():
    assert [c.call for c in made_up_auction("S", "1C")] == ["1C", "P", "P", "P"]
    assert [c.call for c in made_up_auction("W", "7NTXX")] == ["P", "P", "P", "7NT", "X", "XX", "P", "P", "P"]
    assert [c.call for c in made_up_auction("E", "2SX")] == ["P", "2S", "X", "P", "P", "P"]
    with pytest.raises(ValueError):
        made_up_auction("N", "Pass")


def test_a_passed_out_board_has_nothing_to_declare():
    passes = tuple(Call("P") for _ in range(4))
    deck = Deck(DEAL, 0, 1, dealer="E", auction=passes, auction_first="E", contract="Pass")
    setup = just_declare(deck, Par(420, ("4HN",)))
    assert not setup.ok and "passed out" in setup.problem
    assert setup.calls == () and setup.source == ""
    tagged = just_declare(Deck(DEAL, 0, 1, dealer="E", contract="Pass"))
    assert not tagged.ok and "passed out" in tagged.problem


def test_an_unfinished_auction_falls_back_to_the_contract_tag():
    calls = (Call("1H"), Call("P"), Call("4H"))
    deck = Deck(DEAL, 0, 1, dealer="W", auction=calls, auction_first="W", contract="4H", declarer="W")
    setup = just_declare(deck)
    check(setup, "4H", "W", "W")
    assert setup.source == CONTRACT
    assert any("not finished" in note for note in setup.notes)


def test_an_illegal_auction_falls_back_to_the_contract_tag_then_par():
    # 1C is not above 1H: the auction reads to a contract but cannot be played
    calls = tuple(Call(word) for word in ("1H", "1C", "P", "P", "P"))
    assert rules.auction_complete([c.call for c in calls])
    deck = Deck(DEAL, 0, 1, dealer="N", auction=calls, auction_first="N", contract="1C", declarer="E")
    setup = just_declare(deck)
    check(setup, "1C", "E", "N")
    assert setup.source == CONTRACT
    assert any("cannot be played" in note and "1♣ is not above 1♥" in note for note in setup.notes)

    untagged = Deck(DEAL, 0, 1, dealer="N", auction=calls, auction_first="N")
    from_par = just_declare(untagged, Par(110, ("2SS",)))
    check(from_par, "2S", "S", "N")
    assert from_par.source == PAR
    nothing = just_declare(untagged)
    assert not nothing.ok and nothing.notes


def test_an_unknown_call_or_a_double_of_partner_is_not_replayed():
    doubled_partner = tuple(Call(word) for word in ("1S", "P", "X", "P", "P", "P"))  # South doubles North
    deck = Deck(DEAL, 0, 1, dealer="N", auction=doubled_partner, auction_first="N", contract="1SX", declarer="N")
    setup = just_declare(deck)
    assert setup.source == CONTRACT
    check(setup, "1SX", "N", "N")
    unknown = tuple(Call(word) for word in ("1S", "?", "P", "P", "P"))
    deck = Deck(DEAL, 0, 1, dealer="N", auction=unknown, auction_first="N", contract="2D", declarer="W")
    check(just_declare(deck), "2D", "W", "N")


def test_a_contract_without_a_declarer_goes_to_par_or_is_reported():
    deck = Deck(DEAL, 0, 1, dealer="S", contract="4S")
    assert not just_declare(deck).ok
    assert "no declarer" in " ".join(just_declare(deck).notes)
    check(just_declare(deck, Par(-620, ("4SE",))), "4S", "E", "S")
    assert "pass" in just_declare(Deck(DEAL, 0, 1, dealer="S"), Par(0, ())).problem.lower()


def test_the_vulnerability_of_the_board_number_turns_with_the_deck():
    deck = Deck(DEAL, 0, 1, board="2", contract="2H", declarer="E")  # board 2: East deals, N-S vulnerable
    setup = just_declare(deck)
    check(setup, "2H", "E", "E", "NS")
    assert setup.vul == "EW"


def test_every_corpus_deck_with_a_contract_is_declared_by_south():
    require()
    decks = [(f"{path.name}#{deck.index}", deck) for path in files() for deck in decks_of(path)]
    declared = 0
    for name, deck in decks:
        setup = just_declare(deck)
        if not setup.ok:
            assert setup.problem and not setup.calls, name
            continue
        state = replay(setup.deal, setup.dealer, setup.vul, setup.calls)
        assert state.declarer == "S" and state.contract == setup.contract, name
        assert rules.hands(setup.deal)["S"] == deck.hands()[rules.seat_after("S", -setup.quarters)], name
        declared += 1
    assert declared > 50


def test_an_auction_starts_from_its_own_first_seat_when_the_dealer_tag_differs():
    calls = auction_to("E", "E", "4S")
    deck = Deck(DEAL, 0, 1, dealer="N", auction=calls, auction_first="E")
    setup = just_declare(deck)
    check(setup, "4S", "E", "E")  # East made the first call: East deals the setup
    assert setup.source == AUCTION
