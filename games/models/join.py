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
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import Case, CharField, F, Q, QuerySet, Value, When
from django.utils import timezone

from games.bridge import rules
from games.bridge.cards import SEAT_NAMES, SEATS
from games.models.board_play import BoardPlay, attach_plays
from games.models.deck import SEAT_CHOICES, DealtBoard, Deck
from games.models.game import Game

# What a table's pages never read of a board's deck: its file's text, tags and notes, the
# players named in the file.
TABLE_DECK_DEFERRED = ("source_text", "tags", "notes", "players")
TEACHER_SEEN_EVERY = 5.0  # seconds between the writes of the teacher's last look


def teacher_watch_seconds() -> float:
    """How long after the teacher's page last asked the seats are still told they are
    watched: a few of its polls, so a slow poll does not make the line flicker."""
    return max(20.0, 6 * float(settings.TABLE_POLL_SECONDS))


def new_invite_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits, 24 characters


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


class JoinTable(models.Model):
    """One table of four in a Join game. A game has one or more (up to JOIN_MAX_TABLES),
    numbered from 1; each plays every board the game deals (``board``), and each has its
    own invite link (any of them offers the free seats at every table) and version."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="join_tables", db_index=False)
    number = models.PositiveSmallIntegerField(default=1)
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    version = models.PositiveIntegerField(default=0, editable=False)
    # When the host last looked at the table as its teacher (all four hands): the seats
    # are told while that is recent (``teacher_watching``).
    teacher_seen_at = models.DateTimeField(null=True, blank=True, editable=False)
    # In the own-pace movement, the game's deal this table plays (DealtBoard.number; 0:
    # the first). The teaching movement needs none: every table plays the newest board.
    deal = models.PositiveIntegerField(default=0, editable=False)

    class Meta:
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="one_table_number_in_game")]

    def __str__(self) -> str:
        return f"table {self.number} of {self.game}"

    @classmethod
    def for_game(cls, game: Game) -> JoinTable:
        """The game's first table (made with the game; made now for an older game)."""
        table, _ = cls.objects.select_related("game").get_or_create(game=game, number=1)
        return table

    @classmethod
    def of(cls, game: Game, user) -> JoinTable | None:
        """The table ``user`` sits at in ``game`` (None: not seated), from their Seat row."""
        if not getattr(user, "is_authenticated", False):
            return None
        return cls.objects.select_related("game").filter(game=game, seats__user=user).first()

    @classmethod
    def numbered(cls, game: Game, number: int | None) -> JoinTable | None:
        """The game's table ``number`` (None when it has no such table)."""
        if number is None:
            return None
        return cls.objects.select_related("game").filter(game=game, number=number).first()

    # --- the game's tables: added and removed by the host -----------------------------

    @classmethod
    def add_to(cls, game: Game) -> JoinTable:
        """A new table, numbered after the game's highest; TableError past JOIN_MAX_TABLES."""
        with transaction.atomic():
            Game.objects.select_for_update().filter(pk=game.pk).first()  # tables are numbered one at a time
            numbers = list(cls.objects.filter(game=game).values_list("number", flat=True))
            limit = settings.JOIN_MAX_TABLES
            if len(numbers) >= limit:
                raise TableError(f"A game has {limit} tables at most: this one has {len(numbers)}.")
            # An own-pace table starts from the game's first board (``deal`` 0), as every table does.
            return cls.objects.create(game=game, number=max(numbers, default=0) + 1)

    def remove(self, *, confirm: bool = False) -> None:
        """Take this table out of the game: refused while anyone sits at it, and for the
        first table; once it has called or played on a board, only with ``confirm``
        (RemovingTableThatPlayed otherwise), as its results go with it."""
        with transaction.atomic():
            locked = self._locked()
            if locked.number == 1:
                raise TableError("The first table stays: remove another one, or delete the game.")
            seated = sorted(locked.seats.select_related("user"), key=lambda row: SEATS.index(row.seat))
            if seated:
                names = ", ".join(f"{row.user.get_username()} ({SEAT_NAMES[row.seat]})" for row in seated)
                raise TableError(
                    f"Table {locked.number} has players: {names}. Move them to another table, or take them "
                    "off, before removing it."
                )
            played = locked.plays.exclude(calls=[]).count()
            if played and not confirm:
                raise RemovingTableThatPlayed(locked, played)
            locked.delete()

    # --- the board this table plays ------------------------------------------------------

    def board(self, *related: str) -> DealtBoard | None:
        """The game's deal this table plays now (None before the first deal), with
        ``related`` (``select_related``).

        Teaching: the newest board, which the host deals to every table at once; a table
        still playing an older board (someone has called on it, it is not over) stays on
        it until it is over, or the host moves it on (``move_on``). Own pace: the deal the
        table went on to (``deal``; the first before it went on)."""
        boards = DealtBoard.objects.filter(game_id=self.game_id).select_related(*related)
        if self.game.movement == Game.Movement.OWN_PACE:
            return boards.filter(number=max(self.deal, 1)).first()
        held = self._held().values_list("board_id", flat=True).first()
        if held is not None:
            return boards.filter(pk=held).first()
        return boards.order_by("-number").first()

    def board_and_play(self, *, deck: bool = True) -> DealtBoard | None:
        """``board()`` with its play at this table as ``board.played`` and, with ``deck``,
        its deck as the table shows it (``TABLE_DECK_DEFERRED`` left unread): in one
        query while the table holds a board under way (teaching), else two."""
        boards = DealtBoard.objects.filter(game_id=self.game_id)
        if deck:
            boards = boards.select_related("deck").defer(*(f"deck__{name}" for name in TABLE_DECK_DEFERRED))
        if self.game.movement == Game.Movement.OWN_PACE:
            board = boards.filter(number=max(self.deal, 1)).first()
        else:
            held = self._held().select_related("board__deck" if deck else "board")
            if deck:
                held = held.defer(*(f"board__deck__{name}" for name in TABLE_DECK_DEFERRED))
            play = held.first()
            if play is not None:
                board = play.board
                board.played = play
                return board
            board = boards.order_by("-number").first()
        if board is not None:
            self.play_of(board)
        return board

    def _held(self) -> QuerySet[BoardPlay]:
        """Teaching: the plays under way at this table (called on, neither over nor left
        unfinished), the oldest board first: the first holds the table."""
        return (
            BoardPlay.objects.filter(table=self, finished_at__isnull=True, abandoned="")
            .exclude(calls=[])
            .order_by("board__number")
        )

    def play_of(self, board: DealtBoard) -> BoardPlay | None:
        """``board``'s play at this table (None before its first call), kept on the board
        as ``board.played`` for the pages that read it there."""
        attach_plays([board], self.pk)
        return board.played

    def next_board(self, by=None, *, at: int | None = None, host: bool = False) -> DealtBoard:
        """Own pace: the table goes on to the next deal once its board is over: the board
        another table has dealt already, else the game's next (``Game.deal_next``: the
        queue's next deck). Under the game's lock, so that two tables going on at once
        take one deal, never two decks for one board. ``at``: the deal the page showed
        (SeatError when the table is elsewhere now: a double click goes on once);
        ``host``: the host moves the table on (``move_on``) from a board not played."""
        game = self.game
        if game.movement != Game.Movement.OWN_PACE:
            raise SeatError("The host deals the next board to every table in this game.")
        with transaction.atomic():
            Game.objects.select_for_update().filter(pk=self.game_id).first()
            locked = self._locked()
            current = DealtBoard.objects.filter(game_id=self.game_id, number=max(locked.deal, 1)).first()
            shown = current.number if current is not None else 0
            if at is not None and at != shown:
                raise SeatError("Your table has gone on already: look at the board on it now.")
            if current is not None:
                play = self.play_of(current)
                if play is not None and play.under_way:
                    raise SeatError(f"Board {current.board_number} is not over yet: finish it first.")
                if play is None and not host:
                    raise SeatError(f"Board {current.board_number} has not been played at your table yet.")
            board = DealtBoard.objects.filter(game_id=self.game_id, number=shown + 1).first()
            if board is None:
                board = Game.objects.get(pk=self.game_id).deal_next(by=by)
            JoinTable.objects.filter(pk=self.pk).update(deal=board.number, version=F("version") + 1)
            self.deal, self.version = board.number, locked.version + 1
            return board

    def move_on(self, number: int | None, by=None, *, confirm: int | None = None) -> DealtBoard | None:
        """The host moves a table on from the board it plays (the deal ``number`` the host's
        page showed; SeatError when the table is elsewhere now). A board under way there is
        recorded as not finished (once someone has called, only with ``confirm``, its
        deal number: BoardInPlay otherwise). Teaching: the table goes on to the newest
        board, which the others play; own pace: to the next (``next_board``)."""
        with transaction.atomic():
            board = self.board()
            if board is None or number != board.number:
                raise SeatError(f"Table {self.number} has gone on already: nothing was changed.")
            own_pace = self.game.movement == Game.Movement.OWN_PACE
            if not own_pace and not DealtBoard.objects.filter(game_id=self.game_id, number__gt=board.number).exists():
                raise SeatError(f"Table {self.number} plays the newest board already: deal the next one.")
            play = BoardPlay.objects.select_for_update().select_related("board").filter(board=board, table=self).first()
            if play is not None:
                play.leave_unfinished(BoardPlay.Abandoned.DEALT, confirmed=confirm == board.number)
            if own_pace:
                return self.next_board(by, at=board.number, host=True)
            self._bump(self._locked())
            return self.board()

    # --- the version the seats' pages poll ------------------------------------------------

    def version_tag(self) -> str:
        """Changes whenever what any seat sees changes (read with the game row, one query),
        the teacher starting or stopping to watch included."""
        watching = ".t" if self.teacher_watching() else ""
        return f"{self.game.next_board_number}.{self.version}{watching}"

    def teacher_watching(self, now=None) -> bool:
        """Whether the host has the teacher's view open: seen within ``TEACHER_WATCH_SECONDS``."""
        if self.teacher_seen_at is None:
            return False
        return ((now or timezone.now()) - self.teacher_seen_at).total_seconds() < teacher_watch_seconds()

    def teacher_looks(self) -> None:
        """The teacher's page asked for the table: the seats are told they are watched.
        Written at most every few seconds, not at every poll."""
        now = timezone.now()
        if self.teacher_seen_at is None or (now - self.teacher_seen_at).total_seconds() >= TEACHER_SEEN_EVERY:
            JoinTable.objects.filter(pk=self.pk).update(teacher_seen_at=now)
            self.teacher_seen_at = now

    def _locked(self) -> JoinTable:
        return JoinTable.objects.select_for_update().select_related("game").get(pk=self.pk)

    def _next_board(self) -> int:
        """The place of the next deal this table plays (``DealtBoard.number``): a seat
        taken now sees from that one."""
        board = self.board()
        if board is not None:
            return board.number + 1
        if self.game.movement == Game.Movement.OWN_PACE:
            return 1
        return Game.objects.filter(pk=self.game_id).values_list("next_board_number", flat=True).get()

    def _bump(self, locked: JoinTable) -> None:
        """Move the version on (under the lock taken as ``locked``); this object follows."""
        JoinTable.objects.filter(pk=self.pk).update(version=F("version") + 1)
        self.version = locked.version + 1

    # --- seating: every change under the table's lock, and seen by the seats ----------

    def take_seat(self, user, seat: str) -> Seat:
        if seat not in SEAT_NAMES:
            raise SeatError("Choose North, East, South or West.")
        try:
            with transaction.atomic():
                locked = self._locked()
                sits = Seat.objects.filter(game_id=self.game_id, user=user).select_related("table").first()
                if sits is not None:
                    where = "this table" if sits.table_id == self.pk else f"table {sits.table.number}"
                    raise SeatError(f"You already sit at {where}.")
                if self.seats.filter(seat=seat).exists():
                    raise SeatError(f"{SEAT_NAMES[seat]} was just taken: choose another seat.")
                row = Seat.objects.create(
                    game_id=self.game_id, table=self, seat=seat, user=user, from_board=self._next_board()
                )
                self._bump(locked)
                return row
        except IntegrityError:  # a race the lock did not serialise (it does on SQLite and PostgreSQL)
            raise SeatError(f"{SEAT_NAMES[seat]} was just taken: choose another seat.") from None

    def several(self) -> bool:
        """Whether the game has more than this one table."""
        return JoinTable.objects.filter(game_id=self.game_id).exclude(pk=self.pk).exists()

    def move(self, seat: str, to: str, to_table: JoinTable | None = None) -> None:
        """Move the player at ``seat`` to ``to`` at ``to_table`` (this table when None);
        whoever sat there takes ``seat`` here (a swap)."""
        if seat not in SEAT_NAMES or to not in SEAT_NAMES:
            raise SeatError("Choose North, East, South or West.")
        target = to_table if to_table is not None else self
        if target.game_id != self.game_id:
            raise SeatError("Choose a table of this game.")
        with transaction.atomic():
            # Both tables' rows, in one order, so that two moves at once wait, not deadlock.
            locks = {
                row.pk: row
                for row in JoinTable.objects.select_for_update().filter(pk__in={self.pk, target.pk}).order_by("pk")
            }
            if len(locks) < len({self.pk, target.pk}):
                raise SeatError("That table is gone: look at the tables again.")
            mover = self.seats.filter(seat=seat).first()
            if mover is None:
                raise SeatError(f"Nobody sits {SEAT_NAMES[seat]}{self._at()}.")
            if target.pk == self.pk and seat == to:
                return
            other = target.seats.filter(seat=to).first()
            # A moved player sees nothing of the board in play at their new seat: that
            # seat's hand was another player's when it was dealt.
            here, there = self._next_board(), target._next_board()
            # (table, seat) is unique: park the other player out of the way while swapping.
            if other is not None:
                Seat.objects.filter(pk=other.pk).update(seat="-")
            Seat.objects.filter(pk=mover.pk).update(table=target, seat=to, from_board=there)
            if other is not None:
                Seat.objects.filter(pk=other.pk).update(table=self, seat=seat, from_board=here)
            JoinTable.objects.filter(pk__in=locks).update(version=F("version") + 1)
            self.version = locks[self.pk].version + 1

    def _at(self) -> str:
        """ " at table 2" in a game of several tables, "" at a lone table."""
        return f" at table {self.number}" if self.several() else ""

    def unseat(self, seat: str) -> None:
        if seat not in SEAT_NAMES:
            raise SeatError("Choose North, East, South or West.")
        with transaction.atomic():
            locked = self._locked()
            if not self.seats.filter(seat=seat).delete()[0]:
                raise SeatError(f"Nobody sits {SEAT_NAMES[seat]}{self._at()}.")
            self._bump(locked)

    def leave(self, user, *, confirm: int | None = None) -> None:
        """``user`` stands up (from their seat at whichever table of the game). While
        someone has called or played on the board their seat holds, only with ``confirm``,
        that board's number (LeavingBoardInPlay otherwise): the seat stays empty and the
        board waits for it."""
        row = Seat.objects.filter(game_id=self.game_id, user=user).select_related("table__game").first()
        if row is None:
            raise SeatError("You do not sit at this table.")
        table = row.table
        with transaction.atomic():
            locked = table._locked()
            row = table.seats.filter(user=user).first()
            if row is None:
                raise SeatError("You do not sit at this table.")
            question = table._leaving(row)
            if question is not None and confirm != question.number:
                raise question
            row.delete()
            table._bump(locked)

    def leaving_board_in_play(self, user) -> LeavingBoardInPlay | None:
        """What standing up now would ask ``user`` (None: nothing, they may just go)."""
        row = Seat.objects.filter(game_id=self.game_id, user=user).select_related("table__game").first()
        return row.table._leaving(row) if row is not None else None

    def _leaving(self, row: Seat) -> LeavingBoardInPlay | None:
        board = self.board()
        play = self.play_of(board) if board is not None else None
        if play is None or not play.under_way or row.from_board > board.number:
            return None  # nothing under way, or a hand they do not hold (they sat down after the deal)
        needed = seat_needed(play, row.seat)
        return LeavingBoardInPlay(board.number, play.progress(), row.seat, needed, board.board_number)

    def new_invite(self) -> str:
        """A fresh invite link; the old one stops working (seated players stay)."""
        self.invite_token = new_invite_token()
        JoinTable.objects.filter(pk=self.pk).update(invite_token=self.invite_token)
        return self.invite_token

    def reveal(self, number: int | None, by=None, *, confirm: int | None = None) -> DealtBoard:
        """Show the four hands of the game's deal ``number`` (``DealtBoard.number``) to this
        table. Only the table's current board, the one the host's page shows: a page left
        open while a new board was dealt must not reveal a board its host has not seen
        (SeatError, nothing shown).

        The reveal ends the board at this table: one not over yet is recorded as revealed,
        not finished, and nothing more is called or played on it here. Once someone has
        called, only with ``confirm``, the deal's number (BoardInPlay otherwise, nothing
        shown). The other tables play on."""
        with transaction.atomic():
            board = self.board()
            if board is None:
                raise SeatError("Deal a board first: there is nothing to reveal.")
            if number != board.number:
                raise SeatError(
                    f"Your page shows {self.game.board_named(number)}, but board {board.board_number} is the one "
                    f"on the table now: nothing was revealed. Look at board {board.board_number}, then reveal it."
                )
            if BoardReveal.objects.filter(board=board, table=self).exists():
                return board
            # The play's row first, then the table's, in the order BoardPlay.act locks them.
            play = BoardPlay.start(board, BoardPlay.Mode.TABLE, self)
            play = BoardPlay.objects.select_for_update().select_related("board").get(pk=play.pk)
            play.leave_unfinished(BoardPlay.Abandoned.REVEALED, confirmed=confirm == board.number)
            locked = self._locked()
            _, created = BoardReveal.objects.get_or_create(board=board, table=self, defaults={"revealed_by": by})
            if created:
                self._bump(locked)
            return board


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    # The table of the game the seat is at (``game`` is the table's: one seat per player
    # in the whole game).
    table = models.ForeignKey(JoinTable, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats")
    joined_at = models.DateTimeField(auto_now_add=True)
    # The first board this player sees their hand of, by its place among the game's deals
    # (DealtBoard.number, not the board number shown): the next board their table plays
    # when they sat down or were moved here (boards dealt before that belonged to whoever
    # sat here then).
    from_board = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["game", "table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_player_per_seat_at_table"),
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} sits {self.get_seat_display()} at {self.table}"


