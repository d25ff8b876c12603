"""One LIN record while it is being read (``lin``): the pairs of a board, kept as they come."""

from __future__ import annotations

import re

from .commentary import blank
from .limits import MAX_COMMENTARY, MAX_COMMENTS, MAX_PAIRS

RUNS_KEPT = MAX_PAIRS + 1  # runs of one record's auction or play (each of 1 pair or more)
PERCENT_LINES = re.compile(r"(?m)^%[^\r\n]*")


class Record:
    """The pairs of one board while they are being read."""

    __slots__ = (
        "start",
        "label",
        "md",
        "late_names",
        "ah",
        "sv",
        "bids",
        "play",
        "cards",
        "claim",
        "md0",
        "md0_more",
        "comments",
    )

    def __init__(self, start: int, label: str | None) -> None:
        self.start = start
        self.label = label
        self.md: tuple[str, int, int, str | None] | None = None  # value, index, line, pn
        self.late_names: str | None = None  # first pn after the md (when none came before)
        self.ah: list[str] | None = None
        self.sv: str | None = None
        self.bids: list[str] | None = None  # runs of mb/an pairs
        self.play: list[str] | None = None  # runs of pc/pg/mc pairs
        self.cards: str | None = None  # the only play so far, in the usual shape (read_cards)
        self.claim: str | None = None  # the value of a lone mc pair right after those cards
        self.md0: list[tuple[int, int]] | None = None  # md|0| steps: (index, line), the first MAX_PROBLEMS
        self.md0_more = 0  # md|0| steps past those: only counted (their problems would be too)
        # nt values: (value as written, position, auction runs and play runs before it,
        # characters of the values so far)
        self.comments: list[tuple[str, int, int, int, int]] | None = None

    def add_run(self, kind: int, run: str) -> None:
        # Past RUNS_KEPT runs the pairs kept are over MAX_PAIRS already: the readers
        # (lin_values) read past the rest, with a note.
        if kind == 1:
            if self.cards is not None:
                self.play, self.cards = [self.cards, run], None
                if self.claim is not None:  # back in its place among the pairs
                    self.play.insert(1, f"mc|{self.claim}|")
                    self.claim = None
            elif self.play is None:
                self.play = [run]
            elif len(self.play) < RUNS_KEPT:
                self.play.append(run)
        elif self.bids is None:
            self.bids = [run]
        elif len(self.bids) < RUNS_KEPT:
            self.bids.append(run)

    def add_comment(self, value: str, at: int) -> None:
        """An ``nt`` value at text position ``at``, with how much auction and play came
        before it. Bounded: MAX_COMMENTS + 1 of them (the reader says there were more), and
        no more once they hold more than MAX_COMMENTARY characters even %XX-encoded."""
        if blank(value):
            return
        if self.comments is None:
            self.comments = []
        elif self.comments_full():
            return
        value = value[: 3 * MAX_COMMENTARY + 3]
        chars = len(value) + (self.comments[-1][4] if self.comments else 0)
        play = 1 if self.cards is not None else len(self.play) if self.play else 0
        self.comments.append((value, at, len(self.bids) if self.bids else 0, play, chars))

    def comments_full(self) -> bool:
        """Whether an nt value now would only be cut (add_comment keeps no more)."""
        found = self.comments
        return bool(found) and (len(found) > MAX_COMMENTS or found[-1][4] > 3 * MAX_COMMENTARY)  # type: ignore[index]


def has_percent_lines(text: str) -> bool:
    """Whether a line starts with '%'. Looking at each '%' (found at memchr speed) is much
    faster than searching for two characters, as long as '%' is rare."""
    at = text.find("%")
    for _ in range(64 + len(text) // 1024):
        if at <= 0:
            return at == 0
        if text[at - 1] in "\r\n":
            return True
        at = text.find("%", at + 1)
    return "\n%" in text or "\r%" in text
