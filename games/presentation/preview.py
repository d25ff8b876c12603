"""What the upload's preview shows of a deck before it joins the queue."""

from __future__ import annotations

from games.bridge.board import dealer_for_board, vul_for_board
from games.formats.model import Deck as ParsedDeck
from games.models import Game
from games.models.deck import stated_board_number


def shown_dealer_vul(game: Game, deck: ParsedDeck) -> tuple[str, str]:
    """The dealer and vulnerability the table will use for ``deck``, as far as they are known
    before it is dealt (see Game.deal_next); "" for what only the deal decides."""
    number = stated_board_number(deck.board)  # as Game.deal_next will read it (not ParsedDeck.board_number)
    if game.missing_info == Game.MissingInfo.SOUTH_NONE:
        fallback = ("S", "None")
    elif game.missing_info == Game.MissingInfo.ROTATION and number:
        fallback = (dealer_for_board(number), vul_for_board(number))
    else:
        fallback = ("", "")  # random, or the board number given when dealt
    return deck.dealer or deck.deal_first or fallback[0], deck.vul or fallback[1]
