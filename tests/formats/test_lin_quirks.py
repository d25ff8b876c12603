"""The LIN reader, one quirk a test, each with its error path (formats.md)."""

from __future__ import annotations

import random
import time
from urllib.parse import quote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bridge.rules import Call
from games.formats.decode import decode
from games.formats.handviewer import looks_like_handviewer, read_handviewer
from games.formats.lin import E_INFERRED, MD0_REASON, UNORDERED, parse_lin, read_lin
from games.formats.lin import reader as lin_reader
from games.formats.model import Deck
from games.formats.writers import write_lin
from tests.builders.decks import full_decks, plain_lin

# Trickster's first deck (hands South, West, North, East) and its canonical text.
S, W, N, E = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7", "ST4HAQ76DAT85CK93"
DEAL = "N:32.K943.KJ9.QJT7 T4.AQ76.AT85.K93 A75.JT5.Q742.A85 KQJ986.82.63.642"
# The same hands written the BBO way: ranks low to high.
S_UP, W_UP, N_UP = "S57AH5TJD247QC58A", "S689JQKH28D36C246", "S23H349KD9JKC7TJQ"


def read_one(text: str) -> Deck:
    decks, problems, _ = read_lin(text)
    assert problems == []
    assert len(decks) == 1
    return decks[0]


def only_problem(text: str):
    decks, problems, _ = read_lin(text)
    assert decks == []
    assert len(problems) == 1
    assert problems[0].kind == "invalid_deal"
    return problems[0]


def test_board_spans_lines():
    deck = read_one(f"qx|o1|\nmd|1{S},\n{W},\n{N},|\nah|Board\n1|\nsv|o|\npg||\n")
    assert (deck.deal, deck.board, deck.line, deck.dealer) == (DEAL, "1", 2, "S")


def test_board_spans_lines_bad_card_reports_the_md_line():
    problem = only_problem(f"qx|o1|\n\nmd|1{S},\n{W},\n{N[:-1]}X|\nah|Board 1|")
    assert problem.line == 3 and problem.board == "1" and problem.index == 0
    assert problem.message == "board 1: 'X' is not a card rank (in North's hand 'S32HK943DKJ9CQJTX')"


def test_many_boards_on_one_line():
    md = f"{S},{W},{N}"
    decks, problems, _ = read_lin(f"md|1{md}|ah|Board 1|md|2{md}|ah|Board 2|md|3{md}|ah|Board 3|")
    assert problems == []
    assert [(d.index, d.line, d.board, d.dealer) for d in decks] == [
        (0, 1, "1", "S"),
        (1, 1, "2", "W"),
        (2, 1, "3", "N"),
    ]


def test_many_boards_on_one_line_a_duplicate_card_skips_only_its_board():
    good, twice = f"{S},{W},{N}", f"{S},SA{W[1:]},{N}"
    decks, problems, _ = read_lin(f"md|1{good}|ah|Board 1|md|2{twice}|ah|Board 2|md|3{good}|ah|Board 3|")
    assert [d.board for d in decks] == ["1", "3"]
    assert [(p.index, p.board, p.message) for p in problems] == [
        (1, "2", "board 2: the ace of spades is in both South and West"),
    ]


def test_dealer_digit_4_is_east():
    assert read_one(f"md|4{S},{W},{N}|").dealer == "E"


def test_dealer_digit_out_of_range_is_not_stated():
    deck = read_one(f"md|7{S},{W},{N}|")
    assert deck.dealer is None
    assert "dealer digit '7' is not 1-4; dealer not stated" in deck.notes


def test_missing_dealer_digit_is_not_stated():
    deck = read_one(f"md|{S},{W},{N}|")
    assert deck.dealer is None and deck.effective_dealer == "S"


def test_missing_dealer_digit_with_no_hands_is_refused():
    problem = only_problem("md|3|ah|Board 5|")
    assert problem.message == "board 5: md gives no hands"


def test_empty_md_is_refused():
    assert only_problem("md|3,,,|").message == "deal 1 (line 1): md gives no hands"


