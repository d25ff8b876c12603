"""A club night's boards as one PBN file: a game for each table's record of a board (its
auction, play and result, the table named by a [Table] tag), the board's [ScoreTable]
(every table's result on it) after its first game, and the session's [TotalScoreTable]
once, at the end of the last game, after every board it ranks (PBN 2.1 sections 4.4.7,
5.9 and 5.10). A board nobody has finished has no score table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Deck
from ..writers import write_pbn
from .score_table import Table


def write_results_pbn(decks: Sequence[Deck], score_tables: Sequence[Table | None], total: Table | None = None) -> str:
    """PBN export format: ``decks`` (a board's records one after another) as ``write_pbn``
    writes them, the i-th followed by ``score_tables[i]`` (None: none, as for a board's
    later records), and ``total`` after the last game's. Raises ValueError when the tables
    are not one a deck."""
    if len(score_tables) != len(decks):
        raise ValueError(f"{len(score_tables)} score tables for {len(decks)} boards")
    sections = [table.lines() if table is not None else [] for table in score_tables]
    if total is not None and sections:
        sections[-1] = [*sections[-1], *total.lines()]
    return write_pbn(decks, sections)
