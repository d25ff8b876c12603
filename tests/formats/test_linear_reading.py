"""Whatever its shape, a file reads in time and memory linear in its size.

The shapes are the benchmark's hostile ones (bench/hostile.py): one
token repeated, runs of separators, one giant line or value, deep comments. Work is
counted, not timed, so the tests say the same on any machine: the function calls made
(``sys.setprofile``: Python and C functions) and the bytes allocated on the way from one
call to the next (tracemalloc's peak in between, which also sees what C code does there:
list copies, a regex's backtracking stack, a split into pieces). Four times the file may
cost about four times the work, not sixteen.
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from games.formats import read_decks
from games.formats.limits import MAX_CARDS, MAX_PAIRS, MAX_TAGS, MAX_WORDS
from games.formats.lin import read_lin
from games.formats.pbn import reader as pbn
from tests.builders.shapes import MEMORY_LIMIT, SHAPES, Shape

# n: 6,000 bytes, and at least 600 repeats of a short unit (past the readers' caps: 500
# tags a game, 1,000 pairs, words or problems, so that n and 4n are read the same way).
SMALL, SMALL_REPEATS, SHORT_UNIT = 6_000, 600, 16
GROWTH_LIMIT = 5.0  # 4x the size: linear work grows ~4x, quadratic ~16x
PEAK_SIZE = 100_000  # bytes, for the peak memory check
DECK_BYTES = 400  # what a deck may hold, for the shapes with a deck every few bytes

# Each shape costs a second or so under the profiler: the slow run reads every one; the
# everyday run reads a mixed shape of each kind of file, which between them repeat most of
# the pairs, tags and separators the single shapes repeat.
EVERYDAY = ("LIN mixed pairs", "PBN mixed", "links on one line", "BRI bad records x N")
assert set(EVERYDAY) <= {s.name for s in SHAPES}, "an everyday shape is missing from SHAPES"
EACH_SHAPE = [pytest.param(s, id=s.name, marks=() if s.name in EVERYDAY else pytest.mark.slow) for s in SHAPES]


@contextmanager
def no_collection() -> Iterator[None]:
    """No garbage collection from a clean start: a full collection empties CPython's
    free lists (up to 2,000 freed tuples of each size, kept for reuse, which tracemalloc
    counts as in use), so whether one fell within a read, which depends on the tests run
    before, changed the read's peak by up to three times the file's size. The readers
    make no cyclic garbage, so without collection they keep nothing more."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def work(data: bytes) -> tuple[int, int]:
    """(calls made, bytes allocated between calls) while ``read_decks`` reads ``data``.

    The second adds up, for each stretch from one call or return to the next, how far
    tracemalloc's peak rose above the memory in use at its start: a loop that copies a
    list of n items each time round counts 8n bytes a time, however fast the copy is.
    """
    calls = churn = 0
    before = 0

    def on_event(frame, event, arg):  # noqa: ANN001, ANN202 - sys.setprofile's signature
        nonlocal calls, churn, before
        current, peak = tracemalloc.get_traced_memory()
        churn += peak - before
        tracemalloc.reset_peak()
        before = current
        calls += event in ("call", "c_call")

    previous = sys.getprofile()
    with no_collection():
        read_decks(data, "warm-up")  # the readers' imports, regexes and suit masks first
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        sys.setprofile(on_event)
        try:
            read_decks(data, "hostile")
        finally:
            sys.setprofile(previous)
            tracemalloc.stop()
    return calls, churn


def growth(shape: Shape) -> tuple[float, float]:
    """How the work grows from n to 4n repeats of the shape: (calls, bytes)."""
    n = shape.repeats_for(SMALL)
    if len(shape.unit) <= SHORT_UNIT:
        n = max(n, SMALL_REPEATS)
    small_calls, small_bytes = work(shape.text(n).encode())
    large_calls, large_bytes = work(shape.text(4 * n).encode())
    return large_calls / max(small_calls, 1), large_bytes / max(small_bytes, 1)


def peak_memory(data: bytes) -> tuple[int, int]:
    """(tracemalloc's peak while ``read_decks`` reads ``data``, decks read)."""
    with no_collection():
        read_decks(data, "warm-up")  # fills the free lists the read takes from
        tracemalloc.start()
        try:
            decks = len(read_decks(data, "hostile").decks)
            return tracemalloc.get_traced_memory()[1], decks
        finally:
            tracemalloc.stop()


@pytest.mark.parametrize("shape", EACH_SHAPE)
def test_work_grows_linearly(shape):
    calls, churn = growth(shape)
    assert calls <= GROWTH_LIMIT, f"{shape.name}: 4x the file made {calls:.1f}x the calls"
    assert churn <= GROWTH_LIMIT, f"{shape.name}: 4x the file allocated {churn:.1f}x the bytes"


@pytest.mark.parametrize("shape", EACH_SHAPE)
def test_peak_memory_stays_under_ten_times_the_size(shape):
    data = shape.data(PEAK_SIZE)
    peak, decks = peak_memory(data)
    allowed = MEMORY_LIMIT * len(data) + (DECK_BYTES * decks if shape.tiny_decks else 0)
    assert peak < allowed, f"{shape.name}: peak {peak / len(data):.1f}x the size"


