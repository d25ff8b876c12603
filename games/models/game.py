"""Games, their ordered deck queue and the boards dealt from it.

The queue's invariants live here, inside transactions, like healthchecks'
``Check.ping()``: decks join all together or not at all, in file order at the
end of the queue; each queued deck is dealt at most once and none is skipped,
however many hosts press "Deal New Cards" at the same moment; deals are numbered
1, 2, 3... without gaps (``DealtBoard.number``). A board in play is not dealt over
without a confirmation (``BoardPlay.leave_unfinished``, in the deal's transaction).

The board number the table shows (``DealtBoard.board_number``) is the deck's own: the
file's, or the one the host chose when numbering the upload. A deck without one, and a
random deal, takes the game's next free number, one more than the highest board number
the game has dealt. Dealer and vulnerability that the deck does not state follow that
number under the game's rule, so a board's number, dealer and vulnerability agree on
every page, export and hand record. One rule with no exceptions: Play again deals the
same board number again, and the two deals of board 7 are told apart by their place
among the game's deals (``number``), which the URLs use.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import cast

from django.conf import settings
from django.db import models, transaction
from django.db.models import F, Max, Min
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import dealer_runs
from games.bridge.board import VULS, board_heading, dealer_for_board, vul_for_board
from games.bridge.cards import SEATS, random_deal
from games.bridge.club_night import movements
from games.bridge.club_night.adjusted import ArtificialScores
from games.formats.model import Deck as ParsedDeck
from games.models.board_play import BoardPlay
from games.models.deck import BOARD_NUMBER_MAX, SEAT_CHOICES, DealtBoard, Deck, insert_decks, stated_board_number
from games.models.exported import dealt_decks
from games.models.lesson import LessonRule

MANAGE_EVERY_GAME = "games.change_game"  # the admin's "Can change game"


SCRIPT_SOURCE = "the game's dealer script"  # the source of the decks it makes, as the table names it


def manages_every_game(user) -> bool:
    """Staff with the admin's permission to change games may manage any host's game on the
    public pages too; ``is_staff`` alone (a reviewer who may only view) is not enough.
    Checked for staff only, so a host's deal asks no permission tables."""
    return bool(user.is_authenticated and user.is_staff and user.has_perm(MANAGE_EVERY_GAME))


@functools.lru_cache(maxsize=256)
def _built(
    kind: str, tables: int, pairs: int, boards_per_round: int, rounds: int | None, even: str, arrow_switch: int
) -> movements.Movement:
    """A movement, built once per process for its numbers (the values are immutable): a
    table's page asks for its round's boards on every poll."""
    if kind == Game.Movement.HOWELL:
        return movements.howell(pairs, boards_per_round, rounds)
    return movements.mitchell(
        tables,
        boards_per_round,
        rounds,
        arrow_switch=arrow_switch,
        even=cast(movements.Even, even),  # one of Game.Even's values, as the model's choices hold
        pairs=pairs,
    )


class GameManager(models.Manager["Game"]):
    def managed(self, user) -> models.QuerySet[Game]:
        """The games ``user`` may upload, reorder and deal in: their own, and every game
        for staff with the change permission."""
        games = self.get_queryset()
        return games if manages_every_game(user) else games.filter(host_id=user.pk)

    def managed_by(self, user, pk: int) -> Game:
        """Game ``pk`` if ``user`` manages it (``managed``); Game.DoesNotExist otherwise."""
        return self.managed(user).get(pk=pk)

    def deal_next_as(self, user, pk: int, *, confirm_abandon: int | None = None) -> DealtBoard:
        """Game.deal_next in game ``pk`` by ``user``, if ``user`` manages it (managed_by's
        rule); Game.DoesNotExist, with nothing changed, otherwise.

        The check is part of the query that locks the game's row and reads it: one query
        where managed_by and deal_next take two, on every press of Deal New Cards. The
        board's ``game`` is that game.
        """
        games = self.managed(user).select_for_update()

        def deal(made: ParsedDeck | None) -> DealtBoard:
            with transaction.atomic(using=self.db):
                game = games.get(pk=pk)
                return game._deal_locked(game.next_board_number, user, made, confirm_abandon)

        return Game._deal_with_script(deal, user)


