"""What a change to a Join game's tables or seats that cannot be made says: the message
is for the player or the host; some ask a confirmation first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.bridge.cards import SEAT_NAMES

if TYPE_CHECKING:
    from games.models.join.tables import JoinTable


class SeatError(Exception):
    """A seating change that cannot be made; the message is for the player."""


class LeavingBoardInPlay(SeatError):
    """Standing up from a seat whose hand is being played: asks for a confirmation.
    ``number``: the deal (``DealtBoard.number``, what the confirmation posts back);
    ``board_number``: the number the table shows, which the question says."""

    def __init__(self, number: int, progress: str, seat: str, needed: bool, board_number: int) -> None:
        self.number, self.progress, self.seat, self.board_number = number, progress, seat, board_number
        name = SEAT_NAMES[seat]
        if needed:
            then = f"the table waits, since board {board_number} cannot go on without {name}"
        else:
            then = f"declarer plays dummy's cards, so board {board_number} goes on without you"
        self.consequence = f"{name} stays empty and {then}; whoever sits {name} now plays from the next board."
        super().__init__(f"Board {board_number} is being played: {progress}. Stand up anyway? {self.consequence}")


class TableError(SeatError):
    """A change to a game's tables that cannot be made; the message is for the host."""


class RemovingTableThatPlayed(TableError):
    """Removing a table that has called or played on boards: asks for a confirmation, as
    its results leave the travellers."""

    def __init__(self, table: JoinTable, boards: int) -> None:
        self.table, self.boards = table, boards
        super().__init__(
            f"Table {table.number} has played {boards} board{'s' * (boards != 1)}: removing it takes its "
            "results off the travellers and the ranking. Remove it anyway?"
        )
