"""Reading speed and memory: ``python -m bench.reader`` (or ``make bench``).

Generates deterministic 10,000-board files (reader_data.py: plain deals, and full
tournament records with players, alerted auctions and 13 tricks of play) in PBN and
LIN, plus a 100,000-board plain PBN, then reads each with ``read_decks``, with endplay
0.5.12 (when installed) and with a bare regex that only cuts out the deals.

Every row is measured in fresh Python processes (``--measure``), the way pyperf runs
benchmarks: the parent holds all the generated files and decks (millions of objects),
and a reader timed next to that heap ran 20-30% slower, peers and floor alike. Each
child reads one file: two runs timed in CPU time, then the peak memory of one more run
under tracemalloc. Each row gets a child in each of ``--rounds`` passes through the
table and keeps its best (see ``run``).

A second table (hostile.py, ``--no-hostile`` leaves it out) reads hostile file
shapes at 1.25 and 5 MB: every one must read in at most 2 s and under 10x its size.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bench.hostile import SIZES as HOSTILE_SIZES
from bench.hostile import hostile_rows, measure_child, print_hostile
from bench.reader_data import SEED, BenchFile, bench_files, head
from games.bridge.cards import RANKS, SUITS
from games.formats import read_decks

ENDPLAY_TARGET = 2.0  # read_decks at least twice as fast as endplay on PBN, plain and full
LINEARITY_LIMIT = 11.0  # 100k boards may take at most 11x the time of 10k
MEMORY_LIMIT = 10.0  # peak memory of a file under 10x its size
ENDPLAY_SAMPLE = 500  # boards endplay is run on under tracemalloc (it is slow there)
ENDPLAY = "endplay 0.5.12"
# The peers' speeds the issue measured on this kind of machine (decks/s), against which a
# run tells how fast its machine was: the same 2-CPU kind has run 2.5x slower on a busy host.
REFERENCE = {
    ("plain", "pbn", ENDPLAY): 16_000,
    ("full", "pbn", ENDPLAY): 2_300,
    ("plain", "pbn", "bare regex"): 100_000,
}

# --- readers -------------------------------------------------------------------------------

# A reader takes (bytes, format) and returns how many decks it found.
ReadFn = Callable[[bytes, str], int]


def ours(data: bytes, fmt: str) -> int:
    return len(read_decks(data, f"bench.{fmt}").decks)


_PBN_DEAL = re.compile(rb'\[Deal "([^"]*)"\]')
_LIN_DEAL = re.compile(rb"md\|([^|]*)\|")
_CARD = [{r: s + r for r in RANKS} for s in SUITS]  # one shared str per card
_PACK = [s + r for s in SUITS for r in RANKS]


def bare_regex(data: bytes, fmt: str) -> int:
    """The floor: cut out each deal and build (and keep) its 52 cards, nothing else."""
    deals: list[list[str]] = []
    if fmt == "pbn":
        for match in _PBN_DEAL.finditer(data):
            cards: list[str] = []
            for hand in match.group(1).decode()[2:].split(" "):
                for table, ranks in zip(_CARD, hand.split(".")):
                    cards.extend(map(table.__getitem__, ranks))
            deals.append(cards)
    else:
        for match in _LIN_DEAL.finditer(data):
            cards = []
            for hand in match.group(1).decode()[1:].split(","):
                table = _CARD[0]
                for ch in hand:
                    if ch in "SHDC":
                        table = _CARD["SHDC".index(ch)]
                    else:
                        cards.append(table[ch])
            if len(cards) == 39:  # East left out: the rest of the pack
                held = set(cards)
                cards += [c for c in _PACK if c not in held]
            deals.append(cards)
    return sum(len(cards) == 52 for cards in deals)


def endplay_reader() -> ReadFn | str:
    """endplay's load() for the format, or why it cannot be used."""
    try:
        from endplay.parsers import lin, pbn
    except ImportError:
        return "endplay not installed"

    def read(data: bytes, fmt: str) -> int:
        module = pbn if fmt == "pbn" else lin
        return len(module.load(io.StringIO(data.decode("utf-8"))))

    return read


# --- measuring, in a child process ---------------------------------------------------------


@dataclass
class Row:
    file: str
    reader: str
    boards: int
    size: int  # bytes
    seconds: float | None = None
    decks: int = 0
    peak: int | None = None  # bytes, tracemalloc
    peak_of: int = 0  # size of the data the peak was measured on
    error: str = ""
    target: str = ""

    @property
    def rate(self) -> float:
        return self.decks / self.seconds if self.seconds else 0.0


def reader_function(reader: str) -> ReadFn | str:
    """The reader a row names, or why it cannot be run."""
    if reader == "read_decks":
        return ours
    if reader == "bare regex":
        return bare_regex
    if reader == ENDPLAY:
        return endplay_reader()
    return f"no reader called {reader!r}"


