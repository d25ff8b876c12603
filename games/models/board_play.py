"""A dealt board played at the table: the calls, the cards, a claim, undo, the result.

``BoardPlay`` stores the actions; ``games.bridge.play`` decides what they mean (turn,
legality, tricks, score), so every rule lives in one place. Each change happens in
``BoardPlay.act`` under the row's lock, and a page posts the number of actions it
showed (``at``): a double click, or two players acting at once, is refused with a
message instead of playing twice or out of turn.

Four ways to play a board:
- ``TABLE``: a Join table, each seat acting for itself (or a robot the host seated there);
  undo is asked by the player who acted last and granted by the host.
- ``ALL_FOUR``: a practice table where the host makes every call and plays every card.
- ``DECLARE``: Just Declare; the deck is turned so the host declares from South, and a
  double-dummy robot plays West and East (``games.bridge.robot``).
- ``ROBOTS``: a practice table where the host holds one seat and robots the other three.

``robots`` holds the seats robots play at this board, fixed when its play starts: a person
who takes a robot's seat plays from the next board (``games.bridge.robot_table``). The
robots' calls are made in the request that makes them due (the bidding engine takes
milliseconds); their cards are solved by a task worker (``robot_cards_due``, which
``games.tasks`` answers), never in a request and never under a lock: ``robot_moves``
solves from the stored position, then locks the row and stores its cards only if nobody acted meanwhile.

A board in play is never lost by one click: dealing the next board over it, or revealing
its hands before it is over, ends it with ``leave_unfinished``, which asks for a
confirmation (``BoardInPlay``) once someone has called or played. The board is kept,
recorded as not finished (``abandoned``), and scores nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import models, transaction
from django.db.models import Count, F, Prefetch, Q, Sum, prefetch_related_objects
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.bridge import play as rules_of_play
from games.bridge import robot_table
from games.bridge.cards import SEATS
from games.bridge.declare import just_declare
from games.bridge.play import BoardState, Claim, IllegalAction
from games.bridge.rules import Call
from games.bridge.scoring import imps
from games.bridge.types import Seat
from games.models.analysis import DealAnalysis
from games.models.deck import SEAT_CHOICES, VUL_CHOICES, DealtBoard
from games.models.results import reference_for

DEFENDERS_OF_SOUTH = ("E", "W")

# Work that leaves the request, sent here and queued by the task module (``games.tasks``,
# connected when the app is ready): the models do not import the workers' code.
robot_cards_due = Signal()  # play_id, actions: the robots are to play a card or answer a claim
par_wanted = Signal()  # play_id: a finished board waits for its deal to be solved


class BoardInPlay(IllegalAction):
    """Someone has called or played on the game's deal ``number`` (``DealtBoard.number``,
    what the confirmation posts back) and it is not over: ending it (the next deal, a
    reveal) or leaving it (standing up) needs a confirmation. ``board_number``: the
    number the table shows, which the question says."""

    def __init__(self, number: int, progress: str, board_number: int) -> None:
        self.number, self.progress, self.board_number = number, progress, board_number
        super().__init__(
            gettext("Board %(board)s is being played: %(progress)s.") % {"board": board_number, "progress": progress}
        )

    @classmethod
    def of(cls, play: BoardPlay) -> BoardInPlay:
        """The question about ``play``'s board (loaded with it)."""
        return cls(play.board.number, play.progress(), play.board.board_number)


