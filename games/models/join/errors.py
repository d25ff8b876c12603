"""What a change to a Join game's tables or seats that cannot be made says: the message
is for the player or the host; some ask a confirmation first.

A refusal keeps its sentence and what fills it apart, as Django's ValidationError keeps
a message and its params: a seat in it is a ``Seat`` (players in their seats a
``Seated``, a movement's reason its ``MovementError``), which the page says in its
language (games.presentation.refusals); ``str()`` says them in English."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext, ngettext

from games.bridge.club_night.movements import MovementError
from games.bridge.types import Seat

if TYPE_CHECKING:
    from games.models.join.tables import JoinTable


def _english(value: object) -> object:
    """A refusal's parameter as ``str()`` shows it: a seat by its English name."""
    if isinstance(value, Seat):
        return value.full_name
    if isinstance(value, Seated):
        return value.listed(_english)
    return value


@dataclass(frozen=True, slots=True)
class Seated:
    """Players in their seats, as a refusal lists them: "alice (North), bob (East)"."""

    players: tuple[tuple[str, Seat], ...]

    def listed(self, shown: Callable[[object], object]) -> str:
        return ", ".join(f"{player} ({shown(seat)})" for player, seat in self.players)


class SeatError(Exception):
    """A seating change that cannot be made; the message is for the player: ``text``, in
    the request's language, filled with ``params`` when there are any."""

    def __init__(self, text: str, **params: object) -> None:
        self.text, self.params = text, params
        super().__init__(self.said(_english))

    def said(self, shown: Callable[[object], object]) -> str:
        """The message, each parameter as ``shown`` gives it (a page names the seats)."""
        if not self.params:
            return self.text
        return self.text % {key: shown(value) for key, value in self.params.items()}


class LeavingBoardInPlay(SeatError):
    """Standing up from a seat whose hand is being played: asks for a confirmation.
    ``number``: the deal (``DealtBoard.number``, what the confirmation posts back);
    ``board_number``: the number the table shows, which the question says."""

    def __init__(self, number: int, progress: str, seat: str, needed: bool, board_number: int) -> None:
        self.number, self.progress, self.seat, self.board_number = number, progress, seat, board_number
        if needed:
            self.then = gettext(
                "%(seat)s stays empty and the table waits, since board %(board)s cannot go on without %(seat)s; "
                "whoever sits %(seat)s now plays from the next board."
            )
        else:
            self.then = gettext(
                "%(seat)s stays empty and declarer plays dummy's cards, so board %(board)s goes on without you; "
                "whoever sits %(seat)s now plays from the next board."
            )
        asked = gettext("Board %(board)s is being played: %(progress)s. Stand up anyway?")
        super().__init__(f"{asked} {self.then}", seat=Seat(seat), board=board_number, progress=progress)

    def consequence(self, shown: Callable[[object], object] = _english) -> str:
        """What standing up does to the board, its seat as ``shown`` gives it."""
        return self.then % {"seat": shown(Seat(self.seat)), "board": self.board_number}


class MovementCannotBePlayed(SeatError):
    """The movement's numbers cannot be played: ``reason``, the movement's (key and
    parameters, in English), which a page says in its language
    (games.presentation.movement_said)."""

    def __init__(self, reason: MovementError) -> None:
        self.reason = reason
        super().__init__(gettext("This movement cannot be played: %(why)s."), why=reason)


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