@pytest.mark.parametrize("md", [f"1{S},{W},{N}", f"1{S},{W},{N},"])
def test_three_hand_md_infers_east(md):
    deck = read_one(f"md|{md}|")
    assert deck.deal == DEAL and deck.notes == (E_INFERRED,)


def test_three_hand_md_needs_three_hands():
    problem = only_problem(f"md|1{S},{W}|")
    assert "only two hands" in problem.message


def test_four_hand_md():
    deck = read_one(f"md|1{S},{W},{N},{E}|")
    assert deck.deal == DEAL and deck.notes == ()


def test_four_hand_md_with_a_card_twice():
    east = E.replace("ST4", "SA4")
    problem = only_problem(f"md|1{S},{W},{N},{east}|ah|Board 9|")
    assert problem.message == "board 9: the ace of spades is in both East and South"


def test_void_keeps_bare_suit_letter():
    suit = "AKQJT98765432"
    deck = read_one(f"md|1S{suit}HDC,SH{suit}DC,SHD{suit}C|")
    assert deck.deal == f"N:..{suit}. ...{suit} {suit}... .{suit}.."


def test_void_a_suit_given_twice_is_refused():
    problem = only_problem(f"md|1SAHSK,{W},{N}|")
    assert "spades are given twice in South's hand 'SAHSK'" in problem.message


def test_hand_without_a_suit_letter_is_refused():
    problem = only_problem(f"md|3QJT,{W},{N}|ah|Board 2|")
    assert problem.message == "board 2: 'Q' comes before any suit letter in South's hand 'QJT'"


def test_ranks_in_any_order():
    deck = read_one(f"md|1{S_UP},{W_UP},{N_UP}|")
    assert deck.deal == DEAL and deck.notes == (E_INFERRED, UNORDERED)


def test_ranks_in_any_order_but_not_twice():
    problem = only_problem(f"md|1SAA5HJT5DQ742CA85,{W},{N}|ah|Board 2|")
    assert problem.message == "board 2: the ace of spades is written twice in South's hand 'SAA5HJT5DQ742CA85'"


def test_ten_written_as_10():
    assert read_one(f"md|1{S},{W},S32HK943DKJ9CQJ107|").deal == DEAL


def test_ten_written_as_1_alone_is_not_a_rank():
    problem = only_problem(f"md|1{S},{W},S32HK943DKJ9CQJ17|")
    assert "'1' is not a card rank" in problem.message


def test_lower_case_cards():
    deck = read_one(f"md|1{S.lower()},{W.lower()},{N.lower()}|pc|d2|pc|dA|pc|D10|pc|dk|")
    assert deck.deal == DEAL
    assert deck.play == (("D2", "DA", "DT", "DK"),)


def test_lower_case_cards_a_bad_rank():
    problem = only_problem(f"md|1{S.lower()},{W.lower()},{N.lower()[:-1]}x|")
    assert "'X' is not a card rank" in problem.message


@pytest.mark.parametrize(
    ("sv", "vul"),
    [
        ("o", "None"),
        ("O", "None"),
        ("0", "None"),
        ("-", "None"),
        ("", "None"),
        ("n", "NS"),
        ("N", "NS"),
        ("e", "EW"),
        ("E", "EW"),
        ("b", "All"),
        ("B", "All"),
        (" b ", "All"),
    ],
)
def test_sv_variants(sv, vul):
    assert read_one(f"md|1{S},{W},{N}|sv|{sv}|").vul == vul


def test_sv_unknown_is_not_stated():
    deck = read_one(f"md|1{S},{W},{N}|sv|z|ah|Board 4|")
    assert deck.vul is None and deck.effective_vul == "All"
    assert "vulnerability sv|z| not understood; not stated" in deck.notes


def test_sv_absent_is_not_stated():
    assert read_one(f"md|1{S},{W},{N}|").vul is None


@pytest.mark.parametrize("ah", ["Board+1", "Board%201", "Board 1", "board 1", "Board%20%201"])
def test_url_encoded_ah(ah):
    deck = read_one(f"md|1{S},{W},{N}|ah|{ah}|")
    assert deck.board == "1"
    assert deck.board_name.lower().split() == ["board", "1"]


