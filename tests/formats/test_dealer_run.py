"""Running dealer scripts with Debian's real ``dealer`` (games.formats.dealer.run): decks that
meet the script's condition as the program itself judges it (tests/dealer_check.py), the
seed, dealer and vulnerability, and every hostile script we could think of. Skipped
without the program, failed with STRICT=1."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import time
from pathlib import Path

import pytest

from games.formats.dealer import LIBRARY, Limits, budget_spent, read_script, run_script
from games.formats.dealer.run import APPENDED_ACTION, BYTES_PER_DECK, OUTPUT_SLACK, _execute, _explain, _limit
from tests.dealer_check import FIXTURES, dealer_program, hands, hcp, holds, lengths, predealt

OWN = sorted((FIXTURES / "own").glob("*.dlr"))
PUBLIC = sorted((FIXTURES / "public").glob("*.dlr"))
OVER_THE_CAP = {"hm1dr2d.dlr": (1, 50_000_000), "test_dealer.dlr": (8, 10_000_000)}  # their own generate's line
FAST = Limits(seconds=2, cpu_seconds=3)
# A wall clock no busy machine runs out of: a test of what a script makes bounds it by
# processor time instead (``children_cpu``).
UNHURRIED = Limits(seconds=120, cpu_seconds=6)
CHAT = FIXTURES / "own" / "Lesson_With_Chat.dlr"


@pytest.fixture(autouse=True)
def dealer_installed() -> str:
    return dealer_program()


def run(text: str, **options):
    options.setdefault("seed", 11)
    return run_script(text, program=dealer_program(), **options)


def children_cpu() -> float:
    """Processor seconds used so far by this process's finished children (the program's runs)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _balanced(shape: list[int]) -> bool:
    return sorted(shape, reverse=True) in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])


# Python's own reading of each lesson, for the simple cases: South's (or the pair's) hands.
LESSONS = {
    "opening_1nt": lambda h: 15 <= hcp(h["S"]) <= 17 and _balanced(lengths(h["S"])) and max(lengths(h["S"])[:2]) < 5,
    "weak_two": lambda h: 5 <= hcp(h["S"]) <= 10 and 6 in lengths(h["S"])[:2] and 0 not in lengths(h["S"]),
    "strong_2c": lambda h: hcp(h["S"]) >= 16,
    "preempts": lambda h: 5 <= hcp(h["S"]) <= 10 and max(lengths(h["S"])) in (7, 8),
    "major_fit": lambda h: (
        any(lengths(h["N"])[i] == lengths(h["S"])[i] == 4 for i in (0, 1)) and hcp(h["N"]) + hcp(h["S"]) >= 25
    ),
    "slam": lambda h: hcp(h["N"]) + hcp(h["S"]) >= 33 and min(hcp(h["N"]), hcp(h["S"])) >= 12,
    "competitive": lambda h: 18 <= hcp(h["N"]) + hcp(h["S"]) <= 22 and hcp(h["E"]) + hcp(h["W"]) >= 18,
}


@pytest.mark.parametrize("script", list(LIBRARY), ids=lambda s: s.slug)
def test_each_lesson_script_makes_16_decks_that_meet_its_condition(script):
    made = run(script.text, name=script.filename)
    assert made.problem == "" and len(made.decks) == 16 and made.tried >= 16
    for deck in made.decks:
        assert holds(script.text, deck.deal), deck.deal
        assert LESSONS[script.slug](hands(deck.deal)), deck.deal
    assert [deck.board for deck in made.decks] == [str(n) for n in range(1, 17)]


@pytest.mark.parametrize("path", OWN, ids=lambda p: p.name)
def test_our_scripts_in_the_public_collections_style_make_decks_that_meet_them(path):
    text = path.read_text(encoding="utf-8")
    made = run(text, name=path.name, count=8)
    assert made.problem == "" and len(made.decks) == 8, made.problem
    for deck in made.decks:
        assert holds(text, deck.deal), deck.deal
        for seat, cards in predealt(text).items():
            held = hands(deck.deal)[seat]
            assert all(card[1:] in held["SHDC".index(card[0])] for card in cards), (seat, cards, deck.deal)


