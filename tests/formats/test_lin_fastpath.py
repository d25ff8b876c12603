"""The LIN reader's fast paths give exactly what the general path gives.

``parse_lin(text, fast=False)`` reads pair by pair with the general token pattern and
``read_play``; the default takes a whole usual board as one token and reads its
upper-case play with ``read_cards``. Decks (every field, source and notes included),
problems, notes and the md count must be equal on every input.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench import reader as bench
from games.formats.decode import decode
from games.formats.lin import parse_lin
from games.formats.lin_values import read_cards, read_play

CORPUS = Path(__file__).parents[3] / "shared" / "corpus" / "lin"
S, W, N, E = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7", "ST4HAQ76DAT85CK93"
TRICKS = "pg||pc|S4|pc|S5|pc|ST|pc|S2|pg||pc|C5|pc|CJ|pc|CA|pc|C7|pg||"


def same(text: str) -> tuple:
    fast = parse_lin(text)
    general = parse_lin(text, fast=False)
    assert fast == general
    return fast


@pytest.fixture(scope="module")
def bench_texts() -> list[str]:
    return [_bench_lin("plain", 300), _bench_lin("full", 300)]


def test_bench_files_read_alike(bench_texts):
    for text in bench_texts:
        decks, problems, _, count = same(text)
        assert len(decks) == count == 300 and problems == []
    full = parse_lin(bench_texts[1])[0]
    assert all(len(deck.play) == 13 and deck.auction for deck in full)


@pytest.mark.skipif(not CORPUS.exists(), reason="../shared/corpus is not beside the repository")
def test_corpus_files_read_alike():
    for path in sorted(CORPUS.iterdir()):
        same(decode(path.read_bytes())[0])


@pytest.mark.parametrize(
    "text",
    [
        f"md|1{S},{W},{N}|",  # 3 hands
        f"md|1{S},{W},{N},{E}|",  # 4 hands
        f"md|1{S.lower()},{W},{N},|ah|board+7|sv|B|",  # lower case, URL-encoded heading
        f"md|2{S.replace('T', '10')},{W},{N}|",  # '10'
        f"pn|a,b,c,d|st||md|3{S},{W},{N},{E}|rh||ah|Board%2012|sv|e|mb|1N!|an|15%2D17|mb|p|mb|2C|"
        f"mb|p|mb|p|mb|p|{TRICKS}mc|11|",  # alerts, an, claim
        f"md|3{S},{W},{N}|sv|o|mb|p|mb|p|mb|p|mb|p|pc|S4|pc|S5|pc|ST|mc|10|pc|S2|pc|C5|",  # mc mid-trick
        f"md|3{S},{W},{N}|mb|1S|pg||pc|sA|pc|S5|pc|ST|pc|S2|",  # lower-case card after upper case
        f"md|3{S},{W},{N}|pc|S4|pc|S5|pc|ST|\npc|S2|pg||\npc|C5|",  # line breaks in the play
        f"md|3{S},{W},{N}|pc|S4|pc|S5|pc|ST|",  # a short trick
        f"md|3{S},{W},{N}|pg||pg||",  # pauses only
        f"md|3{S},{W},{N}|pc|S10|pc|S5|pc|ST|pc|S2|",  # '10' as a card
        f"qx|o1|pn|a,b,c,d,e,f,g,h|md|1{S},{W},{N}|ah|Board 1|{TRICKS}qx|c1|md|1{S},{W},{N}|",  # vugraph rooms
        f"qx|o1|pc|S4|pn|x,y,z,w|md|1{S},{W},{N}|pc|S5|pc|ST|mb|p|",  # play before the md of its qx
        f"vg|Final,IMPs,P,1,2,A,0,B,0|rs|3NE,3NE|pw|x|pn|a,b,c,d|md|1{S},{W},{N}|sv|0|",  # vugraph header
        f"% a comment\nmd|1{S},{W},{N}|\n%another|md|\npn|q,r,s,t|md|2{S},{W},{N}|",  # % lines
        f"md|1{S},{W},{N}|md|0|md|1{S},{W},{N}|md|0{S}|pn|late,names,here,now|",  # md|0| steps, late pn
        f"Md|1{S},{W},{N}|Ah|Board 3|Sv|N|MB|1h|MB|P|PC|S4|PC|S5|",  # upper-case tags
        f"  pn|a,b,c,d|\n\nst||md|1{S},{W},{N}|\r\nah|Board 4|sv|n|pg||\r\n",  # spaces, CRLF
        f"junk pn|a,b,c,d|md|1{S},{W},{N}|text pc|S4|pc|S5|",  # stray text
        f"md|1{S},SA{W[1:]},{N}|ah|Board 5|md|1{S},{W},{N}|ah|Board 6|{TRICKS}",  # a bad board
        f"md|1{S},{W},{N}|pn|a|pn|b|mb|1N|an|x|y|",  # odd pairs
        f"md|1{S},{W},{N}|ah|Board 9|sv|o|pg||pc|S4|pc|S5|pc|ST|pc|S2|pg||md|1{S},{W},{N}|ah|Board 10|",
        "md||pn|a|",
        "pn|a,b,c,d|st||",
        f"md|1{S},{W},{N}|pc|S4|pc|S5|pc|ST|pc|S2|pg||pc|C",  # an unpaired tail
    ],
)
def test_odd_shapes_read_alike(text):
    same(text)


def test_the_fast_paths_are_taken_and_agree_with_the_general_reader():
    text = f"pn|a,b,c,d|st||md|3{S},{W},{N}|rh||ah|Board 1|sv|o|mb|p|{TRICKS}pc|DK|"
    deck = same(text)[0][0]
    assert deck.play == (("S4", "S5", "ST", "S2"), ("C5", "CJ", "CA", "C7"), ("DK",))
    assert deck.players == (("N", "c"), ("E", "d"), ("S", "a"), ("W", "b"))
    assert read_cards(TRICKS + "pc|DK|") == read_play([TRICKS + "pc|DK|"], [])[0]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), max_size=60), st.lists(st.integers(0, 60), max_size=10))
def test_read_cards_matches_read_play(codes, pauses):
    cards = [f"pc|{'SHDC'[c // 13]}{'AKQJT98765432'[c % 13]}|" for c in codes]
    for at in sorted(pauses, reverse=True):
        cards.insert(min(at, len(cards)), "pg||")
    run = "".join(cards)
    if run.startswith("pc|") or run.startswith("pg||"):
        notes: list[str] = []
        assert read_cards(run) == read_play([run], notes)[0] and notes == []


PIECES = [
    "md|",
    "1S",
    "AKQJ",
    "H",
    "D",
    "C",
    ",",
    "|",
    "pn|",
    "qx|o1",
    "mb|",
    "1N!",
    "an|",
    "st||",
    "\n",
    " ",
    "pc|",
    "SA",
    "S4",
    "pg||",
    "mc|",
    "13",
    "sv|",
    "ah|Board+1",
    "md|0|",
    "rh||",
    "nt|x|",
    "PC|",
    "Pn|a,b,c,d|",
    "ah|",
    "sv|o|",
    "x",
    f"md|1{S},{W},{N}|",
    TRICKS,
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=60))
def test_text_made_of_lin_pieces_reads_alike(pieces):
    same("".join(pieces))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False))
def test_mutated_full_boards_read_alike(rng: random.Random):
    text = list(FULL_SAMPLE[: rng.randint(500, 3000)])
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(text))
        action = rng.random()
        if action < 0.3:
            text[at] = rng.choice("|\n pcPmg,0SHDC1T")
        elif action < 0.6:
            text[at:at] = rng.choice(PIECES)
        else:
            del text[at : at + rng.randint(1, 30)]
    same("".join(text))


def _bench_lin(kind: str, boards: int) -> str:
    """The bench's plain or full LIN file of ``boards`` boards."""
    for f in bench.bench_files(boards, boards):
        if f.name.startswith(kind + "-") and f.name.endswith(".lin"):
            return decode(f.data)[0]
    raise AssertionError(f"no {kind} LIN bench file")


FULL_SAMPLE = _bench_lin("full", 10)
assert FULL_SAMPLE.startswith("pn|"), json.dumps(FULL_SAMPLE[:40])
