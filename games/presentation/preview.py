"""What the upload's preview shows of a deck before it joins the queue."""

from __future__ import annotations

from dataclasses import dataclass

from games.bridge.board import dealer_for_board, vul_for_board
from games.formats.model import Deck as ParsedDeck
from games.formats.model import FileResult
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


MACHINE_NOTES_SHOWN = 20  # a file's machine notes listed; the rest are counted


@dataclass(frozen=True, slots=True)
class MachineNote:
    board: str  # the deck's board as written, "" when the file gives none
    number: int  # the deck's place in the file, from 1
    text: str  # as the program wrote it


@dataclass(frozen=True, slots=True)
class MachineNotes:
    """What the program that wrote a file noted about itself on its decks
    (``Deck.machine_notes``): the preview's file details list them, and nothing else does."""

    decks: int = 0  # decks that carry one
    shown: tuple[MachineNote, ...] = ()
    more: int = 0  # notes past those shown


def machine_notes(result: FileResult) -> MachineNotes:
    """A file's machine notes, the first MACHINE_NOTES_SHOWN of them listed."""
    notes = [
        MachineNote(deck.board or "", number, text)
        for number, deck in enumerate(result.decks, start=1)
        for text in deck.machine_notes
    ]
    decks = sum(1 for deck in result.decks if deck.machine_notes)
    return MachineNotes(decks, tuple(notes[:MACHINE_NOTES_SHOWN]), max(0, len(notes) - MACHINE_NOTES_SHOWN))
