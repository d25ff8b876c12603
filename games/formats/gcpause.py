"""Pause the cyclic garbage collector while a reader builds its decks.

Reading makes many small objects and no reference cycles; the collector would
only walk the growing list of decks again and again (a fifth of the time on
full PBN files, measured). ``gc.disable`` is process-wide, so overlapping
reads in a threaded server share one pause: the first in turns it off, the
last out turns it back on (only if it was on to begin with).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextmanager
def gc_paused() -> Iterator[None]:
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()
