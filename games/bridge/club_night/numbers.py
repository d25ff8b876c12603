"""Board scores as exact fractions, rounded to hundredths the one way every table shows them,
and written the one way every page and printed sheet shows them."""

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


MINUS = "\u2212"  # the minus sign pages and printed sheets write; files and exports keep ASCII "-"


def hundredths_text(value: Fraction | int, *, fixed: bool = False) -> str:
    """A figure as results show it: rounded to hundredths, "62.5" ("62.50" ``fixed``)."""
    return decimal_text(hundredths(Fraction(value)), fixed=fixed)


def signed_text(value: Fraction | int, *, minus: str = MINUS) -> str:
    """A score, IMPs or any difference shown to people, to hundredths: "+420", "−100",
    "+1.5", "0". ``minus="-"`` for plain text that keeps to ASCII."""
    shown = hundredths(Fraction(value))
    text = decimal_text(abs(shown))
    return f"+{text}" if shown > 0 else f"{minus}{text}" if shown < 0 else text
