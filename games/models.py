"""Games, their ordered deck queue and the boards dealt from it.

The queue's invariants live here, inside transactions, like healthchecks'
``Check.ping()``: decks join all together or not at all, in file order at the
end of the queue; each queued deck is dealt at most once and none is skipped,
however many hosts press "Deal New Cards" at the same moment; board numbers
run 1, 2, 3... without gaps.
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import NamedTuple

from django.conf import settings
from django.db import connection, connections, models, transaction
from django.db.models import Max, Min
from django.urls import get_script_prefix, reverse
from django.utils import timezone
from django.utils.functional import cached_property

from games.formats import cards as card_rules
from games.formats.model import (BOARD_LENGTH, SEATS, VULS, Call, board_heading, board_number, dealer_for_board,
                                 vul_for_board)
from games.formats.model import Deck as ParsedDeck
from games.sql import RowReader, column_list

SEAT_CHOICES = [("N", "North"), ("E", "East"), ("S", "South"), ("W", "West")]
VUL_CHOICES = [(v, {"None": "None", "NS": "N-S", "EW": "E-W", "All": "Both"}[v]) for v in VULS]


MANAGE_EVERY_GAME = "games.change_game"  # the admin's "Can change game"


def manages_every_game(user) -> bool:
    """Staff with the admin's permission to change games may manage any host's game on the
    public pages too; ``is_staff`` alone (a reviewer who may only view) is not enough.
    Checked for staff only, so a host's deal asks no permission tables."""
    return bool(user.is_authenticated and user.is_staff and user.has_perm(MANAGE_EVERY_GAME))


class GameManager(models.Manager):
    def managed_by(self, user, pk: int) -> Game:
        """Game ``pk`` if ``user`` may upload, reorder and deal in it (its host, or staff
        with the change permission); Game.DoesNotExist otherwise. A statement built once:
        every deal asks this."""
        staff = manages_every_game(user)
        reader, sql = _managed_sql(self.db, staff)
        game = reader.first(sql, [pk] if staff else [pk, user.pk])
        if game is None:
            raise self.model.DoesNotExist(f"no game {pk} that this user manages")
        return game  # type: ignore[return-value]

    def deal_next_as(self, user, pk: int) -> DealtBoard:
        """Game.deal_next in game ``pk`` by ``user``, if ``user`` manages it (managed_by's
        rule); Game.DoesNotExist, with nothing changed, otherwise.

        The check is the WHERE of the UPDATE that takes the board number, which also
        reads the game back: one statement where managed_by and deal_next take two, on
        every press of Deal New Cards. The board's ``game`` is that game.
        """
        staff = manages_every_game(user)
        reader, sql = _take_number_sql(self.db, staff)
        with transaction.atomic(using=self.db):
            game = reader.first(sql, [pk] if staff else [pk, user.pk])
            if game is None:
                raise self.model.DoesNotExist(f"no game {pk} that this user manages")
            return game._deal_numbered(game.next_board_number - 1, user)  # type: ignore[attr-defined]


