"""The benchmark's files: deterministic 10,000-board PBN and LIN files, plain and full
(tests/builders/decks.py makes them), and the first boards of a file."""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.formats.writers import write_lin, write_pbn
from tests.builders.decks import SEED, full_decks, plain_lin, plain_pbn


@dataclass(frozen=True)
class BenchFile:
    name: str
    kind: str  # "plain" or "full"
    fmt: str  # "pbn" or "lin"
    boards: int
    data: bytes


def head(data: bytes, fmt: str, boards: int) -> bytes:
    """The first ``boards`` boards of a file: slow readers are measured under tracemalloc on these."""
    if fmt == "lin":
        return b"".join(data.splitlines(keepends=True)[:boards])
    games = _GAME_END.split(data, maxsplit=boards)
    return b"\n\n".join(games[:boards]) + b"\n"


_GAME_END = re.compile(rb"\r?\n\r?\n")


def bench_files(boards: int = 10_000, big: int = 100_000, seed: int = SEED) -> list[BenchFile]:
    decks = full_decks(boards, seed)
    return [
        BenchFile(f"plain-{boards // 1000}k.pbn", "plain", "pbn", boards, plain_pbn(boards, seed)),
        BenchFile(f"plain-{boards // 1000}k.lin", "plain", "lin", boards, plain_lin(boards, seed)),
        BenchFile(f"full-{boards // 1000}k.pbn", "full", "pbn", boards, write_pbn(decks).encode()),
        BenchFile(f"full-{boards // 1000}k.lin", "full", "lin", boards, write_lin(decks).encode()),
        BenchFile(f"plain-{big // 1000}k.pbn", "plain", "pbn", big, plain_pbn(big, seed)),
    ]