class BoardPlay(models.Model):
    class Mode(models.TextChoices):
        TABLE = "table", _("Four players")
        ALL_FOUR = "all_four", _("Play all four hands")
        DECLARE = "declare", _("Just Declare")
        ROBOTS = "robots", _("With robots")

    class Abandoned(models.TextChoices):
        """Why a board ended before it was over (the history's words)."""

        DEALT = "dealt", _("not finished")
        REVEALED = "revealed", _("revealed, not finished")
        # A movement's round ended by the host before the table reached the board.
        NOT_PLAYED = "unplayed", _("not played")

    board = models.ForeignKey(DealtBoard, on_delete=models.CASCADE, related_name="plays")
    # The Join table that plays it (each table of a game plays every board once); none at
    # a practice table, whose host plays it.
    table = models.ForeignKey(
        "games.JoinTable", null=True, blank=True, on_delete=models.CASCADE, related_name="plays", db_index=False
    )
    mode = models.CharField(max_length=8, choices=Mode.choices)
    # The board as played: Just Declare turns the deck so that declarer sits South.
    deal = models.CharField(max_length=70)
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    vul = models.CharField(max_length=4, choices=VUL_CHOICES)
    quarters = models.PositiveSmallIntegerField(default=0)  # quarter turns clockwise from the dealt board
    contract_from = models.CharField(max_length=10, blank=True)  # Just Declare: "auction", "contract" or "par"
    robots = models.CharField(max_length=4, blank=True)  # the seats robots play at this board, "NEW"
    calls = models.JSONField(default=list)  # [{"call", "alert", "explanation"}]
    cards = models.JSONField(default=list)  # ["SA", "S2", ...] in play order
    claim_tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    claim_accepted = models.CharField(max_length=2, blank=True)  # the defenders who accepted, e.g. "E"
    undo_asked_by = models.CharField(max_length=1, blank=True)  # a seat waiting for the host
    actions = models.PositiveIntegerField(default=0)  # moves on with every change
    # Once the board is over (kept for the history and the running total):
    contract = models.CharField(max_length=5, blank=True)  # "4HX", "Pass"
    declarer = models.CharField(max_length=1, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)  # declarer's
    score = models.IntegerField(null=True, blank=True)  # duplicate score, N-S's side, as played
    reference = models.CharField(max_length=80, blank=True)  # "par" or "the file: 4♥ by S, 11 tricks"
    reference_score = models.IntegerField(null=True, blank=True)  # N-S's side, as played
    imps = models.IntegerField(null=True, blank=True)  # N-S's, against the reference
    finished_at = models.DateTimeField(null=True, blank=True)
    # A board ended before it was over: no more calls or cards, no result, no score.
    abandoned = models.CharField(max_length=8, choices=Abandoned.choices, blank=True)
    abandoned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["board", "table"], name="one_play_per_table"),
            models.UniqueConstraint(
                fields=["board"], condition=models.Q(table__isnull=True), name="one_practice_play_per_board"
            ),
        ]
        # A table's plays in board order: its board under way, its results.
        indexes = [models.Index(fields=["table", "board"], name="play_table_board")]

    def __str__(self) -> str:
        return f"{self.board} played" if self.table_id is None else f"{self.board} played at {self.table}"

    # --- the state -----------------------------------------------------------------

    def state(self) -> BoardState:
        """The stored actions as the rules engine's value. Only legal actions are ever
        stored (``act``), so they are not checked again here."""
        claim = None
        if self.claim_tricks is not None:
            claim = Claim(self.claim_tricks, frozenset(self.claim_accepted))
        return BoardState(
            deal=self.deal,
            dealer=self.dealer,
            vul=self.vul,
            calls=tuple(Call(c["call"], c.get("alert", False), c.get("explanation", "")) for c in self.calls),
            cards=tuple(self.cards),
            claim=claim,
        )

    @property
    def done(self) -> bool:
        return self.finished_at is not None

    @property
    def closed(self) -> bool:
        """Over (finished) or ended (``abandoned``): nothing more is called or played on it."""
        return self.done or bool(self.abandoned)

    @property
    def under_way(self) -> bool:
        """Someone at the table has called or played (in Just Declare: played a card of
        their own) and the board is neither over nor ended."""
        if self.closed:
            return False
        if self.mode == BoardPlay.Mode.DECLARE:  # the auction is the file's, the lead the robot's
            owners = rules_of_play.rules.card_owners(self.deal)
            return any(owners[card] not in DEFENDERS_OF_SOUTH for card in self.cards)
        return bool(self.calls)

    def progress(self) -> str:
        """How far the board went: "14 cards played", "5 calls made"."""
        if self.cards:
            count = len(self.cards)
            return ngettext("%(count)s card played", "%(count)s cards played", count) % {"count": count}
        count = len(self.calls)
        return ngettext("%(count)s call made", "%(count)s calls made", count) % {"count": count}

    # --- starting ------------------------------------------------------------------

    @classmethod
    def start(cls, board: DealtBoard, mode: str, table=None, robots: str = "") -> BoardPlay:
        """The board's play at ``table`` (a Join table: the game's first when not given;
        none in practice), made on first use (``get_or_create``: two first actions at once
        make one row), with robots in the seats ``robots`` names. Just Declare turns the
        deck and lets the robot lead; robots that are to call first call."""
        if table is None and mode == cls.Mode.TABLE:
            table = board.game.join_tables.get_or_create(number=1)[0]  # as JoinTable.for_game
        table_id = getattr(table, "pk", None)
        attached = board.played  # loaded with the board for this table (``prefetch_plays``)
        if attached is not None and attached.table_id == table_id:
            return attached
        found = cls.objects.filter(board=board, table_id=table_id).first()
        if found is not None:
            board.played = found
            return found
        if mode == cls.Mode.TABLE and not robots:
            robots = getattr(table, "robots", "")  # the robots seated at the table now
        fields = {"mode": mode, "deal": board.deal, "dealer": board.dealer, "vul": board.vul, "robots": robots}
        if mode == cls.Mode.DECLARE:
            fields.update(_declare_fields(board))
        play, created = BoardPlay.objects.get_or_create(board=board, table_id=table_id, defaults=fields)
        if created:
            play = play.ask_robot()
        board.played = play
        return play

    # --- acting --------------------------------------------------------------------

    def act(self, seat: str, action: str, at: int | None, **args) -> BoardPlay:
        """Apply ``seat``'s ``action`` ("call", "card", "claim", "accept", "reject",
        "ask_undo", "undo", "keep") under the row's lock; the stored row after it.

        ``at``: the number of actions the acting page showed; another number means the
        table moved on meanwhile (a double click, or another seat was faster), and
        nothing is done. Raises IllegalAction with a message for the player: the rules
        engine's with its key and parameters, which a page says in its language
        (games.presentation.refusals)."""
        with transaction.atomic():
            row = BoardPlay.objects.select_for_update().get(pk=self.pk)
            if row.abandoned:
                raise IllegalAction(row.ended_text())
            if at is not None and at != row.actions:
                raise IllegalAction(gettext("The table has moved on since your page was shown: look again and retry."))
            if row.undo_asked_by and action not in UNDO_ANSWERS:
                # The table holds until the host answers: a card played meanwhile would
                # make the request about an action that is no longer the last.
                raise waiting_for_undo(row.undo_asked_by)
            state = row.state()
            handler = getattr(row, f"_do_{action}", None)
            if action not in ACTIONS or handler is None:
                raise IllegalAction(
                    gettext("'%(action)s' is not something you can do at the table") % {"action": action}
                )
            state = handler(state, seat, **args)
            row._store(state)
            row.actions += 1
            row.save()
            row._table_moved()
        if row.done and row.reference_score is None:
            row.settle()
        return row.ask_robot()

    def _do_call(self, state: BoardState, seat: str, call: str = "", alert: bool = False, explanation: str = ""):
        explanation = explanation.strip()[:200]
        return rules_of_play.make_call(state, seat, call, alert or bool(explanation), explanation)

    def _do_card(self, state: BoardState, seat: str, card: str = ""):
        """``seat`` plays ``card``: from their own hand, or declarer from dummy's."""
        turn = state.turn or ""
        hand = turn if turn == state.dummy and seat == state.declarer else seat
        return rules_of_play.play_card(state, hand, card, by=seat)

    def _do_claim(self, state: BoardState, seat: str, tricks: int = -1):
        state = rules_of_play.claim(state, seat, tricks)
        if self.mode == BoardPlay.Mode.ALL_FOUR:  # the host is the defenders too
            for defender in state.defenders:
                state = rules_of_play.accept_claim(state, defender)
        return state

    def _do_accept(self, state: BoardState, seat: str):
        return rules_of_play.accept_claim(state, seat)

    def _do_reject(self, state: BoardState, seat: str):
        return rules_of_play.reject_claim(state, seat)

    def _do_ask_undo(self, state: BoardState, seat: str):
        """A player asks the host to take back their last call or card."""
        if self.undo_asked_by:
            raise IllegalAction(gettext("An undo is already waiting for the host"))
        if last_actor(state) != seat:
            raise IllegalAction(gettext("You can only ask to undo your own last call or card"))
        rules_of_play.undo(state)  # raises when there is nothing to undo, or a claim is pending
        self.undo_asked_by = seat
        return state

    def _do_undo(self, state: BoardState, seat: str):
        """The host takes back the last call or card (Just Declare: back to before the
        player's own last card, the robot's answers with it). At a Join table only the
        call or card its player asked to take back: a host who plays there is a player,
        and may not take back anyone's call or card of their own accord (as for keep)."""
        if self.mode == BoardPlay.Mode.TABLE and not self.undo_asked_by:
            raise IllegalAction(
                gettext(
                    "Nobody has asked to undo: the host takes back a call or card only when the player who made it asks"
                )
            )
        self.undo_asked_by = ""
        if self.mode == BoardPlay.Mode.DECLARE:
            while state.cards and last_actor(state) in DEFENDERS_OF_SOUTH:
                state = rules_of_play.undo(state)
            if not state.cards:
                raise IllegalAction(gettext("There is none of your cards to undo"))
            return rules_of_play.undo(state)
        if self.mode == BoardPlay.Mode.ROBOTS:  # back to before the student's own last call or card
            while last_actor(state) and last_actor(state) in self.robots:
                state = rules_of_play.undo(state)
            if not last_actor(state):
                raise IllegalAction(gettext("There is none of your calls or cards to undo"))
        return rules_of_play.undo(state)

    def _do_keep(self, state: BoardState, seat: str):
        """The host refuses a player's undo: play goes on."""
        if not self.undo_asked_by:
            raise IllegalAction(gettext("Nobody has asked to undo"))
        self.undo_asked_by = ""
        return state

    def _store(self, state: BoardState) -> None:
        self.calls = [{"call": c.call, "alert": c.alert, "explanation": c.explanation} for c in state.calls]
        self.cards = list(state.cards)
        self.claim_tricks = state.claim.tricks if state.claim else None
        self.claim_accepted = "".join(sorted(state.claim.accepted)) if state.claim else ""
        if state.phase == rules_of_play.DONE and not self.done:
            self._finish(state)
        elif state.phase != rules_of_play.DONE and self.done:
            self._unfinish()

    # --- the robots ----------------------------------------------------------------

    @property
    def robot_seats(self) -> str:
        """The seats robots play: Just Declare's defenders, else the ones set at the start."""
        return "".join(DEFENDERS_OF_SOUTH) if self.mode == BoardPlay.Mode.DECLARE else self.robots

    @property
    def student_seat(self) -> str:
        """With robots: the seat the host plays, the one no robot holds."""
        return next(seat for seat in SEATS if seat not in self.robots)

    @property
    def robot_due(self) -> bool:
        """Whether a robot is to call, play a card or answer a claim."""
        if not self.robot_seats or self.closed:
            return False
        return robot_table.robot_due(self.state(), self.robot_seats)

    def ask_robot(self) -> BoardPlay:
        """The robots' calls now, if a robot is to call; then, if a robot is to play a card
        or answer a claim, a task worker asked to. The row as stored after asking (with the
        robots' cards, if the worker was that quick)."""
        if not self.robot_due:
            return self
        row = self.robot_moves(cards=False)
        if not row.robot_due:
            return row
        robot_cards_due.send(BoardPlay, play_id=row.pk, actions=row.actions)
        row.refresh_from_db()
        return row

    def robot_moves(self, *, cards: bool = True) -> BoardPlay:
        """The robots' actions from the stored position (without their cards and claim
        answers when ``cards`` is False), worked out outside any transaction; then stored
        under the row's lock, unless the table moved on meanwhile. The row as stored."""
        if not self.robot_due:
            return self
        state = robot_table.robot_turns(self.state(), self.robot_seats, cards=cards)  # no lock held
        with transaction.atomic():
            row = BoardPlay.objects.select_for_update().get(pk=self.pk)
            if row.actions != self.actions or row.abandoned:
                return row
            if state == row.state():
                return row
            row._store(state)
            row.actions += 1
            row.save()
            row._table_moved()
        if row.done and row.reference_score is None:
            row.settle()
        return row

    def _table_moved(self, *, by_play: bool = True) -> None:
        """A Join table's pages poll its version: move it on (inside the caller's transaction),
        saying whether a play moved it (``JoinTable.played_since``). A score settled later
        is no play's change: the figures it moves are read again then, as a play under way
        leaves them as they were (``TableReads``)."""
        if self.table_id is not None:
            # Through the foreign key: the Join models show a board's play, so they import this module.
            tables = BoardPlay.table.field.related_model._default_manager
            moved = {"version": F("version") + 1}
            if by_play:
                moved["played_version"] = F("version") + 1
            tables.filter(pk=self.table_id).update(**moved)

    # --- the result ----------------------------------------------------------------

    def _finish(self, state: BoardState) -> None:
        self.contract, self.declarer = state.contract, state.declarer
        self.tricks = state.declarer_tricks if state.declarer else None
        self.score = state.score
        self.finished_at = timezone.now()

    def settle(self) -> None:
        """Score a finished board against the file's result or par (``results``), outside
        ``act``'s lock; the row is only written if no undo has reopened the board meanwhile.
        When par is wanted and the deal is not solved yet, a task worker solves it and
        settles the board then."""
        found = reference_for(self)
        if found is None:
            par_wanted.send(BoardPlay, play_id=self.pk)
            self.refresh_from_db(fields=["reference", "reference_score", "imps"])
            return
        reference, reference_score = found
        won = None
        if self.board.game.scoring == "imps" and reference_score is not None and self.score is not None:
            won = imps(self.score - reference_score)
        written = BoardPlay.objects.filter(pk=self.pk, actions=self.actions).update(
            reference=reference[:80], reference_score=reference_score, imps=won
        )
        self.reference, self.reference_score, self.imps = reference[:80], reference_score, won
        if written:
            self._table_moved(by_play=False)  # a Join table's pages said "scoring…": they look again

    def leave_unfinished(self, why: str, *, confirmed: bool) -> None:
        """End the board where it stands, recorded as not finished (``why``: Abandoned).

        Called on a row locked (``select_for_update``, with its board) inside the caller's
        transaction, so that the end and what causes it (the next deal, the reveal) are
        stored together or not at all, and a second click finds the board ended already.
        A board over or ended already is left as it is. Raises BoardInPlay, with nothing
        changed, when someone has called or played and it is not ``confirmed``."""
        if self.closed:
            return
        if self.under_way and not confirmed:
            raise BoardInPlay.of(self)
        self.abandoned, self.abandoned_at = why, timezone.now()
        self.undo_asked_by = ""
        self.actions += 1  # a page showing the board before, or the robot's late answer, changes nothing
        self.save(update_fields=["abandoned", "abandoned_at", "undo_asked_by", "actions"])

    def ended_text(self) -> str:
        """Why nothing more is played on an ended board: the play routes' refusal."""
        if self.abandoned == BoardPlay.Abandoned.REVEALED:
            return gettext(
                "Board %(board)s was revealed before it was over: it is recorded as not finished, "
                "and no more calls or cards are made on it."
            ) % {"board": self.board.board_number}
        if self.abandoned == BoardPlay.Abandoned.NOT_PLAYED:
            return gettext("Board %(board)s was not played: the round ended before the table reached it.") % {
                "board": self.board.board_number
            }
        return gettext(
            "Board %(board)s was left unfinished when the next board was dealt: nothing more is played on it."
        ) % {"board": self.board.board_number}

    def _unfinish(self) -> None:
        self.contract = self.declarer = self.reference = ""
        self.tricks = self.score = self.reference_score = self.imps = self.finished_at = None


