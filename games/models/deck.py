"""Decks (a game's queue, with everything the reader found) and the boards dealt from them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from games.bridge import rules
from games.bridge.board import BOARD_LENGTH, board_heading, board_number
from games.bridge.cards import SEATS
from games.bridge.rotate import rotate
from games.bridge.rules import Call
from games.bridge.types import Seat, Vul
from games.formats.club import FORMATS as CLUB_FORMATS
from games.formats.model import Comment
from games.formats.model import Deck as ParsedDeck

if TYPE_CHECKING:
    from games.models.board_play import BoardPlay

ROBOT_NAME = gettext_lazy("Robot")  # a robot, wherever players are named: pages, travellers, exports
SEAT_CHOICES = [(seat.value, seat.full_name) for seat in Seat]
VUL_CHOICES = [(vul.value, vul.label) for vul in Vul]
# The highest board number a dealt board takes: what a PositiveIntegerField holds on every
# database. A deck numbered higher counts as a deck without a number.
BOARD_NUMBER_MAX = 2_147_483_647


def stated_board_number(label: str | None) -> int | None:
    """The board number a deck labelled ``label`` keeps when dealt: the positive number the
    label is (``board_number``: "7", "07"), up to BOARD_NUMBER_MAX; None for a deck
    without one ("", "12a", a label past the column's range), which is dealt as the
    game's next free number."""
    number = board_number(label)
    return number if number is not None and number <= BOARD_NUMBER_MAX else None


class Deck(models.Model):
    """One uploaded deck, in a game's queue, with everything the reader found."""

    # What dealing reads of a deck: not the auction, play or source text.
    DEALING_FIELDS = (
        "pk",
        "game_id",
        "position",
        "deal",
        "dealer",
        "vul",
        "deal_first",
        "board",
        "board_name",
        "source_name",
        "contract",
        "declarer",
        "result",
        "claim",
        "commentary",
    )  # the table shows these (the lesson text too)
    LISTING_DEFERRED = ("auction", "play", "tags", "notes", "commentary", "source_text")
    LISTING_FIELDS = (
        "pk",
        "game_id",
        "position",
        "board",
        "board_name",
        "source_name",
        "source_index",
        "dealer",
        "vul",
    )  # what a row of the queue list shows
    # Not stored: set on the queue's last deck when a page lists the whole queue.
    is_last: bool

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        DEALT = "dealt", _("Dealt")
        REMOVED = "removed", _("Removed")

    # No index of its own: the (game, position) and (game, status, position) indexes start with it.
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="decks", db_index=False)
    position = models.BigIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    deal = models.CharField(max_length=70)  # canonical "N:... ... ... ..."
    dealer = models.CharField(max_length=1, blank=True, choices=SEAT_CHOICES)  # as stated by the file
    vul = models.CharField(max_length=4, blank=True, choices=VUL_CHOICES)  # as stated by the file
    deal_first = models.CharField(max_length=1, blank=True)
    board = models.CharField(max_length=20, blank=True)
    board_name = models.CharField(max_length=200, blank=True)
    players = models.JSONField(default=dict, blank=True)  # {"N": "name", ...}
    auction = models.JSONField(default=list, blank=True)  # [{"call", "alert", "explanation"}]
    auction_first = models.CharField(max_length=1, blank=True)
    play = models.JSONField(default=list, blank=True)  # [["DQ", "D3", "D2", "DA"], ...]
    claim = models.PositiveSmallIntegerField(null=True, blank=True)
    contract = models.CharField(max_length=20, blank=True)
    declarer = models.CharField(max_length=5, blank=True)
    result = models.CharField(max_length=20, blank=True)
    tags = models.JSONField(default=list, blank=True)  # [[name, value], ...]
    notes = models.JSONField(default=list, blank=True)
    # The board's teaching text as the file writes it: [[text, section, at], ...] in file
    # order (games.formats.model.Comment); shown through games.presentation.lesson_text, never as is.
    commentary = models.JSONField(default=list, blank=True)
    source_name = models.CharField(max_length=255, blank=True)
    source_format = models.CharField(max_length=4, blank=True)
    source_index = models.PositiveIntegerField(default=0)
    source_line = models.PositiveIntegerField(default=0)
    source_text = models.TextField(blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="uploaded_decks"
    )
    # The staged upload that added it (None: import_decks, the demo, a copy played again);
    # kept when the upload's files are purged, so a reviewer still sees where it came from.
    upload = models.ForeignKey("games.Upload", null=True, blank=True, on_delete=models.SET_NULL, related_name="decks")
    uploaded_at = models.DateTimeField(default=timezone.now)
    dealt_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-game_id", "position"]  # as JoinTable's, without joining the game
        constraints = [models.UniqueConstraint(fields=["game", "position"], name="deck_position_unique_in_game")]
        # Every deal moves a deck from queued to dealt, which writes each of the table's
        # indexes: only the ones a query needs. Status alone serves the review desk's
        # filter (a plain index: db_index on a CharField would add a LIKE index too).
        indexes = [
            models.Index(fields=["game", "status", "position"]),
            models.Index(fields=["status"], name="deck_status"),
        ]

    def __str__(self) -> str:
        label = f"board {self.board}" if self.board else f"deck {self.source_index + 1}"
        return f"{label} of {self.source_name or 'upload'}"

    @property
    def board_number(self) -> int | None:
        """The board number this deck is dealt as, when it has its own (``stated_board_number``)."""
        return stated_board_number(self.board)

    @cached_property
    def move_url(self) -> str:
        return reverse("queue_move", args=[self.game_id, self.pk])

    @cached_property
    def remove_url(self) -> str:
        return reverse("queue_remove", args=[self.game_id, self.pk])

    @classmethod
    def from_parsed(cls, parsed: ParsedDeck, **fields) -> Deck:
        return cls(**deck_fields(parsed), **fields)

    def to_parsed(self) -> ParsedDeck:
        """The reader's value type again, for the writers (export)."""
        return ParsedDeck(
            deal=self.deal,
            index=self.source_index,
            line=self.source_line,
            dealer=self.dealer or None,
            vul=self.vul or None,
            board=self.board or None,
            board_name=self.board_name,
            deal_first=self.deal_first or None,
            players=tuple(sorted(self.players.items(), key=_seat_order)),  # PostgreSQL's jsonb sorts keys its own way
            auction=tuple(Call(a["call"], a.get("alert", False), a.get("explanation", "")) for a in self.auction),
            auction_first=self.auction_first or None,
            play=tuple(tuple(t) for t in self.play),
            claim=self.claim,
            contract=self.contract,
            declarer=self.declarer,
            result=self.result,
            tags=tuple(tuple(t) for t in self.tags),
            notes=tuple(self.notes),
            commentary=comments_of(self.commentary),
            # The club formats state no dealer: theirs follows the board number, as their
            # vulnerability does (formats-club.md), in every export of the deck.
            rotation=self.source_format in CLUB_FORMATS,
        )

    @property
    def heading(self) -> str:
        """The board's name when it says more than its number (not "Board 7" again)."""
        return board_heading(self.board, self.board_name)

    @property
    def record(self) -> rules.RecordSummary | None:
        """What the file says was played, in parts (None when nothing), which a page says
        in its language: "4♥ by S, 11 tricks, claimed" (the ``record_said`` filter)."""
        return rules.record_parts(contract=self.contract, declarer=self.declarer, result=self.result, claim=self.claim)

    def hands(self) -> dict[str, str]:
        return rules.hands(self.deal)


