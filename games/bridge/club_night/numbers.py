"""Board scores as exact fractions, rounded to hundredths the one way every table shows them."""

from __future__ import annotations

import math
from fractions import Fraction


def hundredths(value: Fraction) -> Fraction:
    """``value`` to the nearest hundredth, halves away from zero (0.125 -> 0.13, -2.125 ->
    -2.13): a N-S figure and the E-W one beside it stay each other's negative or complement."""
    whole = math.floor(abs(value) * 100 + Fraction(1, 2))
    return Fraction(whole if value >= 0 else -whole, 100)


def decimal_text(value: Fraction, *, fixed: bool = False) -> str:
    """A number of hundredths as text: "10", "10.5", "-3.33", or with both places always
    (``fixed``: "50.00"). Raises ValueError for a value that is not a whole number of hundredths."""
    cents = value * 100
    if cents.denominator != 1:
        raise ValueError(f"{value} is not a number of hundredths")
    units, rest = divmod(abs(cents.numerator), 100)
    text = f"{units}.{rest:02d}"
    if not fixed:
        text = text.rstrip("0").rstrip(".")
    return f"-{text}" if cents < 0 else text
