"""Decks made by dealer scripts: Hans van Staveren's ``dealer`` language, run by Debian's
``dealer`` program (``/usr/games/dealer``), never reimplemented here.

Pure Python, no Django, like the readers: ``looks_like_script`` recognises a script by
its content, ``read_script`` says what it sets and what we refuse to run, ``run_script``
makes the decks (a ``Run``, whose ``file_result()`` stands beside any file's result), and
``LIBRARY`` holds the lesson scripts written for this site.
"""

from __future__ import annotations

from .library import LIBRARY, LessonScript, lesson
from .run import (
    DEFAULT_PROGRAM,
    INSTALL,
    SEED_MAX,
    Limits,
    Run,
    budget_spent,
    find_program,
    missing_program,
    new_seed,
    run_script,
)
from .script import Script, looks_like_script, read_script

__all__ = [
    "DEFAULT_PROGRAM",
    "INSTALL",
    "LIBRARY",
    "LessonScript",
    "Limits",
    "Run",
    "SEED_MAX",
    "Script",
    "budget_spent",
    "find_program",
    "lesson",
    "looks_like_script",
    "missing_program",
    "new_seed",
    "read_script",
    "run_script",
]
