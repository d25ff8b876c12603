"""The rule for a board's double-dummy analysis at a Join table (``opens_analysis``), which
the analysis page (one board) and the results page (every board) both apply."""

from __future__ import annotations

import pytest

from games.models.join import opens_analysis


@pytest.mark.parametrize(
    ("revealed", "over", "number", "at", "shown"),
    [
        (True, False, 3, 3, True),  # revealed there: at once, even at play
        (False, True, 3, 3, False),  # over, but still the table's board
        (False, True, 3, 4, True),  # over, and the table has gone on
        (False, False, 3, 4, False),  # skipped or never finished there
        (False, True, 3, 0, False),  # no board known at the table
    ],
)
def test_a_boards_analysis_opens_once_revealed_or_over_and_passed(revealed, over, number, at, shown):
    assert opens_analysis(revealed=revealed, over=over, number=number, at=at) is shown