class Game(models.Model):
    class Type(models.TextChoices):
        PRACTICE = "practice", _("Practice")
        JOIN = "join", _("Join")

    class Scoring(models.TextChoices):
        """How a board played to the end is scored. At one table: IMPs against the file's
        result, or par when it records none (``games.models.results``). A Join game with
        several tables ranks its pairs by cross-IMPs or by matchpoints, comparing the
        tables' results on each board (``games.models.club``)."""

        IMPS = "imps", _("IMPs")
        MATCHPOINTS = "matchpoints", _("Matchpoints")
        BUTLER = "butler", _("Butler IMPs")

    class Movement(models.TextChoices):
        """How the tables of a Join game go from board to board."""

        TEACHING = "teaching", _("Teaching: every table plays the board the host deals")
        OWN_PACE = "own_pace", _("Own pace: each table goes on to the next board when it finishes")
        MITCHELL = "mitchell", _("Mitchell: N-S pairs stay, E-W pairs and the boards move each round")
        HOWELL = "howell", _("Howell: the pairs move, each meeting the others in turn")

    class Even(models.TextChoices):
        """How a Mitchell of an even number of tables keeps pairs from replaying boards
        (``games.bridge.club_night.movements``)."""

        RELAY = "relay", _("Relay: tables 1 and the last share a set; a set rests on a bye stand")
        SKIP = "skip", _("Skip: E-W pairs skip a table half way (one round fewer)")

    class MissedBoards(models.TextChoices):
        """What a pair that joined a movement late scores on the boards it missed."""

        AVERAGE = "average", _("Average (Avg) to both pairs of the table it joins")
        NOT_SCORED = "none", _("Not scored: the pair is ranked on the boards it played")

    class WhenEmpty(models.TextChoices):
        RANDOM = "random", _("Deal at random")
        RESTART = "restart", _("Start the uploaded set again from its first deck")
        STOP = "stop", _("Stop and say so")
        SCRIPT = "script", _("Deal to this script")

    class PracticePlay(models.TextChoices):
        SHOW = "show", _("Show all four hands")
        ALL_FOUR = "all_four", _("Play all four hands: you make every call and play every card")
        DECLARE = "declare", _("Just Declare: you declare from South, a double-dummy robot defends")
        ROBOTS = "robots", _("With robots: you bid and play one seat, robots hold the other three")

    class SetFinished(Exception):
        """Deal New Cards with an empty queue in a game whose rule is to stop."""

    class ScriptFailed(Exception):
        """Deal New Cards with an empty queue in a game that deals to a script, when the
        script made no deal (no hand matched, an error, too many scripts running): nothing
        is dealt, and the message says why. ``text`` (translated, naming ``%(why)s``) and
        ``why`` (the run's problem, a messages.Message) let a page say the reason in its
        language (games.presentation.refusals.refusal)."""

        def __init__(self, text: str, why: str) -> None:
            super().__init__(text % {"why": why})
            self.text, self.why = text, why

    class _ScriptDeckNeeded(Exception):
        """Raised inside the dealing transaction when the queue is empty and the game deals
        to a script: the transaction rolls back, the script runs with no lock held, and the
        deal is made again with its deck (``_deal_with_script``)."""

        def __init__(self, game: Game) -> None:
            super().__init__("the queue is empty: the game's script makes the next deck")
            self.game = game

    class MovementDeals(Exception):
        """Deal New Cards in a game played by a Mitchell or Howell: the movement deals its
        boards when the host starts it (``games.models.join.rounds``)."""

    class ConfirmedAnotherBoard(Exception):
        """A confirmation to leave a board unfinished, sent when another board is on the
        table (a second click on it, or another tab dealt meanwhile): nothing is dealt."""

    class MissingInfo(models.TextChoices):
        ROTATION = "rotation", _("Board rotation (dealer and vulnerability follow the board number)")
        RANDOM = "random", _("Random dealer and vulnerability")
        SOUTH_NONE = "south_none", _("South deals, nobody vulnerable")

    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_games")
    name = models.CharField(max_length=100)
    game_type = models.CharField(max_length=10, choices=Type.choices, default=Type.PRACTICE)
    allow_upload = models.BooleanField(_("Allow deck upload"), default=True)
    scoring = models.CharField(max_length=12, choices=Scoring.choices, default=Scoring.IMPS)
    missing_info = models.CharField(
        _("When a deck's file does not give dealer or vulnerability"),
        max_length=12,
        choices=MissingInfo.choices,
        default=MissingInfo.ROTATION,
    )
    when_empty = models.CharField(
        _("When the queue is empty"), max_length=8, choices=WhenEmpty.choices, default=WhenEmpty.RANDOM
    )
    when_empty_script = models.TextField(
        _("Dealer script"), blank=True, help_text=_("The script Deal New Cards deals to when the queue is empty.")
    )
    movement = models.CharField(
        _("How the tables go from board to board"),
        max_length=8,
        choices=Movement.choices,
        default=Movement.TEACHING,
    )
    # A club movement's settings (Mitchell, Howell) and where it stands: ``round`` 0 until
    # the host starts it; ``movement_base`` the deals before its first board, so that the
    # movement's board k is the game's deal movement_base + k (``games.models.join.rounds``).
    boards_per_round = models.PositiveSmallIntegerField(_("Boards a round"), default=2)
    rounds = models.PositiveSmallIntegerField(
        _("Rounds"), null=True, blank=True, help_text=_("Left empty: the whole movement.")
    )
    even = models.CharField(
        _("An even number of tables (Mitchell)"), max_length=5, choices=Even.choices, default=Even.RELAY
    )
    arrow_switch = models.PositiveSmallIntegerField(
        _("Arrow switch"),
        default=0,
        help_text=_("Mitchell: the last rounds played with the boards turned, so that one winner is ranked."),
    )
    missed_boards = models.CharField(
        _("A late pair's missed boards"), max_length=7, choices=MissedBoards.choices, default=MissedBoards.AVERAGE
    )
    # What a director's artificial adjusted score (Avg+, Avg, Avg-) is worth: a percentage
    # of the top at matchpoints, IMPs at IMPs (games.bridge.club_night.adjusted).
    avg_plus_percent = models.DecimalField(_("Avg+ (%)"), max_digits=5, decimal_places=2, default=Decimal(60))
    avg_percent = models.DecimalField(_("Avg (%)"), max_digits=5, decimal_places=2, default=Decimal(50))
    avg_minus_percent = models.DecimalField(_("Avg− (%)"), max_digits=5, decimal_places=2, default=Decimal(40))
    avg_plus_imps = models.DecimalField(_("Avg+ (IMPs)"), max_digits=4, decimal_places=1, default=Decimal(3))
    avg_imps = models.DecimalField(_("Avg (IMPs)"), max_digits=4, decimal_places=1, default=Decimal(0))
    avg_minus_imps = models.DecimalField(_("Avg− (IMPs)"), max_digits=4, decimal_places=1, default=Decimal(-3))
    round = models.PositiveSmallIntegerField(default=0, editable=False)
    movement_base = models.PositiveIntegerField(default=0, editable=False)
    movement_tables = models.PositiveSmallIntegerField(default=0, editable=False)  # fixed at the start
    phantom = models.CharField(max_length=8, blank=True, editable=False)  # the missing pair of an odd number
    practice_play = models.CharField(
        _("How a practice board is played"), max_length=8, choices=PracticePlay.choices, default=PracticePlay.SHOW
    )
    practice_seat = models.CharField(
        _("Your seat"),
        max_length=1,
        choices=SEAT_CHOICES,
        default="S",
        help_text=_("With robots: the seat you bid and play; robots hold the other three."),
    )
    robot_hints = models.BooleanField(
        _("Offer a hint"),
        default=True,
        help_text=_("With robots: a Hint shows the call a robot would make with your hand, and why."),
    )
    rank_robot_pairs = models.BooleanField(
        _("Rank robot pairs"),
        default=True,
        help_text=_("Join games: a pair of two robots is ranked with the others (marked as robots), or left out."),
    )
    show_lesson = models.CharField(
        _("Show the lesson text"),
        max_length=6,
        choices=LessonRule.choices,
        default=LessonRule.AFTER,
        help_text=_("When the players at the table see a board's teaching text from its file."),
    )
    # The place of the next deal (DealtBoard.number), not the board number it will show.
    next_board_number = models.PositiveIntegerField(_("next deal"), default=1, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = GameManager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        """The name and number: hosts reuse names ("Tuesday practice"), and the admin's
        filters and lists must tell their games apart."""
        return f"{self.name} (#{self.pk})" if self.pk else self.name

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.pk])

    @property
    def by_movement(self) -> bool:
        """Whether the game is played by a club movement (Mitchell, Howell): pairs move
        round by round and each table plays its round's set of boards."""
        return self.movement in (self.Movement.MITCHELL, self.Movement.HOWELL)

    def artificial_scores(self) -> ArtificialScores:
        """What this game's Avg+, Avg and Avg- are worth, as the scoring engine takes them."""
        return ArtificialScores(
            *(
                Fraction(value)
                for value in (
                    self.avg_plus_percent,
                    self.avg_percent,
                    self.avg_minus_percent,
                    self.avg_plus_imps,
                    self.avg_imps,
                    self.avg_minus_imps,
                )
            )
        )

    def club_movement(self, tables: int | None = None, pairs: int | None = None) -> movements.Movement:
        """The game's Mitchell or Howell for ``tables`` tables (the tables it started with
        when None), ``pairs`` 2T by default, or 2T - 1 with a phantom. MovementError says
        why these numbers cannot be played."""
        tables = tables or self.movement_tables
        return _built(
            self.movement, tables, pairs or 2 * tables, self.boards_per_round, self.rounds, self.even, self.arrow_switch
        )

    def can_manage(self, user) -> bool:
        """The host, and staff with the change permission, may upload, reorder and deal."""
        return user.is_authenticated and (user.pk == self.host_id or manages_every_game(user))

    # --- the queue -----------------------------------------------------------------

    def queued(self) -> models.QuerySet[Deck]:
        # Deck.objects, not self.decks: setting up the related manager costs a fifth of
        # a simple query's Python, and a deal asks for the queue three times.
        return Deck.objects.filter(game_id=self.pk, status=Deck.Status.QUEUED).order_by("position")  # unique in a game

    def queue_head(self, limit: int) -> tuple[list[Deck], int]:
        """The first ``limit`` queued decks, with only what the queue list shows, and how
        many decks are queued: the game page and every deal show both. The count is a
        query of its own only when the list is full (a COUNT(*) over the queue's index)."""
        queued = self.queued()
        decks = list(queued.only(*Deck.LISTING_FIELDS)[:limit])
        return decks, queued.count() if len(decks) == limit else len(decks)

    def _locked(self) -> Game:
        """This game's row, locked for the rest of the transaction (PostgreSQL);
        SQLite runs IMMEDIATE transactions, which serialise writers already."""
        return Game.objects.select_for_update().get(pk=self.pk)

    def add_decks(
        self,
        decks: Iterable[ParsedDeck],
        *,
        source_name: str = "",
        source_format: str = "",
        uploaded_by=None,
    ) -> list[Deck]:
        """Append decks at the end of the queue, in the order given, all or none;
        returns the new rows."""
        with transaction.atomic():
            first, count = self._append([(decks, source_name, source_format)], uploaded_by)
            return list(self.decks.filter(position__gte=first, position__lt=first + count).order_by("position"))

    def add_deck_batches(
        self,
        batches: Sequence[tuple[Iterable[ParsedDeck], str, str]],
        *,
        uploaded_by=None,
        locked: bool = False,
        upload=None,
    ) -> int:
        """Append several files' decks (decks, file name, format) in one transaction;
        returns how many were added. ``locked``: the caller's transaction holds the game's
        row lock (``_locked``) already; ``upload``: the staged upload they come from."""
        return self._append(batches, uploaded_by, locked=locked, upload=upload)[1]

    def _append(
        self,
        batches: Sequence[tuple[Iterable[ParsedDeck], str, str]],
        uploaded_by,
        *,
        locked: bool = False,
        upload=None,
    ) -> tuple[int, int]:
        """Lock the game, insert after every deck; (first new position, how many). Inside a
        caller's transaction it joins it (no savepoint: all or nothing is the caller's)."""
        with transaction.atomic(savepoint=False):
            if not locked:
                self._locked()
            last = self.decks.aggregate(m=Max("position"))["m"]
            first = 0 if last is None else last + 1
            rows = (
                (parsed, source_name, source_format)
                for decks, source_name, source_format in batches
                for parsed in decks
            )
            upload_id = getattr(upload, "pk", None)
            return first, len(insert_decks(self.pk, uploaded_by, rows, first, timezone.now(), upload_id=upload_id))

    def deal_next(self, by=None, *, confirm_abandon: int | None = None) -> DealtBoard:
        """Deal the first queued deck (or a random one when none is left) as the next board,
        under the deck's own board number or the game's next free one (``_board_number_of``).

        The board on the table until now, if someone has called or played on it and it is
        not over, is recorded as not finished, in the same transaction; only when
        ``confirm_abandon`` is its number (BoardInPlay otherwise, nothing dealt).

        One transaction: lock the game's row and read its next deal number (concurrent
        dealers take their turns here, as with every other queue change; SQLite's
        IMMEDIATE transactions serialise them already), count it taken, mark the first
        queued deck dealt, record the board.
        """
        games = Game.objects.select_for_update().values_list("next_board_number", flat=True)

        def deal(made: ParsedDeck | None) -> DealtBoard:
            with transaction.atomic():
                return self._deal_locked(games.get(pk=self.pk), by, made, confirm_abandon)

        return self._deal_with_script(deal, by)

    def _deal_locked(self, number: int, by, made: ParsedDeck | None, confirmed: int | None) -> DealtBoard:
        """deal_next once the game's row is locked and its next deal ``number`` read. The
        board's ``left_unfinished``: the play of the board before that this deal ended, if any."""
        if self.by_movement:
            raise self.MovementDeals(
                gettext("This game's movement deals its boards: start round 1 on the tables' overview.")
            )
        Game.objects.filter(pk=self.pk).update(next_board_number=F("next_board_number") + 1)
        board = self._deal_numbered(number, by, made)
        board.left_unfinished = self._leave_board_before(number, confirmed)
        return board

    @staticmethod
    def _deal_with_script(deal: Callable[[ParsedDeck | None], DealtBoard], by) -> DealtBoard:
        """``deal(None)``; when the queue was empty in a game that deals to a script, the
        script's deck is made outside the transaction (a run takes up to DEALER_SECONDS,
        which must not hold the game's row, or SQLite's write lock, for everyone) and the
        deal is made again with it. A deck queued meanwhile goes first: the made one is
        then dropped."""
        try:
            return deal(None)
        except Game._ScriptDeckNeeded as need:
            made = need.game._script_deck(by)
        return deal(made)

    def _script_deck(self, by) -> ParsedDeck:
        """One deck made by the game's dealer script; ScriptFailed when it made none."""
        key = str(by.pk) if getattr(by, "is_authenticated", False) else f"game-{self.pk}"
        try:  # for_deal: the slot kept for a table's deal, which other users' uploads never hold
            run = dealer_runs.make_decks(
                self.when_empty_script, name=SCRIPT_SOURCE, count=1, seed=None, user_key=key, for_deal=True
            )
        except dealer_runs.Busy as busy:
            raise self.ScriptFailed(gettext("The game's dealer script did not run: %(why)s"), str(busy)) from None
        if not run.decks:
            raise self.ScriptFailed(gettext("The game's dealer script made no deal: %(why)s."), run.problem)
        return replace(run.decks[0], board=None)  # the table's board number gives what the script leaves open

    def _leave_board_before(self, number: int, confirmed: int | None) -> BoardPlay | None:
        """End the board before board ``number`` (the one on the table) if its play is not
        over, in the transaction that took ``number``: the game's row is locked, so two
        deals end it once. ``confirmed``: the board the host agreed to leave unfinished.
        Called once board ``number`` is dealt, so that a set that is over says so first;
        a refusal here rolls the deal back with it. Returns the play it ended (its
        ``board`` loaded), for the answer's history row."""
        if confirmed is not None and confirmed != number - 1:
            raise self.ConfirmedAnotherBoard(
                gettext(
                    "You agreed to leave %(agreed)s unfinished, but %(shown)s is the one on the table now: "
                    "nothing was dealt. Look at the table, then deal again."
                )
                % {"agreed": self.board_named(confirmed), "shown": self.board_named(number - 1)}
            )
        if self.game_type == self.Type.PRACTICE and self.practice_play == self.PracticePlay.SHOW:
            return None  # nothing is played at such a table: no query on this hot path
        if self.game_type == self.Type.JOIN and not self.deal_ends_board_in_play():
            return None  # each table finishes the board it plays, then goes on (``JoinTable.board``)
        play = (
            BoardPlay.objects.select_for_update(of=("self",))
            .select_related("board")
            .filter(board__game_id=self.pk, board__number=number - 1, finished_at__isnull=True, abandoned="")
            .first()
        )
        if play is not None:
            play.leave_unfinished(BoardPlay.Abandoned.DEALT, confirmed=confirmed == number - 1)
        return play

    def board_named(self, number: int | None) -> str:
        """How the table names the game's deal ``number`` in a sentence: "board 7" (its
        board number), "no board" for None or 0, "another board" for a number it has not
        dealt. For the refusals that say which board a page shows, off the hot path."""
        if not number:
            return gettext("no board")
        found = self.boards.filter(number=number).values_list("board_number", flat=True).first()
        return gettext("another board") if found is None else gettext("board %(board)s") % {"board": found}

    def deal_ends_board_in_play(self) -> bool:
        """Whether Deal New Cards ends the board in play (once confirmed): at a practice
        table and at a Join game of one table in the teaching movement. A game of several
        tables, or in its own pace, lets each table finish its board and go on."""
        if self.game_type != self.Type.JOIN:
            return True
        return self.movement == self.Movement.TEACHING and self.join_tables.count() == 1

    def board_in_play(self, table=None) -> BoardPlay | None:
        """The play of the board on the table when someone has called or played on it and it
        is not over: what Deal New Cards asks about before leaving it unfinished (None when
        the deal would not end it), or, with a Join ``table``, Reveal there."""
        if self.game_type == self.Type.JOIN:
            if table is None:
                if not self.deal_ends_board_in_play():
                    return None
                table = self.join_tables.order_by("number").first()
            if table is None:
                return None
            board = table.board()
            play = table.play_of(board) if board is not None else None
        else:
            newest: DealtBoard | None = self.boards.order_by("-number").first()
            play = BoardPlay.objects.filter(board=newest, table__isnull=True).first() if newest is not None else None
            if play is not None and newest is not None:
                play.board = newest
        return play if play is not None and play.under_way else None

    def _deal_numbered(
        self, number: int, by, made: ParsedDeck | None = None, *, board_number: int | None = None
    ) -> DealtBoard:
        """deal_next once deal ``number`` is taken, in the transaction that took it (and
        locked the game's row). No atomic() of its own: a savepoint is two more round
        trips on every deal. ``made``: the deck the game's script made for an empty queue
        (_ScriptDeckNeeded when it is needed and not given); ``board_number``: the number
        a movement gives the board, whatever the deck states."""
        deck = self._take_first_queued()
        if deck is None and self.when_empty == self.WhenEmpty.SCRIPT:
            if made is None:
                raise self._ScriptDeckNeeded(self)
            self._append([([made], SCRIPT_SOURCE, "dlr")], None, locked=True)
            deck = self._take_first_queued()
        elif deck is None and self.when_empty != self.WhenEmpty.RANDOM:
            deck = self._when_empty()
        if board_number is None:
            board_number = self._board_number_of(deck)
        if deck is not None:
            deal = deck.deal
            dealer = deck.dealer or deck.deal_first or self._fallback_dealer(board_number)
            vul = deck.vul or self._fallback_vul(board_number)
        else:
            deal = random_deal()
            dealer = self._fallback_dealer(board_number)
            vul = self._fallback_vul(board_number)
        by = by if getattr(by, "is_authenticated", False) else None
        board = DealtBoard.objects.create(
            game=self,
            number=number,
            board_number=board_number,
            deck=deck,
            deal=deal,
            dealer=dealer,
            vul=vul,
            dealt_by=by,
        )
        self.next_board_number = number + 1
        return board

    def _board_number_of(self, deck: Deck | None) -> int:
        """The board number ``deck`` (None: a random deal) is dealt as: the deck's own, else
        the game's next free number. In the deal's transaction, after the game's row is
        locked, so that two deals at once never take the same free number: on
        PostgreSQL the MAX is a statement of its own, whose snapshot sees the deal that
        held the lock before."""
        stated = deck.board_number if deck is not None else None
        if stated is not None:
            return stated
        top = self.boards.aggregate(m=Max("board_number"))["m"]  # the (game, board_number) index
        return min((top or 0) + 1, BOARD_NUMBER_MAX)

    def board_number_after_queue(self) -> int:
        """The board number a deck without one would be dealt as if it joined the queue
        now, behind every queued deck: what the upload page offers to number a new set
        from, to continue the game's boards."""
        top = self.boards.aggregate(m=Max("board_number"))["m"] or 0
        for label in self.queued().values_list("board", flat=True).iterator(chunk_size=2000):
            stated = stated_board_number(label)
            top = top + 1 if stated is None else max(top, stated)
        return min(top + 1, BOARD_NUMBER_MAX)

    def _when_empty(self) -> Deck | None:
        """The game's rule for an empty queue (other than dealing at random): raise
        SetFinished (the transaction, and the board number it took, roll back), or queue
        the uploaded set again and take its first deck (None: nothing was ever uploaded)."""
        if self.when_empty == self.WhenEmpty.STOP:
            raise self.SetFinished(gettext("The uploaded decks have all been dealt."))
        dealt = self.decks.filter(status=Deck.Status.DEALT).order_by("position").defer("source_text")
        seen: set[str] = set()
        again = []
        for deck in dealt:  # the set as uploaded: a deck played again is not a second copy
            if deck.deal not in seen:
                seen.add(deck.deal)
                again.append(([deck.to_parsed()], deck.source_name, deck.source_format))
        if not again:
            return None
        self._append(again, None, locked=True)
        return self._take_first_queued()

    def play_again(self, number: int) -> Deck:
        """Put the deck of the game's deal ``number`` back at the front of the queue as it was
        dealt: its board number, dealer and vulnerability, so that it is dealt as the same
        board again (a random board too). DealtBoard.DoesNotExist when there is no such
        deal."""
        with transaction.atomic():
            self._locked()
            board = self.boards.select_related("deck").get(number=number)
            base = board.deck.to_parsed() if board.deck else ParsedDeck(deal=board.deal, index=0, line=0)
            again = replace(base, board=str(board.board_number), dealer=board.dealer, vul=board.vul)
            if not board_heading(base.board, base.board_name):
                again = replace(again, board_name="")  # a name that only said the deck's own label
            first = self.decks.aggregate(m=Min("position"))["m"]
            source = (board.deck.source_name, board.deck.source_format) if board.deck else ("random board", "")
            return self._insert_at(again, 0 if first is None else first - 1, *source)

    def go_to_board(self, label: str) -> Deck:
        """Move the first queued deck with board label ``label`` to the front, to be dealt
        next; Deck.DoesNotExist when none is queued."""
        with transaction.atomic():
            self._locked()
            deck = self.queued().filter(board=label.strip()).only("pk").first()
            if deck is None:
                raise Deck.DoesNotExist(f"no queued deck is board {label.strip()}")
            first = self.decks.aggregate(m=Min("position"))["m"]
            Deck.objects.filter(pk=deck.pk).update(position=first - 1)
            return deck

    def _insert_at(self, parsed: ParsedDeck, position: int, source_name: str, source_format: str) -> Deck:
        (deck,) = insert_decks(self.pk, None, [(parsed, source_name, source_format)], position, timezone.now())
        return deck

    def _take_first_queued(self) -> Deck | None:
        """Mark the first queued deck dealt; it, with the fields dealing needs, or None.
        The game's row is locked: no other deal reads the same deck."""
        deck = self.queued().only(*Deck.DEALING_FIELDS).first()
        if deck is None:
            return None
        deck.status, deck.dealt_at = Deck.Status.DEALT, timezone.now()
        Deck.objects.filter(pk=deck.pk).update(status=deck.status, dealt_at=deck.dealt_at)
        return deck

    def exported_decks(
        self,
        *,
        dealt: bool = False,
        chosen: slice = slice(None),
        leave_out: int | None = None,
        seated: bool = False,
        table=None,
        upto: int | None = None,
    ) -> list[ParsedDeck]:
        """The queue (or the boards dealt so far, with the board numbers, dealers and
        vulnerabilities the table showed, as played here: ``exported.dealt_decks``) as
        reader values, ready for the writers; ``chosen``: the part of the set wanted (read
        alone from the database); ``leave_out``: a deal (``DealtBoard.number``) to leave
        out of the dealt boards; ``seated``: for a manager seated at the table, whose
        dealt boards carry their lesson text only once the seats see it; ``table``: the
        Join table whose play is exported (the first when None); ``upto``: the last deal."""
        if dealt:
            return dealt_decks(self, chosen, leave_out, seated=seated, table=table, upto=upto)
        return [deck.to_parsed() for deck in self.queued().defer("source_text")[chosen]]  # the writers do not use it

    def _fallback_dealer(self, number: int) -> str:
        if self.missing_info == self.MissingInfo.RANDOM:
            return secrets.choice(SEATS)
        if self.missing_info == self.MissingInfo.SOUTH_NONE:
            return "S"
        return dealer_for_board(number)

    def _fallback_vul(self, number: int) -> str:
        if self.missing_info == self.MissingInfo.RANDOM:
            return secrets.choice(VULS)
        if self.missing_info == self.MissingInfo.SOUTH_NONE:
            return "None"
        return vul_for_board(number)

    def move_deck(self, deck_pk: int, where: str) -> None:
        """Move a queued deck "up", "down" or to the "front"."""
        with transaction.atomic():
            self._locked()
            queue = list(self.queued().values_list("pk", "position"))
            pks = [pk for pk, _ in queue]
            if deck_pk not in pks:
                raise Deck.DoesNotExist
            i = pks.index(deck_pk)
            if where == "front":
                first = self.decks.aggregate(m=Min("position"))["m"]
                Deck.objects.filter(pk=deck_pk).update(position=first - 1)
                return
            j = i - 1 if where == "up" else i + 1
            if not 0 <= j < len(queue):
                return
            (a, pa), (b, pb) = queue[i], queue[j]
            # Positions are unique: park one out of the way while swapping.
            spare = self.decks.aggregate(m=Max("position"))["m"] + 1
            Deck.objects.filter(pk=a).update(position=spare)
            Deck.objects.filter(pk=b).update(position=pa)
            Deck.objects.filter(pk=a).update(position=pb)

    def remove_deck(self, deck_pk: int) -> int:
        """Take a queued deck out of the queue (kept, marked removed)."""
        # Under the game's lock like deal_next: otherwise, on PostgreSQL, a deal that
        # has already picked this deck marks it dealt right after we report it removed.
        with transaction.atomic():
            self._locked()
            return self.queued().filter(pk=deck_pk).update(status=Deck.Status.REMOVED)

    def restore_deck(self, deck_pk: int) -> int:
        """Put a removed deck back in the queue where it was: it kept its position. Under
        the game's lock, as remove_deck."""
        with transaction.atomic():
            self._locked()
            return Deck.objects.filter(game_id=self.pk, pk=deck_pk, status=Deck.Status.REMOVED).update(
                status=Deck.Status.QUEUED
            )

    def remove_decks(self, deck_pks: Iterable[int]) -> int:
        """Take these decks out of the queue (kept, marked removed), those still queued;
        how many were. Under the game's lock, as remove_deck."""
        with transaction.atomic():
            self._locked()
            return self.queued().filter(pk__in=list(deck_pks)).update(status=Deck.Status.REMOVED)

    def clear_queue(self) -> int:
        with transaction.atomic():
            self._locked()
            return self.queued().update(status=Deck.Status.REMOVED)