@pytest.mark.parametrize("path", PUBLIC, ids=lambda p: p.name)
def test_the_programs_own_example_scripts_run_and_a_generate_above_the_cap_runs_with_the_cap(path):
    text = path.read_text(encoding="utf-8")
    before = children_cpu()
    made = run(text, name=path.name, count=4, limits=UNHURRIED)
    assert children_cpu() - before < 2  # each takes milliseconds of processor time, however busy the machine
    assert made.problem == "" and len(made.decks) == 4, made.problem
    for deck in made.decks:
        assert holds(text, deck.deal), deck.deal
    capped = [note for note in made.notes if note.key == "dealer.generate_capped"]
    if path.name in OVER_THE_CAP:
        line, asked = OVER_THE_CAP[path.name]
        assert capped == [
            f"line {line}: the script's generate {asked:,} is above this site's cap: at most 1,000,000 hands were tried"
        ]
        assert made.tried <= 1_000_000
    else:
        assert capped == []


def test_a_generate_above_the_cap_tries_only_the_caps_number_of_hands():
    made = run("generate 5000000\ncondition hcp(north) >= 38\n", limits=Limits(max_tries=20_000))
    assert (
        made.kind == "dealer_no_match" and made.problem == "no hand matched in 20,000 tries: loosen the specification"
    )


def test_text_the_program_echoes_from_a_chat_block_never_costs_a_deal():
    text = CHAT.read_text(encoding="utf-8")
    # The program itself writes some of the comment's capitals in front of the first deal.
    args = [dealer_program(), "-s", "11", "-p", "12", "-g", "1000000"]
    out, _, returncode, _ = _execute(args, (text + APPENDED_ACTION).encode(), 12, UNHURRIED)
    first = out.decode().splitlines()[0]
    assert returncode == 0 and not first.startswith("n ")
    made = run(text, name=CHAT.name, count=12, limits=UNHURRIED)
    assert made.problem == "" and len(made.decks) == 12
    assert not [note for note in made.notes if note.key in ("dealer.only_some", "dealer.unread")]
    assert "line 8: the script's generate 10,000,000 is above this site's cap: at most 1,000,000 hands were tried" in (
        made.notes
    )
    n, e, s, w = first[first.index("n ") :].split()[1::2]
    assert made.decks[0].deal == f"N:{n} {e} {s} {w}".upper()
    assert all(holds(text, deck.deal) for deck in made.decks)


def test_fewer_decks_than_asked_say_the_hands_tried_cap_was_reached():
    made = run("generate 20000\ncondition hcp(north) >= 26\n", count=16)  # seed 11: 4 such hands
    assert 0 < len(made.decks) < 16 and made.tried == 20_000
    assert f"only {len(made.decks)} of the 16 decks asked for matched in 20,000 tries" in made.notes


def test_deals_the_program_printed_but_that_could_not_be_read_are_said_so():
    made = run("condition hcp(north) >= 10\n", count=12)
    made.decks.pop()  # as if the last deal's line had not been read: the program said it produced 12
    _explain(made, b"", 0, "", 1_000_000, 12, Limits(), 2)
    assert made.notes[-1] == "only 11 of the deals dealer printed (12) could be read"
    made.decks.clear()
    _explain(made, b"", 0, "", 1_000_000, 12, Limits(), 2)
    assert made.kind == "dealer_error" and made.problem == "only 0 of the deals dealer printed (12) could be read"


def test_the_same_seed_makes_the_same_deals_and_another_seed_others():
    text = next(s for s in LIBRARY if s.slug == "weak_two").text
    first, again, other = run(text, seed=99), run(text, seed=99), run(text, seed=100)
    assert [d.deal for d in first.decks] == [d.deal for d in again.decks]
    assert first.tried == again.tried
    assert [d.deal for d in first.decks] != [d.deal for d in other.decks]
    assert "seed 99: the same script, number of decks and seed make the same deals again" in first.notes


def test_a_run_without_a_seed_picks_one_that_repeats_it():
    text = "condition hcp(south) >= 12\n"
    made = run(text, seed=None, count=3)
    assert 1 <= made.seed < 2**32
    assert [d.deal for d in run(text, seed=made.seed, count=3).decks] == [d.deal for d in made.decks]


def test_the_scripts_dealer_and_vulnerability_are_kept_and_said():
    made = run("dealer west\nvulnerable EW\ncondition hcp(west) >= 12\n", count=3)
    assert {(d.dealer, d.vul) for d in made.decks} == {("W", "EW")}
    assert "the script sets the dealer (West) and the vulnerability (E-W vulnerable)" in made.notes


def test_without_dealer_or_vulnerable_a_deck_states_neither():
    made = run("condition hcp(north) >= 12\n", count=5)
    assert {(d.dealer, d.vul) for d in made.decks} == {(None, None)}  # the game's rule gives them
    assert any("sets no dealer or vulnerability" in note for note in made.notes)


def test_only_the_dealer_set_leaves_the_vulnerability_to_the_game():
    made = run("dealer south\ncondition hcp(south) >= 12\n", count=3)
    assert {(d.dealer, d.vul) for d in made.decks} == {("S", None)}


