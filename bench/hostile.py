"""Hostile file shapes timed: every reader must stay linear in time and memory on them.

A file within the upload limit (5 MB) must read in at most ``TIME_LIMIT`` seconds and
with a tracemalloc peak under ``MEMORY_LIMIT`` times its size, whatever its shape. The
shapes are the tests' (tests/builders/shapes.py: tests/formats/test_linear_reading.py
reads each at two small sizes and compares the work done); ``python -m bench.reader``
prints the table of ``hostile_rows`` at 1.25 MB and 5 MB.
"""

from __future__ import annotations

import gc
import json
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from games.formats import read_decks
from tests.builders.shapes import MEMORY_LIMIT, SHAPES, Shape

TIME_LIMIT = 2.0  # seconds for a 5 MB file
SIZES = (1_250_000, 5_000_000)  # 1x and 4x: the upload limit is 5 MB a file


@dataclass
class Failed:
    """A shape the child process could not measure, and why."""

    shape: str
    why: str


@dataclass
class HostileRow:
    shape: str
    size: int
    seconds: float
    peak: int

    @property
    def ratio(self) -> float:
        return self.peak / self.size

    @property
    def ok(self) -> bool:
        return self.seconds <= TIME_LIMIT and self.ratio < MEMORY_LIMIT


def measure_shape(shape: Shape, size: int) -> HostileRow:
    """Time (CPU) and tracemalloc peak of ``read_decks`` on the shape at ``size`` bytes."""
    data = shape.data(size)
    gc.collect()
    start = time.process_time()
    read_decks(data, "hostile")
    seconds = time.process_time() - start
    gc.collect()
    tracemalloc.start()
    try:
        read_decks(data, "hostile")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return HostileRow(shape.name, len(data), seconds, peak)


def hostile_rows(
    sizes: tuple[int, ...] = SIZES, shapes: tuple[Shape, ...] = SHAPES, timeout: float = 120.0
) -> list[HostileRow | Failed]:
    """Every shape at every size, a fresh process a shape (``bench.reader --hostile NAME SIZES``,
    as the main table's rows): its rows, or why it has none (timed out, failed)."""
    rows: list[HostileRow | Failed] = []
    root = Path(__file__).resolve().parents[1]
    for shape in shapes:
        command = [sys.executable, "-m", "bench.reader", "--hostile", shape.name, ",".join(map(str, sizes))]
        try:
            done = subprocess.run(command, capture_output=True, text=True, cwd=root, timeout=timeout)
        except subprocess.TimeoutExpired:
            rows.append(Failed(shape.name, f"over {timeout:g}s, stopped"))
            continue
        try:
            rows.extend(HostileRow(**found) for found in json.loads(done.stdout.strip().splitlines()[-1]))
        except (IndexError, ValueError, TypeError):
            rows.append(Failed(shape.name, f"the measuring process failed: {done.stderr.strip()[-80:]}"))
    return rows


def measure_child(name: str, sizes: str) -> str:
    """What a ``--hostile NAME SIZES`` child prints: its rows as JSON, on one line."""
    shape = next(s for s in SHAPES if s.name == name)
    read_decks(shape.data(1000), "warm-up")  # the reader's imports and regexes: not the shape's cost
    rows = [measure_shape(shape, int(size)) for size in sizes.split(",")]
    return json.dumps([vars(row) for row in rows])


def print_hostile(rows: list[HostileRow | Failed], out=None) -> None:  # noqa: ANN001
    """The table: a line per shape and size; the largest size of each shape is checked."""
    out = out or sys.stdout
    head = f"{'hostile shape':<34} {'MB':>5} {'seconds':>8} {'peak MB':>8} {'peak/size':>9}  limit"
    print(head, file=out)
    print("-" * len(head), file=out)
    tiny = {s.name for s in SHAPES if s.tiny_decks}
    largest: dict[str, int] = {}
    for r in rows:
        if isinstance(r, HostileRow):
            largest[r.shape] = max(largest.get(r.shape, 0), r.size)
    missed: list[str] = []
    for r in rows:
        if isinstance(r, Failed):
            missed.append(r.shape)
            print(f"{r.shape:<34} {r.why}  MISSED", file=out)
            continue
        verdict = ""
        if r.size == largest[r.shape]:
            verdict = f"<={TIME_LIMIT:g}s, <{MEMORY_LIMIT:g}x " + ("ok" if r.ok else "MISSED")
            if r.shape in tiny:
                verdict += " (a deck every few bytes)"
            if not r.ok:
                missed.append(r.shape)
        print(
            f"{r.shape:<34} {r.size / 1e6:>5.2f} {r.seconds:>8.3f} {r.peak / 1e6:>8.1f} {r.ratio:>8.1f}x  {verdict}",
            file=out,
        )
    shapes = len(largest) + sum(isinstance(r, Failed) for r in rows)
    print(
        f"hostile shapes within the limits at their largest size: {shapes - len(missed)} of {shapes}"
        + (f"; missed: {', '.join(missed)}" if missed else ""),
        file=out,
    )
