"""The PBN reader: ``read_pbn(text)`` gives the decks, problems and notes of a PBN file.

``reader`` walks the file's games; ``tokens`` reads each game, token by token, into its
tags, sections and comments; ``deck`` makes its Deck (``values``, ``deal``, ``auction``
and ``play`` read the values and sections it is made of). ``score_table`` writes the
[ScoreTable] and [TotalScoreTable] of a club night (``games.bridge.club_night``) and reads
them back through the same ``tokens``.
"""

from __future__ import annotations

from .reader import read_pbn

__all__ = ["read_pbn"]
