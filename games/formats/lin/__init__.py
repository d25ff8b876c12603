"""The LIN reader: ``read_lin(text)`` gives the decks, problems and notes of a LIN file.

``reader`` cuts the file into pairs and gathers each board's pairs into a ``record``;
``deck`` makes its Deck, reading its md (``md``) and its auction and play (``values``).
"""

from __future__ import annotations

from .md import E_INFERRED, UNORDERED
from .reader import MD0_REASON, parse_lin, read_lin

__all__ = ["E_INFERRED", "MD0_REASON", "UNORDERED", "parse_lin", "read_lin"]
