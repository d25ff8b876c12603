"""A club night's boards as one PBN file: each board's game followed by its [ScoreTable]
(every table's result on it), and the session's [TotalScoreTable] once, at the end of the
last game, after every board it ranks (PBN 2.1 sections 5.9 and 5.10).

A board's own game keeps one table's record (auction, play, result); the score table
carries every table's. A game whose board nobody has finished has no score table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Deck
from ..writers import write_pbn
from .score_table import Table


def write_results_pbn(decks: Sequence[Deck], score_tables: Sequence[Table | None], total: Table | None = None) -> str:
    """PBN export format: ``decks`` as ``write_pbn`` writes them, the i-th followed by
    ``score_tables[i]`` (None: none), and ``total`` after the last game's. Raises
    ValueError when the tables are not one a deck."""
    if len(score_tables) != len(decks):
        raise ValueError(f"{len(score_tables)} score tables for {len(decks)} boards")
    sections = [table.lines() if table is not None else [] for table in score_tables]
    if total is not None and sections:
        sections[-1] = [*sections[-1], *total.lines()]
    return write_pbn(decks, sections)