@pytest.mark.parametrize(
    ("ah", "board", "heading"),
    [
        ("Board 12", "12", "Board 12"),
        ("Board 007", "007", "Board 007"),
        ("Board 1 ", "1", "Board 1"),
        ("Board 12a", "12", "Board 12a"),
        ("board # 4", "4", "board # 4"),
        ("Board " + "9" * 40, "9" * 40, "Board " + "9" * 40),
        ("Board ²", "5", "Board ²"),  # not a number: the qx label's
        ("Hand A", "5", "Hand A"),
    ],
)
def test_the_board_number_of_a_heading(ah, board, heading):
    deck = read_one(f"qx|c5|md|1{S},{W},{N}|ah|{ah}|")
    assert (deck.board, deck.board_name) == (board, heading)


def test_ah_without_a_number_names_the_deal_by_position():
    md = f"{S},{W},{N}"
    _, problems, _ = read_lin(f"md|1{md}|ah|Hand A|\nmd|1{md[:-1]}|ah|Hand B|")
    assert problems[0].message == "deal 2 (line 2): North has 12 cards"
    assert problems[0].board is None and problems[0].index == 1


def test_qx_board_number():
    md = f"1{S},{W},{N}"
    decks, _, _ = read_lin(f"qx|o12|md|{md}|qx|c12|md|{md}|qx|o13|md|{md}|ah|Board 40|qx|A1|md|{md}|")
    assert [d.board for d in decks] == ["12", "12", "40", None]
    assert decks[0].tags == (("qx", "o12"),)


def test_qx_board_number_in_a_problem():
    assert only_problem(f"qx|c7|md|1{S},{W}{N}|").message.startswith("board 7: ")


def test_second_md_in_a_qx_record_is_its_own_board():
    decks, _, _ = read_lin(f"qx|o5|md|1{S},{W},{N}|sv|n|md|2{S},{W},{N}|sv|e|")
    assert [(d.index, d.board, d.dealer, d.vul) for d in decks] == [(0, "5", "S", "NS"), (1, "5", "W", "EW")]


def test_pn_names_by_seat():
    deck = read_one(f"pn|south,west,north,east|st||md|1{S},{W},{N}|")
    assert deck.players == (("N", "north"), ("E", "east"), ("S", "south"), ("W", "west"))


def test_pn_eight_names_pick_the_room():
    md = f"3{S},{W},{N}"
    decks, _, _ = read_lin(f"pn|s1,w1,n1,e1,s2,w2,n2,e2|\nqx|o1|md|{md}|\nqx|c1|md|{md}|")
    assert decks[0].players == (("N", "n1"), ("E", "e1"), ("S", "s1"), ("W", "w1"))
    assert decks[1].players == (("N", "n2"), ("E", "e2"), ("S", "s2"), ("W", "w2"))


def test_pn_empty_or_short_names_give_only_the_seats_named():
    assert read_one(f"pn|,,,,,,,|md|1{S},{W},{N}|").players == ()
    assert read_one(f"pn|ann,bob|md|1{S},{W},{N}|").players == (("S", "ann"), ("W", "bob"))


def test_alerts_with_an():
    deck = read_one(f"md|3{S},{W},{N}|mb|1H|mb|p|mb|2N!|an|inv+fit|mb|d|an|take%20out|mb|r|mb|P|")
    assert deck.auction == (
        Call("1H"),
        Call("P"),
        Call("2NT", True, "inv+fit"),
        Call("X", False, "take out"),
        Call("XX"),
        Call("P"),
    )
    assert deck.auction_first == "N"


def test_alerts_run_together_calls_of_teaching_movies():
    deck = read_one(f"md|3{S},{W},{N}|mb|1nppp|")
    assert [c.call for c in deck.auction] == ["1NT", "P", "P", "P"]


def test_alerts_a_call_that_is_not_one_keeps_its_place_as_unknown():
    deck = read_one(f"md|3{S},{W},{N}|mb|1H|mb|zz|mb|p|")
    assert [c.call for c in deck.auction] == ["1H", "?", "P"]
    assert "call mb|zz| not understood; kept as '?'" in deck.notes


