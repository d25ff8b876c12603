"""Join games: tables of four, each person seeing only their own hand.

A Join game has one or more tables (``JoinTable``, numbered from 1, up to
JOIN_MAX_TABLES): a club night, where every table plays the game's boards, the same
deal for board N at every table, each with its own play (``BoardPlay`` per board and
table). How the tables go from board to board is the game's movement: teaching, where
the host deals the next board to every table at once (a table still playing finishes
first, or is moved on), or own pace, where a table goes on when it has finished
(``JoinTable.board``, ``JoinTable.next_board``).

Each table holds an invite token and a version number that every change its seats must
see, other than a new board, moves on: seating, a call or card, the reveal. A new board
moves ``Game.next_board_number`` on, so the pair is the table's version, which the
seats' pages poll cheaply (``JoinTable.version_tag``).

``BoardReveal`` marks a board whose four hands (and record) the host has shown to one
table. A new board starts hidden. A reveal ends the board at that table: one not over
yet is recorded as "revealed, not finished" (with a confirmation once someone has
called), and nothing more is called or played on it there.

Standing up while the board is being played asks for a confirmation too
(``LeavingBoardInPlay``), and the others see that the table waits for the empty seat.

Which cards a person sees is decided in one place, from these rows: at the table by
``games.presentation.seats.seat_view`` (the hand of the seat they held when the board
was dealt, nothing of a board dealt before they took or were moved to their seat:
``Seat.from_board``); off the table (the admin), ``seated_secrets`` and
``hiding_from_seated`` hold the host or staff member who sits at a table to the same.

The modules: ``tables`` (the rows: JoinTable, Seat, BoardReveal), ``movement`` (the
board a table plays and how it goes on), ``pairs`` (a club movement's pairs, their
substitutes, and where the movement stands for a table or a pair), ``rounds`` (starting
the movement, the next round), ``seating`` (who sits where, who the board
waits for), ``seated`` (what pages off the table hide from a seated person) and
``errors`` (what a refused change says). Everything is imported from here.
"""

from games.models.join.errors import (
    LeavingBoardInPlay,
    MovementCannotBePlayed,
    RemovingTableThatPlayed,
    Seated,
    SeatError,
    TableError,
)
from games.models.join.movement import TABLE_DECK_DEFERRED
from games.models.join.pairs import Pair, Substitute
from games.models.join.rounds import RoundNotOver, next_round, round_state, start_movement
from games.models.join.seated import SeatedSecrets, hiding_from_seated, seated_secrets
from games.models.join.seating import seat_needed, seat_of, waiting_seats
from games.models.join.tables import (
    TEACHER_SEEN_EVERY,
    BoardReveal,
    JoinTable,
    Seat,
    analysis_open,
    new_invite_token,
    opens_analysis,
    revealed_at,
    teacher_watch_seconds,
)

__all__ = [
    "analysis_open",
    "opens_analysis",
    "TABLE_DECK_DEFERRED",
    "TEACHER_SEEN_EVERY",
    "BoardReveal",
    "JoinTable",
    "LeavingBoardInPlay",
    "MovementCannotBePlayed",
    "Pair",
    "Substitute",
    "RoundNotOver",
    "RemovingTableThatPlayed",
    "Seat",
    "SeatError",
    "Seated",
    "SeatedSecrets",
    "TableError",
    "hiding_from_seated",
    "new_invite_token",
    "next_round",
    "round_state",
    "start_movement",
    "revealed_at",
    "seat_needed",
    "seat_of",
    "seated_secrets",
    "teacher_watch_seconds",
    "waiting_seats",
]