class Game(models.Model):
    class Type(models.TextChoices):
        PRACTICE = "practice", "Practice"
        JOIN = "join", "Join"

    class Scoring(models.TextChoices):
        IMPS = "imps", "IMPs"
        MATCHPOINTS = "matchpoints", "Matchpoints"
        RUBBER = "rubber", "Rubber / Chicago"

    class MissingInfo(models.TextChoices):
        ROTATION = "rotation", "Board rotation (dealer and vulnerability follow the board number)"
        RANDOM = "random", "Random dealer and vulnerability"
        SOUTH_NONE = "south_none", "South deals, nobody vulnerable"

    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_games")
    name = models.CharField(max_length=100)
    game_type = models.CharField(max_length=10, choices=Type.choices, default=Type.PRACTICE)
    allow_upload = models.BooleanField("Allow deck upload", default=True)
    scoring = models.CharField(max_length=12, choices=Scoring.choices, default=Scoring.IMPS)
    missing_info = models.CharField(
        "When a deck's file does not give dealer or vulnerability",
        max_length=12,
        choices=MissingInfo.choices,
        default=MissingInfo.ROTATION,
    )
    next_board_number = models.PositiveIntegerField(default=1, editable=False)
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

    def can_manage(self, user) -> bool:
        """The host, and staff with the change permission, may upload, reorder and deal."""
        return user.is_authenticated and (user.pk == self.host_id or manages_every_game(user))

    # --- the queue -----------------------------------------------------------------

    def queued(self) -> models.QuerySet[Deck]:
        return self.decks.filter(status=Deck.Status.QUEUED).order_by("position")  # unique in a game

    def queue_head(self, limit: int) -> tuple[list[Deck], int]:
        """The first ``limit`` queued decks, with only what the queue list shows, and how
        many decks are queued, in one query: the game page and every deal show both.
        (Built once, like deal_next's: the ORM took 2 ms a deal to build it each time.)"""
        sql, attnames = _queue_head_sql()
        with connection.cursor() as cursor:
            cursor.execute(sql, [self.pk, Deck.Status.QUEUED, self.pk, Deck.Status.QUEUED, limit])
            rows = cursor.fetchall()
        decks = [Deck.from_db(connection.alias, attnames, list(row[1:])) for row in rows]
        return decks, rows[0][0] if rows else 0

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
    ) -> int:
        """Append several files' decks (decks, file name, format) in one transaction;
        returns how many were added. ``locked``: the caller's transaction holds the game's
        row lock (``_locked``) already."""
        return self._append(batches, uploaded_by, locked=locked)[1]

    def _append(
        self, batches: Sequence[tuple[Iterable[ParsedDeck], str, str]], uploaded_by, *, locked: bool = False
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
            return first, _insert_decks(self.pk, uploaded_by, rows, first, timezone.now())

    def deal_next(self, by=None) -> DealtBoard:
        """Deal the first queued deck (or a random one when none is left) as the next board.

        Three statements: take the board number (the UPDATE locks the game's row, so
        concurrent dealers take their turns here, as with every other queue change), mark
        the first queued deck dealt and read it back, record the board. RETURNING
        (PostgreSQL; SQLite 3.35+) saves the separate reads of the ORM's way: this runs on
        every press of Deal New Cards.
        """
        with transaction.atomic():
            return self._deal_numbered(self._take_board_number(), by)

    def _deal_numbered(self, number: int, by) -> DealtBoard:
        """deal_next once board ``number`` is taken, in the transaction that took it (and
        locked the game's row with it). No atomic() of its own: a savepoint is two more
        round trips on every deal."""
        deck = self._take_first_queued()
        if deck is not None:
            deal = deck.deal
            dealer = deck.dealer or deck.deal_first or self._fallback_dealer(deck.board_number or number)
            vul = deck.vul or self._fallback_vul(deck.board_number or number)
        else:
            deal = random_deal()
            dealer = self._fallback_dealer(number)
            vul = self._fallback_vul(number)
        board = self._record_board(
            number, deck, deal, dealer, vul, by if getattr(by, "is_authenticated", False) else None)
        self.next_board_number = number + 1
        return board

    def _record_board(self, number: int, deck: Deck | None, deal: str, dealer: str, vul: str, by) -> DealtBoard:
        """DealtBoard.objects.create(...), with an INSERT built once (the ORM's own insert
        path was a twentieth of a Deal New Cards request)."""
        now = timezone.now()
        board = DealtBoard(game=self, number=number, deck=deck, deal=deal, dealer=dealer, vul=vul,
                           dealt_by=by, dealt_at=now)
        with connection.cursor() as cursor:
            cursor.execute(_dealing_sql().record_board, [
                self.pk, number, None if deck is None else deck.pk, deal, dealer, vul,
                None if by is None else by.pk, connection.ops.adapt_datetimefield_value(now),
            ])
            board.pk = cursor.fetchone()[0]
        board._state.adding, board._state.db = False, connection.alias
        return board

    def _take_board_number(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute(_dealing_sql().take_number, [self.pk])
            row = cursor.fetchone()
        if row is None:
            raise Game.DoesNotExist(f"game {self.pk} is gone")
        return row[0] - 1

    def _take_first_queued(self) -> Deck | None:
        """Mark the first queued deck dealt; it, with the fields dealing needs, or None."""
        statements = _dealing_sql()
        now = timezone.now()
        with connection.cursor() as cursor:
            cursor.execute(statements.take_deck, [Deck.Status.DEALT, connection.ops.adapt_datetimefield_value(now),
                                                  self.pk, Deck.Status.QUEUED])
            row = cursor.fetchone()
        if row is None:
            return None
        deck = Deck.from_db(connection.alias, statements.deck_attnames, list(row))
        deck.status, deck.dealt_at = Deck.Status.DEALT, now
        return deck

    def exported_decks(self, *, dealt: bool = False) -> list[ParsedDeck]:
        """The queue (or the boards dealt so far, with their table numbers) as reader
        values, ready for write_pbn / write_lin."""
        if dealt:
            boards = self.boards.select_related("deck").defer("deck__source_text").order_by("number")
            return [board.to_parsed() for board in boards]
        return [deck.to_parsed() for deck in self.queued().defer("source_text")]  # the writers do not use it

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

    def clear_queue(self) -> int:
        with transaction.atomic():
            self._locked()
            return self.queued().update(status=Deck.Status.REMOVED)


class Deck(models.Model):
    """One uploaded deck, in a game's queue, with everything the reader found."""

    # What dealing reads of a deck: not the auction, play or source text.
    DEALING_FIELDS = ("pk", "game_id", "position", "deal", "dealer", "vul", "deal_first", "board",
                      "board_name", "source_name")  # the table and history show the last two
    LISTING_DEFERRED = ("auction", "play", "tags", "notes", "source_text")
    LISTING_FIELDS = ("pk", "game_id", "position", "board", "board_name", "source_name", "source_index", "dealer",
                      "vul")  # what a row of the queue list shows

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        DEALT = "dealt", "Dealt"
        REMOVED = "removed", "Removed"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="decks")
    position = models.BigIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED, db_index=True)
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
    source_name = models.CharField(max_length=255, blank=True)
    source_format = models.CharField(max_length=4, blank=True)
    source_index = models.PositiveIntegerField(default=0)
    source_line = models.PositiveIntegerField(default=0)
    source_text = models.TextField(blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="uploaded_decks"
    )
    uploaded_at = models.DateTimeField(default=timezone.now)
    dealt_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "position"]
        constraints = [models.UniqueConstraint(fields=["game", "position"], name="deck_position_unique_in_game")]
        indexes = [models.Index(fields=["game", "status", "position"])]

    def __str__(self) -> str:
        label = f"board {self.board}" if self.board else f"deck {self.source_index + 1}"
        return f"{label} of {self.source_name or 'upload'}"

    @property
    def board_number(self) -> int | None:
        return board_number(self.board)

    @cached_property
    def move_url(self) -> str:
        return deck_url("queue_move", self.game_id, self.pk)

    @cached_property
    def remove_url(self) -> str:
        return deck_url("queue_remove", self.game_id, self.pk)

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
        )

    @property
    def heading(self) -> str:
        """The board's name when it says more than its number (not "Board 7" again)."""
        return board_heading(self.board, self.board_name)

    def hands(self) -> dict[str, str]:
        return dict(zip(SEATS, self.deal[2:].split(" ")))


