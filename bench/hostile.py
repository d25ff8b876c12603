"""Hostile file shapes: every reader must stay linear in time and memory on them.

A file within the upload limit (5 MB) must read in at most ``TIME_LIMIT`` seconds and
with a tracemalloc peak under ``MEMORY_LIMIT`` times its size, whatever its shape: one
token repeated, runs of separators, one giant line or value, deep comments. ``SHAPES``
lists such shapes (tests/formats/test_linear_reading.py reads each at two small sizes
and compares the work done); ``python -m bench.reader`` prints the table of
``hostile_rows`` at 1.25 MB and 5 MB.
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

from bench.hostile_club import club_shapes
from games.formats import read_decks

TIME_LIMIT = 2.0  # seconds for a 5 MB file
MEMORY_LIMIT = 10.0  # peak memory under 10x the file's size
SIZES = (1_250_000, 5_000_000)  # 1x and 4x: the upload limit is 5 MB a file

LIN_MD = "md|3SA5H97642DAJCKQJ9,SQ7432H5DK72CT854,SKJ86HAQ3D9863CA3|"
LIN_BOARD = f"qx|o1|{LIN_MD}rh||ah|Board 1|sv|0|mb|1S|mb|p|pc|SA|pc|S2|pg||\n"
PBN_DEAL = '[Deal "E:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"]'
PBN_GAME = f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n{PBN_DEAL}\n'
LINK = "https://www.bridgebase.com/tools/handviewer.html?lin="
HANDS = "n=SA5H97642DAJCKQJ9&e=SQ7432H5DK72CT854&s=SKJ86HAQ3D9863CA3&d=n&v=b&b=7"


@dataclass(frozen=True)
class Shape:
    """A file made of ``head``, then ``unit`` repeated, then ``tail``."""

    name: str
    head: str
    unit: str
    tail: str = ""
    # A full deck every few bytes ('#' and '##' copy the deal of the game before): each Deck
    # holds some 330 bytes (the object, its line and index, its source text) whatever the
    # reader does, so such a file cannot stay under MEMORY_LIMIT times its size.
    tiny_decks: bool = False

    def text(self, repeats: int) -> str:
        return self.head + self.unit * repeats + self.tail

    def repeats_for(self, size: int) -> int:
        """How many units make a file of about ``size`` bytes (UTF-8)."""
        fixed = len((self.head + self.tail).encode())
        return max(1, (size - fixed) // len(self.unit.encode()))

    def data(self, size: int) -> bytes:
        return self.text(self.repeats_for(size)).encode()


def _lin(tag_pair: str) -> Shape:
    shown = tag_pair.replace("\n", "\\n")
    return Shape(f"LIN {shown} x N", LIN_MD, tag_pair)


SHAPES: tuple[Shape, ...] = (
    # LIN: every pair the reader knows, repeated after one deal
    *(
        _lin(pair)
        for pair in (
            "ah|x|",
            "ah||",
            "md|0|",
            "md||",
            "mb|p|",
            "mb|1S!|an|x|",
            "an|x|",
            "pc|SA|",
            "pc|sa|",
            "pg||",
            "mc|5|",
            "pn|a,b,c,d|",
            "sv|o|",
            "sv|q|",
            "mc|x|",
            "nt|hi|",
            "st||",
            "rh||",
            "sk||",
            "vg|a,b|",
            "rs|x|",
            "mp|x|",
            "bn|x|",
            "pw|x|",
            "zz|x|",
            "qx|o1|",
            "qx||",
            "Md||",
            "md|x|",
            "pg||pc|SA|",
            "mb|p|\n",
            "pc|SA|\n",
            "x y|v|",
        )
    ),
    Shape("LIN md|0| x N (no deal)", "", "md|0|"),
    Shape("LIN qx|o1|md|...| x N", "", "qx|o1|" + LIN_MD),
    Shape("LIN board x N", "", LIN_BOARD),
    Shape("LIN | run", LIN_MD, "|"),
    Shape("LIN line ends run", LIN_MD, "\n"),
    Shape("LIN CR run", LIN_MD, "\r"),
    Shape("LIN CRLF run", LIN_MD, "\r\n"),
    Shape("LIN space run", LIN_MD, " "),
    Shape("LIN giant nt value", LIN_MD + "nt|", "x", "|"),
    Shape("LIN giant line, no pipe", LIN_MD, "x"),
    Shape("LIN giant md value", "md|1", "S", "|"),
    Shape("LIN md of commas", "md|1", ",", "|"),
    Shape("LIN giant ah value", LIN_MD + "ah|Board ", "9", "|"),
    Shape("LIN giant mc value", LIN_MD + "mc|", "9", "|"),
    Shape("LIN % lines", LIN_MD + "\n", "%x\n"),
    Shape("LIN % run", LIN_MD + "\n", "%"),
    Shape("LIN mixed pairs", LIN_MD, "ah|x|md|0|mb|p|an|x|pc|sa|mc|5|nt|x|sv|q|pn|a|rs|x||x| y|z|\n"),
    # PBN: separators, repeated tags, comments, sections
    Shape("PBN blank lines", PBN_GAME, "\n"),
    Shape("PBN space lines", PBN_GAME, " \n"),
    Shape("PBN CRLF run", PBN_GAME, "\r\n"),
    Shape("PBN CR run", PBN_GAME, "\r"),
    Shape("PBN tab lines", PBN_GAME, "\t\n"),
    Shape("PBN space run", PBN_GAME, " "),
    Shape("PBN blank lines between", "", PBN_GAME + "\n \n\n"),
    Shape("PBN game x N", "", PBN_GAME + "\n"),
    Shape('PBN [Event ""] x N', PBN_GAME, '[Event ""]\n'),
    Shape('PBN [Event ""] x N, one line', PBN_GAME, '[Event ""]'),
    Shape('PBN [Event ""] games', PBN_GAME + "\n", '[Event ""]\n\n'),
    Shape("PBN [Deal] x N", PBN_GAME, PBN_DEAL + "\n"),
    Shape('PBN [Note "1:x"] x N', PBN_GAME, '[Note "1:x"]\n'),
    Shape('PBN [Board "#"] games', PBN_GAME + "\n", '[Board "#"]\n[Deal "#"]\n\n', tiny_decks=True),
    Shape('PBN "##" deal, then [B ""] games', PBN_DEAL.replace('"E:', '"##E:') + "\n\n", '[B ""]\n\n', tiny_decks=True),
    Shape("PBN { unterminated", PBN_GAME + "{", "x\n"),
    Shape("PBN { lines, none closed", PBN_GAME, "{\n"),
    Shape("PBN { run", PBN_GAME, "{"),
    Shape("PBN {} run", PBN_GAME, "{}"),
    Shape("PBN { } lines", PBN_GAME, "{\n\n}\n"),
    Shape("PBN ; lines", PBN_GAME, ";x\n"),
    Shape("PBN % lines", PBN_GAME, "%x\n"),
    Shape("PBN giant Auction", PBN_GAME + '[Auction "N"]\n', "Pass "),
    Shape("PBN giant Auction lines", PBN_GAME + '[Auction "N"]\n', "1S =1= Pass\n"),
    Shape("PBN giant Play", PBN_GAME + '[Contract "4S"]\n[Play "W"]\n', "SA "),
    Shape("PBN giant Play lines", PBN_GAME + '[Contract "4S"]\n[Play "W"]\n', "SA HK D2 C3\n"),
    Shape("PBN unterminated quote", PBN_GAME + '[Event "', "x"),
    Shape("PBN quote run", PBN_GAME + "[Event ", '"'),
    Shape("PBN [ run", PBN_GAME, "["),
    Shape("PBN ] run", PBN_GAME, "]"),
    Shape("PBN [ lines", PBN_GAME, "[\n"),
    Shape("PBN giant value", PBN_GAME + '[Event "', "x", '"]\n'),
    Shape("PBN escapes", PBN_GAME + '[Event "', '\\"', '"]\n'),
    Shape("PBN giant Deal", '[Deal "N:', "A", '"]\n'),
    Shape("PBN giant Board", '[Board "', "9", '"]\n' + PBN_DEAL + "\n"),
    Shape("PBN mixed", PBN_GAME, '[Event "x"] {c} ; y\n%z\n[Note "1:x"]\n[\n\n \n'),
    # BBO handviewer links
    Shape("links lin= x N", "", LINK + LIN_MD + "\n"),
    Shape("links hands x N", "", "https://x.org/h.html?" + HANDS + "\n"),
    Shape("links on one line", "", LINK + LIN_MD + " "),
    Shape("link giant lin=", LINK + LIN_MD, "ah|x|"),
    Shape("link giant query", "https://x.org/h.html?" + HANDS, "&a=x"),
    # the clubs' formats: DUP, BRI, DGE, DLM, RBN, RBX (bench/hostile_club.py)
    *(Shape(name, head, unit, tail, tiny) for name, head, unit, tail, tiny in club_shapes()),
)


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