def measure_here(path: Path, fmt: str, reader: str, repeat: int, memory_boards: int = 0) -> dict:
    """Best of ``repeat`` timed reads of the file, then the peak memory of one more read
    (of its first ``memory_boards`` boards when given: tracemalloc slows a slow reader
    2-5x, so endplay's peak is taken on a slice and the ratio uses that slice's size)."""
    fn = reader_function(reader)
    if isinstance(fn, str):
        return {"error": fn}
    data = path.read_bytes()
    try:
        best = float("inf")
        decks = 0
        for _ in range(repeat):
            gc.collect()  # the last run's garbage is not this run's cost
            # CPU time of this process: on a shared machine, wall time also counts the time
            # other processes held the cores (the readers are single-threaded and do no I/O)
            start = time.process_time()
            decks = fn(data, fmt)
            best = min(best, time.process_time() - start)
        sample = head(data, fmt, memory_boards) if memory_boards else data
        gc.collect()
        tracemalloc.start()
        try:
            fn(sample, fmt)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    except Exception as error:  # noqa: BLE001 - a peer's failure is a result, not a crash
        return {"error": f"cannot read: {type(error).__name__}: {error}"[:90]}
    return {"seconds": best, "decks": decks, "peak": peak, "peak_of": len(sample)}


def measure(folder: Path, f: BenchFile, reader: str, *, repeat: int, memory_boards: int = 0) -> Row:
    """One row of the table, measured by a fresh ``python -m bench.reader --measure``."""
    row = Row(f.name, reader, f.boards, len(f.data))
    command = [
        sys.executable,
        "-m",
        "bench.reader",
        "--measure",
        str(folder / f.name),
        f.fmt,
        reader,
        str(repeat),
        str(memory_boards),
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1])
    try:
        found = json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, ValueError):
        found = {"error": f"the measuring process failed: {done.stderr.strip()[-80:]}"}
    row.error = found.get("error", "")
    row.seconds, row.decks = found.get("seconds"), found.get("decks", 0)
    row.peak, row.peak_of = found.get("peak"), found.get("peak_of", 0)
    return row


def run(
    files: list[BenchFile], folder: Path, *, endplay: bool, endplay_big: bool = False, rounds: int = 3
) -> list[Row]:
    """Every row of the table: read_decks, endplay (when usable) and the bare regex.

    This machine's speed wanders for tens of seconds at a time, so each row's runs are
    spread over ``rounds`` passes through the whole table (a fresh process per row and
    pass, two timed reads each) and the best is kept: a slow spell then slows one pass
    of every row rather than every run of one row. endplay, slow, runs in one pass."""
    plan: list[tuple[BenchFile, str]] = []
    for f in files:
        big = f is files[-1] and len(files) > 1
        plan.append((f, "read_decks"))
        if endplay and (endplay_big or not big):
            plan.append((f, ENDPLAY))
        plan.append((f, "bare regex"))
    best: dict[tuple[str, str], Row] = {}
    for round_ in range(rounds):
        for f, reader in plan:
            if reader == ENDPLAY and round_:
                continue
            slow = reader == ENDPLAY
            row = measure(folder, f, reader, repeat=1 if slow else 2, memory_boards=ENDPLAY_SAMPLE if slow else 0)
            kept = best.get((f.name, reader))
            if kept is None or (row.seconds and (not kept.seconds or row.seconds < kept.seconds)):
                best[(f.name, reader)] = row
    rows = [best[(f.name, reader)] for f, reader in plan]
    for row in rows:
        if row.reader == ENDPLAY:
            row.target = f"peak on the first {ENDPLAY_SAMPLE:,} boards"
        elif row.reader == "read_decks" and row.peak is not None:
            row.target = f"peak<{MEMORY_LIMIT:g}x " + ("ok" if row.peak < MEMORY_LIMIT * row.size else "MISSED")
    return rows


def summary(rows: list[Row], files: list[BenchFile], endplay: ReadFn | str, endplay_big: bool = False) -> list[str]:
    """Lines to print under the table: speed against endplay, linearity, what was left out."""
    lines = [] if callable(endplay) else [f"endplay: {endplay}"]
    if callable(endplay) and not endplay_big and len(files) > 1:
        lines.append(f"endplay: not run on {files[-1].name} (it takes a minute; --endplay-big)")
    mine = {r.file: r for r in rows if r.reader == "read_decks" and r.seconds}
    for r in rows:
        ours_row = mine.get(r.file)
        if not r.reader.startswith("endplay") or not ours_row:
            continue
        if r.error:
            lines.append(f"{r.file}: endplay {r.error}")
        elif r.decks < ours_row.decks:
            lines.append(f"{r.file}: endplay read {r.decks:,} of {ours_row.decks:,} boards")
        elif r.seconds:
            times = r.seconds / ours_row.seconds
            line = f"{r.file}: read_decks is {times:.1f}x as fast as endplay"
            if r.file.endswith(".pbn"):
                line += f" (target >= {ENDPLAY_TARGET:g}x) " + ("ok" if times >= ENDPLAY_TARGET else "MISSED")
            lines.append(line)
    floor = {r.file: r for r in rows if r.reader == "bare regex" and r.seconds}
    for name, r in mine.items():  # the floor ran in the same passes: a figure the machine moves less
        if name in floor:
            lines.append(f"{name}: read_decks at {r.rate / floor[name].rate:.2f}x the bare regex's speed")
    small = next((mine.get(f.name) for f in files if f.kind == "plain" and f.fmt == "pbn"), None)
    big = mine.get(files[-1].name) if files else None
    if small and big and big is not small and small.seconds and big.seconds:
        ratio = big.seconds / small.seconds
        verdict = "ok" if ratio <= LINEARITY_LIMIT else "MISSED"
        lines.append(f"time {big.file} / {small.file}: {ratio:.1f}x (target <= {LINEARITY_LIMIT:g}x) {verdict}")
    return lines


