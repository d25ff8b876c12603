"""A board at the table: calls, cards, what each seat sees, claims and undo.

The random auctions and plays check the engine against rules written out again here
(the last call that is not a pass decides X and XX; follow suit when able), not against
its own code.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.bridge import rules
from games.bridge.cards import random_deal
from games.bridge.play import (
    AUCTION,
    BIDS,
    CALLS,
    CLAIM_PENDING,
    DONE,
    OPENING_LEAD,
    PLAY,
    BoardState,
    Claim,
    IllegalAction,
    accept_claim,
    claim,
    legal_calls,
    legal_cards,
    make_call,
    new_board,
    play_card,
    reject_claim,
    replay,
    undo,
    visible_hands,
)
from games.bridge.rules import Call
from games.bridge.scoring import duplicate_score

# North J4.KJ732.7.Q9862, East Q9873.9.KJ8532.A, South KT2.A64.QT.KJT74, West A65.QT85.A964.53
DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"
ALL_CARDS = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
SEATS = "NESW"
RANDOM = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def called(state: BoardState, *calls: str) -> BoardState:
    for call in calls:
        state = make_call(state, state.turn, call)
    return state


def played(state: BoardState, *cards: str) -> BoardState:
    for card in cards:
        state = play_card(state, state.turn, card, by=state.actor)
    return state


def three_nt_by_south() -> BoardState:
    return called(new_board(DEAL, "N", "NS"), "P", "P", "1NT", "P", "3NT", "P", "P", "P")


# The auction


def test_it_offers_pass_and_every_bid_to_the_dealer():
    assert legal_calls(new_board(DEAL, "E")) == ["P", *BIDS]


@pytest.mark.parametrize(
    "calls, seat, call, message",
    [
        ((), "N", "P", "It is East's turn to call"),
        (("1NT",), "S", "1H", "1♥ is not above 1NT"),
        (("1NT",), "S", "1NT", "1NT is not above 1NT"),
        ((), "E", "X", "There is no bid to double"),
        (("1H", "P"), "W", "X", "You can only double an opponent's bid"),
        (("1H", "X"), "W", "X", "You can only double an opponent's bid"),
        (("1H", "X", "P"), "N", "X", "1♥ is already doubled"),
        (("1H", "X", "XX"), "N", "X", "1♥ is already redoubled"),
        (("1H", "X", "XX"), "N", "XX", "1♥ is already redoubled"),
        (("1H",), "S", "XX", "You can only redouble an opponent's double of your side's bid"),
        (("1H", "X", "P"), "N", "XX", "You can only redouble an opponent's double of your side's bid"),
        ((), "E", "8S", "'8S' is not a call"),
    ],
)
def test_it_refuses_a_call_with_a_reason(calls, seat, call, message):
    state = called(new_board(DEAL, "E"), *calls)
    with pytest.raises(IllegalAction, match=f"^{message}$"):
        make_call(state, seat, call)


@pytest.mark.parametrize(
    "calls, call",
    [
        (("1H", "P", "P"), "X"),  # in the pass-out seat
        (("1H", "X", "P", "P"), "XX"),  # the opener redoubles after two passes
        (("1H", "X"), "XX"),
        (("1H", "P", "1S", "P", "2S", "X"), "XX"),
    ],
)
def test_it_allows_doubles_and_redoubles_after_passes(calls, call):
    assert call in legal_calls(called(new_board(DEAL, "N"), *calls))


def test_alerts_and_explanations_are_kept_and_calls_read_as_programs_write_them():
    state = make_call(new_board(DEAL, "N"), "N", "2d", alert=True, explanation="weak, 6-10")
    state = make_call(state, "E", "pass")
    assert state.calls == (Call("2D", True, "weak, 6-10"), Call("P"))


def test_four_passes_end_the_board():
    state = called(new_board(DEAL, "W"), "P", "P", "P", "P")
    assert (state.phase, state.contract, state.declarer, state.score) == (DONE, "Pass", "", 0)
    assert legal_calls(state) == [] and legal_cards(state) == []
    with pytest.raises(IllegalAction, match="The auction is over"):
        make_call(state, "W", "1C")


def test_the_auction_names_contract_declarer_dummy_and_the_opening_leader():
    state = three_nt_by_south()
    assert (state.phase, state.contract, state.declarer, state.dummy) == (OPENING_LEAD, "3NT", "S", "N")
    assert state.defenders == ("W", "E")
    assert (state.turn, state.actor, state.leader) == ("W", "W", "W")


def auction_allows(calls: list[str], call: str) -> bool:
    """The rules again: a bid above the last bid; X when the last call that is not a pass
    is an opponent's bid; XX when it is an opponent's double."""
    if call == "P":
        return True
    bids = [c for c in calls if c[0].isdigit()]
    if call[0].isdigit():
        return not bids or BIDS.index(call) > BIDS.index(bids[-1])
    others = [(i, c) for i, c in enumerate(calls) if c != "P"]
    if not others:
        return False
    i, last = others[-1]
    opponent = (len(calls) - i) % 2 == 1
    return opponent and (last[0].isdigit() if call == "X" else last == "X")


@settings(RANDOM)
@given(st.data(), st.sampled_from(SEATS))
def test_random_legal_auctions_never_reach_an_illegal_state(data, dealer):
    state = new_board(DEAL, dealer, "EW")
    while state.phase == AUCTION:
        calls = [c.call for c in state.calls]
        legal = legal_calls(state)
        assert legal == [c for c in CALLS if auction_allows(calls, c)]
        assert visible_hands(state, state.turn) == {state.turn: state.hand(state.turn)}
        assert visible_hands(state, None) == {}
        other = data.draw(st.sampled_from(CALLS), label="any call")
        if other not in legal:
            before = state
            with pytest.raises(IllegalAction):
                make_call(state, state.turn, other)
            assert state == before and legal_calls(state) == legal
        with pytest.raises(IllegalAction, match="turn to call"):
            make_call(state, rules.seat_after(state.turn), "P")
        # Pass often, so that short auctions and passed-out boards come up too.
        doubles = [c for c in legal if c in ("X", "XX")]
        choices = [st.just("P"), st.sampled_from(legal)] + ([st.sampled_from(doubles)] if doubles else [])
        call = data.draw(st.one_of(choices), label="call")
        after = make_call(state, state.turn, call)
        assert undo(after) == state
        state = after
    calls = [c.call for c in state.calls]
    event("passed out" if state.contract == "Pass" else f"ends {state.contract[1:].lstrip('CDHSNT') or 'undoubled'}")
    if calls[:4] == ["P"] * 4:
        assert len(calls) == 4 and state.contract == "Pass" and state.phase == DONE
    else:
        assert calls[-3:] == ["P"] * 3 and len(calls) >= 4 and calls[-4] != "P"
        assert state.phase == OPENING_LEAD
        assert state.turn == rules.seat_after(state.declarer)
    assert (state.contract, state.declarer) == rules.final_contract(calls, dealer)
    assert legal_calls(state) == []
    for call in CALLS:
        with pytest.raises(IllegalAction):
            make_call(state, rules.seat_after(dealer, len(calls)), call)


# The play


def test_the_opening_lead_comes_from_declarers_left():
    state = three_nt_by_south()
    with pytest.raises(IllegalAction, match="^It is West's turn to play$"):
        play_card(state, "E", "H9")
    with pytest.raises(IllegalAction, match="^That card is not in West's hand$"):
        play_card(state, "W", "SK")
    with pytest.raises(IllegalAction, match="^Only West can play West's cards$"):
        play_card(state, "W", "HQ", by="E")
    with pytest.raises(IllegalAction, match="^'S1' is not a card$"):
        play_card(state, "W", "S1")
    assert play_card(state, "W", "hq").cards == ("HQ",)


def test_dummys_cards_are_played_by_declarer():
    state = played(three_nt_by_south(), "HQ")
    assert (state.phase, state.turn, state.actor) == (PLAY, "N", "S")
    with pytest.raises(IllegalAction, match="^Dummy's cards are played by declarer$"):
        play_card(state, "N", "HK")
    with pytest.raises(IllegalAction, match="^Dummy's cards are played by declarer$"):
        play_card(state, "N", "HK", by="E")
    assert play_card(state, "N", "HK", by="S").cards == ("HQ", "HK")


def test_a_hand_must_follow_suit():
    state = played(three_nt_by_south(), "HQ")
    assert legal_cards(state) == ["HK", "HJ", "H7", "H3", "H2"]
    with pytest.raises(IllegalAction, match="^You must follow suit: dummy holds hearts$"):
        play_card(state, "N", "C2", by="S")
    state = played(state, "HK")
    with pytest.raises(IllegalAction, match="^You must follow suit: you hold hearts$"):
        play_card(state, "E", "SQ")


def test_the_winner_of_a_trick_leads_the_next():
    state = played(three_nt_by_south(), "HQ", "HK", "H9", "H4")
    assert state.tricks == [(("W", "HQ"), ("N", "HK"), ("E", "H9"), ("S", "H4"))]
    assert (state.leader, state.turn, state.actor) == ("N", "N", "S")
    assert state.tricks_won == {"NS": 1, "EW": 0}
    state = played(state, "D7")
    assert state.current_trick == [("N", "D7")]
    assert legal_cards(state) == ["DK", "DJ", "D8", "D5", "D3", "D2"]


def test_trumps_win_a_trick():
    state = called(new_board(DEAL, "E"), "1S", "P", "P", "P")  # East declares, South leads
    state = played(state, "DQ", "DA", "D7", "D2")  # West's ace wins
    assert state.leader == "W"
    state = played(state, "C3", "C2", "CA", "CK")
    assert state.leader == "E"
    state = played(state, "H9", "HA", "H5", "H2")
    assert state.leader == "S"
    state = played(state, "C4", "C5", "C9", "S3")  # East, out of clubs, ruffs
    assert state.leader == "E" and state.tricks_won == {"NS": 1, "EW": 3}


@settings(RANDOM)
@given(st.data(), st.integers(0, 2**32 - 1), st.sampled_from(SEATS), st.sampled_from(SEATS), st.sampled_from(BIDS))
def test_random_legal_plays_reach_the_end_by_the_rules(data, seed, dealer, declarer, bid):
    deal = random_deal(random.Random(seed))
    calls = ["P"] * ((SEATS.index(declarer) - SEATS.index(dealer)) % 4) + [bid, "P", "P", "P"]
    state = replay(deal, dealer, "All", calls)
    assert (state.contract, state.declarer) == (bid, declarer)
    dummy, trump = rules.seat_after(declarer, 2), state.trump
    dealt = {seat: set(state.hand(seat)) for seat in SEATS}
    cards: list[str] = []
    trick: list[tuple[str, str]] = []
    tricks, leader = [], rules.seat_after(declarer)
    while state.phase != DONE:
        seat = state.turn
        assert seat == (rules.seat_after(trick[-1][0]) if trick else leader)
        holding = dealt[seat] - set(cards)
        assert set(state.remaining(seat)) == holding
        legal = legal_cards(state)
        following = {c for c in holding if trick and c[0] == trick[0][1][0]}
        assert set(legal) == (following or holding)
        check_what_each_seat_sees(state, cards, dealt)
        other = data.draw(st.sampled_from(ALL_CARDS), label="any card")
        if other not in legal:
            with pytest.raises(IllegalAction):
                play_card(state, seat, other, by=state.actor)
        card = data.draw(st.sampled_from(legal), label="card")
        if seat == dummy:
            with pytest.raises(IllegalAction, match="Dummy's cards are played by declarer"):
                play_card(state, seat, card)
        after = play_card(state, seat, card, by=declarer if seat == dummy else seat)
        assert undo(after) == state
        state = after
        cards.append(card)
        trick.append((seat, card))
        if len(trick) == 4:
            leader = rules.trick_winner(trick, trump)
            tricks.append((tuple(trick), leader))
            trick = []
        assert state.current_trick == trick
    assert sorted(cards) == sorted(ALL_CARDS) and len(tricks) == 13
    assert state.tricks == [t for t, _ in tricks]
    won = sum(1 for _, winner in tricks if rules.partners(winner, declarer))
    ours, theirs = ("NS", "EW") if declarer in "NS" else ("EW", "NS")
    assert state.tricks_won == {ours: won, theirs: 13 - won}
    assert state.score == duplicate_score(bid, declarer, "All", won)
    assert legal_cards(state) == [] and state.turn is None
    check_what_each_seat_sees(state, cards, dealt)
    with pytest.raises(IllegalAction, match="The board is over"):
        play_card(state, declarer, "SA")


# What each seat sees


def check_what_each_seat_sees(state: BoardState, cards: list[str], dealt: dict[str, set[str]]) -> None:
    """Own cards; dummy's after the lead; declarer's while a claim waits; all at the end."""
    for viewer in (*SEATS, None):
        seen = visible_hands(state, viewer)
        if state.phase == DONE:
            assert {seat: set(hand) for seat, hand in seen.items()} == dealt
            continue
        allowed = {viewer} if viewer else set()
        if cards:
            allowed.add(state.dummy)
        if state.phase == CLAIM_PENDING:
            allowed.add(state.declarer)
        assert set(seen) == allowed
        for seat, hand in seen.items():
            assert set(hand) == dealt[seat] - set(cards)


def test_before_the_lead_each_seat_sees_its_own_hand_only():
    for state in (new_board(DEAL, "N"), three_nt_by_south()):
        for seat in SEATS:
            assert visible_hands(state, seat) == {seat: state.hand(seat)}
        assert visible_hands(state, None) == {}


def test_after_the_lead_everyone_sees_dummy():
    state = played(three_nt_by_south(), "HQ", "HK")
    north = ["SJ", "S4", "HJ", "H7", "H3", "H2", "D7", "CQ", "C9", "C8", "C6", "C2"]
    assert visible_hands(state, None) == {"N": north}
    assert visible_hands(state, "N") == {"N": north}
    assert visible_hands(state, "W") == {"N": north, "W": state.remaining("W")}
    assert visible_hands(state, "E") == {"N": north, "E": state.remaining("E")}
    assert visible_hands(state, "S") == {"N": north, "S": state.remaining("S")}
    assert "HQ" not in visible_hands(state, "W")["W"]


def test_a_viewer_that_is_no_seat_sees_what_an_onlooker_sees():
    state = played(three_nt_by_south(), "HQ")
    for viewer in ("", "NS", "x"):
        assert visible_hands(state, viewer) == visible_hands(state, None)


def test_a_claim_shows_declarers_hand_to_all_while_it_waits():
    state = claim(played(three_nt_by_south(), "HQ"), "S", 8)
    for viewer in (*SEATS, None):
        assert visible_hands(state, viewer)["S"] == state.remaining("S")
    assert "E" not in visible_hands(state, "W") and "W" not in visible_hands(state, "E")
    state = reject_claim(state, "E")
    assert "S" not in visible_hands(state, "W") and "S" not in visible_hands(state, None)


def test_at_the_end_all_four_hands_are_shown_as_dealt():
    state = accept_claim(accept_claim(claim(played(three_nt_by_south(), "HQ"), "S", 8), "W"), "E")
    for viewer in (*SEATS, None):
        assert visible_hands(state, viewer) == {seat: state.hand(seat) for seat in SEATS}


# Claims


def test_a_claim_accepted_by_both_defenders_ends_the_board():
    state = played(three_nt_by_south(), "HQ", "HK", "H9", "H4", "D7")
    state = claim(state, "S", 9)
    assert (state.phase, state.turn, state.claim) == (CLAIM_PENDING, None, Claim(9))
    with pytest.raises(IllegalAction, match="while a claim is pending"):
        play_card(state, "E", "DK")
    state = accept_claim(state, "W")
    assert state.phase == CLAIM_PENDING
    with pytest.raises(IllegalAction, match="West has already accepted the claim"):
        accept_claim(state, "W")
    state = accept_claim(state, "E")
    assert state.phase == DONE
    assert state.tricks_won == {"NS": 10, "EW": 3} and state.declarer_tricks == 10
    assert state.score == 630


def test_one_rejection_resumes_play():
    state = played(three_nt_by_south(), "HQ", "HK")
    state = reject_claim(accept_claim(claim(state, "S", 11), "W"), "E")
    assert (state.phase, state.claim, state.turn) == (PLAY, None, "E")
    assert played(state, "H9").cards == ("HQ", "HK", "H9")


@pytest.mark.parametrize(
    "seat, tricks, message",
    [
        ("N", 5, "Only declarer can claim"),
        ("W", 5, "Only declarer can claim"),
        ("S", 14, "You can claim from 0 to 13 tricks"),
        ("S", -1, "You can claim from 0 to 13 tricks"),
    ],
)
def test_only_declarer_claims_and_only_what_is_left(seat, tricks, message):
    state = played(three_nt_by_south(), "HQ")
    with pytest.raises(IllegalAction, match=f"^{message}$"):
        claim(state, seat, tricks)


def test_a_claim_of_none_or_of_every_trick_left():
    state = played(three_nt_by_south(), "HQ", "HK", "H9", "H4")
    for tricks, ns in ((0, 1), (12, 13)):
        done = accept_claim(accept_claim(claim(state, "S", tricks), "E"), "W")
        assert done.tricks_won == {"NS": ns, "EW": 13 - ns}
    with pytest.raises(IllegalAction, match="from 0 to 12 tricks"):
        claim(state, "S", 13)


def test_claims_wait_for_the_lead_and_only_defenders_answer():
    with pytest.raises(IllegalAction, match="once the opening lead"):
        claim(three_nt_by_south(), "S", 9)
    with pytest.raises(IllegalAction, match="before the auction is over"):
        claim(new_board(DEAL, "N"), "N", 9)
    state = played(three_nt_by_south(), "HQ")
    with pytest.raises(IllegalAction, match="There is no claim to accept"):
        accept_claim(state, "E")
    state = claim(state, "S", 9)
    with pytest.raises(IllegalAction, match="^You cannot claim while a claim is pending$"):
        claim(state, "S", 10)
    for seat in ("N", "S"):
        with pytest.raises(IllegalAction, match="Only a defender can accept a claim"):
            accept_claim(state, seat)
        with pytest.raises(IllegalAction, match="Only a defender can reject a claim"):
            reject_claim(state, seat)


@settings(RANDOM)
@given(st.data(), st.integers(0, 2**32 - 1), st.sampled_from(BIDS), st.integers(1, 51))
def test_random_claims_settle_all_thirteen_tricks(data, seed, bid, cards_before):
    state = replay(random_deal(random.Random(seed)), "N", "NS", [bid, "P", "P", "P"])
    for _ in range(cards_before):
        state = play_card(state, state.turn, data.draw(st.sampled_from(legal_cards(state))), by=state.actor)
    won_so_far, left = state.tricks_won["NS"], 13 - len(state.tricks)
    tricks = data.draw(st.integers(0, left), label="claimed")
    pending = claim(state, "N", tricks)
    dealt = {seat: set(state.hand(seat)) for seat in SEATS}
    check_what_each_seat_sees(pending, list(state.cards), dealt)
    with pytest.raises(IllegalAction):
        undo(pending)
    if data.draw(st.booleans(), label="rejected"):
        assert reject_claim(accept_claim(pending, "E"), "W") == state
        return
    done = accept_claim(accept_claim(pending, "W"), "E")
    assert done.phase == DONE and done.declarer_tricks == won_so_far + tricks
    assert sum(done.tricks_won.values()) == 13
    assert replay(done.deal, "N", "NS", [bid, "P", "P", "P"], done.cards, done.claim) == done


# Undo


def test_undo_takes_back_the_last_card_then_the_last_call():
    state = played(three_nt_by_south(), "HQ")
    state = undo(state)
    assert (state.phase, state.cards) == (OPENING_LEAD, ())
    state = undo(state)
    assert state.phase == AUCTION and state.turn == "W" and len(state.calls) == 7
    assert undo(called(new_board(DEAL, "N"), "1C")) == new_board(DEAL, "N")
    with pytest.raises(IllegalAction, match="There is nothing to undo"):
        undo(new_board(DEAL, "N"))


def test_undo_takes_back_the_card_that_ended_a_trick_and_the_last_card_of_the_board():
    state = played(three_nt_by_south(), "HQ", "HK", "H9", "H4")
    back = undo(state)
    assert back.tricks == [] and back.current_trick == [("W", "HQ"), ("N", "HK"), ("E", "H9")]
    assert back.turn == "S" and back.tricks_won == {"NS": 0, "EW": 0}


def test_undo_leaves_a_claim_alone():
    state = played(three_nt_by_south(), "HQ")
    pending = claim(state, "S", 9)
    with pytest.raises(IllegalAction, match="must be answered"):
        undo(pending)
    with pytest.raises(IllegalAction):
        undo(accept_claim(accept_claim(pending, "E"), "W"))
    assert undo(reject_claim(pending, "W")) == undo(state)


# Starting and rebuilding a board


def test_a_stored_board_is_rebuilt_and_checked_again():
    calls = [Call("P"), Call("P"), Call("1NT", True, "15-17"), "P", "3NT", "P", "P", "P"]
    step = make_call(called(new_board(DEAL, "N", "NS"), "P", "P"), "S", "1NT", alert=True, explanation="15-17")
    step = played(called(step, "P", "3NT", "P", "P", "P"), "HQ", "HK")
    assert replay(DEAL, "N", "NS", calls, ["HQ", "HK"]) == step
    with pytest.raises(IllegalAction, match="is not above"):
        replay(DEAL, "N", "NS", ["1NT", "1C"])
    with pytest.raises(IllegalAction, match="You must follow suit"):
        replay(DEAL, "N", "NS", calls, ["HQ", "C2"])


@pytest.mark.parametrize(
    "deal, dealer, vul",
    [
        (DEAL, "X", "None"),
        (DEAL, "N", "Both"),
        (DEAL.replace("J4.", "4J."), "N", "None"),  # not canonical
        (DEAL.replace("N:", "E:"), "N", "None"),
        (DEAL.rsplit(" ", 1)[0], "N", "None"),  # West left out
        (DEAL.replace("J4", "JA"), "N", "None"),  # the ace of spades twice
    ],
)
def test_a_board_starts_only_from_a_canonical_deal_dealer_and_vulnerability(deal, dealer, vul):
    with pytest.raises(ValueError):
        new_board(deal, dealer, vul)