def test_play_and_claim_mid_trick():
    plays = "pc|DQ|pc|D3|pc|D2|pc|DA|pg||pc|H2|pc|H4|pc|HA|pc|H8|pg||pc|CA|pc|CJ|pc|CT|mc|7|"
    deck = read_one(f"md|3{S},{W},{N}|mb|1H|{plays}")
    assert deck.play == (("DQ", "D3", "D2", "DA"), ("H2", "H4", "HA", "H8"), ("CA", "CJ", "CT"))
    assert deck.claim == 7


def test_play_pg_as_a_pause_does_not_end_a_trick():
    deck = read_one(f"md|3{S},{W},{N}|pc|c5|nt|hi|pg||pc|c3|pc|cA|pc|cJ|pg||pc|c4|mc|10|pg||")
    assert deck.play == (("C5", "C3", "CA", "CJ"), ("C4",))
    assert deck.claim == 10


def test_play_claim_not_a_number_is_noted():
    deck = read_one(f"md|3{S},{W},{N}|pc|c5|mc|x|")
    assert deck.claim is None and "claim mc|x| not understood" in deck.notes


def test_percent_lines_ignored():
    text = f"% LIN File created by PbnToLin\n%odd|pipes|here\nqx|o1|md|3{S},{W},{N}|ah|Board 1|\n"
    deck = read_one(text)
    assert (deck.board, deck.line) == ("1", 3)


def test_percent_lines_keep_problem_lines_right():
    problem = only_problem(f"%comment\n%more\n\nmd|3{S},{W},S32|")
    assert problem.line == 4


VUGRAPH = (
    "vg|2010 USBF SF A,Segment 4 of 8,I,46,60,Nickell,80,Fleisher,99|\n"
    "rs|4HE=,4HE=|\n"
    "pn|Meckstroth,Levin,Rodwell,Weinstein,Stansby,Hamman,Martel,Mahmood|pg||\n"
    f"qx|o46|st||md|4{S},{W},{N},{E}|sv|o|mb|1H|mb|p|nt|caitlin: Hi all|pg||\n"
    "nt|vugraphzfk: welcome back|pg||\n"
    "mb|3C!|an|jacoby 2N|mb|p|mb|4H|mb|p|mb|p|mb|p|pc|c2|pc|c3|pc|cA|pc|cJ|pg||\n"
    "mc|10|pg||\n"
)


def test_vugraph_header_read_past():
    deck = read_one(VUGRAPH)
    assert (deck.board, deck.dealer, deck.vul, deck.line, deck.claim) == ("46", "E", "None", 4, 10)
    assert dict(deck.tags)["vg"].startswith("2010 USBF SF A")
    assert dict(deck.tags)["rs"] == "4HE=,4HE="
    assert [c.call for c in deck.auction] == ["1H", "P", "3C", "P", "4H", "P", "P", "P"]
    assert deck.auction[2] == Call("3C", True, "jacoby 2N")
    assert deck.players[0] == ("N", "Rodwell")


def test_vugraph_garbage_between_pairs_is_read_past():
    text = VUGRAPH.replace("pg||\nnt|", "pg|| some words left here\nnt|")
    deck = read_one(text)
    assert deck.deal == DEAL
    _, _, notes = read_lin(text)
    assert notes == ["text between pairs was read past (first at line 4)"]


def test_stray_text_before_a_tag_keeps_its_last_two_letters():
    deck = read_one(f"cr|3255|cg|30 |jasno czerwony\r\nqx|o3|md|3{S},{W},{N}|")
    assert deck.board == "3"


def test_md_0_is_refused_with_reason():
    problem = only_problem("qx|A1|md|0SAK,SQJ,ST9,S87|")
    assert problem.message == f"deal 1 (line 1): {MD0_REASON}"


def test_md_0_after_a_valid_deal_is_a_note_and_keeps_its_index():
    decks, problems, notes = read_lin(f"md|3{S},{W},{N}|ah|Board 4|md|0SA,SK,SQ,SJ|md|1{S},{W},{N}|")
    assert problems == []
    assert [(d.index, d.board) for d in decks] == [(0, "4"), (2, None)]
    assert notes == ["line 1: md|0| (a teaching movie step changing board 4) was read past"]


