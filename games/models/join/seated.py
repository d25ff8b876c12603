"""What pages off the table (exports, the admin) must not show someone who sits at a
Join table: the hands of the boards in play there, the decks still to come."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Case, CharField, Q, QuerySet, Value, When

from games.models.deck import DealtBoard, Deck
from games.models.game import Game
from games.models.join.tables import Seat


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