class DealtBoard(models.Model):
    """A board dealt at a game's table: from the queue, or random when it ran out.

    A board has two numbers. ``number`` is its place among the game's deals (1, 2, 3...
    without gaps, one each): the table's order, the URLs of a board's pages and what a
    page posts to say which board it shows. ``board_number`` is the number everyone
    sees and says, "board 7": the deck's own (the file's, or the one the host chose
    when numbering the upload), or, for a deck without one and for a random deal, the
    game's next free number, one more than the highest board number it has dealt
    (``Game.deal_next``). The dealer and vulnerability a deck does not state follow
    ``board_number`` (under the game's rule), so the three never disagree. Board 7 may
    be dealt twice (Play again, or two files that both hold a board 7): each deal is
    still one ``number``.
    """

    # No index of its own: the (game, number) unique index starts with it.
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="boards", db_index=False)
    number = models.PositiveIntegerField(
        _("deal no."), help_text=_("Its place among the game's deals: 1 for the first, 2 for the next, and so on.")
    )
    board_number = models.PositiveIntegerField(
        _("board"),
        help_text=_("The board's number at the table: the deck's own, else the game's next free number."),
    )
    deck = models.OneToOneField(Deck, null=True, blank=True, on_delete=models.SET_NULL, related_name="dealt_board")
    deal = models.CharField(max_length=70)
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    vul = models.CharField(max_length=4, choices=VUL_CHOICES)
    dealt_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    dealt_at = models.DateTimeField(auto_now_add=True)
    # Not stored: loaded with the boards a page shows, for one table (``board_play.prefetch_plays``,
    # ``JoinTable.board_and_play``): its play there (none or one) and the host's showing of
    # its hands there (none or one).
    plays_here: list[BoardPlay]
    reveals_here: list[models.Model]
    left_unfinished: BoardPlay | None  # Game.deal_next: the board in play this deal ended

    class Meta:
        ordering = ["-game_id", "-number"]  # as JoinTable's, without joining the game
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="board_number_unique_in_game")]
        # The game's highest board number, which a deck without one needs when it is dealt.
        indexes = [models.Index(fields=["game", "board_number"], name="board_game_board_number")]

    def __str__(self) -> str:
        return f"{self.game} board {self.board_number}"

    @property
    def played(self) -> BoardPlay | None:
        """Its play at the table it was loaded for; None when nobody has called or played
        on it there, or when no play was loaded with it."""
        plays = getattr(self, "plays_here", None)
        return plays[0] if plays else None

    @played.setter
    def played(self, play: BoardPlay | None) -> None:
        self.plays_here = [play] if play is not None else []

    @property
    def revealed_here(self) -> bool:
        """Whether the host showed its hands to the table it was loaded for (``reveals``)."""
        return bool(getattr(self, "reveals_here", ()))

    @property
    def is_random(self) -> bool:
        return self.deck_id is None

    def hands(self) -> dict[str, str]:
        return rules.hands(self.deal)

    def to_parsed(self, players: dict[str, str] | None = None) -> ParsedDeck:
        """The board for the writers (export): the deck as dealt, with the board number,
        dealer and vulnerability the table showed; once the board is played at the table
        (``played``, loaded by ``prefetch_plays``), as played there (``as_played``). ``players``:
        who sat where at the table, by seat."""
        base = self.deck.to_parsed() if self.deck else ParsedDeck(deal=self.deal, index=self.number - 1, line=0)
        base = replace(base, board=str(self.board_number), dealer=self.dealer, vul=self.vul)
        play = self.played
        return base if play is None else as_played(base, play, players)