def test_header_only_file_has_no_decks():
    decks, problems, notes = read_lin("vg|Some event,Segment 1,I,1,16,HOME,0,AWAY,0|\npg||\n")
    assert (decks, problems) == ([], [])
    assert notes == ["this LIN file has no md (deal) tag: only headers or commentary"]


@pytest.mark.parametrize("kind", ["plain", "full"])
def test_the_bench_files_read_whole(kind):
    data = plain_lin(300) if kind == "plain" else write_lin(full_decks(300)).encode()
    decks, problems, notes, count = parse_lin(decode(data)[0])
    assert len(decks) == count == 300 and problems == [] and notes == []
    whole_records = [d for d in decks if len(d.play) == 13 and d.auction and d.players]
    assert len(whole_records) == (300 if kind == "full" else 0)


@settings(deadline=None)
@given(st.text(alphabet="|ab\n", max_size=40), st.integers(1, 8))
def test_pairs_are_the_same_wherever_the_text_is_cut(text, chunk):
    """``pairs`` cuts a long text a piece at a time: every pair is found whole, in order."""
    pieces = text[: text.rfind("|") + 1].split("|")[:-1]
    whole = list(zip(pieces[0::2], pieces[1::2]))
    found = []
    for slot, value, at in lin_reader.pairs(text, chunk):
        assert text[at - 1] == "|" and text[at : at + len(value) + 1] == value + "|"
        found.append((slot, value))
    assert found == whole


def test_empty_or_not_lin_text_has_nothing():
    assert read_lin("") == ([], [], [])
    assert read_lin("just a letter to a friend") == ([], [], [])


SEED_PLAY = (
    "pg||pc|DQ|pc|D3|pc|D2|pc|DA|pg||pc|H2|pc|H4|pc|HA|pc|H8|pg||pc|DK|pc|D5|pc|S4|pc|D4|pg||"
    "pc|DT|pc|D6|pc|HT|pc|D7|pg||pc|H3|pc|D8|pc|HK|pc|HQ|pg||pc|S5|pc|SA|pc|ST|pc|S2|pg||"
    "pc|S3|pc|SK|pc|S7|pc|S6|pg||pc|H5|pc|DJ|pc|H9|pc|D9|pg||pc|C2|pc|C3|pc|CK|pc|C4|pg||mc|11|"
)


def test_seed_complete_example():
    # The field note's "Complete example", its coloured pipes read as '|' (md spans a line).
    text = (
        "pn|krysieq,uijallen,ElMacaroni,Player1771|st||md|3S865HAK9DKT3CJ862,SAQ3HQ8D9652CA753,\n"
        "SKT4HJT76532DACKT,|rh||ah|Board 1|sv|o|mb|1H|mb|p|mb|2N!|an|inv+fit|mb|p|mb|4H|mb|p|mb|p|mb|p|" + SEED_PLAY
    )
    deck = read_one(text)
    assert deck.deal == "N:KT4.JT76532.A.KT J972.4.QJ874.Q94 865.AK9.KT3.J862 AQ3.Q8.9652.A753"
    assert (deck.board, deck.board_name, deck.dealer, deck.vul) == ("1", "Board 1", "N", "None")
    assert [c.call for c in deck.auction] == ["1H", "P", "2NT", "P", "4H", "P", "P", "P"]
    assert deck.auction[2] == Call("2NT", True, "inv+fit")
    assert deck.play[0][0] == "DQ" and len(deck.play) == 9 and deck.claim == 11
    assert deck.players == (("N", "ElMacaroni"), ("E", "Player1771"), ("S", "krysieq"), ("W", "uijallen"))
    assert deck.notes == (E_INFERRED,)
    assert deck.source.startswith("md|3S865") and deck.source.endswith("mc|11|")