ACTIONS = ("call", "card", "claim", "accept", "reject", "ask_undo", "undo", "keep")
UNDO_ANSWERS = ("ask_undo", "undo", "keep")  # what may happen while an undo request waits


def waiting_for_undo(seat: str) -> IllegalAction:
    """The refusal of any other action while ``seat``'s undo request waits for the host: in
    English, with its key and the seat, as the rules engine refuses (a page names the seat
    in its language)."""
    name = Seat(seat).full_name
    return IllegalAction(f"Waiting for the host to answer {name}'s undo request", "waiting_for_undo", seat=seat)


def last_actor(state: BoardState) -> str:
    """Who made the last call or played the last card (declarer for dummy's); "" before
    the first call."""
    if state.cards:
        owner = rules_of_play.rules.card_owners(state.deal)[state.cards[-1]]
        return state.declarer if owner == state.dummy else owner
    if state.calls:
        return rules_of_play.rules.seat_after(state.dealer, len(state.calls) - 1)
    return ""


class SolvingPar(IllegalAction):
    """Just Declare needs par (the file has no contract) and the deal is not solved yet."""


def _declare_fields(board: DealtBoard) -> dict:
    """Just Declare's board: turned so declarer sits South, with the auction to replay.
    The contract is the file's when it has one; par otherwise, from the deal's stored
    analysis (``SolvingPar`` while a task worker has not solved it yet)."""

    def par():
        solved = DealAnalysis.stored(board.deal)
        if solved is None:
            raise SolvingPar(
                gettext("Board %(board)s is being solved double dummy for its par contract")
                % {"board": board.board_number}
            )
        return solved.par(board.vul, board.dealer)

    setup = just_declare(board.to_parsed(), par)
    if not setup.ok:
        raise IllegalAction(
            gettext("Board %(board)s cannot be played as Just Declare: %(problem)s")
            % {"board": board.board_number, "problem": setup.problem}
        )
    return {
        "deal": setup.deal,
        "dealer": setup.dealer,
        "vul": setup.vul,
        "quarters": setup.quarters,
        "contract_from": setup.source,
        "calls": [{"call": c.call, "alert": c.alert, "explanation": c.explanation} for c in setup.calls],
    }


