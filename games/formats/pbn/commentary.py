"""Where a PBN game's comments stand: on the board, in the auction, or in the play.

The PBN standard (3.8) says a comment refers to what precedes it (a tag, a call, a card,
a note reference) or, before any tag, stands at the begin of the game. So a comment in
the data after ``[Auction]`` is placed by the calls before it, one in the data after
``[Play]`` by the cards before it (a trick is a row of four: a comment after any card of
the third row is at trick 3), and every other comment is the board's (``Comment``).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Comment
from .auction import calls_in
from .play import cards_in
from .tokens import Game


def placed(game: Game, calls: int, tricks: int) -> Iterator[tuple[Comment, int]]:
    """(comment, text position) of each of the game's comments, in file order; ``calls``
    and ``tricks``: how many the deck holds (no place counts past them)."""
    made = cards = 0  # calls and cards before the comment
    made_to = cards_to = 0  # how far into each section's data they are counted
    for text, section, offset, pos in game.comments:
        if section == "auction":
            if offset > made_to:
                made += calls_in((game.auction or "")[made_to:offset])
                made_to = offset
            yield Comment(text, "auction", min(made, calls)), pos
        elif section == "play":
            if offset > cards_to:
                cards += cards_in((game.play or "")[cards_to:offset])
                cards_to = offset
            yield Comment(text, "play", min((cards + 3) // 4, tricks)), pos
        else:
            yield Comment(text), pos
