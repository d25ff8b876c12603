"""The results sheet's traveller row for a director's artificial score: each side's own
IMPs (Avg+ and Avg+ are not each other's negatives), the adjustment in the contract's
place and no score."""

from __future__ import annotations

from fractions import Fraction

from games.formats.results_pdf import SheetLine, _traveller_row


def test_an_artificial_line_writes_each_sides_own_imps():
    line = SheetLine(2, "", "", "", 0, 0, Fraction(0), Fraction(0), Fraction(0), Fraction(0), Fraction(3),
                     ew_imps=Fraction(3), adjusted="Avg+/Avg+")  # fmt: skip
    row = _traveller_row(line, matchpoints=False)
    assert row[1] == "Avg+/Avg+" and row[5:7] == ["—", "—"]
    assert row[-2:] == ["+3", "+3"]


def test_a_played_line_without_its_own_ew_figure_turns_the_ns_one():
    line = SheetLine(1, "4H", "S", "", 10, 420, Fraction(0), Fraction(0), Fraction(0), Fraction(0), Fraction(5))
    assert _traveller_row(line, matchpoints=False)[-2:] == ["+5", "−5"]
