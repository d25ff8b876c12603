"""Matchpoints on a board: 2 for each table a pair's score beats, 1 for each it ties.

A board played at fewer tables than the others is brought to the full count with
Neuberg's formula (see ``neuberg``), so every board of a session has the same top and
weighs the same in a pair's total. The same formula scores a board with adjusted scores
(``adjusted``): an artificial score (Avg+, Avg, Avg-) is left out of the comparisons
and the real results are brought to the full count, and each group of a fouled board is
compared within itself and brought to the full count.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .adjusted import ARTIFICIAL_SCORES, ArtificialScores, groups
from .numbers import hundredths
from .traveller import Traveller


@dataclass(frozen=True, slots=True)
class Matchpoints:
    """One table's matchpoints on a board, each rounded to hundredths; ``ns + ew == top``
    but for an artificial score, whose sides are scored apart (Avg+ and Avg+: 60% each)."""

    ns: Fraction
    ew: Fraction
    top: int  # 2 for each other result the board would have had at full count

    @property
    def ns_percent(self) -> Fraction:
        """N-S's share of the top, in percent (exact); 50 on a board played at one table only."""
        return self.ns * 100 / self.top if self.top else Fraction(50)

    @property
    def ew_percent(self) -> Fraction:
        return self.ew * 100 / self.top if self.top else 100 - self.ns_percent


def _raw_matchpoints(scores: list[int]) -> list[int]:
    """Each N-S score's matchpoints against the others: 2 a score beaten, 1 a score tied."""
    return [sum(2 if mine > other else 1 if mine == other else 0 for other in scores) - 1 for mine in scores]


def neuberg(points: Fraction | int, results: int, tables: int) -> Fraction:
    """Matchpoints scored on a board with ``results`` results, as if it had ``tables``:
    (M + 1) x tables / results - 1, on the scale of 2 a score beaten (top 2 x (results - 1)).

    Neuberg's formula, as the EBU and WBF score boards with fewer results (EBU White Book
    and EBU "The Neuberg Formula - the Principle"; WBF Code of Practice for scoring): on
    the scale of 1 a score beaten (top results - 1) it is (M + 1/2) x N/n - 1/2, the same
    formula with everything doubled. It counts each result as if it had been seen
    tables/results times. Plain factoring (M x (tables - 1) /
    (results - 1)) would turn a top on a board played twice into a top against the whole
    field; Neuberg pulls it towards average by as much as the missing results leave
    unknown, keeps the board's average at half the top, and gives a board played once 50%."""
    if not 1 <= results <= tables:
        raise ValueError(f"{results} results cannot stand for {tables} tables")
    return (Fraction(points) + 1) * tables / results - 1


def matchpoints(
    board: Traveller, tables: int | None = None, artificial: ArtificialScores = ARTIFICIAL_SCORES
) -> tuple[Matchpoints, ...]:
    """Every table's matchpoints on ``board``, in the traveller's order, on a top of
    2 x (tables - 1): ``tables`` is the number of results a board of the session has at
    full count (the traveller's own count, adjusted lines included, unless given).

    The results compared with each other (all real results; a fouled board's groups
    apart) are brought to the full count with ``neuberg`` when there are fewer of them.
    N-S's figure is rounded to hundredths and E-W's is the rest of the top. An artificial
    score gives each side its share of the top (``artificial``), rounded to hundredths."""
    count = len(board.results)
    tables = count if tables is None else tables
    if count == 0:
        return ()
    top = 2 * (tables - 1)
    scored: list[Matchpoints | None] = [None] * count
    for group in groups(board):
        compared = len(group)
        for at, raw in zip(group, _raw_matchpoints([board.results[at].score for at in group])):
            ns = hundredths(neuberg(raw, compared, tables)) if compared != tables else Fraction(raw)
            scored[at] = Matchpoints(ns, top - ns, top)
    for at, result in enumerate(board.results):
        if result.adjustment is not None and result.adjustment.artificial:
            ns = hundredths(top * artificial.percent(result.adjustment.ns) / 100)
            ew = hundredths(top * artificial.percent(result.adjustment.ew) / 100)
            scored[at] = Matchpoints(ns, ew, top)
    return tuple(mp for mp in scored if mp is not None)
