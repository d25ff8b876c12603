"""Reading and writing bridge deal files (LIN, PBN, BBO handviewer links, and the clubs'
DUP, BRI, DGE, DLM, RBN and RBX: games.formats.club).

Pure Python, no Django: ``read_decks(data, name)`` takes the uploaded bytes and
returns a ``FileResult`` with the decks and the problems found, each problem
with its line and board.
"""

from __future__ import annotations

from games.bridge.board import dealer_for_board, vul_for_board
from games.bridge.rules import Call

from .club import WriteError, write_bri, write_dge, write_dlm, write_dup, write_rbn
from .model import Deck, FileResult, Problem
from .reader import read_decks
from .writers import write_lin, write_pbn

# Every export format by name: each writer returns text, or bytes for the machines' binary records.
WRITERS = {
    "pbn": write_pbn,
    "lin": write_lin,
    "dup": write_dup,
    "bri": write_bri,
    "dge": write_dge,
    "dlm": write_dlm,
    "rbn": write_rbn,
}

__all__ = [
    "WRITERS",
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
