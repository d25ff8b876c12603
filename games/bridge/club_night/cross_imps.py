"""Cross-IMPs on a board: each table's N-S score against every other table's, in IMPs."""

from __future__ import annotations

from fractions import Fraction

from ..scoring import imps
from .numbers import hundredths
from .traveller import Traveller


def cross_imps(board: Traveller) -> tuple[Fraction, ...]:
    """Every table's cross-IMPs for N-S on ``board``, in the traveller's order: the IMPs
    against each other table's N-S score, averaged over those comparisons and rounded to
    hundredths, halves away from zero. E-W's are the same with the sign turned.

    The average (not the sum) keeps a board played at fewer tables on the same scale as
    the others; at two tables it is the IMPs of a team match. A board played at one table
    has nothing to compare with and scores 0."""
    scores = [result.score for result in board.results]
    others = len(scores) - 1
    if others < 1:
        return tuple(Fraction(0) for _ in scores)
    # The comparison of a score with itself is 0 IMPs, so summing over every score is the sum over the others.
    return tuple(hundredths(Fraction(sum(imps(mine - other) for other in scores), others)) for mine in scores)
