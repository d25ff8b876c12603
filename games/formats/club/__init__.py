"""The files clubs keep their boards in: the dealing machines' DUP, BRI and DGE (binary
records), Duplimate for Windows' DLM, and Richard Pavlicek's RBN and RBX.

Readers take the file's bytes (DUP, BRI, DGE) or its decoded text (DLM, RBN, RBX) and
return ``(decks, problems, notes)`` like the LIN and PBN readers; ``detect`` recognises
each format from its first bytes.
"""

from __future__ import annotations

from collections.abc import Callable

from .bri import read_bri
from .detect import FORMATS, RECORD_FORMATS, TEXT_FORMATS, record_format, text_format
from .dge import read_dge
from .dlm import read_dlm
from .dup import read_dup
from .rbn import read_rbn, read_rbx
from .writers import WriteError, write_bri, write_dge, write_dlm, write_dup, write_rbn

__all__ = [
    "FORMATS",
    "RECORD_FORMATS",
    "TEXT_FORMATS",
    "WriteError",
    "reader_for",
    "record_format",
    "text_format",
    "write_bri",
    "write_dge",
    "write_dlm",
    "write_dup",
    "write_rbn",
]


def reader_for(fmt: str) -> Callable:
    """The reader of one club format: bytes in for DUP, BRI and DGE, text for the others."""
    if fmt == "bri":
        return read_bri
    if fmt == "dge":
        return read_dge
    if fmt == "dup":
        return read_dup
    if fmt == "dlm":
        return read_dlm
    return read_rbx if fmt == "rbx" else read_rbn
