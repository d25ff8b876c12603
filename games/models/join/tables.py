"""A Join game's tables (``JoinTable``), their seats (``Seat``) and the boards revealed
at each (``BoardReveal``)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext

from games.bridge.cards import SEATS
from games.bridge.types import Seat as BridgeSeat
from games.models.deck import SEAT_CHOICES, DealtBoard
from games.models.game import Game
from games.models.join import push
from games.models.join.errors import RemovingTableThatPlayed, Seated, TableError
from games.models.join.movement import TableMovement
from games.models.join.seating import TableSeating

TEACHER_SEEN_EVERY = 5.0  # seconds between the writes of the teacher's last look


def teacher_watch_seconds() -> float:
    """How long after the teacher's page last asked the seats are still told they are
    watched: a few of its polls, so a slow poll does not make the line flicker."""
    return max(20.0, 6 * float(settings.TABLE_POLL_SECONDS))


def new_invite_token() -> str:
    return secrets.token_urlsafe(18)  # 144 random bits, 24 characters


class JoinTable(TableMovement, TableSeating, models.Model):
    """One table of four in a Join game. A game has one or more (up to JOIN_MAX_TABLES),
    numbered from 1; each plays every board the game deals (``board``), and each has its
    own invite link (any of them offers the free seats at every table) and version."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="join_tables", db_index=False)
    number = models.PositiveSmallIntegerField(default=1)
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    version = models.PositiveIntegerField(default=0, editable=False)
    # The version a play's change (a call, a card, a claim, its score) moved the table to:
    # equal to ``version`` when that was the table's last change (``played_since``).
    played_version = models.PositiveIntegerField(default=0, editable=False)
    # When the host last looked at the table as its teacher (all four hands): the seats
    # are told while that is recent (``teacher_watching``).
    teacher_seen_at = models.DateTimeField(null=True, blank=True, editable=False)
    # In the own-pace movement, the game's deal this table plays (DealtBoard.number; 0:
    # the first). The teaching movement needs none: every table plays the newest board.
    deal = models.PositiveIntegerField(default=0, editable=False)
    # The seats a robot holds ("E", "NS"), seated by the host in empty seats: a robot plays
    # each board from the one it was seated for (``BoardPlay.robots``).
    robots = models.CharField(max_length=4, blank=True, editable=False)

    class Meta:
        # "-game_id": the newest game first, as Game orders itself, without joining
        # the game to every query of a game's tables only to order them.
        ordering = ["-game_id", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="one_table_number_in_game")]

    def __str__(self) -> str:
        return f"table {self.number} of {self.game}"

    @classmethod
    def for_game(cls, game: Game) -> JoinTable:
        """The game's first table (made with the game; made now for an older game)."""
        table, _ = cls.objects.select_related("game").get_or_create(game=game, number=1)
        return table

    @classmethod
    def set_up(cls, game: Game, count: int) -> list[JoinTable]:
        """A new Join game's tables 1 to ``count``, all or none (TableError past JOIN_MAX_TABLES)."""
        with transaction.atomic():
            tables = [cls.for_game(game)]
            while len(tables) < count:
                tables.append(cls.add_to(game))
            return tables

    @classmethod
    def of(cls, game: Game, user) -> JoinTable | None:
        """The table ``user`` sits at in ``game`` (None: not seated), from their Seat row:
        one at most (``one_seat_per_player``), so read with no ORDER BY to compile."""
        if not getattr(user, "is_authenticated", False):
            return None
        try:
            return cls.objects.select_related("game").get(game=game, seats__user=user)
        except cls.DoesNotExist:
            return None

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
            numbers = cls._lock_every_table(game.pk)
            limit = settings.JOIN_MAX_TABLES
            if len(numbers) >= limit:
                raise TableError(
                    gettext("A game has %(limit)s tables at most: this one has %(count)s.")
                    % {"limit": limit, "count": len(numbers)}
                )
            # An own-pace table starts from the game's first board (``deal`` 0), as every table does.
            added = cls.objects.create(game=game, number=max(numbers, default=0) + 1)
            cls._tables_changed(game.pk)
            return added

    def remove(self, *, confirm: bool = False) -> None:
        """Take this table out of the game: refused while anyone sits at it, and for the
        first table; once it has called or played on a board, only with ``confirm``
        (RemovingTableThatPlayed otherwise), as its results go with it."""
        with transaction.atomic():
            JoinTable._lock_every_table(self.game_id)
            locked = self._locked()
            if locked.number == 1:
                raise TableError(gettext("The first table stays: remove another one, or delete the game."))
            seated = sorted(locked.seats.select_related("user"), key=lambda row: SEATS.index(row.seat))
            if seated:
                names = Seated(tuple((row.user.get_username(), BridgeSeat(row.seat)) for row in seated))
                raise TableError(
                    gettext(
                        "Table %(table)s has players: %(names)s. Move them to another table, or take them "
                        "off, before removing it."
                    ),
                    table=locked.number,
                    names=names,
                )
            played = locked.plays.exclude(calls=[]).count()
            if played and not confirm:
                raise RemovingTableThatPlayed(locked, played)
            locked.delete()
            JoinTable._tables_changed(self.game_id)

    @classmethod
    def _lock_every_table(cls, game_id: int) -> list[int]:
        """Every table of the game locked, in the order of their keys (the order ``move``
        locks its two in, so that the two wait for each other rather than deadlock): their
        numbers."""
        return list(
            cls.objects.select_for_update().filter(game_id=game_id).order_by("pk").values_list("number", flat=True)
        )

    @classmethod
    def _tables_changed(cls, game_id: int) -> None:
        """A table came or went (every table locked already): every table's version moves
        on, so that each seat's page shows the new count and numbers at once, and a play's
        read may keep the count (``TableReads``)."""
        cls.objects.filter(game_id=game_id).update(version=F("version") + 1)

    # --- the version the seats' pages poll ------------------------------------------------

    def version_tag(self, version: int | None = None) -> str:
        """Changes whenever what any seat sees changes (read with the game row, one query),
        the teacher starting or stopping to watch included: "<next board>.<version>.<table
        number>", then ".t" while the teacher watches. The number tells a page that a
        player moved to another table, whose version may be any. ``version``: the tag the
        table had at that version, were the rest as now."""
        watching = ".t" if self.teacher_watching() else ""
        version = self.version if version is None else version
        return f"{self.game.next_board_number}.{version}.{self.number}{watching}"

    def played_since(self, tag: str, version: int) -> bool:
        """Whether the one change since the table was at ``version`` (its tag then:
        ``tag``) was a play's: what else the seats see (the players, the teacher's notes,
        the director's call, the count of tables) is as it was then."""
        return self.version == version + 1 == self.played_version and self.version_tag(version) == tag

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
            told = self.teacher_watching(now)
            JoinTable.objects.filter(pk=self.pk).update(teacher_seen_at=now)
            self.teacher_seen_at = now
            if not told:  # the seats' pages look again: the teacher watches now
                push.moved(self)

    def _locked(self) -> JoinTable:
        return JoinTable.objects.select_for_update().select_related("game").get(pk=self.pk)

    def _bump(self, locked: JoinTable) -> None:
        """Move the version on (under the lock taken as ``locked``); this object follows."""
        JoinTable.objects.filter(pk=self.pk).update(version=F("version") + 1)
        self.version = locked.version + 1

    def new_invite(self) -> str:
        """A fresh invite link; the old one stops working (seated players stay)."""
        self.invite_token = new_invite_token()
        JoinTable.objects.filter(pk=self.pk).update(invite_token=self.invite_token)
        return self.invite_token


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
        ordering = ["-game_id", "table__number", "seat"]  # as JoinTable's, without joining the game
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


def opens_analysis(*, revealed: bool, over: bool, number: int, at: int) -> bool:
    """The rule for a board's double-dummy analysis at a table: shown once the host has
    revealed the board there, or once it is over there (played to the end, or left
    unfinished) and the table has gone on to a later board (``at``: the number of the
    board the table is at), so that it is no longer the board at play."""
    return revealed or (over and at > number)


def analysis_open(board: DealtBoard, table: JoinTable | None) -> bool:
    """``opens_analysis`` for ``board`` at ``table`` (None: the host off the tables, for any
    table, the game's newest board being the one at play)."""
    reveals = board.reveals.all() if table is None else board.reveals.filter(table=table)
    over = board.plays.filter(Q(finished_at__isnull=False) | ~Q(abandoned=""))
    if table is not None:
        over = over.filter(table=table)
    current = table.board() if table is not None else board.game.boards.order_by("-number").first()
    at = current.number if current is not None else 0
    return opens_analysis(revealed=reveals.exists(), over=over.exists(), number=board.number, at=at)