class DealtBoard(models.Model):
    """A board dealt at a game's table: from the queue, or random when it ran out."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveIntegerField()
    deck = models.OneToOneField(Deck, null=True, blank=True, on_delete=models.SET_NULL, related_name="dealt_board")
    deal = models.CharField(max_length=70)
    dealer = models.CharField(max_length=1, choices=SEAT_CHOICES)
    vul = models.CharField(max_length=4, choices=VUL_CHOICES)
    dealt_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    dealt_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="board_number_unique_in_game")]

    def __str__(self) -> str:
        return f"{self.game} board {self.number}"

    @property
    def is_random(self) -> bool:
        return self.deck_id is None

    def hands(self) -> dict[str, str]:
        return dict(zip(SEATS, self.deal[2:].split(" ")))

    def to_parsed(self) -> ParsedDeck:
        base = self.deck.to_parsed() if self.deck else ParsedDeck(deal=self.deal, index=self.number - 1, line=0)
        return replace(base, board=str(self.number), dealer=self.dealer, vul=self.vul)


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
        "source_index": parsed.index,
        "source_line": parsed.line,
        "source_text": parsed.source,
    }


def _insert_decks(game_id: int, uploaded_by, rows: Iterable[tuple[ParsedDeck, str, str]], first: int, now) -> int:
    """Insert decks at consecutive positions from ``first``: one COPY on PostgreSQL, one
    ``executemany`` elsewhere.

    ``bulk_create`` builds a model instance per deck and prepares every value
    through its field (and, on SQLite, inserts 37 rows a statement): seconds
    for a 10,000-deck upload. Rows are built straight from the reader's values.
    """
    from django.db import connection

    ops = connection.ops
    json_columns = {f.attname for f in Deck._meta.concrete_fields if isinstance(f, models.JSONField)}
    fixed = {
        "game_id": game_id,
        "status": Deck.Status.QUEUED.value,
        "uploaded_by_id": getattr(uploaded_by, "pk", None),
        "uploaded_at": ops.adapt_datetimefield_value(now),
        "dealt_at": None,
    }
    names = [f.attname for f in Deck._meta.concrete_fields if not f.primary_key]
    sql = "INSERT INTO {} ({}) VALUES ({})".format(
        ops.quote_name(Deck._meta.db_table),
        ", ".join(ops.quote_name(Deck._meta.get_field(n).column) for n in names),
        ", ".join(["%s"] * len(names)),
    )
    params = []
    for position, (parsed, source_name, source_format) in enumerate(rows, start=first):
        values = {**deck_fields(parsed), **fixed, "position": position,
                  "source_name": source_name[:255], "source_format": source_format[:4]}
        for name in json_columns:
            values[name] = ops.adapt_json_value(values[name], None)
        params.append([values[n] for n in names])
    if params and connection.vendor == "postgresql":
        # COPY: one stream instead of a statement per row, several times faster for a season's file
        copy_sql = "COPY {} ({}) FROM STDIN".format(
            ops.quote_name(Deck._meta.db_table),
            ", ".join(ops.quote_name(Deck._meta.get_field(n).column) for n in names),
        )
        with connection.cursor() as cursor, cursor.cursor.copy(copy_sql) as copy:
            for row in params:
                copy.write_row(row)
    elif params:
        with connection.cursor() as cursor:
            cursor.executemany(sql, params)
    return len(params)


def deck_url(name: str, game_pk: int, deck_pk: int) -> str:
    """reverse(name, args=[game_pk, deck_pk]) for a queue URL (every queue row shows two):
    the URL conf is asked once per name and script prefix, then the numbers are put in."""
    return _deck_url_format(name, get_script_prefix()).format(int(game_pk), int(deck_pk))


_GAME_MARK, _DECK_MARK = 918273645, 546372819  # numbers no real URL of these two holds


@functools.cache
def _deck_url_format(name: str, prefix: str) -> str:
    url = reverse(name, args=[_GAME_MARK, _DECK_MARK])
    assert url.count(str(_GAME_MARK)) == 1 and url.count(str(_DECK_MARK)) == 1 and "{" not in url
    return url.replace(str(_GAME_MARK), "{0}").replace(str(_DECK_MARK), "{1}")


class _DealingSql(NamedTuple):
    take_number: str  # UPDATE game ... RETURNING next_board_number
    take_deck: str  # UPDATE the first queued deck ... RETURNING deck_attnames
    deck_attnames: list[str]  # the Deck fields take_deck reads back (text, integers: no conversions)
    record_board: str  # INSERT the board ... RETURNING id


@functools.cache
def _dealing_sql() -> _DealingSql:
    """deal_next's statements, built once: dealing is the hot path."""
    quote = connection.ops.quote_name
    games, decks = quote(Game._meta.db_table), quote(Deck._meta.db_table)
    columns, attnames = column_list(Deck, Deck.DEALING_FIELDS)
    take_number = (f"UPDATE {games} SET next_board_number = next_board_number + 1 WHERE id = %s "
                   "RETURNING next_board_number")
    take_deck = (f"UPDATE {decks} SET status = %s, dealt_at = %s WHERE id = ("
                 f"SELECT id FROM {decks} WHERE game_id = %s AND status = %s ORDER BY position LIMIT 1"
                 f") RETURNING {columns}")
    board_meta = DealtBoard._meta
    fields = [board_meta.get_field(name) for name in
              ("game", "number", "deck", "deal", "dealer", "vul", "dealt_by", "dealt_at")]
    record_board = (f"INSERT INTO {quote(board_meta.db_table)} ({', '.join(quote(f.column) for f in fields)}) "
                    f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {quote(board_meta.pk.column)}")
    return _DealingSql(take_number, take_deck, attnames, record_board)


def _managed(alias: str, staff: bool) -> tuple[RowReader, str, str]:
    """The game's RowReader, its quoted table, and managed_by's rule as a WHERE clause
    (the game's id, and the user as its host unless staff)."""
    quote = connections[alias].ops.quote_name
    mine = "" if staff else f" AND {quote(Game._meta.get_field('host').column)} = %s"
    return RowReader(Game, alias), quote(Game._meta.db_table), f"id = %s{mine}"


@functools.cache
def _managed_sql(alias: str, staff: bool) -> tuple[RowReader, str]:
    reader, table, where = _managed(alias, staff)
    return reader, f"SELECT {reader.columns} FROM {table} WHERE {where}"


@functools.cache
def _take_number_sql(alias: str, staff: bool) -> tuple[RowReader, str]:
    """GameManager.deal_next_as's statement: managed_by's check and the board number taken,
    the whole game read back (next_board_number already one more)."""
    reader, table, where = _managed(alias, staff)
    return reader, (f"UPDATE {table} SET next_board_number = next_board_number + 1 "
                    f"WHERE {where} RETURNING {reader.columns}")


@functools.cache
def _queue_head_sql() -> tuple[str, list[str]]:
    """Game.queue_head's query (the count first, then the listed fields: text and
    integers, no conversions) and the Deck attributes it reads."""
    quote = connection.ops.quote_name
    decks = quote(Deck._meta.db_table)
    columns, attnames = column_list(Deck, Deck.LISTING_FIELDS)
    sql = (f"SELECT (SELECT COUNT(*) FROM {decks} WHERE game_id = %s AND status = %s), {columns} "
           f"FROM {decks} WHERE game_id = %s AND status = %s ORDER BY position LIMIT %s")
    return sql, attnames


def _seat_order(item: tuple[str, str]) -> int:
    return SEATS.index(item[0]) if item[0] in SEATS else len(SEATS)


def random_deal() -> str:
    """A uniformly random deal from the operating system's cryptographic source."""
    cards = list(range(52))
    secrets.SystemRandom().shuffle(cards)
    hands = {}
    for seat_index, seat in enumerate(SEATS):
        masks = [0, 0, 0, 0]
        for card in cards[seat_index * 13 : (seat_index + 1) * 13]:
            masks[card // 13] |= 1 << (card % 13)
        hands[seat] = tuple(masks)
    return card_rules.canonical(hands)



from games.upload_models import Upload, UploadFile  # noqa: E402,F401
from games.join_models import BoardReveal, JoinTable, Seat  # noqa: E402,F401
