"""Bounds on what a reader keeps, so a hostile file costs bounded memory.

A 5 MB file of ``md||`` holds over a million bad boards: listing each one helps
nobody and would take fifty times the file's size in memory.
"""

from __future__ import annotations

from .messages import Message
from .model import Problem

MAX_PROBLEMS = 1000  # per file; the rest are counted
NOTE_LIMIT = 20  # notes of one kind in a file before they are only counted
SOURCE_LIMIT = 4000  # characters of a board's own text kept in Deck.source
# What one board's sections may hold before the rest is read past, with a note. Real
# boards stay far below (an auction has at most 319 calls, a play 52 cards); a hostile
# file's million pairs or words would cost a split into a million strings, kept in a deck.
MAX_PAIRS = 1000  # LIN: mb/an pairs of an auction, pc/mc pairs of a play
MAX_WORDS = 1000  # PBN: words of the Auction or Play section
MAX_CARDS = 52  # PBN: cards kept of a play (a trick of four costs 30 times its three-letter cards)
MAX_TAGS = 500  # PBN: tags of one game (a hand record has 4 to 30)
# PBN: decks read from one file. Games that copy the deal of the game before ('#', '##')
# make a deck of every 8 bytes, and each Deck holds some 330: past this, the rest of the
# file is not read (an upload takes 20,000 decks; a file of real deals fits 70,000 in 5 MB).
MAX_DECKS = 100_000
# Commentary (Deck.commentary): a lesson's board carries a few thousand characters, a
# vugraph board some fifty remarks. Past these a text is cut, with a note naming the board
# and the line; a file's commentary is stored with its decks and loaded on every preview.
MAX_COMMENTS = 200  # entries of one deck
MAX_COMMENTARY = 20_000  # characters of one deck's entries together
MAX_FILE_COMMENTARY = 1_000_000  # characters of one file's commentary together


class ProblemList(list):
    """A list of problems that keeps the first MAX_PROBLEMS and counts the others."""

    def __init__(self) -> None:
        super().__init__()
        self.dropped = 0

    def append(self, problem: Problem) -> None:
        if len(self) < MAX_PROBLEMS:
            super().append(problem)
        else:
            self.dropped += 1

    def full(self) -> bool:
        """Whether a problem appended now would only be counted."""
        return len(self) >= MAX_PROBLEMS

    def count_more(self, count: int) -> None:
        """Count ``count`` problems past the kept ones without making them (the list
        is full, or the caller has appended MAX_PROBLEMS since: these would be dropped)."""
        self.dropped += count

    def finish(self) -> list[Problem]:
        """The kept problems, closed by one that says how many more there were."""
        if self.dropped:
            super().append(
                Problem(
                    Message("file.more_problems", count=self.dropped, listed=MAX_PROBLEMS),
                    line=self[-1].line,
                    kind="more_problems",
                )
            )
            self.dropped = 0
        return list(self)
