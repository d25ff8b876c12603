"""Whatever the club files are turned into, read_decks answers, and every deck it returns is a
real deck: mutated machine files, DLM and RBN files, and records made of format pieces."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.formats import FileResult, read_decks
from games.formats.club import FORMATS
from tests.mutations import mutated

RANKS = "AKQJT98765432"


def check_deck_text(deal: str) -> None:
    """Written from the canonical form (formats.md), not from the readers' code."""
    assert deal[:2] == "N:", deal
    hands = deal[2:].split(" ")
    assert len(hands) == 4
    cards = []
    for hand in hands:
        suits = hand.split(".")
        assert len(suits) == 4 and sum(map(len, suits)) == 13, deal
        for suit, ranks in zip("SHDC", suits):
            assert list(ranks) == sorted(ranks, key=RANKS.index), deal
            cards += [suit + rank for rank in ranks]
    assert len(set(cards)) == 52, deal


FILES = sorted((Path(__file__).resolve().parent / "club_files").glob("*.*"))
SEEDS = [p.read_bytes() for p in FILES if p.suffix not in (".md", ".pbn")]
SPECIAL = st.sampled_from(list(b"0123456789 \x00\x03\x04\x05\x06\x1a\n\r:;.{}%=^*AKQJTNESWZBPXRabcdop-") + [0xFF])


def check(result: FileResult) -> None:
    assert result.format in ("", "lin", "pbn", "dlr", *FORMATS)  # dlr: text that reads as a dealer script
    last = -1
    for deck in result.decks:
        check_deck_text(deck.deal)
        assert deck.dealer in (None, "N", "E", "S", "W") and deck.vul in (None, "None", "NS", "EW", "All")
        assert deck.index > last and deck.line >= 1
        assert "\x00" not in deck.source  # a database refuses NUL in text
        last = deck.index
        for call in deck.auction:
            assert call.call in ("P", "X", "XX", "?") or call.call[:1] in "1234567"
        for trick in deck.play:
            assert 1 <= len(trick) <= 4 and all(len(card) == 2 for card in trick)
    for problem in result.problems:
        assert problem.line >= 1 and problem.message and problem.kind != "internal", problem.message
    if not result.decks:
        assert result.problems


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(SEEDS, SPECIAL), st.sampled_from(["", "x.dup", "x.txt"]))
def test_mutated_club_files_never_break_the_reader(data: bytes, name: str) -> None:
    check(read_decks(data, name))


@settings(deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "% RBN\n",
                "%{RBX}",
                "B 1\n",
                "H W:",
                "AK.QJ.T9.8765",
                ":",
                ";",
                "\n",
                "\n\n",
                "A NZ:",
                "1S",
                "P",
                "X",
                "R",
                "A",
                "^1",
                "*",
                "C 4SX:N\n",
                "P SA3:H2",
                "R 10\n",
                "N a+b:c+d:O\n",
                "1 note\n",
                "{",
                "}",
                "B{1}",
                "H{N:",
                "[Document]\n",
                "From board=1\n",
                "To board=3\n",
                "Board 01=",
                "abcdefghijklmnop",
                "007",
                "Crypto key=5\n",
            ]
        ),
        min_size=1,
        max_size=40,
    )
)
def test_text_made_of_club_pieces_never_breaks_the_reader(pieces: list[str]) -> None:
    check(read_decks("".join(pieces).encode(), ""))


@settings(deadline=None)
@given(st.binary(min_size=78, max_size=78).map(lambda b: bytes(48 + x % 10 for x in b)), st.binary(max_size=700))
def test_records_of_digits_and_anything_never_break_the_reader(numbers: bytes, rest: bytes) -> None:
    check(read_decks(numbers + rest, ""))
