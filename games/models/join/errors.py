"""What a change to a Join game's tables or seats that cannot be made says: the message
is for the player or the host; some ask a confirmation first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import get_language, gettext, ngettext

from games.bridge import words

if TYPE_CHECKING:
    from games.models.join.tables import JoinTable


def seat_name(seat: str) -> str:
    """A seat's name in the language the request is answered in."""
    return words.for_language(get_language()).seat_name(seat)


class SeatError(Exception):
    """A seating change that cannot be made; the message is for the player."""


class LeavingBoardInPlay(SeatError):
    """Standing up from a seat whose hand is being played: asks for a confirmation.
    ``number``: the deal (``DealtBoard.number``, what the confirmation posts back);
    ``board_number``: the number the table shows, which the question says."""

    def __init__(self, number: int, progress: str, seat: str, needed: bool, board_number: int) -> None:
        self.number, self.progress, self.seat, self.board_number = number, progress, seat, board_number
        name = seat_name(seat)
        names = {"seat": name, "board": board_number, "progress": progress}
        if needed:
            self.consequence = (
                gettext(
                    "%(seat)s stays empty and the table waits, since board %(board)s cannot go on without %(seat)s; "
                    "whoever sits %(seat)s now plays from the next board."
                )
                % names
            )
        else:
            self.consequence = (
                gettext(
                    "%(seat)s stays empty and declarer plays dummy's cards, so board %(board)s goes on without you; "
                    "whoever sits %(seat)s now plays from the next board."
                )
                % names
            )
        asked = gettext("Board %(board)s is being played: %(progress)s. Stand up anyway?") % names
        super().__init__(f"{asked} {self.consequence}")


class TableError(SeatError):
    """A change to a game's tables that cannot be made; the message is for the host."""


class RemovingTableThatPlayed(TableError):
    """Removing a table that has called or played on boards: asks for a confirmation, as
    its results leave the travellers."""

    def __init__(self, table: JoinTable, boards: int) -> None:
        self.table, self.boards = table, boards
        super().__init__(
            ngettext(
                "Table %(table)s has played %(count)s board: removing it takes its "
                "results off the travellers and the ranking. Remove it anyway?",
                "Table %(table)s has played %(count)s boards: removing it takes its "
                "results off the travellers and the ranking. Remove it anyway?",
                boards,
            )
            % {"table": table.number, "count": boards}
        )
