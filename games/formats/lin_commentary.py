"""A LIN board's commentary: its ``nt`` values, each placed by the pairs read before it (``lin``).

An nt before the record's first mb is the board's; one after mb pairs stands after the calls
they hold; one after pc pairs at the trick of the last card before it (``model.Comment``).
The text is the value as written, its %XX escapes read as in ``an`` (BBO's way to write a
pipe or a line break), line ends ``\\n``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from .commentary import clean
from .lin_record import Record
from .lin_values import free_text, read_auction
from .model import Call, Comment

_NT = frozenset(("nt", "NT", "Nt", "nT"))
_PAIR = re.compile(r"\s*+([A-Za-z]{2})\|([^|]*+)\|")  # one pair of a run of nt, st, rh, sk


def nt_values(text: str, start: int, end: int) -> Iterator[tuple[str, int]]:
    """(value, position) of each nt pair of the run at ``text[start:end]``, one at a time
    (a run may hold a million pairs)."""
    for pair in _PAIR.finditer(text, start, end):
        if pair[1] in _NT:
            yield pair[2], pair.start(2)


def placed(rec: Record, auction: tuple[Call, ...], play: tuple[tuple[str, ...], ...]) -> list[tuple[Comment, int]]:
    """(comment, text position) of each of the record's nt values, in file order; no place
    counts past the calls and tricks of the deck."""
    bids = rec.bids or []
    plays = [rec.cards] if rec.cards is not None else rec.play or []
    calls_before = _running(bids, lambda run: len(read_auction([run], [])))
    cards_before = _running(plays, _cards_in)
    found = []
    for value, at, bid_runs, play_runs, _ in rec.comments or ():
        text = clean(free_text(value))
        if play_runs:
            comment = Comment(text, "play", min((cards_before[play_runs - 1] + 3) // 4, len(play)))
        elif bid_runs:
            comment = Comment(text, "auction", min(calls_before[bid_runs - 1], len(auction)))
        else:
            comment = Comment(text)
        found.append((comment, at))
    return found


def _running(runs: list[str], count: Callable[[str], int]) -> list[int]:
    """How many calls (or cards) the first 1, 2, ... runs hold together."""
    total = 0
    out = []
    for run in runs:
        total += count(run)
        out.append(total)
    return out


def _cards_in(run: str) -> int:
    """The cards (pc pairs with a value) of a run of play pairs."""
    parts = run.split("|")
    return sum(1 for slot, value in zip(parts[0:-1:2], parts[1::2]) if slot[-2:].lower() == "pc" and value.strip())
