"""Join games: up to four people at one table, each seeing only their own hand.

``JoinTable`` (one per Join game) holds the invite token and a version number that
every change the seats must see, other than a new board, moves on: seating and the
reveal. A new board moves ``Game.next_board_number`` on, so the pair is the table's
version, which the seats' pages poll cheaply (``JoinTable.version_tag``).

``BoardReveal`` marks a board whose four hands (and record) the host has shown to the
table: a row beside ``DealtBoard``, rather than a column on it, so the queue's models
stay as they are. A new board starts hidden. A reveal ends the board: one not over yet
is recorded as "revealed, not finished" (with a confirmation once someone has called),
and nothing more is called or played on it.

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
from django.db.models import Case, CharField, F, OuterRef, Q, QuerySet, Subquery, Value, When
from django.utils import timezone

from games.bridge import rules
from games.bridge.cards import SEAT_NAMES
from games.models.board_play import BoardPlay
from games.models.deck import SEAT_CHOICES, DealtBoard, Deck
from games.models.game import Game

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


class JoinTable(models.Model):
    game = models.OneToOneField(Game, on_delete=models.CASCADE, primary_key=True, related_name="join_table")
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    version = models.PositiveIntegerField(default=0, editable=False)
    # When the host last looked at the table as its teacher (all four hands): the seats
    # are told while that is recent (``teacher_watching``).
    teacher_seen_at = models.DateTimeField(null=True, blank=True, editable=False)

    def __str__(self) -> str:
        return f"table of {self.game}"

    @classmethod
    def for_game(cls, game: Game) -> JoinTable:
        table, _ = cls.objects.select_related("game").get_or_create(game=game)
        return table

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
        return JoinTable.objects.select_for_update().get(pk=self.pk)

    def _next_board(self) -> int:
        """The place of the next deal (``DealtBoard.number``): a seat taken now sees from that one."""
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
                taken = dict(self.game.seats.values_list("seat", "user_id"))
                if user.pk in taken.values():
                    raise SeatError("You already sit at this table.")
                if seat in taken:
                    raise SeatError(f"{SEAT_NAMES[seat]} was just taken: choose another seat.")
                row = Seat.objects.create(game_id=self.game_id, seat=seat, user=user, from_board=self._next_board())
                self._bump(locked)
                return row
        except IntegrityError:  # a race the lock did not serialise (it does on SQLite and PostgreSQL)
            raise SeatError(f"{SEAT_NAMES[seat]} was just taken: choose another seat.") from None

    def move(self, seat: str, to: str) -> None:
        """Move the player at ``seat`` to ``to``; whoever sat there takes ``seat`` (a swap)."""
        if seat not in SEAT_NAMES or to not in SEAT_NAMES:
            raise SeatError("Choose North, East, South or West.")
        with transaction.atomic():
            locked = self._locked()
            rows = {row.seat: row for row in self.game.seats.all()}
            if seat not in rows:
                raise SeatError(f"Nobody sits {SEAT_NAMES[seat]}.")
            if seat == to:
                return
            other = rows.get(to)
            # A moved player sees nothing of the board in play: not the new seat's hand,
            # which another player held when it was dealt.
            from_board = self._next_board()
            # (game, seat) is unique: park the other player out of the way while swapping.
            if other is not None:
                Seat.objects.filter(pk=other.pk).update(seat="-")
            Seat.objects.filter(pk=rows[seat].pk).update(seat=to, from_board=from_board)
            if other is not None:
                Seat.objects.filter(pk=other.pk).update(seat=seat, from_board=from_board)
            self._bump(locked)

    def unseat(self, seat: str) -> None:
        if seat not in SEAT_NAMES:
            raise SeatError("Choose North, East, South or West.")
        with transaction.atomic():
            locked = self._locked()
            if not self.game.seats.filter(seat=seat).delete()[0]:
                raise SeatError(f"Nobody sits {SEAT_NAMES[seat]}.")
            self._bump(locked)

    def leave(self, user, *, confirm: int | None = None) -> None:
        """``user`` stands up. While someone has called or played on the board their seat
        holds, only with ``confirm``, that board's number (LeavingBoardInPlay otherwise):
        the seat stays empty and the board waits for it."""
        with transaction.atomic():
            locked = self._locked()
            row = self.game.seats.filter(user=user).first()
            if row is None:
                raise SeatError("You do not sit at this table.")
            question = self._leaving(row)
            if question is not None and confirm != question.number:
                raise question
            row.delete()
            self._bump(locked)

    def leaving_board_in_play(self, user) -> LeavingBoardInPlay | None:
        """What standing up now would ask ``user`` (None: nothing, they may just go)."""
        row = self.game.seats.filter(user=user).first()
        return self._leaving(row) if row is not None else None

    def _leaving(self, row: Seat) -> LeavingBoardInPlay | None:
        board = self.game.boards.select_related("played").order_by("-number").first()
        play = getattr(board, "played", None) if board is not None else None
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
        """Show the four hands of the game's deal ``number`` (``DealtBoard.number``) to the
        table. Only the current board, the one the host's page shows: a page left open
        while a new board was dealt must not reveal a board its host has not seen
        (SeatError, nothing shown).

        The reveal ends the board: one not over is recorded as revealed, not finished, and
        nothing more is called or played on it. Once someone has called, only with
        ``confirm``, the deal's number (BoardInPlay otherwise, nothing shown)."""
        with transaction.atomic():
            board = self.game.boards.select_related("reveal").order_by("-number").first()
            if board is None:
                raise SeatError("Deal a board first: there is nothing to reveal.")
            if number != board.number:
                raise SeatError(
                    f"Your page shows {self.game.board_named(number)}, but board {board.board_number} is the one "
                    f"on the table now: nothing was revealed. Look at board {board.board_number}, then reveal it."
                )
            if hasattr(board, "reveal"):
                return board
            # The play's row first, then the table's, in the order BoardPlay.act locks them.
            play = BoardPlay.start(board, BoardPlay.Mode.TABLE)
            play = BoardPlay.objects.select_for_update().select_related("board").get(pk=play.pk)
            play.leave_unfinished(BoardPlay.Abandoned.REVEALED, confirmed=confirm == board.number)
            locked = self._locked()
            _, created = BoardReveal.objects.get_or_create(board=board, defaults={"revealed_by": by})
            if created:
                self._bump(locked)
            return board


