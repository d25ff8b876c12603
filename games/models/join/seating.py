"""Who sits where at a Join table: every change under the table's lock, and seen by the
seats (the table's version moves on); who the board in play waits for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ObjectDoesNotExist
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext

from games.bridge import rules
from games.bridge.cards import SEAT_NAMES, SEATS
from games.bridge.types import Seat as BridgeSeat
from games.models.board_play import BoardPlay
from games.models.deck import DealtBoard
from games.models.game import Game
from games.models.join.errors import LeavingBoardInPlay, SeatError
from games.models.join.pairs import Substitute, pair_of, substitute_in
from games.models.join.table_like import TableLike, as_table

if TYPE_CHECKING:
    from games.models.join.tables import JoinTable, Seat


class TableSeating:
    """``JoinTable``'s seating: taking, moving, freeing and leaving seats."""

    def take_seat(self: TableLike, user, seat: str) -> Seat:
        if seat not in SEAT_NAMES:
            raise SeatError(gettext("Choose North, East, South or West."))
        try:
            with transaction.atomic():
                locked = self._locked()
                sits = self.seats.model.objects.filter(game_id=self.game_id, user=user).select_related("table").first()
                if sits is not None:
                    if sits.table_id == self.pk:
                        raise SeatError(gettext("You already sit at this table."))
                    raise SeatError(gettext("You already sit at table %(table)s.") % {"table": sits.table.number})
                if self.seats.filter(seat=seat).exists() or seat in locked.robots:
                    raise SeatError(gettext("%(seat)s was just taken: choose another seat."), seat=BridgeSeat(seat))
                row = self.seats.model.objects.create(
                    game_id=self.game_id, table=as_table(self), seat=seat, user=user, from_board=self._next_board()
                )
                _substitute(as_table(self), seat, row.user_id, row.from_board)
                self._bump(locked)
                return row
        except IntegrityError:  # a race the lock did not serialise (it does on SQLite and PostgreSQL)
            raise SeatError(gettext("%(seat)s was just taken: choose another seat."), seat=BridgeSeat(seat)) from None

    def seat_robot(self: TableLike, seat: str) -> None:
        """The host seats a robot in the empty ``seat``. It plays from the board in play, if
        nobody holds that seat's hand of it (a missing fourth: the table goes on), else
        from the next board."""
        if seat not in SEAT_NAMES:
            raise SeatError(gettext("Choose North, East, South or West."))
        with transaction.atomic():
            locked = self._locked()
            if seat in locked.robots:
                raise SeatError(gettext("A robot sits %(seat)s already."), seat=BridgeSeat(seat))
            if self.seats.filter(seat=seat).exists():
                raise SeatError(
                    gettext("%(seat)s is taken: take its player off first, then seat a robot."), seat=BridgeSeat(seat)
                )
            self.robots = "".join(s for s in SEATS if s in locked.robots or s == seat)
            type(self).objects.filter(pk=self.pk).update(robots=self.robots)
            board = self.board()
            play = self.play_of(board) if board is not None else None
            if play is not None and not play.done and not play.abandoned and seat not in play.robots:
                play.robots = "".join(s for s in SEATS if s in play.robots or s == seat)
                BoardPlay.objects.filter(pk=play.pk).update(robots=play.robots, actions=F("actions") + 1)
                play.actions += 1
            self._bump(locked)
        if board is not None:
            self.start_robots(board)

    def unseat_robot(self: TableLike, seat: str) -> None:
        """The host takes the robot out of ``seat``: it finishes the board in play, if it
        plays it, and whoever sits there next plays from the next board."""
        if seat not in SEAT_NAMES:
            raise SeatError(gettext("Choose North, East, South or West."))
        with transaction.atomic():
            locked = self._locked()
            if seat not in locked.robots:
                raise SeatError(gettext("No robot sits %(seat)s."), seat=BridgeSeat(seat))
            self.robots = locked.robots.replace(seat, "")
            type(self).objects.filter(pk=self.pk).update(robots=self.robots)
            self._bump(locked)

    def start_robots(self: TableLike, board: DealtBoard) -> BoardPlay | None:
        """``board``'s play at this table started if robots sit here, so that a robot that
        is to act first acts (the calls at once, a card by the task worker). Idempotent:
        the play is made once (``BoardPlay.start``)."""
        if not self.robots:
            return None
        play = self.play_of(board)
        if play is None:
            play = BoardPlay.start(board, BoardPlay.Mode.TABLE, self)
        elif play.robot_due:
            play = play.ask_robot()
        board.played = play
        return play

    def several(self: TableLike) -> bool:
        """Whether the game has more than this one table."""
        return type(self).objects.filter(game_id=self.game_id).exclude(pk=self.pk).exists()

    def move(self: TableLike, seat: str, to: str, to_table: JoinTable | None = None) -> None:
        """Move the player at ``seat`` to ``to`` at ``to_table`` (this table when None);
        whoever sat there takes ``seat`` here (a swap)."""
        if seat not in SEAT_NAMES or to not in SEAT_NAMES:
            raise SeatError(gettext("Choose North, East, South or West."))
        target: TableLike = to_table if to_table is not None else self
        if target.game_id != self.game_id:
            raise SeatError(gettext("Choose a table of this game."))
        with transaction.atomic():
            # Both tables' rows, in one order, so that two moves at once wait, not deadlock.
            locks = {
                row.pk: row
                for row in type(self).objects.select_for_update().filter(pk__in={self.pk, target.pk}).order_by("pk")
            }
            if len(locks) < len({self.pk, target.pk}):
                raise SeatError(gettext("That table is gone: look at the tables again."))
            mover = self.seats.filter(seat=seat).first()
            if mover is None:
                raise self._nobody_sits(seat)
            if target.pk == self.pk and seat == to:
                return
            other = target.seats.filter(seat=to).first()
            # A moved player sees nothing of the board in play at their new seat: that
            # seat's hand was another player's when it was dealt.
            here, there = self._next_board(), target._next_board()
            # (table, seat) is unique: park the other player out of the way while swapping.
            if other is not None:
                self.seats.model.objects.filter(pk=other.pk).update(seat="-")
            self.seats.model.objects.filter(pk=mover.pk).update(table=as_table(target), seat=to, from_board=there)
            if other is not None:
                self.seats.model.objects.filter(pk=other.pk).update(table=as_table(self), seat=seat, from_board=here)
            _substitute(as_table(target), to, mover.user_id, there)
            if other is not None:
                _substitute(as_table(self), seat, other.user_id, here)
            type(self).objects.filter(pk__in=locks).update(version=F("version") + 1)
            self.version = locks[self.pk].version + 1

    def _nobody_sits(self: TableLike, seat: str) -> SeatError:
        """ "Nobody sits North at table 2.", "at table 2" only in a game of several tables."""
        if self.several():
            said = gettext("Nobody sits %(seat)s at table %(table)s.")
            return SeatError(said, seat=BridgeSeat(seat), table=self.number)
        return SeatError(gettext("Nobody sits %(seat)s."), seat=BridgeSeat(seat))

    def unseat(self: TableLike, seat: str) -> None:
        if seat not in SEAT_NAMES:
            raise SeatError(gettext("Choose North, East, South or West."))
        with transaction.atomic():
            locked = self._locked()
            if not self.seats.filter(seat=seat).delete()[0]:
                raise self._nobody_sits(seat)
            self._bump(locked)

    def substitute(self: TableLike, seat: str, user) -> Seat:
        """The host puts ``user`` in ``seat`` in place of the player there, in a movement
        under way: ``user`` plays on for that player's pair, from the board on the table if
        nobody has called on it yet, else from the next, and moves with it
        (``pairs.substitute_in``, recorded as its substitute). Refused (SeatError, nothing
        changed) before round 1, for a seat nobody or a robot holds, for someone seated in
        the game or playing in a pair, and while the player's hand of the board in play is
        being played (substitute when it is over)."""
        if seat not in SEAT_NAMES:
            raise SeatError(gettext("Choose North, East, South or West."))
        with transaction.atomic():
            locked = self._locked()
            game = Game.objects.get(pk=self.game_id)
            if not (game.by_movement and game.round):
                raise SeatError(
                    gettext("A substitute takes a seat once the movement has started: until then, seat the player.")
                )
            row = self.seats.select_related("user").filter(seat=seat).first()
            if row is None:
                raise self._nobody_sits(seat)
            name = user.get_username()
            sits = self.seats.model.objects.filter(game_id=self.game_id, user=user).select_related("table").first()
            if sits is not None:
                raise SeatError(
                    gettext("%(name)s sits at table %(table)s already: move them with Move.")
                    % {"name": name, "table": sits.table.number}
                )
            if _in_a_pair(game, user):
                raise SeatError(
                    gettext("%(name)s plays in a pair of this movement: a substitute plays in none.") % {"name": name}
                )
            leaving = self._leaving(row)
            if leaving is not None:
                raise SeatError(
                    gettext("%(name)s is playing board %(board)s: substitute them when it is over.")
                    % {"name": row.user.get_username(), "board": leaving.board_number}
                )
            row.delete()
            # The board on the table, if nobody has called on it yet, is the substitute's to
            # play; else they play from the next one, as anyone who sits down does.
            board = self.board()
            play = self.play_of(board) if board is not None else None
            fresh = board is not None and (play is None or not (play.calls or play.done or play.abandoned))
            from_board = board.number if board is not None and fresh else self._next_board()
            taken = self.seats.model.objects.create(
                game_id=self.game_id, table=as_table(self), seat=seat, user=user, from_board=from_board
            )
            if _substitute(as_table(self), seat, user.pk, taken.from_board) is None:  # rolled back as it raises
                raise SeatError(
                    gettext("%(seat)s holds no pair's cards this round: seat the player there instead."),
                    seat=BridgeSeat(seat),
                )
            self._bump(locked)
            return taken

    def leave(self: TableLike, user, *, confirm: int | None = None) -> None:
        """``user`` stands up (from their seat at whichever table of the game). While
        someone has called or played on the board their seat holds, only with ``confirm``,
        that board's number (LeavingBoardInPlay otherwise): the seat stays empty and the
        board waits for it."""
        row = self.seats.model.objects.filter(game_id=self.game_id, user=user).select_related("table__game").first()
        if row is None:
            raise SeatError(gettext("You do not sit at this table."))
        table = row.table
        with transaction.atomic():
            locked = table._locked()
            row = table.seats.filter(user=user).first()
            if row is None:
                raise SeatError(gettext("You do not sit at this table."))
            question = table._leaving(row)
            if question is not None and confirm != question.number:
                raise question
            row.delete()
            table._bump(locked)

    def leaving_board_in_play(self: TableLike, user) -> LeavingBoardInPlay | None:
        """What standing up now would ask ``user`` (None: nothing, they may just go)."""
        row = self.seats.model.objects.filter(game_id=self.game_id, user=user).select_related("table__game").first()
        return row.table._leaving(row) if row is not None else None

    def _leaving(self: TableLike, row: Seat) -> LeavingBoardInPlay | None:
        board = self.board()
        play = self.play_of(board) if board is not None else None
        if board is None or play is None or not play.under_way or row.from_board > board.number:
            return None  # nothing under way, or a hand they do not hold (they sat down after the deal)
        needed = seat_needed(play, row.seat)
        return LeavingBoardInPlay(board.number, play.progress(), row.seat, needed, board.board_number)


