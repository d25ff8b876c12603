"""bench.dealer (make bench): every lesson script's line, with its time and hands tried."""

from __future__ import annotations

import re

import pytest

from bench import dealer
from tests.dealer_check import dealer_program

# The benchmark programs' own tests (make bench's tools, not the site) run with the slow tests.
pytestmark = pytest.mark.slow


def test_it_prints_a_line_per_lesson_script_and_the_raw_speed(capsys):
    dealer_program()
    dealer.lessons(1)
    dealer.raw_speed()
    out = capsys.readouterr().out
    for script in dealer.LIBRARY:
        assert re.search(rf"^{script.slug} +[\d.]+ ms \( *[\d.]+ ms\) +[\d,]+ +[\d,]+$", out, re.MULTILINE), script.slug
    assert re.search(r"1,000,000 hands in [\d.]+ s = [\d,]+ hands/s", out)
