"""Reading and writing bridge deal files (LIN, PBN, BBO handviewer links).

Pure Python, no Django: ``read_decks(data, name)`` takes the uploaded bytes and
returns a ``FileResult`` with the decks and the problems found, each problem
with its line and board.
"""

from __future__ import annotations

from .model import Call, Deck, FileResult, Problem, dealer_for_board, vul_for_board
from .reader import read_decks
from .writers import write_lin, write_pbn

__all__ = [
    "Call",
    "Deck",
    "FileResult",
    "Problem",
    "dealer_for_board",
    "read_decks",
    "vul_for_board",
    "write_lin",
    "write_pbn",
]