# --- who the board waits for, who sits where ----------------------------------------------


def _substitute(table: JoinTable, seat: str, user_id: int, from_deal: int) -> Substitute | None:
    """In a movement under way, a newcomer in a pair's seat plays on as its substitute
    (the record made; None when nothing changed)."""
    return substitute_in(table, seat, user_id, from_deal)


def _in_a_pair(game: Game, user) -> bool:
    return pair_of(game, user) is not None


def seat_needed(play: BoardPlay, seat: str) -> bool:
    """Whether the board still needs ``seat``'s player: every seat in the auction; in the
    play all but dummy, whose cards declarer plays; never a seat a robot plays."""
    return seat not in play.robots and seat != play.state().dummy


def waiting_seats(board: DealtBoard, players: dict[str, Seat]) -> tuple[tuple[str, bool], ...]:
    """The seats the board in play needs and nobody holds (its player stood up, or whoever
    sits there now came after the deal), each with whether it has called on the board."""
    play = getattr(board, "played", None)
    if play is None or not play.under_way:
        return ()
    state = play.state()
    callers = {rules.seat_after(state.dealer, i) for i in range(len(state.calls))}
    waiting = []
    for seat in SEATS:
        row = players.get(seat)
        if (row is None or row.from_board > board.number) and seat_needed(play, seat):
            waiting.append((seat, seat in callers))
    return tuple(waiting)


def seat_of(game: Game, user) -> str:
    """The user's seat letter at the game's tables ("" when not seated): always from the
    Seat row, never from the request: one at most (``one_seat_per_player``), so read with
    no ORDER BY to compile."""
    if not user.is_authenticated:
        return ""
    try:
        return game.seats.values_list("seat", flat=True).get(user=user)
    except ObjectDoesNotExist:  # Seat's (imported here only for the checker)
        return ""
