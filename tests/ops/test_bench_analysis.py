"""bench.analysis prints the solver's time per deal and for the set, beside endplay's batch solver."""

from __future__ import annotations

import pytest

from bench.analysis import main

# The benchmark programs' own tests (make bench's tools, not the site) run with the slow tests.
pytestmark = pytest.mark.slow


def test_it_prints_each_row(capsys):
    assert main(["--deals", "3"]) == 0
    out = capsys.readouterr().out
    assert "Double-dummy analysis of 3 random deals" in out
    for row in ("solve, one deal at a time (the app)", "endplay calc_all_tables, first 3 deals"):
        assert row in out
