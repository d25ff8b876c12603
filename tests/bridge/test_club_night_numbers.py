"""Figures and signed scores as pages and printed sheets write them: one way, one minus sign."""

from __future__ import annotations

from fractions import Fraction

import pytest

from games.bridge.club_night import MINUS, hundredths_text, signed_text


@pytest.mark.parametrize(
    "value, shown",
    [
        (420, "+420"),
        (-100, "−100"),
        (0, "0"),
        (Fraction(3, 2), "+1.5"),
        (Fraction(-10, 3), "−3.33"),
        (Fraction(1, 1000), "0"),  # rounds to nothing: no sign on a zero
    ],
)
def test_a_signed_score_has_a_plus_or_the_typographic_minus(value, shown):
    assert signed_text(value) == shown


def test_the_minus_is_u2212_and_plain_text_may_keep_ascii():
    assert MINUS == "\u2212"
    assert signed_text(-3, minus="-") == "-3" and signed_text(3, minus="-") == "+3"


def test_a_figure_is_rounded_to_hundredths_and_fixed_keeps_both_places():
    assert hundredths_text(Fraction(125, 2)) == "62.5"
    assert hundredths_text(Fraction(125, 2), fixed=True) == "62.50"
    assert hundredths_text(Fraction(1, 8)) == "0.13"  # halves away from zero