def test_trickster_four_decks():
    text = (
        "md|1SA75HJT5DQ742CA85,SKQJ986H82D63C642,S32HK943DKJ9CQJT7,ST4HAQ76DAT85CK93|\n\n"
        "md|2S862HQJ942D95CAQ2,SKJ973HK7DA84C964,S4HT5DKQJT632CJT8,SAQT5HA863D7CK753|\n\n"
        "md|3SJ982HK53DJ87C765,ST63HJ82DAT93CK32,SQ5HAQT94DQ5CQJT8,SAK74H76DK642CA94|\n\n"
        "md|4SKQJ82HAQDT42CJT3,S974HJ752DK7CA962,ST5HKT6D9853CQ874,SA63H9843DAQJ6CK5|\n"
    )
    decks, problems, _ = read_lin(text)
    assert problems == []
    # md's own rule: hands South, West, North, East whatever the dealer.
    assert [(d.dealer, d.deal, d.line) for d in decks] == [
        ("S", "N:32.K943.KJ9.QJT7 T4.AQ76.AT85.K93 A75.JT5.Q742.A85 KQJ986.82.63.642", 1),
        ("W", "N:4.T5.KQJT632.JT8 AQT5.A863.7.K753 862.QJ942.95.AQ2 KJ973.K7.A84.964", 3),
        ("N", "N:Q5.AQT94.Q5.QJT8 AK74.76.K642.A94 J982.K53.J87.765 T63.J82.AT93.K32", 5),
        ("E", "N:T5.KT6.9853.Q874 A63.9843.AQJ6.K5 KQJ82.AQ.T42.JT3 974.J752.K7.A962", 7),
    ]


def test_source_is_the_records_own_text_and_bounded():
    long_talk = "nt|" + "x" * 6000 + "|"
    decks, _, _ = read_lin(f"qx|o1|md|3{S},{W},{N}|{long_talk}\nqx|o2|md|3{S},{W},{N}|")
    assert decks[0].source.startswith("qx|o1|md|3") and len(decks[0].source) <= 4000
    assert decks[1].source == f"qx|o2|md|3{S},{W},{N}|"


def test_a_long_tail_without_pairs_is_read_in_linear_time():
    # A pattern search restarted at every character of a pipe-less tail took minutes here.
    start = time.perf_counter()
    decks, _, _ = read_lin(f"md|3{S},{W},{N}|" + "words " * 100_000 + "| and a lone pipe")
    assert len(decks) == 1
    assert read_lin("no pairs at all " * 50_000) == ([], [], [])
    assert time.perf_counter() - start < 2


def test_it_never_raises_on_mangled_files():
    rng = random.Random(7)
    base = VUGRAPH + f"qx|c46|md|4{S_UP},{W_UP},{N_UP},|ah|Board+46|mb|1N|pc|s2|mc|x|"
    alphabet = "|,%\n\r mdqxpcSHDCAKQT10!\ufeff"
    for _ in range(400):
        chars = list(base)
        for _ in range(rng.randint(1, 12)):
            at = rng.randrange(len(chars))
            if rng.random() < 0.5:
                del chars[at]
            else:
                chars.insert(at, rng.choice(alphabet))
        decks, problems, notes = read_lin("".join(chars))
        for deck in decks:
            assert len(deck.deal) == 69  # "N:" + 52 cards + 12 dots + 3 spaces
        for problem in problems:
            assert problem.line >= 1 and problem.message


# BBO handviewer links -----------------------------------------------------------------

HANDS_LINK = "https://www.bridgebase.com/tools/handviewer.html?n=S32HK943DKJ9CQJT7&e=st4haq76dat85ck93&s=SA75HJT5DQ742CA85&w=SKQJ986H82D63C642&d=w&v=b&b=7"


def test_handviewer_split_parameters():
    decks, problems, _ = read_handviewer(f"Look at this one:\n{HANDS_LINK} (from last night)\n")
    assert problems == []
    [deck] = decks
    assert (deck.deal, deck.dealer, deck.vul, deck.board, deck.line, deck.index) == (DEAL, "W", "All", "7", 2, 0)


def test_handviewer_split_parameters_infer_the_missing_hand():
    link = HANDS_LINK.replace("&e=st4haq76dat85ck93", "").replace("&d=w", "")
    [deck], _, _ = read_handviewer(link)
    assert deck.deal == DEAL and deck.dealer is None and deck.notes == (E_INFERRED,)


def test_handviewer_split_parameters_with_12_cards_is_a_problem():
    link = HANDS_LINK.replace("s=SA75HJT5", "s=SA7HJT5")
    decks, problems, _ = read_handviewer(f"first line\n{link}\n")
    assert decks == []
    assert [(p.line, p.index, p.board, p.message) for p in problems] == [
        (2, 0, "7", "board 7: South has 12 cards"),
    ]