# Tags about the file's own table (its score there), which a board played here replaces.
_FILE_TABLE_TAGS = ("Score", "ScoreIMP", "ScoreMP", "ScorePercentage", "ScoreRubber")
# Tags about the deal's seats, wrong once the deal is turned (Just Declare): the export
# gets them again from the turned deal's analysis when it is solved.
_TURNED_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract", "OptimumResultTable")


def as_played(base: ParsedDeck, play, players: dict[str, str] | None = None) -> ParsedDeck:
    """``base`` (the board as dealt) as the table played it (a ``BoardPlay``): its deal,
    dealer and vulnerability (Just Declare's turned), its calls and cards, and once it
    is over the contract, declarer, tricks (``claim`` too when a claim ended it, as the
    LIN reader keeps ``mc``) and a ``Score`` tag, N-S's or E-W's as PBN writes it
    (``ScoreIMP`` and ``Scoring "IMP"`` beside it when the board was scored in IMPs).

    A board still in play gives what has happened so far: the calls, the cards, and the
    contract once the auction is over, but no result and no score; a board ended before
    it was over the same, with a ``Termination`` tag that says so ("not finished",
    "revealed, not finished"). The file's own players and score are left out (they belong
    to another table); ``players`` names this one's."""
    state = play.state()
    if play.quarters:
        base = rotate(base, play.quarters)
    dropped = _FILE_TABLE_TAGS + ("Termination",) + (_TURNED_TAGS if play.quarters % 4 else ())
    tags = [tag for tag in base.tags if tag[0] not in dropped]
    if play.abandoned:
        tags.append(("Termination", play.get_abandoned_display()))
    cards = state.cards
    finished = play.finished_at is not None
    contract, declarer = state.contract, state.declarer
    tricks = play.tricks if finished and declarer else None
    if finished and play.score is not None:
        tags.append(("Score", side_score(play.score)))
        if play.imps is not None:
            tags = [tag for tag in tags if tag[0] != "Scoring"]
            tags += [("ScoreIMP", side_score(play.imps)), ("Scoring", "IMP")]
    return replace(
        base,
        deal=play.deal,
        dealer=play.dealer,
        vul=play.vul,
        players=tuple((seat, players[seat]) for seat in SEATS if players and players.get(seat)),
        auction=state.calls,
        auction_first=play.dealer if state.calls else None,
        play=tuple(tuple(cards[i : i + 4]) for i in range(0, len(cards), 4)),
        claim=tricks if tricks is not None and play.claim_tricks is not None else None,
        contract=contract,
        declarer=declarer,
        result=str(tricks) if tricks is not None else "",
        tags=tuple(tags),
    )


