"""bench.robots prints, for each set of boards, the legal calls, IMPs from par and the times."""

from __future__ import annotations

import pytest

from bench.robots import main
from tests.corpus import CORPUS

# The benchmark programs' own tests (make bench's tools, not the site) run with the slow tests.
pytestmark = pytest.mark.slow


def test_it_prints_each_figure_for_random_deals(capsys, tmp_path):
    assert main(["--deals", "4", "--corpus", str(tmp_path / "none")]) == 0
    out = capsys.readouterr().out
    assert "No two-room vugraph boards: the corpus" in out
    assert "Random deals (seed 20261207): 4 boards" in out
    for row in ("legal calls", "100.0%", "the robots", "passing every board", "one robot call", "CPU of one board's"):
        assert row in out


@pytest.mark.skipif(not CORPUS.exists(), reason="the corpus (../shared/corpus) is absent")
def test_it_finds_the_corpus_two_room_boards(capsys):
    assert main(["--deals", "1"]) == 0
    out = capsys.readouterr().out
    assert "Two-room vugraph boards of the corpus: 31 boards" in out
    assert "the experts' contracts (30 rooms)" in out
