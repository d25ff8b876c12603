"""Bounds on what a reader keeps, so a hostile file costs bounded memory.

A 5 MB file of ``md||`` holds over a million bad boards: listing each one helps
nobody and would take fifty times the file's size in memory.
"""

from __future__ import annotations

from .model import Problem

MAX_PROBLEMS = 1000  # per file; the rest are counted


class ProblemList(list):
    """A list of problems that keeps the first MAX_PROBLEMS and counts the others."""

    def __init__(self) -> None:
        super().__init__()
        self.dropped = 0

    def append(self, problem: Problem) -> None:  # type: ignore[override]
        if len(self) < MAX_PROBLEMS:
            super().append(problem)
        else:
            self.dropped += 1

    def finish(self) -> list[Problem]:
        """The kept problems, closed by one that says how many more there were."""
        if self.dropped:
            super().append(Problem(
                f"... and {self.dropped} more problems like these (only the first {MAX_PROBLEMS} are listed)",
                line=self[-1].line, kind="more_problems",
            ))
            self.dropped = 0
        return list(self)
