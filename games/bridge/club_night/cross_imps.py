"""IMPs on a board for pairs: cross-IMPs (each table's N-S score against every other
table's) and Butler IMPs (against a datum, the board's average N-S score).

Both compare only the results that are compared with each other (``adjusted.groups``: a
fouled board's groups apart, artificial scores left out); an artificial score gets its
IMPs for each side apart (``adjusted.ArtificialScores``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ..scoring import imps
from .adjusted import ARTIFICIAL_SCORES, ArtificialScores, groups
from .numbers import hundredths
from .traveller import Traveller

CROSS, BUTLER = "cross", "butler"
BUTLER_TRIM_FROM = 5  # results on a board from which its datum leaves out the best and the worst


@dataclass(frozen=True, slots=True)
class Imps:
    """One table's IMPs on a board, N-S's and E-W's, to hundredths: each the other's
    negative, but for an artificial score, whose sides are scored apart (Avg+ and Avg+)."""

    ns: Fraction
    ew: Fraction


def cross_imps(board: Traveller) -> tuple[Fraction, ...]:
    """Every table's cross-IMPs for N-S on ``board``, in the traveller's order (E-W's are
    the same with the sign turned, but for an artificial score: ``cross_imps_by_side``)."""
    return tuple(line.ns for line in cross_imps_by_side(board))


def cross_imps_by_side(board: Traveller, artificial: ArtificialScores = ARTIFICIAL_SCORES) -> tuple[Imps, ...]:
    """Every table's cross-IMPs on ``board``, in the traveller's order: the IMPs against
    each other table's N-S score, averaged over those comparisons and rounded to
    hundredths, halves away from zero.

    The average (not the sum) keeps a board played at fewer tables on the same scale as
    the others; at two tables it is the IMPs of a team match. A result with nothing to
    compare with (a board played at one table, a fouled board's group of one) scores 0."""

    def scored(scores: list[int]) -> list[Fraction]:
        others = len(scores) - 1
        if others < 1:
            return [Fraction(0) for _ in scores]
        # A score against itself is 0 IMPs, so summing over every score sums over the others.
        return [hundredths(Fraction(sum(imps(mine - other) for other in scores), others)) for mine in scores]

    return _by_group(board, scored, artificial)


def butler_imps(board: Traveller, artificial: ArtificialScores = ARTIFICIAL_SCORES) -> tuple[Imps, ...]:
    """Every table's Butler IMPs on ``board``, in the traveller's order: N-S's score against
    the board's datum (``datum``), in IMPs; E-W get the same with the sign turned."""

    def scored(scores: list[int]) -> list[Fraction]:
        par = datum(scores)
        return [Fraction(imps(score - par)) for score in scores]

    return _by_group(board, scored, artificial)


def datum(scores: list[int]) -> int:
    """A board's Butler datum: the average of its N-S scores, rounded to the nearest 10
    (a 5 away from zero); from ``BUTLER_TRIM_FROM`` (5) results on, the best and the worst
    score are left out first, one of each.

    The average rounded to 10 is the datum as the WBF's Butler rankings work it (the
    Bermuda Bowl's, as a tournament director explains them on the BBO forums: "the
    extreme scores are sometimes thrown out"); leaving out one top and one bottom is the
    usual club choice (the Ruby ``bridge`` gem's Butler skips one of each by default, as
    club scoring programs offer). Below five results leaving them out would leave too few
    to average, so all count."""
    if not scores:
        raise ValueError("a datum needs at least one score")
    kept = sorted(scores)
    if len(kept) >= BUTLER_TRIM_FROM:
        kept = kept[1:-1]
    average = Fraction(sum(kept), len(kept))
    tens = math.floor(abs(average) / 10 + Fraction(1, 2))
    return 10 * tens if average >= 0 else -10 * tens


def _by_group(
    board: Traveller, scored: Callable[[list[int]], list[Fraction]], artificial: ArtificialScores
) -> tuple[Imps, ...]:
    lines: list[Imps | None] = [None] * len(board.results)
    for group in groups(board):
        for at, value in zip(group, scored([board.results[at].score for at in group])):
            lines[at] = Imps(value, -value)
    for at, result in enumerate(board.results):
        if result.adjustment is not None and result.adjustment.artificial:
            adjustment = result.adjustment
            lines[at] = Imps(artificial.imps(adjustment.ns), artificial.imps(adjustment.ew))
    return tuple(line for line in lines if line is not None)
