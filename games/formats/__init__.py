"""Reading and writing bridge deal files (LIN, PBN, BBO handviewer links, and the clubs'
DUP, BRI, DGE, DLM, RBN and RBX: games.formats.club).

Pure Python, no Django: ``read_decks(data, name)`` takes the uploaded bytes and
returns a ``FileResult`` with the decks and the problems found, each problem
with its line and board.

- ``pbn/``, ``lin/``, ``club/``, ``handviewer`` and ``dealer/`` read; ``reader`` and
  ``decode`` tell them apart; ``model`` holds the types they share (``Deck``,
  ``Comment``, ``Problem``, ``FileResult``), ``limits`` their bounds;
- ``writers`` (PBN, LIN) and ``club.writers`` write a game's decks back out; ``stored``
  is the JSON a deck is kept as;
- ``pdf`` draws the printable hand records. It is written, never read, and stays here
  beside the other writers: it is one of a game's exports, drawn from the same ``Deck``
  values, and like them it needs no Django.

Seats, suits, calls, contracts and scores are the rules of bridge (``games.bridge``),
which the readers and writers use and which import nothing from here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .club import WriteError, write_bri, write_dge, write_dlm, write_dup, write_rbn
from .model import Deck, FileResult, Problem
from .reader import read_decks
from .writers import write_lin, write_pbn

# Every export format by name: each writer returns text, or bytes for the machines' binary records.
WRITERS: dict[str, Callable[[Iterable[Deck]], str | bytes]] = {
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
    "Deck",
    "FileResult",
    "Problem",
    "read_decks",
    "WriteError",
    "write_bri",
    "write_dge",
    "write_dlm",
    "write_dup",
    "write_lin",
    "write_pbn",
    "write_rbn",
]
