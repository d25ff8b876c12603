"""Reading and writing bridge deal files (LIN, PBN, BBO handviewer links, and the clubs'
DUP, BRI, DGE, DLM, RBN and RBX: games.formats.club).

Pure Python, no Django: ``read_decks(data, name)`` takes the uploaded bytes and
returns a ``FileResult`` with the decks and the problems found, each problem
with its line and board.
"""

from __future__ import annotations

from .club import WriteError, write_bri, write_dge, write_dlm, write_dup, write_rbn
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
    "WriteError",
    "write_bri",
    "write_dge",
    "write_dlm",
    "write_dup",
    "write_lin",
    "write_pbn",
    "write_rbn",
]
