"""One LIN record while it is being read (``reader``): the pairs of a board, kept as they
come, within bounds; ``deck.Builder`` reads them."""

from __future__ import annotations

from ..commentary import blank
from ..limits import MAX_COMMENTARY, MAX_COMMENTS, MAX_PAIRS, MAX_PROBLEMS

AH_KEPT = 16  # headings of one record looked at for its board (a board has one or two)


class Record:
    """The pairs of one board while they are being read.

    What a record has not met keeps the class's value, an empty tuple for a list, so a
    record costs two attribute writes until its pairs come (a hostile file makes a
    million records of one pair each).
    """

    md: tuple[str, int, int, str | None] | None = None  # value, index, line, the pn before it
    late_names: str | None = None  # the first pn after the md (when none came before)
    sv: str | None = None  # the first
    ah: list[str] | tuple[()] = ()  # the first AH_KEPT
    # (tag, value) of the mb/an and of the pc/mc pairs: the first MAX_PAIRS + 1, so that
    # the readers (``values``) know when there were more
    bids: list[tuple[str, str]] | tuple[()] = ()
    play: list[tuple[str, str]] | tuple[()] = ()
    md0: list[tuple[int, int]] | tuple[()] = ()  # md|0| steps: (index, line), the first MAX_PROBLEMS
    md0_more = 0  # md|0| steps past those: only counted (their problems would be too)
    # nt values: (value as written, position, bids and play pairs before it, characters
    # of the values so far)
    comments: list[tuple[str, int, int, int, int]] | tuple[()] = ()

    def __init__(self, start: int, label: str | None) -> None:
        self.start = start  # text position of its qx or md
        self.label = label

    def add_bid(self, tag: str, value: str) -> None:
        if not self.bids:
            self.bids = []
        if len(self.bids) <= MAX_PAIRS:
            self.bids.append((tag, value))

    def add_play(self, tag: str, value: str) -> None:
        if not self.play:
            self.play = []
        if len(self.play) <= MAX_PAIRS:
            self.play.append((tag, value))

    def add_heading(self, value: str) -> None:
        if not self.ah:
            self.ah = []
        if len(self.ah) < AH_KEPT:
            self.ah.append(value)

    def add_movie_step(self, index: int, line: int) -> None:
        """An md|0| pair: a teaching movie's change to the deal, the file's ``index``-th md."""
        if not self.md0:
            self.md0 = []
        if len(self.md0) < MAX_PROBLEMS:
            self.md0.append((index, line))
        else:
            self.md0_more += 1

    def add_comment(self, value: str, at: int) -> None:
        """An ``nt`` value at text position ``at``, with how many auction and play pairs came
        before it. Bounded: MAX_COMMENTS + 1 of them (the reader says there were more), and
        no more once they hold more than MAX_COMMENTARY characters even %XX-encoded."""
        if blank(value) or self.comments_full():
            return
        if not self.comments:
            self.comments = []
        value = value[: 3 * MAX_COMMENTARY + 3]
        chars = len(value) + (self.comments[-1][4] if self.comments else 0)
        self.comments.append((value, at, len(self.bids), len(self.play), chars))

    def comments_full(self) -> bool:
        """Whether an nt value now would only be cut (add_comment keeps no more)."""
        found = self.comments
        if not found:
            return False
        return len(found) > MAX_COMMENTS or found[-1][4] > 3 * MAX_COMMENTARY
