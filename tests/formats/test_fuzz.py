"""Whatever bytes come in, read_decks answers, and every deck it returns is a real deck.

The deck check below is written from the rules in formats.md, not from the
readers' code, so a reader that lets a broken deal through is caught here.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.formats import FileResult, read_decks
from games.formats.club import FORMATS as CLUB_FORMATS
from tests.corpus import contents, files
from tests.mutations import mutated

RANKS = "AKQJT98765432"
# Bytes that mean something to one of the formats, to make mutations bite.
SPECIAL = st.sampled_from(list(b'|[]"{};%#\n\r\t ,.:-!=0123456789SHDCNEWmdqxpnahsv\\') + [0, 0xFF, 0xE9])


@cache
def small_files() -> tuple[Path, ...]:
    """The corpus's files under 40 KB: the seeds of the mutations; () without the corpus."""
    return tuple(path for path in files() if path.stat().st_size < 40_000)


def check_deck_text(deal: str) -> None:
    assert deal[:2] == "N:", deal
    hands = deal[2:].split(" ")
    assert len(hands) == 4, deal
    seen: set[str] = set()
    for hand in hands:
        suits = hand.split(".")
        assert len(suits) == 4, deal
        cards = 0
        for suit, ranks in zip("SHDC", suits):
            assert all(r in RANKS for r in ranks), deal
            assert list(ranks) == sorted(ranks, key=RANKS.index), f"ranks out of order in {deal}"
            assert len(set(ranks)) == len(ranks), deal
            seen.update(suit + r for r in ranks)
            cards += len(ranks)
        assert cards == 13, deal
    assert len(seen) == 52, deal


def check_result(result: FileResult) -> None:
    assert isinstance(result, FileResult)
    # a mutated first line can name a club format; text that reads as a dealer script is one
    assert result.format in ("", "lin", "pbn", "dlr", *CLUB_FORMATS)
    last = -1
    for deck in result.decks:
        check_deck_text(deck.deal)
        assert deck.dealer in (None, "N", "E", "S", "W")
        assert deck.vul in (None, "None", "NS", "EW", "All")
        assert deck.effective_dealer in ("N", "E", "S", "W")
        assert deck.effective_vul in (None, "None", "NS", "EW", "All")
        assert deck.line >= 1
        assert deck.index > last, "decks come in file order with distinct indexes"
        last = deck.index
    for problem in result.problems:
        assert problem.line >= 1 and problem.message
        assert problem.kind != "internal", problem.message  # a reader raised
        assert "please report" not in problem.message, problem.message
    if not result.decks:
        assert result.problems, "an empty answer must say why"


@settings(deadline=None)
@given(st.binary(max_size=2000), st.sampled_from(["", "a.pbn", "a.lin", "a.txt"]))
def test_arbitrary_bytes_never_break_the_reader(data: bytes, name: str) -> None:
    check_result(read_decks(data, name))


@settings(deadline=None)
@given(st.lists(st.sampled_from(["pbn", "lin"]), min_size=1, max_size=30), st.randoms())
def test_text_made_of_format_pieces_never_breaks_the_reader(kinds: list[str], rng) -> None:
    pieces = {
        "pbn": [
            '[Deal "',
            "N:",
            "AKQ.",
            "-",
            " ",
            '"]',
            "[Dealer ",
            '"#"',
            "{",
            "}",
            ";",
            "\n\n",
            '[Auction "N"]\n1NT =1= Pass',
            '[Note "1:x"]',
            '[Play "E"]\nSA -',
            "*",
        ],
        "lin": [
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
            "pc|",
            "SA",
            "pg||",
            "mc|",
            "13",
            "sv|",
            "ah|Board+1",
            "md|0|",
        ],
    }
    text = "".join(rng.choice(pieces[k]) for k in kinds for _ in range(5))
    check_result(read_decks(text.encode(), ""))


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_corpus_files_never_break_the_reader(data: st.DataObject) -> None:
    if not small_files():
        return  # ../shared/corpus is not beside the repository
    seeds = [contents(path) for path in small_files()]
    check_result(read_decks(data.draw(mutated(seeds, SPECIAL, longest_insert=4, longest_delete=40)), "mutated.txt"))


def test_every_corpus_file_passes_the_deck_check() -> None:
    for path in small_files():
        check_result(read_decks(contents(path), path.name))
