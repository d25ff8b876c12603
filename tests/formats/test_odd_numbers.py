"""Numbers in files that int() refuses: the deck is still read, nothing goes "internal".

``str.isdigit`` is true for "²" and for 5,000 digits, and ``int()`` then raises (it takes
decimal digits only, and at most 4,300 of them). Such values are kept as text, or
reported as a precise problem, and the deck is read all the same.
"""

from __future__ import annotations

import pytest

from games.formats import FileResult, read_decks

PBN_DEAL = '[Deal "E:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"]'
PBN_BAD_DEAL = '[Deal "N:AKQ... ... ... ..."]'  # North: 3 cards, the others none
LIN_MD = "md|3SA5H97642DAJCKQJ9,SQ7432H5DK72CT854,SKJ86HAQ3D9863CA3|"
LIN_BAD_MD = "md|3SA5H97642DAJCKQJ9,SQ7432H5DK72CT854,SKJ86HAQ3D9863CA|"  # North: 12 cards
HANDS = "n=SA5H97642DAJCKQJ9&e=SQ7432H5DK72CT854&s=SKJ86HAQ3D9863CA3"
BIG = "9" * 5000  # over the 4,300 digits int() takes
ODD_LABELS = ["²", "¹²", BIG, "0" + BIG, "٣" + BIG]


def read(text: str, name: str = "odd") -> FileResult:
    result = read_decks(text.encode(), name)
    for problem in result.problems:
        assert problem.kind != "internal", problem.message
        assert "could not be read" not in problem.message and "please report" not in problem.message, problem.message
    return result


def one_deck(text: str, name: str = "odd") -> FileResult:
    result = read(text, name)
    assert len(result.decks) == 1 and result.problems == []
    return result


@pytest.mark.parametrize(
    "label", ODD_LABELS, ids=["superscript", "superscripts", "5000 digits", "0 and 5000", "arabic"]
)
@pytest.mark.parametrize("layout", ["plain", "repeated", "comment"])
def test_pbn_odd_board_label_keeps_the_deck(label, layout):
    game = {
        "plain": f'[Board "{label}"]\n{PBN_DEAL}\n',
        "repeated": f'[Board "{label}"]\n[Board "2"]\n{PBN_DEAL}\n',  # the first Board counts
        "comment": f'[Board "{label}"] {{a comment}}\n{PBN_DEAL}\n',
    }[layout]
    deck = one_deck(game).decks[0]
    assert deck.board == label
    assert deck.board_name == f"Board {label}"


@pytest.mark.parametrize(
    "label", ODD_LABELS, ids=["superscript", "superscripts", "5000 digits", "0 and 5000", "arabic"]
)
def test_pbn_odd_board_label_with_a_bad_deal_is_a_precise_problem(label):
    result = read(f'[Board "{label}"]\n{PBN_BAD_DEAL}\n\n[Board "2"]\n{PBN_DEAL}\n')
    assert [d.board for d in result.decks] == ["2"]
    (problem,) = result.problems
    assert (problem.kind, problem.line, problem.board) == ("invalid_deal", 2, label)
    assert problem.message == f"board {label}: North has 3 cards"


def test_pbn_board_numbers_still_read_as_numbers():
    result = read(f'[Board "007"]\n{PBN_BAD_DEAL}\n\n[Board "٣"]\n{PBN_DEAL}\n')
    assert result.problems[0].message.startswith("board 7: ")
    assert result.decks[0].board_name == "Board 3" and result.decks[0].board_number == 3


def test_pbn_odd_note_number_is_read_past():
    result = one_deck(f'[Board "1"]\n{PBN_DEAL}\n[Auction "N"]\n1S =1= Pass\n[Note "²:odd"]\n[Note "1:fine"]\n')
    assert result.decks[0].auction[0].explanation == "fine"


@pytest.mark.parametrize("claim", ["²", "1²", BIG, "0" * 5000 + "9", "14"])
def test_lin_odd_claim_keeps_the_deck(claim):
    deck = one_deck(f"{LIN_MD}pc|SA|mc|{claim}|").decks[0]
    assert deck.claim is None
    assert f"claim mc|{claim[:20]}| not understood" in deck.notes


def test_lin_claim_in_range_still_counts():
    assert one_deck(f"{LIN_MD}pc|SA|mc|09|").decks[0].claim == 9


@pytest.mark.parametrize("heading", ["Board ²", f"Board {BIG}", f"Board ٣{BIG}", "Board ¹²"])
def test_lin_odd_heading_keeps_the_deck(heading):
    deck = one_deck(f"{LIN_MD}ah|{heading}|").decks[0]
    assert deck.board_name == heading[:500]  # lin.TAG_LIMIT


@pytest.mark.parametrize("label", [f"o{BIG}", "o²", f"c٣{BIG}"])
def test_lin_odd_room_label_keeps_the_deck(label):
    deck = one_deck(f"qx|{label}|{LIN_MD}").decks[0]
    assert deck.tags == (("qx", label[:500]),)


def test_lin_odd_board_with_a_bad_deal_is_a_precise_problem():
    result = read(f"qx|o{BIG}|{LIN_BAD_MD}\nqx|o2|{LIN_MD}")
    assert [d.board for d in result.decks] == ["2"]
    (problem,) = result.problems
    assert (problem.kind, problem.line, problem.board) == ("invalid_deal", 1, BIG)
    assert problem.message == f"board {BIG}: North has 12 cards"


def test_lin_odd_dealer_digit_is_a_note():
    deck = one_deck(LIN_MD.replace("md|3", "md|²")).decks[0]
    assert deck.dealer is None and "dealer digit '²' is not 1-4; dealer not stated" in deck.notes


@pytest.mark.parametrize("board", ["²", BIG])
def test_handviewer_odd_board_keeps_the_deck(board):
    deck = one_deck(f"https://x.org/h.html?{HANDS}&b={board}\n").decks[0]
    assert deck.board == board


def test_handviewer_lin_link_with_odd_claim_keeps_the_deck():
    deck = one_deck(f"https://www.bridgebase.com/tools/handviewer.html?lin={LIN_MD}mc|²|\n").decks[0]
    assert deck.claim is None