class Seat(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(max_length=1, choices=SEAT_CHOICES)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats")
    joined_at = models.DateTimeField(auto_now_add=True)
    # The first board this player sees their hand of, by its place among the game's deals
    # (DealtBoard.number, not the board number shown): the next board when they sat down
    # or were moved here (boards dealt before that belonged to whoever sat here then).
    from_board = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} sits {self.get_seat_display()} at {self.game}"


class BoardReveal(models.Model):
    board = models.OneToOneField(DealtBoard, on_delete=models.CASCADE, primary_key=True, related_name="reveal")
    revealed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    revealed_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.board} revealed"


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
    """The user's seat letter at the game's table ("" when not seated): always from the
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

    A board is in play at its table while it is not revealed and is the newest board or
    has its play under way (neither over nor left unfinished): the boards a seated host's
    export of the dealt boards leaves out, less a revealed board, whose four hands the
    table shows."""
    if not getattr(user, "is_authenticated", False):
        return SeatedSecrets({}, frozenset())
    seats = {
        game: (seat, first)
        for game, seat, first in Seat.objects.filter(user=user, game__game_type=Game.Type.JOIN).values_list(
            "game_id", "seat", "from_board"
        )
    }
    if not seats:
        return SeatedSecrets({}, frozenset())
    newest = DealtBoard.objects.filter(game=OuterRef("game")).order_by("-number").values("number")[:1]
    boards = (
        DealtBoard.objects.filter(game_id__in=seats, reveal__isnull=True)
        .filter(
            Q(number=Subquery(newest))
            | Q(played__isnull=False, played__finished_at__isnull=True, played__abandoned_at__isnull=True)
        )
        .order_by("game_id", "number")
        .values_list("game_id", "number", "deal")
    )
    in_play: dict[str, str] = {}
    for game, number, deal in boards:
        seat, first = seats[game]
        in_play.setdefault(deal, seat if first <= number else "")
    return SeatedSecrets(in_play, frozenset(seats))


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
