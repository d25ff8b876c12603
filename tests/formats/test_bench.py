"""The benchmark harness: each row measured in a child process, counted right."""

from __future__ import annotations

import io

import pytest

from bench import hostile as bench_hostile
from bench import reader as bench
from bench.reader_data import bench_files, head

# The benchmark programs' own tests (make bench's tools, not the site) run with the slow tests.
pytestmark = pytest.mark.slow


def test_a_child_measures_one_file(tmp_path):
    f = bench_files(60, 120)[2]  # full PBN
    path = tmp_path / f.name
    path.write_bytes(f.data)
    found = bench.measure_here(path, f.fmt, "read_decks", repeat=1)
    assert found["decks"] == 60 and found["seconds"] > 0 and found["peak_of"] == len(f.data)
    sliced = bench.measure_here(path, f.fmt, "bare regex", repeat=1, memory_boards=10)
    assert sliced["decks"] == 60 and sliced["peak_of"] == len(head(f.data, f.fmt, 10)) < len(f.data)


def test_the_run_prints_every_row_from_fresh_processes(capsys):
    assert bench.main(["--boards", "100", "--big", "1000", "--no-endplay", "--rounds", "2", "--no-hostile"]) == 0
    out = capsys.readouterr().out
    rows = [
        line.split()
        for line in out.splitlines()
        if line.startswith(("plain-", "full-")) and not line.split()[0].endswith(":")
    ]  # not the summary
    assert [(r[0], r[1]) for r in rows if r[1] == "read_decks"] == [
        ("plain-0k.pbn", "read_decks"),
        ("plain-0k.lin", "read_decks"),
        ("full-0k.pbn", "read_decks"),
        ("full-0k.lin", "read_decks"),
        ("plain-1k.pbn", "read_decks"),
    ]
    found = [int(r[2] if r[1] == "read_decks" else r[3]) for r in rows]  # the decks column ("bare regex": 2 words)
    assert found == [100] * 8 + [1000] * 2
    assert "endplay: left out (--no-endplay)" in out and "time plain-1k.pbn / plain-0k.pbn" in out
    ratios = [line.split(":")[0] for line in out.splitlines() if line.endswith("x the bare regex's speed")]
    assert ratios == ["plain-0k.pbn", "plain-0k.lin", "full-0k.pbn", "full-0k.lin", "plain-1k.pbn"]
    # the peer measured on the small plain PBN, against the issue's figure for it
    speeds = [line for line in out.splitlines() if line.startswith("machine speed:")]
    assert len(speeds) == 1 and speeds[0].startswith("machine speed: bare regex read plain-0k.pbn at ")
    assert "of this machine's" in out and "(steal)" in out


def test_machine_speed_compares_the_peers_on_the_small_files_with_the_issues_figures():
    files = bench_files(100, 1000)
    rows = [
        bench.Row("plain-0k.pbn", bench.ENDPLAY, 100, 1, seconds=0.0125, decks=100),  # 8,000/s: half of 16,000
        bench.Row("full-0k.pbn", bench.ENDPLAY, 100, 1, seconds=0.1, decks=100),  # 1,000/s of 2,300
        bench.Row("plain-0k.pbn", "bare regex", 100, 1, seconds=0.002, decks=100),  # 50,000/s of 100,000
        bench.Row("plain-1k.pbn", "bare regex", 1000, 1, seconds=0.002, decks=1000),  # the big file: not compared
        bench.Row("plain-0k.lin", "bare regex", 100, 1, seconds=0.002, decks=100),  # no figure for LIN
        bench.Row("full-0k.pbn", bench.ENDPLAY, 100, 1, error="failed"),
    ]
    assert bench.machine_speed(rows, files) == [
        "machine speed: endplay 0.5.12 read plain-0k.pbn at 8,000/s, 0.50x the issue's 16,000/s",
        "machine speed: endplay 0.5.12 read full-0k.pbn at 1,000/s, 0.43x the issue's 2,300/s",
        "machine speed: bare regex read plain-0k.pbn at 50,000/s, 0.50x the issue's 100,000/s",
    ]


def test_a_failing_child_is_a_row_with_its_error(tmp_path):
    f = bench_files(10, 20)[0]
    row = bench.measure(tmp_path, f, "read_decks", repeat=1)  # the file was never written
    assert row.error.startswith("the measuring process failed") and row.decks == 0


def test_an_unknown_reader_name_is_refused_not_measured_as_another():
    assert bench.reader_function("endplay 9") == "no reader called 'endplay 9'"
    assert bench.reader_function("bare regex") is bench.bare_regex


def test_the_hostile_table_measures_each_shape_in_a_fresh_process():
    shapes = (bench_hostile.SHAPES[0], next(s for s in bench_hostile.SHAPES if s.tiny_decks))
    rows = bench_hostile.hostile_rows((20_000, 80_000), shapes)
    assert [(r.shape, round(r.size, -4)) for r in rows] == [
        (shapes[0].name, 20_000),
        (shapes[0].name, 80_000),
        (shapes[1].name, 20_000),
        (shapes[1].name, 80_000),
    ]
    assert all(r.seconds > 0 and r.peak > 0 for r in rows)
    out = io.StringIO()
    bench_hostile.print_hostile([*rows, bench_hostile.Failed("LIN slow", "over 120s, stopped")], out)
    lines = out.getvalue().splitlines()
    assert lines[0].split()[:2] == ["hostile", "shape"] and len(lines) == 2 + 5 + 1
    assert lines[3].endswith("<=2s, <10x ok")  # the 4x row is checked; the 1x row is not
    assert lines[2].endswith("x  ")
    assert "(a deck every few bytes)" in lines[5]
    assert lines[6].endswith("over 120s, stopped  MISSED")
    assert lines[7].startswith("hostile shapes within the limits at their largest size: ")
    assert lines[7].endswith("LIN slow")
