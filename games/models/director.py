"""The director's desk at a club night: a table's call for the director (``DirectorCall``)
and the adjusted scores the director gives (``Adjustment``).

A call is made by a player of the table and stays open, shown on the host's overview,
until the host marks it answered; a table has one open call at a time, so a second press
is no second alarm. Every call is kept, answered or not: the night's log.

An adjustment replaces (or stands beside) one table's result on a board: an assigned
result, an artificial Avg+/Avg/Avg- to each side, or the table's result on a fouled board
with its group. ``games.models.club.game_results`` turns them into traveller lines and
scores the board with them (``games.bridge.club_night.adjust``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.bridge.club_night import AVG, AVG_MINUS, AVG_PLUS, artificial, assigned, fouled
from games.bridge.club_night.traveller import TableResult
from games.models.deck import DealtBoard
from games.models.game import Game
from games.models.join import JoinTable


class DirectorCall(models.Model):
    """One call for the director from a table: who called, at which board, and when the
    host answered it (null while it is open)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="director_calls")
    table = models.ForeignKey(JoinTable, on_delete=models.CASCADE, related_name="director_calls")
    board_number = models.PositiveIntegerField(null=True, blank=True)  # the board the table showed; None before any
    caller = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    called_at = models.DateTimeField(default=timezone.now)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["called_at", "id"]
        constraints = [
            # One open call a table: pressing again while the director is on the way adds nothing.
            models.UniqueConstraint(
                fields=["table"], condition=Q(answered_at__isnull=True), name="one_open_director_call_a_table"
            )
        ]

    def __str__(self) -> str:
        return f"director called to {self.table} by {self.caller}"

    @property
    def open(self) -> bool:
        return self.answered_at is None

    @classmethod
    def call(cls, table: JoinTable, user) -> tuple[DirectorCall, bool]:
        """``user`` (a player of ``table``) calls the director: the open call, and whether
        this press made it (False: the table's call was open already). The table's version
        moves on, so the host's overview and the table's seats redraw."""
        board = table.board()
        with transaction.atomic():
            found = cls.objects.filter(table=table, answered_at__isnull=True).first()
            if found is not None:
                return found, False
            try:
                with transaction.atomic():
                    made = cls.objects.create(
                        game=table.game,
                        table=table,
                        board_number=board.board_number if board is not None else None,
                        caller=user,
                    )
            except IntegrityError:  # another press of the same table came first
                return cls.objects.get(table=table, answered_at__isnull=True), False
            JoinTable.objects.filter(pk=table.pk).update(version=F("version") + 1)
        return made, True

    @classmethod
    def answer(cls, game: Game, pk: int, by) -> DirectorCall | None:
        """The host marks call ``pk`` of ``game`` answered (None: no such call; one answered
        already stays as it was)."""
        with transaction.atomic():
            found = cls.objects.select_for_update().filter(game=game, pk=pk).first()
            if found is None:
                return None
            if found.answered_at is None:
                found.answered_at, found.answered_by = timezone.now(), by
                found.save(update_fields=["answered_at", "answered_by"])
                JoinTable.objects.filter(pk=found.table_id).update(version=F("version") + 1)
        return found


def open_calls(game: Game) -> list[DirectorCall]:
    """The game's calls not yet answered, the oldest first, with their tables and callers."""
    return list(DirectorCall.objects.filter(game=game, answered_at__isnull=True).select_related("table", "caller"))


def open_call_at(table: JoinTable | None) -> DirectorCall | None:
    return None if table is None else DirectorCall.objects.filter(table=table, answered_at__isnull=True).first()


class Adjustment(models.Model):
    """A director's adjusted score for one table's result on one board (Laws 12C and 87),
    with its reason. Only the fields of its kind are filled (``games.forms.director``
    checks them): ``ns_average``/``ew_average`` for an artificial score; ``contract``,
    ``declarer`` and ``tricks`` for an assigned one; ``group`` for a fouled board."""

    class Kind(models.TextChoices):
        ASSIGNED = "assigned", _("Assigned: a result that might have been")
        ARTIFICIAL = "artificial", _("Artificial: Avg+, Avg or Avg− to each side")
        FOULED = "fouled", _("Fouled board: the table's result compared within its group")

    class Average(models.TextChoices):
        PLUS = AVG_PLUS, _("Avg+")
        AVERAGE = AVG, _("Avg")
        MINUS = AVG_MINUS, _("Avg−")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="adjustments")
    board = models.ForeignKey(DealtBoard, on_delete=models.CASCADE, related_name="adjustments")
    table = models.ForeignKey(JoinTable, on_delete=models.CASCADE, related_name="adjustments")
    kind = models.CharField(_("Kind"), max_length=10, choices=Kind.choices)
    reason = models.CharField(_("Reason"), max_length=200)
    ns_average = models.CharField(_("N-S"), max_length=4, choices=Average.choices, blank=True)
    ew_average = models.CharField(_("E-W"), max_length=4, choices=Average.choices, blank=True)
    group = models.CharField(_("Group"), max_length=4, blank=True)
    contract = models.CharField(_("Contract"), max_length=5, blank=True)  # "4HX", "3NT", "Pass"
    declarer = models.CharField(_("Declarer"), max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(_("Tricks"), null=True, blank=True)
    set_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    set_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["board__number", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "board", "table"], name="one_adjustment_a_table_and_board")
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} on {self.board} at {self.table}"

    def line(self, ns: str, ew: str, vul: str, played: TableResult | None) -> TableResult | None:
        """The traveller's line this adjustment gives the pairs ``ns`` and ``ew``: ``played``
        is their result as played (a fouled board's line is that result, in its group;
        None when the table has none, and a fouled board then has no line)."""
        if self.kind == self.Kind.ARTIFICIAL:
            return artificial(ns, ew, self.ns_average, self.ew_average, reason=self.reason)
        if self.kind == self.Kind.ASSIGNED:
            return assigned(ns, ew, self.contract, self.declarer, self.tricks or 0, vul=vul, reason=self.reason)
        return fouled(played, self.group, reason=self.reason) if played is not None else None


def save_adjustment(game: Game, board: DealtBoard, table: JoinTable, by, **fields) -> Adjustment:
    """Set (or replace) the adjustment of ``table`` on ``board``; every table's version
    moves on, so the results and the overview redraw."""
    with transaction.atomic():
        adjustment, _ = Adjustment.objects.update_or_create(
            game=game, board=board, table=table, defaults={**fields, "set_by": by, "set_at": timezone.now()}
        )
        JoinTable.objects.filter(game=game).update(version=F("version") + 1)
    return adjustment


def remove_adjustment(game: Game, board: DealtBoard, table: JoinTable) -> bool:
    with transaction.atomic():
        removed, _ = Adjustment.objects.filter(game=game, board=board, table=table).delete()
        JoinTable.objects.filter(game=game).update(version=F("version") + 1)
    return bool(removed)
