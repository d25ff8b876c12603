"""The record a Join table shows after the reveal: auction rows, notes, tricks (no database)."""

from __future__ import annotations

from games.presentation.join_record import Bid, build_record

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"


def calls(*texts: str) -> list[dict]:
    return [{"call": t, "alert": False, "explanation": ""} for t in texts]


def test_it_is_none_without_an_auction_or_a_play():
    assert build_record(deal=DEAL, dealer="N") is None


def test_the_auction_starts_under_the_first_caller_in_west_north_east_south_columns():
    record = build_record(deal=DEAL, dealer="E", auction=calls("1H", "P", "2C", "P", "P", "P"))
    assert record.columns == "WNES"
    first = record.auction[0]
    assert first[:2] == (None, None)  # East calls first: West and North are blank
    assert first[2] == Bid("1", "H") and first[3] == Bid("Pass")
    assert record.auction[1] == (Bid("2", "C"), Bid("Pass"), Bid("Pass"), Bid("Pass"))


def test_the_auction_first_seat_wins_over_the_dealer():
    record = build_record(deal=DEAL, dealer="N", auction_first="S", auction=calls("1NT"))
    assert record.auction[0] == (None, None, None, Bid("1", "NT"))


def test_explanations_become_numbered_notes_and_mark_the_call_alerted():
    auction = [
        {"call": "1C", "alert": True, "explanation": "2+ clubs"},
        {"call": "X", "alert": False, "explanation": ""},
        {"call": "2NT", "alert": False, "explanation": "<b>inv</b>"},
    ]
    record = build_record(deal=DEAL, dealer="W", auction=auction)
    row = record.auction[0]
    assert row[0] == Bid("1", "C", alert=True, note=1)
    assert row[1] == Bid("Dbl")
    assert row[2] == Bid("2", "NT", alert=True, note=2)
    assert record.notes == ((1, "2+ clubs"), (2, "<b>inv</b>"))


def test_the_contract_and_declarer_come_from_the_auction_when_the_file_gives_none():
    # N 1H, E P, S 2H, W X, N 4H, E P, S P, W P: North first named hearts for N-S.
    record = build_record(deal=DEAL, dealer="N", auction=calls("1H", "P", "2H", "X", "4H", "P", "P", "P"))
    assert record.contract == Bid("4", "H") and record.declarer == "N"


def test_a_stated_contract_and_declarer_win_over_the_auction():
    record = build_record(deal=DEAL, dealer="N", auction=calls("1H", "P", "P", "P"), contract="3NTX", declarer="S")
    assert record.contract == Bid("3", "NT", "X") and record.declarer == "S"


def test_each_card_is_placed_under_the_seat_that_held_it_and_the_winner_is_marked():
    # Hearts trumps, declarer North: East leads the club ace, South ruffs? South has clubs;
    # trick 1: E CA, S C4, W C3, N C2 -> East wins. Trick 2: E D2, S DQ, W DA, N D7 -> West.
    record = build_record(
        deal=DEAL,
        dealer="N",
        auction=calls("4H", "P", "P", "P"),
        play=[["CA", "C4", "C3", "C2"], ["D2", "DQ", "DA", "D7"]],
    )
    first, second = record.tricks
    cells = dict(zip(record.columns, first.cells))
    assert cells["E"].lead and cells["E"].wins and first.winner == "E"
    assert (cells["N"].suit, cells["N"].rank) == ("C", "2")
    assert second.winner == "W"


def test_a_trump_beats_the_suit_led():
    # Spades trumps: N leads HK, E H9, S HA, W S5 (West has no... West holds QT85 hearts,
    # so use a made-up legal-enough trick; only the winner rule is tested here).
    record = build_record(
        deal=DEAL,
        dealer="N",
        contract="2S",
        declarer="N",
        auction=calls("2S", "P", "P", "P"),
        play=[["HK", "H9", "HA", "S5"]],
    )
    assert record.tricks[0].winner == "W"


def test_the_ten_reads_10_and_an_unfinished_trick_has_no_winner():
    record = build_record(deal=DEAL, dealer="N", contract="3NT", declarer="S", play=[["ST", "S6"]])
    trick = record.tricks[0]
    assert trick.winner == ""
    assert [c.rank for c in trick.cells if c] == ["6", "10"]  # columns W N E S: West's S6, South's ST


def test_cards_not_in_the_deal_are_left_out_rather_than_guessed():
    record = build_record(deal=DEAL, dealer="N", contract="3NT", play=[["S?", "ZZ"]])
    assert record.tricks == ()


def test_the_claim_and_result_are_kept():
    record = build_record(deal=DEAL, dealer="N", auction=calls("1NT", "P", "P", "P"), claim=9, result="9")
    assert record.claim == 9 and record.result == "9"
    assert record.contract == Bid("1", "NT") and record.declarer == "N"
