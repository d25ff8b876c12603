"""Shortcuts the PBN reader takes for speed, each held equal to the longer road.

* read_deal puts North's hand first with an f-string: against the general deal reader;
* the play's row tokenizer tells a card from a non-card by bytes.isascii() on suit + rank
  codes: against the cards read word by word, on rows with odd characters;
* read_auction remembers auctions without note references: a remembered answer against
  a fresh one;
* the fast tokenizer reads escapes in any value, and boards past 999 are named without
  a look-up: whole files read both ways (tests/formats/test_pbn_fastpath).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.formats.model import RANKS, SEATS, SUITS
from games.formats.pbn import auction
from games.formats.pbn.auction import _read_auction, explanations, read_auction
from games.formats.pbn.deal import _read_general, read_deal
from games.formats.pbn.play import NUMBERS, _numbers_in_rows, read_play
from games.formats.pbn.reader import Reader
from tests.formats.test_pbn_fastpath import DEAL, PLAY, read_both

# --- read_deal: North first ------------------------------------------------------------


def _hands(rng: random.Random) -> list[str]:
    cards = list(range(52))
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        suits = ["", "", "", ""]
        for card in sorted(cards[13 * seat : 13 * seat + 13]):
            suits[card // 13] += RANKS[card % 13]
        hands.append(".".join(suits))
    return hands


@settings(max_examples=200, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(SEATS + SEATS.lower()))
def test_read_deal_rotation_is_the_general_reader(rng, first):
    hands = _hands(rng)
    value = f"{first}:{' '.join(hands)}"
    assert read_deal(value) == _read_general(value)


# --- rows of cards: a card or not, by isascii ------------------------------------------

# characters that are no suit and no rank, some with a code that could carry (high ones)
_ODD = "XxZz01-+*!?=$ \tĀÿ\x80\x7f"


@settings(max_examples=300, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.integers(1, 13),
    st.lists(st.tuples(st.integers(0, 155), st.sampled_from(_ODD)), max_size=3),
    st.sampled_from(["1C", "2D", "3H", "4S", "3NT", "6nt", "7sx"]),
    st.sampled_from(SEATS),
)
def test_rows_of_cards_with_odd_characters_read_as_their_words(rng, tricks, odd, contract, first):
    cards = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(cards)
    if rng.random() < 0.3:
        cards = [c.lower() for c in cards]
    data = list("\n".join(" ".join(cards[4 * i : 4 * i + 4]) for i in range(tricks)))
    for at, char in odd:
        if at < len(data):
            data[at] = char
    text = "\n" + "".join(data) + "\n"
    numbers = _numbers_in_rows(text)
    if numbers is not None:
        assert list(numbers) == [NUMBERS[word] for word in text.split()]
        assert read_play(text, first, contract) == read_play(" " + text.replace("\n", " \n"), first, contract)
    elif not odd:
        raise AssertionError("whole rows of cards must go fast")


def test_rows_of_cards_turn_away_every_non_card():
    row = "SA ST S7 S4"
    for code in range(256):
        char = chr(code)
        for at in (0, 1):  # the suit, the rank of the first card
            data = row[:at] + char + row[at + 1 :]
            numbers = _numbers_in_rows(data)
            cards_ok = data.split()[0].upper() in {s + r for s in SUITS for r in RANKS}
            assert (numbers is not None) == cards_ok, repr(data)
            if numbers is not None:
                assert list(numbers) == [NUMBERS[word] for word in data.split()]


# --- read_auction: remembered auctions ---------------------------------------------------

_CALLS = ["Pass", "pass", "P", "X", "XX", "1C", "1NT", "2h", "3S", "4N", "7NT", "=1=", "=2=", "AP", "1S!"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(_CALLS), max_size=12),
    st.sampled_from(["N", "e", "S", "W", "X", ""]),
    st.sampled_from([(), ("1:one",), ("1:one", "2:two")]),
)
def test_remembered_auction_is_read_afresh(words, first, notes):
    data = "\n" + " ".join(words) + "\n"
    calls, seat, more = _read_auction(data, first, explanations(list(notes), list(notes)))
    for _ in range(2):  # the first call may remember it, the second reads it back
        assert read_auction(data, first, list(notes), list(notes)) == (calls, seat, list(more))


def test_remembered_auctions_are_bounded(monkeypatch):
    monkeypatch.setattr(auction, "_UNALERTED", {})
    monkeypatch.setattr(auction, "_KEPT", 3)
    for level in "1234567":
        read_auction(f"{level}C Pass Pass Pass", "N", [], [])
    assert len(auction._UNALERTED) == 3


# --- whole games: other tags compared, boards named, quotes in deals and notes -----------


def _game(n: int, event: str, board: str, note: str = "1:natural") -> str:
    return (
        f'[Event "{event}"]\n[Site "Club"]\n[Board "{board}"]\n[Deal "{DEAL}"]\n[Contract "4S"]\n'
        f'[Auction "N"]\n1S =1= Pass 4S Pass\nPass Pass\n[Note "{note}"]\n[Play "W"]\n{PLAY}'
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    games=st.lists(
        st.tuples(
            st.sampled_from(["Cup", "Cup", "League", 'A \\"B\\"', "", "?"]),
            st.sampled_from(["1", "999", "1000", "12345", "0012", "007", "B7", "", "?", " 12", "١٢"]),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_events_and_boards_read_the_same(games, monkeypatch):
    text = "\n\n".join(_game(n, event, board) for n, (event, board) in enumerate(games))
    read_both(text, monkeypatch)
    read_both(text.replace("\n", "\r\n"), monkeypatch)


def test_the_same_events_go_fast(monkeypatch):
    games = [_game(n, "Cup", str(n + 998)) for n in range(6)]
    games.insert(3, _game(9, "League", "5"))
    assert read_both("\n\n".join(games), monkeypatch) >= 6


def test_escaped_quotes_in_notes_and_deals_read_the_same(monkeypatch):
    usual = [_game(n, "Cup", str(n)) for n in range(3)]
    odd = [
        _game(7, "Cup", "7", note='1:a \\"strong\\" bid'),
        _game(8, "Cup", "8", note="1:back\\\\slash"),
        _game(9, "Cup", "9").replace(DEAL, DEAL + ' \\"x'),
    ]
    read_both("\n\n".join(usual + odd + usual), monkeypatch)


def test_a_hash_elsewhere_than_a_value_start():
    text = '% tool #3\n[Event "Cup #1"]\n[Board "1"]\n[Deal "' + DEAL + '"]\n\n[Event "#"]\n[Board "2"]\n[Deal "#"]\n'
    reader = Reader(text)
    assert reader.has_hash
    reader.run()
    assert [d.deal for d in reader.decks] == [DEAL, DEAL]
    plain = Reader(text.replace('"#"', '"x"'))
    assert not plain.has_hash
