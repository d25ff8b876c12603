"""Matchpoints on a board: 2 for each table a pair's score beats, 1 for each it ties.

A board played at fewer tables than the others is brought to the full count with
Neuberg's formula (see ``neuberg``), so every board of a session has the same top and
weighs the same in a pair's total.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .numbers import hundredths
from .traveller import Traveller


@dataclass(frozen=True, slots=True)
class Matchpoints:
    """One table's matchpoints on a board, each rounded to hundredths; ``ns + ew == top``."""

    ns: Fraction
    ew: Fraction
    top: int  # 2 for each other result the board would have had at full count

    @property
    def ns_percent(self) -> Fraction:
        """N-S's share of the top, in percent (exact); 50 on a board played at one table only."""
        return self.ns * 100 / self.top if self.top else Fraction(50)

    @property
    def ew_percent(self) -> Fraction:
        return 100 - self.ns_percent


def _raw_matchpoints(scores: list[int]) -> list[int]:
    """Each N-S score's matchpoints against the others: 2 a score beaten, 1 a score tied."""
    return [sum(2 if mine > other else 1 if mine == other else 0 for other in scores) - 1 for mine in scores]


def neuberg(points: Fraction | int, results: int, tables: int) -> Fraction:
    """Matchpoints scored on a board with ``results`` results, as if it had ``tables``:
    (M + 1) x tables / results - 1, on the scale of 2 a score beaten.

    Neuberg's formula, as the EBU and WBF score boards with fewer results: it counts each
    result as if it had been seen tables/results times. Plain factoring (M x (tables - 1) /
    (results - 1)) would turn a top on a board played twice into a top against the whole
    field; Neuberg pulls it towards average by as much as the missing results leave
    unknown, keeps the board's average at half the top, and gives a board played once 50%."""
    if not 1 <= results <= tables:
        raise ValueError(f"{results} results cannot stand for {tables} tables")
    return (Fraction(points) + 1) * tables / results - 1


def matchpoints(board: Traveller, tables: int | None = None) -> tuple[Matchpoints, ...]:
    """Every table's matchpoints on ``board``, in the traveller's order, on a top of
    2 x (tables - 1): ``tables`` is the number of results a board of the session has at
    full count (the traveller's own count unless given; a smaller board is brought to it
    with ``neuberg``). N-S's figure is rounded to hundredths and E-W's is the rest of the top."""
    count = len(board.results)
    tables = count if tables is None else tables
    if count == 0:
        return ()
    top = 2 * (tables - 1)
    scored = []
    for raw in _raw_matchpoints([result.score for result in board.results]):
        ns = hundredths(neuberg(raw, count, tables)) if count != tables else Fraction(raw)
        scored.append(Matchpoints(ns, top - ns, top))
    return tuple(scored)