def test_handviewer_lin_link_encoded():
    lin = f"pn|a,b,c,d|st||md|3{S},{W},{N},|rh||ah|Board 12|sv|n|mb|1H|mb|p|"
    link = "https://www.bridgebase.com/tools/handviewer.html?lin=" + quote(lin, safe="")
    decks, problems, _ = read_handviewer(f"{link}\n{link}\n")
    assert problems == []
    assert [(d.deal, d.board, d.dealer, d.vul, d.line, d.index) for d in decks] == [
        (DEAL, "12", "N", "NS", 1, 0),
        (DEAL, "12", "N", "NS", 2, 1),
    ]
    assert decks[0].players[0] == ("N", "c")


def test_handviewer_lin_link_pasted_raw_with_a_bad_card():
    good = f"https://www.bridgebase.com/tools/handviewer.html?lin=md|3{S},{W},{N}|ah|Board 1|"
    bad = f"see http://bridgebase.com/tools/handviewer.html?lin=md|3{S},{W},S32HK943DKJ9CQJT|ah|Board 2|"
    decks, problems, _ = read_handviewer(f"{good}\n\n{bad}\n")
    assert [(d.board, d.line) for d in decks] == [("1", 1)]
    assert [(p.board, p.line, p.index, p.message) for p in problems] == [
        ("2", 3, 1, "board 2: North has 12 cards"),
    ]


def test_looks_like_handviewer():
    assert looks_like_handviewer(HANDS_LINK)
    assert looks_like_handviewer("x https://www.bridgebase.com/tools/handviewer.html?lin=md%7C3")
    assert looks_like_handviewer("?n=SAKQ&s=SJT9")
    assert not looks_like_handviewer(f"md|3{S},{W},{N}|ah|Board 1|")
    assert not looks_like_handviewer('[Deal "N:AKQ.. ..."]\n')


def test_handviewer_split_parameters_infer_any_one_missing_hand():
    link = HANDS_LINK.replace("&w=SKQJ986H82D63C642", "")
    [deck], _, _ = read_handviewer(link)
    assert deck.deal == DEAL
    assert deck.notes == ("hand W not given; completed with the 13 remaining cards",)


def test_handviewer_text_without_links_has_nothing():
    decks, problems, notes = read_handviewer("hello\nno links here\n")
    assert (decks, problems, notes) == ([], [], ["no BBO handviewer link was found"])


def _played_to_the_end(deal: str, dealer: str, calls: list[str]):
    """A board of ``deal`` bid with ``calls`` and played to its last card, each hand playing
    its first legal card (declarer playing dummy's)."""
    from games.bridge.play import legal_cards, make_call, new_board, play_card

    state = new_board(deal, dealer)
    for called in calls:
        state = make_call(state, state.turn, called)
    while state.turn is not None:
        seat = state.turn
        state = play_card(state, seat, legal_cards(state)[0], by=state.declarer if seat == state.dummy else None)
    return state


def test_a_play_of_all_thirteen_tricks_without_a_claim_gives_the_result():
    # South deals and opens 1S; the play goes to its 52nd card and no mc says the tricks.
    state = _played_to_the_end(DEAL, "S", ["1S", "P", "P", "P"])
    pcs = "".join(f"pc|{card}|" for card in state.cards)
    deck = read_one(f"md|1{S},{W},{N}|mb|1S|mb|p|mb|p|mb|p|{pcs}")
    assert (deck.contract, deck.declarer, deck.claim, len(state.cards)) == ("1S", "S", None, 52)
    assert deck.result == str(state.declarer_tricks)


def test_a_play_cut_short_without_a_claim_gives_no_result():
    state = _played_to_the_end(DEAL, "S", ["1S", "P", "P", "P"])
    pcs = "".join(f"pc|{card}|" for card in state.cards[:48])
    deck = read_one(f"md|1{S},{W},{N}|mb|1S|mb|p|mb|p|mb|p|{pcs}")
    assert deck.result == "" and deck.claim is None
