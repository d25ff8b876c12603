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
  comparisons (so boards with fewer results weigh the same); 0 at a lone table. Butler
  IMPs: against the board's datum, its average N-S score (the best and worst left out
  from five results on) rounded to 10.
* ``adjusted``: a director's adjusted scores, each with its reason: an assigned result
  (scored and compared like any other), an artificial Avg+/Avg/Avg- to each side (left
  out of the others' comparisons, worth 60/50/40% or +3/0/-3 IMPs unless a session sets
  other numbers), a fouled board's groups (each compared within itself).
* Rounding: a board's matchpoints (after Neuberg) and cross-IMPs are rounded to
  hundredths, halves away from zero, once; totals are sums of those, so a ranking adds
  up to the travellers people read. Percentages are shown to hundredths.
* Showing them: ``hundredths_text`` and ``signed_text`` ("+1.5", "−3", with the minus
  sign pages and printed sheets write) are the one way a figure or a score is written.
* ``rank_pairs``: by the percentage of the matchpoints available on the boards a pair
  played, or by the total of cross-IMPs or Butler IMPs; exact ties share the best rank ("2=").
  N-S and E-W may be ranked apart (a Mitchell).
* ``score_chicago``: four-deal bridge as the ACBL scores it (see ``chicago``).

PBN's [ScoreTable] and [TotalScoreTable], which hold travellers and rankings in a file,
are a file format's: ``games.formats.pbn.score_table``.
"""

from __future__ import annotations

from .adjusted import (
    ARTIFICIAL_SCORES,
    AVG,
    AVG_MINUS,
    AVG_PLUS,
    Adjustment,
    ArtificialScores,
    adjust,
    artificial,
    assigned,
    fouled,
)
from .chicago import Chicago, ChicagoDeal, chicago_vul, honours, score_chicago
from .cross_imps import Imps, butler_imps, cross_imps, cross_imps_by_side, datum
from .matchpoints import Matchpoints, matchpoints, neuberg
from .numbers import MINUS, decimal_text, hundredths, hundredths_text, signed_text
from .ranking import BUTLER, IMPS, MATCHPOINTS, Standing, rank_pairs, ranked_without
from .traveller import TableResult, Traveller, table_result, traveller

__all__ = [
    "ARTIFICIAL_SCORES",
    "AVG",
    "AVG_MINUS",
    "AVG_PLUS",
    "BUTLER",
    "IMPS",
    "MATCHPOINTS",
    "MINUS",
    "Adjustment",
    "ArtificialScores",
    "Chicago",
    "ChicagoDeal",
    "Imps",
    "Matchpoints",
    "Standing",
    "TableResult",
    "Traveller",
    "adjust",
    "artificial",
    "assigned",
    "butler_imps",
    "chicago_vul",
    "cross_imps",
    "cross_imps_by_side",
    "datum",
    "decimal_text",
    "fouled",
    "honours",
    "hundredths",
    "hundredths_text",
    "matchpoints",
    "neuberg",
    "rank_pairs",
    "ranked_without",
    "score_chicago",
    "signed_text",
    "table_result",
    "traveller",
]
