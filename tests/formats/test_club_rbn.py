"""RBN and RBX, Richard Pavlicek's notation: BridgeData's files checked against the LIN they
were made from, and hand-made records for the labels, their inheritance and each problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.bridge.rules import Call
from games.formats import read_decks
from games.formats.club.machine import ROTATION_NOTE
from games.formats.club.rbn import OTHER_TABLE, elements

FILES = Path(__file__).resolve().parent / "club_files"
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures_upload"
# West, North, East; South holds the rest.
HANDS = "W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:"
DEAL = "N:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"
OTHER_HANDS = "N:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:"


def rbn(*records: str) -> bytes:
    return ("% RBN 3.2\n" + "\n\n".join(r.strip("\n") for r in records) + "\n").encode()


def one(*records: str):
    result = read_decks(rbn(*records), "x.rbn")
    assert result.format == "rbn"
    return result


def test_a_rank_alone_follows_the_suit_led_not_the_card_before():
    """As BridgeData writes it: 'C8S56Q' is C8, S5 (a discard), C6, CQ."""
    plays = read_decks(rbn(f"B 1\nH {HANDS}\nP C8S56Q")).decks[0].play
    assert plays == (("C8", "S5", "C6", "CQ"),)


def test_heading_labels_repeat_into_later_records_and_the_others_do_not():
    result = one("E Club night\nD 20240312\nF M", f"B 1\nH {HANDS}\nA NZ:1SP2SP:4SA\nR 10", f"B 2\nH {OTHER_HANDS}")
    first, second = result.decks
    assert dict(first.tags) == {"Event": "Club night", "Date": "2024.03.12", "RbnScoring": "M"}
    assert dict(second.tags) == dict(first.tags)
    assert second.auction == () and second.result == "" and (second.dealer, second.vul) == (None, None)


def test_a_label_stated_with_no_data_stops_repeating():
    result = one(f"E Club night\nB 1\nH {HANDS}", f"E\nB 2\nH {OTHER_HANDS}")
    assert dict(result.decks[1].tags).get("Event") is None


def test_the_other_table_is_a_deck_of_its_own_with_its_record():
    result = one(
        f"N a+b:c+d:O\nB 1\nH {HANDS}\nA NZ:1SP2SP:4SA\nC 4S:N\nR 10",
        "N e+f:g+h:C\nA NZ:1SP2SP:3SA\nC 3S:N\nP SA234:H2\nR 9",
    )
    first, other = result.decks
    assert (first.board, first.contract, first.result, first.play, first.notes) == ("1", "4S", "10", (), ())
    assert dict(first.players) == {"N": "a", "S": "b", "W": "c", "E": "d"} and ("Room", "Open") in first.tags
    assert (other.deal, other.board, other.index, other.line) == (DEAL, "1", 1, 9)
    assert (other.dealer, other.vul, other.contract, other.declarer, other.result) == ("N", "None", "3S", "N", "9")
    assert [c.call for c in other.auction] == ["1S", "P", "2S", "P", "3S", "P", "P", "P"]
    assert other.play == (("SA", "S2", "S3", "S4"), ("H2",))
    assert dict(other.players) == {"N": "e", "S": "f", "W": "g", "E": "h"} and ("Room", "Closed") in other.tags
    assert other.notes == (OTHER_TABLE,) and other.source == "N e+f:g+h:C\nA NZ:1SP2SP:3SA\nC 3S:N\nP SA234:H2\nR 9"
    assert result.notes[-1] == (
        "1 record of other tables (no B or H) is a deck of its own, with the board and deal of the record before it"
    )


def test_other_tables_keep_the_heading_in_force_and_follow_the_board_when_they_state_no_dealer():
    result = one(f"E Club teams\nN a+b:c+d\nB 2\nH {HANDS}\nA EN:1SA", "R 7", "C 2S:E")
    assert [(d.board, d.deal, d.effective_dealer, d.effective_vul) for d in result.decks] == [
        ("2", DEAL, "E", "NS")
    ] * 3
    assert all(("Event", "Club teams") in d.tags and dict(d.players)["N"] == "a" for d in result.decks)
    assert [(d.result, d.contract, d.auction != ()) for d in result.decks] == [
        ("", "", True),
        ("7", "", False),
        ("", "2S", False),
    ]


def test_a_team_match_file_gives_a_deck_for_each_table():
    """tests/fixtures_upload/two_tables.rbn: boards 1 and 2, each at the open and the closed room."""
    result = read_decks(FIXTURES.joinpath("two_tables.rbn").read_bytes(), "two_tables.rbn")
    assert result.problems == []
    decks = result.decks
    assert [(d.board, d.line, d.index) for d in decks] == [("1", 10, 0), ("1", 16, 1), ("2", 23, 2), ("2", 28, 3)]
    assert decks[0].deal == decks[1].deal != decks[2].deal == decks[3].deal
    assert [dict(d.tags)["Room"] for d in decks] == ["Open", "Closed", "Open", "Closed"]
    assert [dict(d.players)["N"] for d in decks] == ["Ann", "Eve", "Ann", "Eve"]
    assert [(d.contract, d.declarer, d.result) for d in decks] == [
        ("3NT", "N", "9"),
        ("3NT", "N", "10"),
        ("4S", "E", "10"),
        ("4S", "E", "9"),
    ]
    assert [len(d.play) for d in decks] == [2, 0, 0, 0]
    assert [d.notes for d in decks] == [(), (OTHER_TABLE,), (), (OTHER_TABLE,)]


def test_a_new_board_without_hands_repeats_the_hands_before():
    result = one(f"B 1\nH {HANDS}", "B 2\nA NZ:A")
    assert [(d.board, d.deal) for d in result.decks] == [("1", DEAL), ("2", DEAL)]


def test_new_hands_without_a_board_keep_the_board_before():
    result = one(f"B 7\nH {HANDS}", f"H {OTHER_HANDS}")
    assert [d.board for d in result.decks] == ["7", "7"] and result.decks[0].deal != result.decks[1].deal


def test_decks_without_an_auction_follow_the_board_number_and_the_preview_says_so():
    result = one(f"B 1\nH {HANDS}", f"B 2\nH {OTHER_HANDS}")
    assert result.notes[0] == ROTATION_NOTE
    assert result.decks[1].effective_vul == "NS"


def test_when_some_records_state_dealer_and_vulnerability_the_note_counts_the_others():
    result = one(f"B 1\nH {HANDS}\nA NB:1SP2SP:4SA", f"B 2\nH {OTHER_HANDS}")
    assert (result.decks[0].dealer, result.decks[0].vul) == ("N", "All")
    assert result.notes[0].startswith("dealer and vulnerability follow the board numbers for the 1 decks")


@pytest.mark.parametrize(
    ("auction", "dealer", "vul", "calls"),
    [
        ("NZ:1SP2SP:4SA", "N", "None", ["1S", "P", "2S", "P", "4S", "P", "P", "P"]),
        ("EN:A", "E", "NS", ["P", "P", "P", "P"]),
        ("SE:P1NX:RA", "S", "EW", ["P", "1NT", "X", "XX", "P", "P", "P"]),
        ("WB:1C", "W", "All", ["1C"]),
        ("N?:1H", "N", None, ["1H"]),
        ("1SP2SP:4SA", "W", None, ["1S", "P", "2S", "P", "4S", "P", "P", "P"]),  # no prefix: West deals
        ("sz:1dp:", "S", "None", ["1D", "P"]),
        ("NZ:1SP2SY", "N", "None", ["1S", "P", "2S"]),  # "your call": a bidding problem
    ],
)
def test_auctions(auction, dealer, vul, calls):
    deck = one(f"B 1\nH {HANDS}\nA {auction}").decks[0]
    assert (deck.dealer, deck.vul, [c.call for c in deck.auction]) == (dealer, vul, calls)
    assert deck.auction_first == dealer


def test_an_auction_without_its_prefix_and_without_calls_states_no_dealer():
    deck = one(f"B 1\nH {HANDS}\nA ").decks[0]
    assert (deck.dealer, deck.auction) == (None, ())


def test_alerts_and_notes():
    deck = one(f"B 1\nH {HANDS}\nA NZ:1N^12C*P2D^2:PPP\n1 15-17\n2 hearts").decks[0]
    assert deck.auction[:4] == (Call("1NT", True, "15-17"), Call("2C", True), Call("P"), Call("2D", True, "hearts"))
    assert deck.auction[4:] == (Call("P"),) * 3


def test_a_vulnerability_that_is_not_one_is_noted():
    deck = one(f"B 1\nH {HANDS}\nA NQ:1SA").decks[0]
    assert deck.dealer == "N" and deck.vul is None
    assert "vulnerability 'Q' in the auction is not Z, N, E, B or ?: not stated" in deck.notes


def test_a_call_that_is_not_one_keeps_the_auction_up_to_it():
    deck = one(f"B 1\nH {HANDS}\nA NZ:1S8H").decks[0]
    assert [c.call for c in deck.auction] == ["1S"]
    assert "'8' in the auction is not a call: the auction is kept up to it" in deck.notes


@pytest.mark.parametrize(
    ("contract", "expected"),
    [
        ("4HX:S", ("4HX", "S")),
        ("3NR:N", ("3NTXX", "N")),
        ("6S:E", ("6S", "E")),
        ("P", ("Pass", "")),
        ("7C", ("7C", "")),
    ],
)
def test_contracts(contract, expected):
    deck = one(f"B 1\nH {HANDS}\nC {contract}").decks[0]
    assert (deck.contract, deck.declarer) == expected


def test_a_contract_that_is_not_one_is_noted():
    deck = one(f"B 1\nH {HANDS}\nC 8Z:N").decks[0]
    assert deck.contract == "" and "contract '8Z:N' is not understood: left out" in deck.notes


@pytest.mark.parametrize(("result", "tricks"), [("10+620", "10"), ("9-100:+5", "9"), ("P", ""), ("13", "13")])
def test_results_keep_declarers_tricks(result, tricks):
    assert one(f"B 1\nH {HANDS}\nR {result}").decks[0].result == tricks


def test_a_trick_that_cannot_be_read_keeps_the_play_up_to_it():
    deck = one(f"B 1\nH {HANDS}\nP SA234:HZ").decks[0]
    assert deck.play == (("SA", "S2", "S3", "S4"),)
    assert "trick 2 of the play 'HZ' cannot be read: the play is kept up to it" in deck.notes


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ("W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:63.AQJ87.5.AKQ74", None),  # all four
        ("W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98", None),  # the fourth left out
        ("W:82.KT652.JT6.J53;A95.4.AKQ432.T62;KQJT74.93.987.98:", None),  # hidden, but given
        ("W:82.KT652.JT6.J53:A95.4.AKQ432.T62::", "East and South are not given: a deck needs at least three hands"),
        ("W:82.KT652.JT6.Jxx:A95.4.AKQ432.T62:KQJT74.93.987.98:", "West's hand '82.KT652.JT6.Jxx' has unknown cards"),
        (
            "W:82.KT652.JT6:A95.4.AKQ432.T62:KQJT74.93.987.98:",
            "West's hand: hand '82.KT652.JT6' does not have four suits",
        ),
        ("X:82.KT652.JT6.J53", "does not start with a seat (N, E, S or W) and a colon"),
        ("W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:6.A.5.A:", "5 hands are given: a deal has four"),
    ],
)
def test_hands(hands, message):
    result = one(f"B 3\nH {hands}")
    if message is None:
        assert [d.deal for d in result.decks] == [DEAL] and result.problems == []
    else:
        assert result.decks == []
        (problem,) = result.problems
        assert problem.board == "3" and problem.line == 3 and message in problem.message
        assert problem.message.startswith("board 3: ")


def test_the_other_table_of_hands_that_could_not_be_read_is_not_reported_twice():
    result = one("B 1\nH W:x:y:z:", "A NZ:1SA")
    assert len(result.problems) == 1


def test_an_auction_before_any_hands_is_a_problem():
    result = one("E Club night", "B 1\nA NZ:1SA")
    assert result.decks == []
    assert result.problems[0].kind == "no_deal"
    assert "no hands (H)" in result.problems[0].message


def test_free_text_in_braces_may_hold_blank_lines():
    result = one(f"B 1\nH {HANDS}\n{{A note\n\nover lines}}\nA NZ:1SA")
    assert len(result.decks) == 1 and [c.call for c in result.decks[0].auction] == ["1S", "P", "P", "P"]


def test_odd_lines_and_repeated_labels_are_noted():
    result = one(f"B 1\nH {HANDS}\nXY nonsense\nQ what\nB 2")
    assert result.decks[0].board == "1"
    assert "line 4: 'XY nonsense' is not a label and its data: read past" in result.notes
    assert "line 5: 'Q' is not an RBN label: read past" in result.notes
    assert "line 6: a second B in one record: the first is kept" in result.notes


def test_crlf_and_a_bom():
    data = b"\xef\xbb\xbf" + rbn(f"B 1\nH {HANDS}").replace(b"\n", b"\r\n")
    assert [d.deal for d in read_decks(data).decks] == [DEAL]


def test_an_rbn_without_its_first_line_is_recognised_by_its_labels():
    result = read_decks(f"B 1\nH {HANDS}\n".encode(), "deals.txt")
    assert result.format == "rbn" and len(result.decks) == 1


def test_the_source_of_a_deck_is_its_record():
    assert one(f"B 1\nH {HANDS}\nA NZ:1SA").decks[0].source == f"B 1\nH {HANDS}\nA NZ:1SA"


# --- RBX ------------------------------------------------------------------------------------


def test_rbx_reads_a_record_a_line():
    data = ("%{RBX 3.2}%{a comment}E{Club}\nB{1}H{" + HANDS + "}A{NZ:1SA}\nB{2}H{" + OTHER_HANDS + "}\n").encode()
    result = read_decks(data, "x.txt")
    assert result.format == "rbx" and [d.board for d in result.decks] == ["1", "2"]
    assert dict(result.decks[1].tags)["Event"] == "Club"


def test_rbx_elements_with_bridgedatas_note_inside_the_auction():
    found, other = elements("A{EZ:1HP3C^1P:4HA1{jacoby 2N}C{4H:E}")
    assert found == [("A", "EZ:1HP3C^1P:4HA"), ("1", "jacoby 2N"), ("C", "4H:E")] and other == ""


@pytest.mark.parametrize(
    ("line", "found", "other"),
    [
        ("B{1} junk H{x}", [("B", "1"), ("H", "x")], " junk "),
        ("B{1}H{x", [("B", "1"), ("H", "x")], "H{x"),
        ("B{1}{{{", [("B", "1")], "{{{"),
        ("b{1}", [], "b{1}"),
    ],
)
def test_rbx_text_that_is_not_an_element_is_found(line, found, other):
    assert elements(line) == (found, other)


def test_rbx_text_outside_elements_is_noted_and_the_record_still_read():
    data = ("%{RBX}\nB{1}junk H{" + HANDS + "}\n").encode()
    result = read_decks(data)
    assert len(result.decks) == 1
    assert any("is not an RBX element like E{…}: read past" in note for note in result.notes)


@pytest.mark.parametrize(
    ("auction", "calls"),
    [
        ("NZ:PPPP1SA", ["P", "P", "P", "P", "1S", "P", "P", "P"]),  # bids after a pass-out: A cannot end it
        ("NZ:XA", ["X", "P", "P", "P", "P"]),
        ("NZ:1SPPPA", ["1S", "P", "P", "P"]),
    ],
)
def test_all_pass_adds_at_most_the_passes_that_end_an_auction(auction, calls):
    deck = one(f"B 1\nH {HANDS}\nA {auction}").decks[0]
    assert [c.call for c in deck.auction] == calls
