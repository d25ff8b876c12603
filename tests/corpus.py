"""The shared corpus of real LIN and PBN files (../shared/corpus beside the repository),
read lazily and once.

Importing this module, or a test module that uses it, reads nothing. Parametrized tests
name their files with ``files``, which only lists the directory; the first test that needs
a file's bytes, its decks or expected.json reads them, and every later test gets the same
answer from the cache. Whatever needs the corpus skips the test when it is absent.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from games.formats import Deck, read_decks

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
ABSENT = "../shared/corpus is not present beside the repository"
RECORDS = (".lin", ".pbn")  # the corpus's files of records


@cache
def files(*suffixes: str) -> tuple[Path, ...]:
    """The corpus files whose suffix (in any case) is one of ``suffixes`` (RECORDS when none
    is given), sorted; () without the corpus. The directory is listed, no file is read."""
    if not CORPUS.is_dir():
        return ()
    wanted = suffixes or RECORDS
    return tuple(sorted(path for path in CORPUS.rglob("*") if path.suffix.lower() in wanted and path.is_file()))


def names(folder: str = "") -> tuple[str, ...]:
    """The names expected.json gives the record files ("lin/x.lin"), of ``folder`` ("lin",
    "pbn") or of both, from the listing."""
    found = (path.relative_to(CORPUS).as_posix() for path in files())
    return tuple(name for name in found if not folder or name.startswith(folder + "/"))


def require() -> Path:
    """The corpus directory; the test is skipped when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip(ABSENT)
    return CORPUS


@cache
def expected() -> dict[str, Any]:
    """expected.json: what each file holds, by its name ("pbn/x.pbn"). Skips without it."""
    path = require() / "expected.json"
    if not path.exists():
        pytest.skip(ABSENT)
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def contents(path: Path) -> bytes:
    """A corpus file's bytes (``path``: from ``files``, or CORPUS / name). Skips without it."""
    if not path.is_file():
        pytest.skip(ABSENT)
    return path.read_bytes()


def decks_of(path: Path) -> list[Deck]:
    """The decks ``read_decks`` finds in a corpus file, a new list each call (of the same
    frozen decks). Tests of the reader itself call ``read_decks`` on ``contents``."""
    return list(_decks(path))


@cache
def _decks(path: Path) -> tuple[Deck, ...]:
    return tuple(read_decks(contents(path), path.name).decks)


@cache
def pbn_decks_with(*tags: str) -> tuple[tuple[str, Deck], ...]:
    """Every corpus PBN deck carrying one of ``tags``, named "file board N"; () without the corpus."""
    return tuple(
        (f"{path.name} board {deck.board}", deck)
        for path in files(".pbn")
        for deck in _decks(path)
        if any(name in tags for name, _ in deck.tags)
    )
