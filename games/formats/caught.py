"""What a reader caught, logged before it becomes a problem: a reader never raises on a
file, so an exception it catches is a bug of ours, and the log is where it is seen.

``read_decks`` names the file it reads (``reading``); the readers under it log what they
catch with that name (``log_caught``), the place in the file and the exception's trace.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from contextvars import ContextVar

log = logging.getLogger("games.formats")

_FILE: ContextVar[str] = ContextVar("file_being_read", default="")


@contextlib.contextmanager
def reading(name: str) -> Iterator[None]:
    """The file ``name`` is being read, for what the readers log meanwhile."""
    token = _FILE.set(name)
    try:
        yield
    finally:
        _FILE.reset(token)


def log_caught(what: str, where: str = "") -> None:
    """Log the exception being handled: ``what`` was lost to it, at ``where`` in the file."""
    name = _FILE.get() or "an unnamed file"
    log.exception("%s: %s%s", name, what, f" ({where})" if where else "")