class BoardReveal(models.Model):
    """A board whose four hands (and record) the host has shown to one table."""

    board = models.ForeignKey(DealtBoard, on_delete=models.CASCADE, related_name="reveals", related_query_name="reveal")
    table = models.ForeignKey(JoinTable, on_delete=models.CASCADE, related_name="reveals", db_index=False)
    revealed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    revealed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "board"], name="one_reveal_per_table")]

    def __str__(self) -> str:
        return f"{self.board} revealed at {self.table}"


def revealed_at(board: DealtBoard, table: JoinTable) -> bool:
    """Whether the host has shown ``board``'s four hands to ``table``."""
    return BoardReveal.objects.filter(board=board, table=table).exists()


# --- who the board waits for, who sits where ----------------------------------------------


def seat_needed(play: BoardPlay, seat: str) -> bool:
    """Whether the board still needs ``seat``'s player: every seat in the auction; in the
    play all but dummy, whose cards declarer plays."""
    return seat != play.state().dummy


def waiting_for(board: DealtBoard, players: dict[str, Seat]) -> tuple[str, ...]:
    """What the table is told about each seat the board in play needs and nobody holds
    (its player stood up, or whoever sits there now came after the deal)."""
    play = getattr(board, "played", None)
    if play is None or not play.under_way:
        return ()
    state = play.state()
    callers = {rules.seat_after(state.dealer, i) for i in range(len(state.calls))}
    said = []
    for seat, name in SEAT_NAMES.items():
        row = players.get(seat)
        if (row is not None and row.from_board <= board.number) or not seat_needed(play, seat):
            continue
        first = f"{name} has left the table" if seat in callers else f"{name}'s seat is empty"
        said.append(
            f"{first}: the table waits, since board {board.board_number} cannot go on without {name}. "
            f"Whoever sits {name} now plays from the next board."
        )
    return tuple(said)


