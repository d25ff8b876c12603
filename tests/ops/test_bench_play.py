"""bench.play times calls and cards through the play routes, and Just Declare's robot."""

from __future__ import annotations

import pytest

from bench.play import _measure

# The benchmark programs' own tests (make bench's tools, not the site) run with the slow tests.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_it_times_every_row():
    rows = {what: values for what, values, _note in _measure(1, 1)}
    assert len(rows["call (all four hands)"]) == 10 and len(rows["card (all four hands)"]) == 52
    assert len(rows["BoardPlay.act alone (2 boards)"]) == 124
    assert len(rows["Just Declare start, robot's lead"]) == 1
    assert len(rows["Just Declare card, robot answers"]) + len(rows["Just Declare card, no robot card"]) == 26
