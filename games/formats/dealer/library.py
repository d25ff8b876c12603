"""The lesson scripts written for this site (``library/*.dlr``), offered on the Upload Decks
page and shown on the help page as examples of the language.

Each file starts with two comment lines: its title, then a one-line description.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "library"
ORDER = ("opening_1nt", "weak_two", "strong_2c", "preempts", "major_fit", "slam", "competitive")


@dataclass(frozen=True, slots=True)
class LessonScript:
    slug: str  # the file's name without ".dlr"
    title: str  # "Opening 1NT (15-17 balanced)"
    description: str  # one line
    text: str  # the whole script, as run

    @property
    def filename(self) -> str:
        return f"{self.slug}.dlr"


@cache
def _load() -> tuple[LessonScript, ...]:
    scripts = []
    for slug in ORDER:
        text = (FOLDER / f"{slug}.dlr").read_text(encoding="utf-8")
        title, description = (line.removeprefix("#").strip() for line in text.splitlines()[:2])
        scripts.append(LessonScript(slug, title, description, text))
    return tuple(scripts)


class _Library:
    """The lesson scripts in their order, read once."""

    def __iter__(self) -> Iterator[LessonScript]:
        return iter(_load())

    def __len__(self) -> int:
        return len(ORDER)


LIBRARY = _Library()


def lesson(slug: str) -> LessonScript | None:
    return next((script for script in _load() if script.slug == slug), None)