def test_lin_heading_repeats_are_linear():
    """One md, then ah pairs: reading each costs the same, not more as the headings pile up."""
    shape = Shape("ah", "md|1SAKQJT98765432H,SHAKQJT98765432,SDAKQJT98765432|", "ah|x|")
    assert max(growth(shape)) <= GROWTH_LIMIT


def test_lin_movie_steps_are_linear():
    """md|0| pairs after a deal: reading each costs the same, not more as the steps pile up."""
    shape = Shape("md0", "md|1SAKQJT98765432H,SHAKQJT98765432,SDAKQJT98765432|", "md|0|")
    assert max(growth(shape)) <= GROWTH_LIMIT


@pytest.mark.parametrize("unit", ["\n", " \n", "\r\n", "\t\n", "\n \n\t\n"])
def test_pbn_blank_line_runs_cost_no_more_than_their_size(unit):
    """The game separator keeps no backtracking point per blank line: a run of them reads in linear time."""
    data = (
        '[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
        + unit * (PEAK_SIZE // len(unit))
    ).encode()
    peak, decks = peak_memory(data)
    assert peak < MEMORY_LIMIT * len(data) and decks == 1


def test_a_pbn_file_of_copied_deals_is_read_up_to_max_decks(monkeypatch):
    """'##' makes a deck of every 8 bytes: past MAX_DECKS the rest of the file is not read."""
    monkeypatch.setattr(pbn, "MAX_DECKS", 50)
    text = '[Deal "##N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n\n'
    result = read_decks((text + '[B ""]\n\n' * 60).encode())
    assert len(result.decks) == 50
    (problem,) = result.problems
    assert (problem.kind, problem.line) == ("too_many_decks", 101)  # the 51st game
    assert problem.message == "this file holds 50 decks, the most read from one file: the rest of it was not read"


# --- the bounds that keep the work linear, each with its note --------------------------

MD = "md|3SA5H97642DAJCKQJ9,SQ7432H5DK72CT854,SKJ86HAQ3D9863CA3|"
GAME = '[Deal "E:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"]\n'


def one_deck(text: str):
    result = read_decks(text.encode())
    assert len(result.decks) == 1 and result.problems == [], result.problems
    return result.decks[0]


@pytest.mark.parametrize("card", ["SA", "sa"])
def test_lin_play_past_max_pairs_is_read_past_with_a_note(card):
    deck = one_deck(MD + f"pc|{card}|" * (MAX_PAIRS + 1))
    assert sum(map(len, deck.play)) == MAX_PAIRS
    assert f"the play has more than {MAX_PAIRS} pairs: the rest was read past" in deck.notes


@pytest.mark.parametrize("pair", ["mb|p|", "an|x|mb|p|"])
def test_lin_auction_past_max_pairs_is_read_past_with_a_note(pair):
    deck = one_deck(MD + pair * (MAX_PAIRS + 1))
    assert 0 < len(deck.auction) <= MAX_PAIRS
    assert f"the auction has more than {MAX_PAIRS} pairs: the rest was read past" in deck.notes


def test_lin_run_together_calls_are_short():
    assert one_deck(MD + "mb|1nppp|").auction[0].call == "1NT"
    deck = one_deck(MD + "mb|" + "p" * 17 + "|")
    assert [c.call for c in deck.auction] == ["?"]
    assert "call mb|ppppppppppppppppp| not understood; kept as '?'" in deck.notes


def test_lin_movie_steps_beside_a_deck_are_noted_twenty_times_then_counted():
    _, _, notes = read_lin(MD + "md|0|" * 25)
    assert len(notes) == 21 and notes[-1] == "... and 5 more md|0| steps read past"


def test_pbn_auction_past_max_words_is_read_past_with_a_note():
    deck = one_deck(GAME + '[Auction "N"]\n' + "Pass " * (MAX_WORDS + 1))
    assert len(deck.auction) == MAX_WORDS
    assert f"auction: more than {MAX_WORDS} words; the rest was read past" in deck.notes


def test_pbn_play_past_thirteen_tricks_is_read_past_with_a_note():
    cards = [s + r for s in "SHDC" for r in "AKQJT98765432"]
    deck = one_deck(GAME + '[Contract "4S"]\n[Play "W"]\n' + " ".join(cards + cards[:4]) + "\n")
    assert len(deck.play) == 13
    assert f"play: more than {MAX_CARDS} cards; the rest was read past" in deck.notes


def test_pbn_game_past_max_tags_is_read_past_with_a_note():
    result = read_decks((GAME + '[Event "x"]\n' * MAX_TAGS + '[Board "7"]\n').encode())
    (deck,) = result.decks
    assert deck.board is None and deck.tags[0] == ("Event", "x")  # the 502nd tag was read past
    assert f"line {MAX_TAGS + 1}: this game has more than {MAX_TAGS} tags: the rest read past" in result.notes


def test_handviewer_keeps_the_first_twenty_other_parameters():
    hands = "n=SA5H97642DAJCKQJ9&e=SQ7432H5DK72CT854&s=SKJ86HAQ3D9863CA3"
    others = "".join(f"&x{i}=y" for i in range(30))
    deck = one_deck(f"https://x.org/h.html?{hands}{others}&b=7\n")
    assert deck.board == "7" and [k for k, _ in deck.tags] == [f"x{i}" for i in range(20)]
