"""Scoring a club night: travellers, matchpoints, cross-IMPs, the ranking, Chicago at a
single table. Pure Python, no Django; the rules of the score of one result are
``games.bridge.scoring``'s.

* ``traveller``: a board's results, each table's pairs, contract, declarer, tricks, lead
  and N-S duplicate score (vulnerability from the 16-board cycle unless stated).
* ``matchpoints``: 2 a score beaten, 1 a score tied, top 2 x (tables - 1); E-W get the
  rest of the top. A board with fewer results is brought to the session's full count by
  Neuberg's formula (EBU, WBF: the missing results are taken to fall as the actual ones
  did); a board played once is 50%.
* ``cross_imps``: IMPs against every other table's N-S score, averaged over the
  comparisons (so boards with fewer results weigh the same); 0 at a lone table.
* Rounding: a board's matchpoints (after Neuberg) and cross-IMPs are rounded to
  hundredths, halves away from zero, once; totals are sums of those, so a ranking adds
  up to the travellers people read. Percentages are shown to hundredths.
* ``rank_pairs``: by the percentage of the matchpoints available on the boards a pair
  played, or by the total of cross-IMPs; exact ties share the best rank ("2=").
  N-S and E-W may be ranked apart (a Mitchell).
* ``score_chicago``: four-deal bridge as the ACBL scores it (see ``chicago``).

PBN's [ScoreTable] and [TotalScoreTable], which hold travellers and rankings in a file,
are a file format's: ``games.formats.pbn.score_table``.
"""

from __future__ import annotations

from .chicago import Chicago, ChicagoDeal, chicago_vul, honours, score_chicago
from .cross_imps import cross_imps
from .matchpoints import Matchpoints, matchpoints, neuberg
from .numbers import decimal_text, hundredths
from .ranking import IMPS, MATCHPOINTS, Standing, rank_pairs
from .traveller import TableResult, Traveller, table_result, traveller

__all__ = [
    "IMPS",
    "MATCHPOINTS",
    "Chicago",
    "ChicagoDeal",
    "Matchpoints",
    "Standing",
    "TableResult",
    "Traveller",
    "chicago_vul",
    "cross_imps",
    "decimal_text",
    "honours",
    "hundredths",
    "matchpoints",
    "neuberg",
    "rank_pairs",
    "score_chicago",
    "table_result",
    "traveller",
]