def test_the_summary_counts_decks_and_hands_tried():
    made = run((FIXTURES / "own" / "Basic_Weak_2.dlr").read_text(), name="Basic_Weak_2.dlr", count=12)
    result = made.file_result()
    assert result.format == "dlr" and len(result.decks) == 12 and not result.problems
    assert result.notes[0] == f"12 decks made by Basic_Weak_2.dlr (dealer script): {made.tried:,} hands tried"
    assert made.tried > 12


# --- hostile scripts --------------------------------------------------------------------


def test_an_impossible_script_says_to_loosen_it_and_makes_nothing():
    made = run("generate 20000\ncondition hcp(north) >= 21 && hcp(south) >= 20\n")
    assert made.decks == [] and made.kind == "dealer_no_match"
    assert made.problem == "no hand matched in 20,000 tries: loosen the specification"


def test_an_impossible_script_without_generate_runs_to_the_cap():
    made = run("condition hcp(north) >= 38\n", limits=Limits(max_tries=50_000))
    assert made.problem == "no hand matched in 50,000 tries: loosen the specification"


def test_a_syntax_error_gives_the_line_and_the_programs_own_message():
    made = run("dealer south\ncondition hcp(south) >= 15\n\nweak = = 3\n")
    assert made.kind == "dealer_error" and made.decks == []
    assert made.problem == "dealer stopped at line 4: “syntax error”"
    assert made.file_result().problems[0].message == made.problem


def test_an_unknown_variable_and_a_mid_line_hash_are_the_programs_errors_near_what_it_choked_on():
    assert run("condition strong\n").problem == "dealer stopped at line 1: “unknown variable” near “strong”"
    assert run("condition hcp(north) > 10 # strong\n").problem == "dealer stopped at line 1: “syntax error” near “#”"


def test_a_misspelt_function_is_named_with_its_line():
    made = run("dealer south\ncondition hcp(north) > 5 &&\n  hcpp(south) > 3\n")
    assert made.problem == "dealer stopped at line 3: “unknown variable” near “hcpp”"
    assert made.problem.key == "dealer.stopped_near" and made.problem.params["word"] == "hcpp"
    assert run("condition hcp(nord) > 5\n").problem == "dealer stopped at line 1: “syntax error” near “nord”"


def test_an_unclosed_comment_is_said_to_end_the_script():
    assert run("condition hcp(north) > 10\n/* never closed\n").problem == (
        "dealer stopped at the end of the script: “EOF found in comment”"
    )


def test_a_card_predealt_twice_is_the_programs_message():
    assert run("predeal north SA\npredeal south SA\n").problem == "dealer stopped at line 2: “Card predealt twice”"


def test_tricks_is_refused_before_the_program_runs():
    started = time.monotonic()
    made = run("condition tricks(south, notrumps) >= 9\n")
    assert made.kind == "dealer_refused" and made.problem.startswith("not run: line 1: tricks() writes")
    assert time.monotonic() - started < 0.5


def test_an_endless_script_is_stopped_at_the_wall_clock():
    endless = "condition " + " + ".join(["hcp(north)"] * 3000) + " > 1000000\n"
    started = time.monotonic()
    made = run(endless, limits=FAST)
    assert time.monotonic() - started < 4
    assert made.kind == "dealer_limit" and made.decks == []
    assert made.problem.startswith("stopped after 2 seconds: the script takes too long")


def test_a_run_stopped_by_the_wall_clock_it_shares_with_others_says_so():
    endless = "condition " + " + ".join(["hcp(north)"] * 3000) + " > 1000000\n"
    made = run(endless, limits=Limits(seconds=0.3, shared_seconds=5, cpu_seconds=1))
    assert made.kind == "dealer_limit" and made.problem.key == "dealer.budget_hit"
    assert made.problem.startswith("stopped when the 5 seconds that one upload's dealer scripts share ran out")


def test_a_script_left_when_the_shared_time_is_spent_is_named_and_not_run():
    left = budget_spent("Lesson_3.dlr", count=16, seed=7, seconds=5)
    assert left.decks == [] and left.kind == "dealer_limit" and left.tried == 0
    (problem,) = left.file_result().problems
    assert problem.message == (
        "Lesson_3.dlr was not run: the dealer scripts before it used up the 5 seconds that one upload's scripts share"
    )


