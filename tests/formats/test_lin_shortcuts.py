"""The LIN reader's shortcuts give what the longer roads give.

``read_md`` reads BBO's own md shape (upper case, ranks high to low) in a lane of its own
and hands any other md to ``_read_md_any_case``; ``read_cards`` fetches the cards with one
``itemgetter``; ``lin._board`` reads a lone 'Board 12' heading without the heading cache.
The fast and general token paths share these, so each is pinned here against the road it
skips: ``_read_md_slowly`` (the reader that explains errors), ``read_play`` and the
heading decoder.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.formats import lin, lin_md
from games.formats.cards import DealError, random_deal
from games.formats.lin_md import _read_md_slowly, read_md
from games.formats.lin_values import read_cards, read_play

S, W, N, E = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7", "ST4HAQ76DAT85CK93"


def outcome(read, value: str) -> tuple:
    try:
        return ("deck", read(value))
    except DealError as exc:
        return ("error", str(exc))


def md_of(deal: str, east: bool) -> str:
    """The md value BBO writes for a canonical deal: S, W, N (and E) hands."""
    hands = dict(zip("NESW", deal[2:].split(" ")))
    seats = "SWNE" if east else "SWN"
    return ",".join("".join(s + r for s, r in zip("SHDC", hands[seat].split("."))) for seat in seats)


@settings(max_examples=300, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.booleans(),
    st.sampled_from(["", "1", "4", "5"]),
    st.sampled_from(["", ","]),
    st.integers(0, 3),
)
def test_md_lanes_agree_with_the_slow_reader(rng: random.Random, east, digit, comma, mutations):
    value = list(digit + md_of(random_deal(rng), east) + comma)
    for _ in range(mutations):  # lower case, swapped or repeated ranks, lost cards...
        at = rng.randrange(len(value))
        choice = rng.random()
        if choice < 0.4:
            value[at] = value[at].lower()
        elif choice < 0.7:
            other = rng.randrange(len(value))
            value[at], value[other] = value[other], value[at]
        else:
            value[at] = rng.choice("AKQT2SHDC,")
    text = "".join(value)
    assert outcome(read_md, text) == outcome(_read_md_slowly, text)


def test_bbo_md_takes_the_canonical_lane(monkeypatch):
    def refuse(value: str) -> tuple:
        raise AssertionError(f"left the canonical lane: {value}")

    monkeypatch.setattr(lin_md, "_read_md_any_case", refuse)
    for value in (f"1{S},{W},{N},", f"3{S},{W},{N},{E}", f"{S},{W},{N}"):
        assert read_md(value) == _read_md_slowly(value)


@pytest.mark.parametrize(
    "value",
    [
        f"1{S.lower()},{W},{N},",  # lower case
        f"1SA57{S[4:]},{W},{N}",  # ranks out of order
        f"1SAA5{S[4:]},{W},{N}",  # a rank written twice
    ],
)
def test_other_md_leaves_the_canonical_lane(monkeypatch, value):
    seen: list[str] = []
    any_case = lin_md._read_md_any_case

    def spy(text: str) -> tuple:
        seen.append(text)
        return any_case(text)

    monkeypatch.setattr(lin_md, "_read_md_any_case", spy)
    assert outcome(read_md, value) == outcome(_read_md_slowly, value)
    assert seen[:1] == [value]  # (it calls itself again once it has learnt new suits)


@pytest.mark.parametrize("run", ["", "pg||", "pc|SA|", "pg||pc|SA|pg||", "pc|SA|pc|D2|", "pc|C3|" * 5])
def test_read_cards_short_runs(run):
    assert read_cards(run) == read_play([run], [])[0]


@pytest.mark.parametrize(
    "raw",
    [
        "Board 12",
        "Board 007",
        "Board 1 ",
        "Board ²",
        "Board 12a",
        "Board+3",
        "board 4",
        "Board " + "9" * 40,
    ],
)
def test_board_heading_shortcut_reads_as_the_decoder(raw):
    rec = lin._Record(0, None)
    rec.ah = [raw]
    heading = lin.decode_heading(raw)[: lin.TAG_LIMIT]
    found = lin._BOARD.search(heading)
    assert lin._board(rec) == (found[1] if found else None, heading)