def comments_of(stored: list) -> tuple[Comment, ...]:
    """``Deck.commentary``'s rows (``[text, section, at]``) as the reader's values."""
    return tuple(Comment(str(text), str(section), int(at)) for text, section, at in stored or ())


def side_score(north_south: int) -> str:
    """PBN's way to give a score (or IMPs): "NS 420", or "EW 100" for N-S's -100."""
    return f"NS {north_south}" if north_south >= 0 else f"EW {-north_south}"


def deck_fields(parsed: ParsedDeck) -> dict:
    """The Deck columns that come from what the reader found."""
    return {
        "deal": parsed.deal,
        "dealer": parsed.dealer or "",
        "vul": parsed.vul or "",
        "deal_first": parsed.deal_first or "",
        "board": (parsed.board or "")[:BOARD_LENGTH],
        "board_name": parsed.board_name[:200],
        "players": dict(parsed.players),
        "auction": [{"call": c.call, "alert": c.alert, "explanation": c.explanation} for c in parsed.auction],
        "auction_first": parsed.auction_first or "",
        "play": [list(trick) for trick in parsed.play],
        "claim": parsed.claim,
        "contract": parsed.contract[:20],
        "declarer": parsed.declarer[:5],
        "result": parsed.result[:20],
        "tags": [list(t) for t in parsed.tags],
        "notes": list(parsed.notes),
        "commentary": [[c.text, c.section, c.at] for c in parsed.commentary],
        "source_index": parsed.index,
        "source_line": parsed.line,
        "source_text": parsed.source,
    }


# Decks written per INSERT when adding: a 10,000-deck upload in ten statements on
# PostgreSQL; SQLite takes fewer a statement (Django keeps within its 999 parameters).
DECK_BATCH = 1000


def insert_decks(
    game_id: int,
    uploaded_by,
    rows: Iterable[tuple[ParsedDeck, str, str]],
    first: int,
    now,
    upload_id: int | None = None,
) -> list[Deck]:
    """Insert decks at consecutive positions from ``first``, in batches; the new rows."""
    uploaded_by_id = getattr(uploaded_by, "pk", None)
    decks = [
        Deck(
            **deck_fields(parsed),
            game_id=game_id,
            position=position,
            source_name=source_name[:255],
            source_format=source_format[:4],
            uploaded_by_id=uploaded_by_id,
            upload_id=upload_id,
            uploaded_at=now,
        )
        for position, (parsed, source_name, source_format) in enumerate(rows, start=first)
    ]
    return Deck.objects.bulk_create(decks, batch_size=DECK_BATCH)


def _seat_order(item: tuple[str, str]) -> int:
    return SEATS.index(item[0]) if item[0] in SEATS else len(SEATS)