@pytest.mark.slow  # a second of processor time to burn, and seconds more to read the script
def test_processor_time_is_capped_behind_the_wall_clock():
    endless = "condition " + " + ".join(["hcp(north)"] * 3000) + " > 1000000\n"
    made = run(endless, limits=Limits(seconds=120, cpu_seconds=1))  # wall clock to spare on a busy machine
    assert made.kind == "dealer_crash" and made.problem.endswith("it used its 1 seconds of processor time")


def test_a_chain_of_variables_that_takes_minutes_to_read_is_stopped():
    chain = "a0 = hcp(north)\n" + "".join(f"a{i} = a{i - 1} + 1\n" for i in range(1, 40_000)) + "condition a39999 > 5\n"
    made = run(chain, limits=Limits(seconds=1, cpu_seconds=2, max_script_bytes=1_000_000))
    assert made.kind in ("dealer_limit", "dealer_crash") and made.decks == []


def test_a_division_by_zero_crash_is_a_message():
    made = run("condition hcp(north) / (hcp(south) - hcp(south)) > 1\n")
    assert made.kind == "dealer_crash"
    assert made.problem == "dealer crashed while running this script: a division by zero (/ or % by 0)"


def test_the_limits_are_in_force_before_the_script_is_read():
    # The program waits on its standard input: what /proc says of it then is what holds
    # while it reads and runs the script (run_script writes the script only after _limit).
    proc = subprocess.Popen([dealer_program(), "-p", "1"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    try:
        _limit(proc.pid, Limits(seconds=5, cpu_seconds=6, memory_bytes=128 * 1024 * 1024))
        limits = Path(f"/proc/{proc.pid}/limits").read_text()
        niceness = os.getpriority(os.PRIO_PROCESS, proc.pid)
    finally:
        proc.kill()
        proc.wait()
    rows = {line[:26].strip(): line[26:].split()[:2] for line in limits.splitlines()[1:]}
    assert rows["Max cpu time"] == ["6", "7"]
    assert rows["Max address space"] == [str(128 * 1024 * 1024)] * 2
    assert rows["Max file size"] == ["0", "0"] and rows["Max core file size"] == ["0", "0"]
    assert rows["Max open files"] == ["16", "16"] and rows["Max processes"] == ["0", "0"]
    assert niceness >= 10


def test_a_program_that_cannot_start_under_its_memory_limit_is_a_message():
    made = run("condition hcp(north) > 10\n", limits=Limits(memory_bytes=1024 * 1024))
    assert made.problem or made.decks  # never an exception, whether the loader got in first or not


def test_a_huge_produce_makes_only_the_decks_asked_for():
    made = run("produce 1000000000\ncondition hcp(north) > 5\naction printall\n", count=5)
    assert len(made.decks) == 5 and made.problem == ""
    assert "the script's produce 1,000,000,000 is replaced by the 5 decks asked for" in made.notes


def test_the_scripts_own_actions_never_run_so_nothing_they_print_is_read():
    floods = (
        'produce 100000\ncondition hcp(north) > 5\naction printes ("<script>alert(1)</script>", hcp(north)), '
        'frequency "x" (hcp(north), -100000000, 100000000), print(north, south), average "y" hcp(south)\n'
    )
    made = run(floods, count=4)
    assert len(made.decks) == 4 and made.problem == ""
    assert all("<" not in note for note in made.file_result().notes)


def test_output_past_what_the_decks_need_is_cut_off():
    # 2,000 deals asked of the program, the output read as if 1 deck had been asked for.
    args = [dealer_program(), "-s", "1", "-p", "2000", "-g", "100000"]
    out, _, returncode, stopped = _execute(args, b"action printoneline\n", 1, Limits())
    # Read up to one 64 KiB read past the cap (a busy machine lets the program fill the
    # pipe before the first read); all 2,000 deals would be some 140,000 bytes.
    assert stopped == "output" and len(out) <= BYTES_PER_DECK + OUTPUT_SLACK + 65_536 < 140_000
    assert returncode == -signal.SIGKILL


def test_a_script_over_the_size_limit_is_not_run():
    made = run("condition hcp(north) > 10\n" + "# padding\n" * 10_000, limits=Limits(max_script_bytes=65_536))
    assert made.kind == "dealer_limit" and made.problem.startswith("the script is 100,026 bytes")


def test_a_missing_program_is_a_message_with_the_install_command():
    made = run_script("condition hcp(north) > 10\n", program="/nonexistent/dealer")
    assert made.decks == [] and made.kind == "dealer_missing"


def test_the_program_is_told_the_cap_not_the_scripts_bigger_numbers():
    script = read_script("generate 5000\nproduce 100000\n")
    made = run("generate 5000\nproduce 100000\ncondition hcp(north) >= 30\n", count=3)
    assert script.generate == 5000 and made.tried <= 5000
