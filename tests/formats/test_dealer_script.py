"""Dealer scripts read without running them (games.formats.dealer.script): what a script
sets, what is refused, and which texts are scripts at all. No program, no database."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.formats import read_decks
from games.formats.dealer import LIBRARY, looks_like_script, read_script
from games.formats.dealer.script import tokens, word_near
from tests.dealer_check import FIXTURES

UPLOAD_FIXTURES = Path(__file__).resolve().parent.parent / "fixtures_upload"
SCRIPTS = sorted((FIXTURES / "own").glob("*.dlr")) + sorted((FIXTURES / "public").glob("*.dlr"))


def words(text: str) -> list[str]:
    return [token.text for token in tokens(text)]


def test_a_hash_starts_a_comment_only_in_the_first_column():
    assert words("# dealer south\ncondition hcp(north) > 10\n")[:2] == ["condition", "hcp"]
    assert "#" in words("x = 1  # not a comment for dealer\n")


def test_slash_comments_and_strings_hide_what_they_hold():
    text = 'x = 1 // tricks(north, spades)\n/* dealer east\n tricks */ y = 2\naction average "tricks(" hcp(north)\n'
    assert "tricks" not in words(text) and "dealer" not in words(text)
    assert read_script(text).refusal() == ""


def test_a_string_may_span_lines_as_in_the_programs_own_examples():
    found = list(tokens('action printes ("a", 1, "==2\n"),\nprintes ("b")\n'))
    assert [t.text for t in found if t.kind == "string"] == ['"a"', '"==2\n"', '"b"']
    assert found[-1].line == 3


def test_a_script_says_its_dealer_and_vulnerability_the_last_statement_winning():
    script = read_script("dealer east\nvulnerable ew\ndealer west\ncondition hcp(west) > 20\n")
    assert (script.dealer, script.vulnerable) == ("W", "EW")


@pytest.mark.parametrize(("said", "vul"), [("none", "None"), ("NS", "NS"), ("ns", "NS"), ("all", "All")])
def test_every_spelling_of_vulnerable_the_program_takes(said, vul):
    assert read_script(f"vulnerable {said}\n").vulnerable == vul


def test_a_script_without_dealer_or_vulnerable_sets_neither():
    script = read_script("condition hcp(north) >= 20\naction printall\n")
    assert script.dealer is None and script.vulnerable is None


def test_tricks_is_refused_with_its_line():
    reason = read_script("# play\n\ncondition tricks(north, spades) >= 10\n").refusal()
    assert reason.startswith("line 3: tricks() writes each deal to a temporary file and runs another program")


def test_a_generate_above_any_cap_is_no_reason_to_refuse_and_its_line_is_kept():
    script = read_script("produce 5\ngenerate 50000000\n")
    assert script.refusal() == ""  # the run tries the cap's number of hands, and says so
    assert (script.generate, script.generate_line) == (50_000_000, 2)


def test_produce_and_generate_are_read():
    script = read_script("generate 300000\nproduce 12\n")
    assert (script.generate, script.produce) == (300_000, 12)


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_real_scripts_are_recognised_by_their_content(path):
    assert looks_like_script(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("script", list(LIBRARY), ids=lambda s: s.slug)
def test_the_lesson_scripts_are_recognised_and_described(script):
    assert looks_like_script(script.text)
    assert script.title and script.description and "\n" not in script.description
    assert read_script(script.text).refusal() == ""


@pytest.mark.parametrize("name", ["three_boards.pbn", "four_boards.lin", "not_deals.pbn", "script_names.pbn"])
def test_deal_files_are_not_scripts(name):
    assert not looks_like_script((UPLOAD_FIXTURES / name).read_text(encoding="utf-8", errors="replace"))


@pytest.mark.parametrize(
    "text",
    [
        "Dear class, the dealer will deal south a strong hand and the action is yours.",
        "condition",
        '[Event "x"]\ncondition hcp(north) > 10\nproduce 3\n',
        "",
    ],
)
def test_prose_and_near_misses_are_not_scripts(text):
    assert not looks_like_script(text)


def test_reading_a_script_as_a_file_names_it_and_runs_nothing():
    result = read_decks((FIXTURES / "own" / "Basic_Weak_2.dlr").read_bytes(), "Basic_Weak_2.dlr")
    assert result.format == "dlr" and result.decks == []
    assert result.problems[0].kind == "dealer_script"
    assert result.problems[0].message.startswith("a dealer script: it makes decks when it is run")


@pytest.mark.parametrize(
    "data", [b"hcp" + b"+" * 5_000_000, b"condition hcp(north) > 1\n" * 200_000, b"ab " * 1_700_000]
)
def test_only_the_head_of_a_big_file_is_read_for_the_signs_of_a_script(data):
    import tracemalloc

    tracemalloc.start()
    read_decks(data, "big.txt")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 4 * len(data)  # a token for each of five million characters took a hundred times that


def test_the_word_near_an_error_is_the_first_the_program_cannot_know():
    text = "strong = hcp(north) > 15\npredeal south SAQ542, HKJ87\ncondition strong && hcpp(south) > 3\n"
    assert word_near(text, 3) == "hcpp"  # "strong" is the script's own name, SAQ542 a holding
    assert word_near("condition hcp(north) > 5 &&\n", 2) == ""  # the line after the last: nothing there
    assert word_near("condition hcp(nord) > 5 &&\n  shape(north, any 43x3)\n", 2) == "nord"  # the line before


def test_a_character_no_expression_holds_is_named_too():
    assert word_near("condition hcp(north) > 10 # strong\n", 1) == "#"
    assert word_near("condition hcp(north) > 10 ; hcp(south) > 5\n", 1) == ";"


def test_a_line_of_known_words_names_nothing():
    assert word_near("action printall\nprintew\n", 2) == ""
    assert word_near("weak = = 3\n", 1) == ""