def seat_of(game: Game, user) -> str:
    """The user's seat letter at the game's tables ("" when not seated): always from the
    Seat row, never from the request."""
    if not user.is_authenticated:
        return ""
    return game.seats.filter(user=user).values_list("seat", flat=True).first() or ""


# --- what a seated person sees off the table ---------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatedSecrets:
    """What pages off the table must not show someone who sits at Join tables: the deal
    of each board in play there, with the seat whose hand they may see of it ("" when
    none: they sat down after it was dealt), and those tables' games, whose queued decks
    are the boards still to come."""

    in_play: dict[str, str]
    games: frozenset[int]

    def __bool__(self) -> bool:
        return bool(self.games)


def seated_secrets(user) -> SeatedSecrets:
    """``user``'s secrets (nothing, in one query, for someone who sits nowhere).

    At each table they sit at, a board is in play while it is not revealed there and is
    the table's board (``JoinTable.board``), or one the table has still to reach (own
    pace, or a table still playing an older board), or has its play under way there
    (neither over nor left unfinished): the boards a seated host's export of the dealt
    boards leaves out, less a revealed board, whose four hands the table shows. Of the
    table's board and one under way the seat's own hand may be shown; of a board still
    to come, nothing."""
    if not getattr(user, "is_authenticated", False):
        return SeatedSecrets({}, frozenset())
    seats = list(Seat.objects.filter(user=user, game__game_type=Game.Type.JOIN).select_related("table__game"))
    if not seats:
        return SeatedSecrets({}, frozenset())
    in_play: dict[str, str] = {}
    for row in seats:
        table = row.table
        board = table.board()
        current = board.number if board is not None else 0
        under_way = Q(plays__table=table, plays__finished_at__isnull=True, plays__abandoned_at__isnull=True)
        boards = (
            DealtBoard.objects.filter(game_id=table.game_id)
            .filter(Q(number__gte=max(current, 1)) | under_way)
            .exclude(reveal__table=table)
            .order_by("number")
            .values_list("number", "deal")
            .distinct()
        )
        for number, deal in boards:
            in_play.setdefault(deal, row.seat if row.from_board <= number <= current else "")
    return SeatedSecrets(in_play, frozenset(row.game_id for row in seats))


def hiding_from_seated(queryset: QuerySet, secrets: SeatedSecrets, *, queued: bool = False) -> QuerySet:
    """Decks or dealt boards with ``hidden_seat``: None on a row whose hands may be shown;
    the seat whose hand may be ("" for none) on a row whose deal is in play at a table
    of ``secrets`` (its board, its deck, Play again's copy, the deal in any other game)
    and, with ``queued``, on the queued decks of those tables' games."""
    whens = [When(deal=deal, then=Value(seat)) for deal, seat in secrets.in_play.items()]
    if queued and secrets.games:
        whens.append(When(game_id__in=secrets.games, status=Deck.Status.QUEUED, then=Value("")))
    if not whens:
        return queryset
    return queryset.annotate(hidden_seat=Case(*whens, default=Value(None), output_field=CharField()))