def prefetch_plays(boards: Iterable[DealtBoard], table_id: int | None, *, reveals: bool = False) -> None:
    """Load with each of ``boards`` its play at the table ``table_id`` (None: a practice
    table), which ``board.played`` then gives (None when nobody has called or played on it
    there): one query, for the boards not loaded yet. ``reveals``: and whether the host
    showed its hands to that table, ``board.revealed_here`` (one query more)."""
    here = Q(table__isnull=True) if table_id is None else Q(table_id=table_id)
    plays = BoardPlay.objects.filter(here)
    lookups: list[Prefetch] = [Prefetch("plays", queryset=plays, to_attr="plays_here")]
    if reveals and table_id is not None:
        # The reveals' model through the board's relation: the Join models import this module.
        shown = DealtBoard._meta.get_field("reveal").related_model._default_manager.filter(table_id=table_id)
        lookups.append(Prefetch("reveals", queryset=shown, to_attr="reveals_here"))
    prefetch_related_objects(list(boards), *lookups)


def running_total(game, table=None) -> dict[str, int]:
    """The boards finished in ``game`` (at ``table``, for a Join game: its first when not
    given), N-S's total score and IMPs, the boards left unfinished once called on,
    which score nothing (no score, no IMPs: not even a zero against the file's result),
    and ``scoring``: the boards finished whose reference (par, solved by a task worker:
    ``settle``) is not known yet, whose IMPs the total lacks meanwhile."""
    plays = BoardPlay.objects.filter(board__game=game)
    if table is not None:
        plays = plays.filter(table=table)
    elif game.game_type == "join":
        plays = plays.filter(table__game=game, table__number=1)
    totals = plays.aggregate(
        boards=Count("pk", filter=Q(finished_at__isnull=False)),
        score=Sum("score"),
        imps=Sum("imps"),
        unfinished=Count("pk", filter=Q(abandoned_at__isnull=False) & ~Q(calls=[])),
        scoring=Count("pk", filter=Q(finished_at__isnull=False, reference="")),
    )
    return {key: value or 0 for key, value in totals.items()}
