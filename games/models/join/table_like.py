"""What the two halves of ``JoinTable`` written apart (``movement.TableMovement``,
``seating.TableSeating``) use of the model and of each other: the type of their ``self``
for the type checker."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Protocol, cast

if TYPE_CHECKING:
    from django.db.models import Manager, QuerySet
    from django.db.models.fields.related_descriptors import RelatedManager

    from games.models.board_play import BoardPlay
    from games.models.deck import DealtBoard
    from games.models.game import Game
    from games.models.join.errors import LeavingBoardInPlay, SeatError
    from games.models.join.tables import BoardReveal, JoinTable, Seat


class TableLike(Protocol):
    """A ``JoinTable`` as its mixins see it: its rows and the methods they call of each other."""

    objects: ClassVar[Manager[JoinTable]]

    # the model's fields and relations
    @property
    def pk(self) -> int: ...
    @property
    def game(self) -> Game: ...
    @property
    def game_id(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def seats(self) -> RelatedManager[Seat]: ...
    @property
    def plays(self) -> RelatedManager[BoardPlay]: ...
    @property
    def reveals(self) -> RelatedManager[BoardReveal]: ...

    version: int
    deal: int
    robots: str

    # the model's own (tables.JoinTable)
    def _locked(self) -> JoinTable: ...
    def _bump(self, locked: JoinTable) -> None: ...

    # movement.TableMovement
    def board(self, *related: str) -> DealtBoard | None: ...
    def play_of(self, board: DealtBoard) -> BoardPlay | None: ...
    def next_board(self, by: object = None, *, at: int | None = None, host: bool = False) -> DealtBoard: ...
    def _movement_deal(self) -> int | None: ...
    def _held(self) -> QuerySet[BoardPlay]: ...
    def _move_on_in_round(self, board: DealtBoard, confirm: int | None) -> DealtBoard | None: ...
    def _next_board(self) -> int: ...

    # seating.TableSeating
    def start_robots(self, board: DealtBoard) -> BoardPlay | None: ...
    def several(self) -> bool: ...
    def _nobody_sits(self, seat: str) -> SeatError: ...
    def _leaving(self, row: Seat) -> LeavingBoardInPlay | None: ...


def as_table(table: TableLike) -> JoinTable:
    """The table as the model, for what takes a ``JoinTable`` (a query's lookup, a row's
    foreign key): the mixins are mixed into ``JoinTable`` alone."""
    return cast("JoinTable", table)