def machine_speed(rows: list[Row], files: list[BenchFile]) -> list[str]:
    """How fast this run's machine was, as the peers' speeds against the issue's figures
    for them: a run at half the reference speed reads half the decks a second it would there."""
    kinds = {f.name: (f.kind, f.fmt) for f in files[:-1] or files}  # the 10k files
    lines = []
    for r in rows:
        reference = REFERENCE.get((*kinds.get(r.file, ("", "")), r.reader))
        if reference and r.seconds:
            lines.append(
                f"machine speed: {r.reader} read {r.file} at {r.rate:,.0f}/s, "
                f"{r.rate / reference:.2f}x the issue's {reference:,}/s"
            )
    return lines


def steal_seconds() -> float | None:
    """CPU seconds the hypervisor has given this machine's CPUs to other machines so far
    (the steal column of /proc/stat); None where there is no such file."""
    try:
        with open("/proc/stat") as f:
            return int(f.readline().split()[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def print_table(rows: list[Row], out=None) -> None:
    out = out or sys.stdout
    head = (
        f"{'file':<16} {'reader':<15} {'boards':>7} {'MB':>6} {'decks/s':>9} "
        f"{'MB/s':>6} {'peak MB':>8} {'peak/size':>9}  target"
    )
    print(head, file=out)
    print("-" * len(head), file=out)
    for r in rows:
        mb = r.size / 1e6
        if r.error:
            print(f"{r.file:<16} {r.reader:<15} {r.boards:>7} {mb:>6.2f}  {r.error}", file=out)
            continue
        peak = (
            f"{r.peak / 1e6:>8.1f} {r.peak / (r.peak_of or r.size):>8.1f}x"
            if r.peak is not None
            else f"{'-':>8} {'-':>9}"
        )
        mbs = mb / r.seconds if r.seconds else 0.0
        print(
            f"{r.file:<16} {r.reader:<15} {r.decks:>7} {mb:>6.2f} {r.rate:>9,.0f} {mbs:>6.1f} {peak}  {r.target}",
            file=out,
        )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--measure"]:  # a child: one file, one reader
        path, fmt, reader, repeat, memory_boards = argv[1:6]
        print(json.dumps(measure_here(Path(path), fmt, reader, int(repeat), int(memory_boards))))
        return 0
    if argv[:1] == ["--hostile"]:  # a child: one hostile shape at each size (bench.hostile)
        print(measure_child(argv[1], argv[2]))
        return 0
    parser = argparse.ArgumentParser(prog="python -m bench.reader", description=__doc__)
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--big", type=int, default=100_000, help="boards of the linearity file")
    parser.add_argument("--no-endplay", action="store_true", help="leave out the endplay rows")
    parser.add_argument("--endplay-big", action="store_true", help="run endplay on the big file too")
    parser.add_argument("--rounds", type=int, default=3, help="passes through the table; each row keeps its best")
    parser.add_argument("--keep", type=Path, help="also write the generated files to this folder")
    parser.add_argument("--no-hostile", action="store_true", help="leave out the table of hostile shapes")
    parser.add_argument(
        "--hostile-sizes",
        default=",".join(map(str, HOSTILE_SIZES)),
        help="bytes of each hostile file, comma-separated (default: 1x and 4x)",
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    files = bench_files(args.boards, args.big)
    print(
        f"generated {len(files)} files in {time.perf_counter() - start:.1f}s (seed {SEED}); "
        "each row is measured in a fresh process"
    )
    endplay = "left out (--no-endplay)" if args.no_endplay else endplay_reader()
    with tempfile.TemporaryDirectory(prefix="deck-bench.") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for f in files:
            (folder / f.name).write_bytes(f.data)
        steal_before, clock_before = steal_seconds(), time.perf_counter()
        rows = run(files, folder, endplay=callable(endplay), endplay_big=args.endplay_big, rounds=args.rounds)
        steal_after, span = steal_seconds(), time.perf_counter() - clock_before
    print_table(rows)
    for line in summary(rows, files, endplay, args.endplay_big) + machine_speed(rows, files):
        print(line)
    if steal_before is not None and steal_after is not None:  # times are CPU time, but a busy host still slows them
        cpus = os.cpu_count() or 1
        print(
            f"the host took {(steal_after - steal_before) / (span * cpus):.0%} of this machine's "
            f"{cpus} CPUs during the run (steal)"
        )
    if not args.no_hostile:  # every file shape within the upload limit reads in linear time and memory
        print()
        print_hostile(hostile_rows(tuple(int(size) for size in args.hostile_sizes.split(","))))
    print(f"total {time.perf_counter() - start:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
