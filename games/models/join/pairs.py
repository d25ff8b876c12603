"""A club movement's pairs (``Pair``, their ``Substitute`` players) and where the
movement stands for a table or a pair: the deals a table plays in a round, the deal it
plays now, the pair a player plays in, who meets whom on each board.

Below the tables: ``JoinTable``'s own methods (``movement``, ``seating``) use these, and
``rounds``, which moves the pairs to their tables, builds on both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from games.bridge.club_night.movements import EW, NS, Movement
from games.models.board_play import BoardPlay
from games.models.game import Game

if TYPE_CHECKING:
    from games.models.join.tables import JoinTable

SEATS_OF = {NS: ("N", "S"), EW: ("E", "W")}


class Pair(models.Model):
    """One pair of a movement, named as the movement names it ("1 NS", "1 EW"; "3"): its
    two players, or robots (a null player is a robot). ``first`` sits North or East,
    ``second`` South or West, wherever the pair goes."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="pairs")
    name = models.CharField(max_length=8)
    first = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    second = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    joined_round = models.PositiveSmallIntegerField(default=1)  # a late pair: the first round it plays

    class Meta:
        ordering = ["-game_id", "id"]  # as JoinTable's, without joining the game
        constraints = [models.UniqueConstraint(fields=["game", "name"], name="one_pair_name_in_game")]

    def __str__(self) -> str:
        return f"pair {self.name} of {self.game}"

    @property
    def robots(self) -> bool:
        return self.first_id is None and self.second_id is None


class Substitute(models.Model):
    """A player who took a pair's seat mid-session in place of one of its players: from
    ``from_deal`` on (DealtBoard.number, the next board after they sat) they play for the
    pair and move with it; ``replaced`` is the player they stand in for."""

    pair = models.ForeignKey(Pair, on_delete=models.CASCADE, related_name="substitutes")
    replaced = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    substitute = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    round = models.PositiveSmallIntegerField()
    from_deal = models.PositiveIntegerField()
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.substitute} for {self.replaced} in {self.pair}"


# --- where the movement stands ------------------------------------------------------------


def movement_of(game: Game) -> Movement:
    """The movement the seats follow: the one of 2T pairs (with an odd number of pairs,
    the phantom holds its place, and its table is idle)."""
    return game.club_movement()


def round_deals(game: Game, table_number: int, round_number: int | None = None) -> tuple[int, ...]:
    """The game's deals (DealtBoard.number) ``table_number`` plays in a round (the current
    one by default), in order; () before the start, after the last round, or at the
    phantom's idle table."""
    round_number = game.round if round_number is None else round_number
    if not game.by_movement or not 1 <= round_number <= len(movement_of(game).rounds):
        return ()
    table = movement_of(game).rounds[round_number - 1].table(table_number)
    if table is None or (game.phantom and game.phantom in (table.ns, table.ew)):
        return ()
    return tuple(game.movement_base + board for board in table.boards)


def boards_over_at(table_ids, numbers) -> set[tuple[int, int]]:
    """(table id, deal number) of the boards over at those tables: played to the end, or
    ended before (not finished, revealed, not played)."""
    return set(
        BoardPlay.objects.filter(table_id__in=table_ids, board__number__in=numbers)
        .filter(Q(finished_at__isnull=False) | ~Q(abandoned=""))
        .values_list("table_id", "board__number")
    )


def current_deal(game: Game, table: JoinTable) -> int | None:
    """The deal ``table`` plays now: the first of its round's set not over there, the last
    once all are (the round is over at that table); None when it plays none this round."""
    numbers = round_deals(game, table.number)
    if not numbers:
        return None
    over = {number for _, number in boards_over_at([table.pk], numbers)}
    return next((number for number in numbers if number not in over), numbers[-1])


def pair_of(game: Game, user) -> Pair | None:
    """The pair ``user`` plays in (None: none, or the movement has not started)."""
    if not getattr(user, "is_authenticated", False) or not game.by_movement:
        return None
    return Pair.objects.filter(game=game).filter(Q(first=user) | Q(second=user)).first()


def pair_deals(game: Game, pair_name: str) -> set[int]:
    """The deals ``pair_name`` plays in the rounds so far (the current one included)."""
    movement = movement_of(game)
    deals: set[int] = set()
    for number in range(1, min(game.round, len(movement.rounds)) + 1):
        spot = movement.where(pair_name, number)
        if spot is not None:
            deals.update(round_deals(game, spot.table, number))
    return deals


def pair_boards_over(game: Game, user) -> set[int] | None:
    """The boards (DealtBoard ids) ``user``'s pair has finished, at whichever tables it
    played them: what their results show in a movement, so that no traveller tells them
    of a board they are still to play (None: the game has no movement, or they play in
    no pair)."""
    pair = pair_of(game, user)
    if pair is None:
        return None
    movement = movement_of(game)
    over = Q(finished_at__isnull=False) | ~Q(abandoned="")
    wanted = Q()
    for number in range(1, min(game.round, len(movement.rounds)) + 1):
        spot = movement.where(pair.name, number)
        if spot is None:
            continue  # sat out this round
        deals = round_deals(game, spot.table, number)
        if deals:
            wanted |= Q(table__number=spot.table, board__number__in=deals)
    if not wanted:
        return set()
    plays = BoardPlay.objects.filter(board__game=game, table__game=game).filter(wanted).filter(over)
    return set(plays.values_list("board_id", flat=True))


# --- who meets whom on each board: the travellers ----------------------------------------


@dataclass(frozen=True, slots=True)
class Meeting:
    round: int
    ns: str
    ew: str


def meetings(game: Game) -> dict[tuple[int, int], Meeting]:
    """{(table number, deal number): the round and the pairs that play it there}, for the
    travellers of a movement game ({} for any other)."""
    if not game.by_movement or not game.movement_tables:
        return {}
    met = {}
    for played in movement_of(game).rounds:
        for table in played.tables:
            for board in table.boards:
                met[table.table, game.movement_base + board] = Meeting(played.number, table.ns, table.ew)
    return met


def late_lines(game: Game) -> dict[int, list[tuple[str, str]]]:
    """{deal number: [(N-S pair, E-W pair)]}: the boards a late pair missed at the tables
    it would have played them, with the pairs that sat there then, when the game's rule
    scores them as averages."""
    if not game.by_movement or game.missed_boards != Game.MissedBoards.AVERAGE:
        return {}
    late = list(Pair.objects.filter(game=game, joined_round__gt=1).values_list("name", "joined_round"))
    if not late:
        return {}
    movement = movement_of(game)
    missed: dict[int, list[tuple[str, str]]] = {}
    for name, joined in late:
        for number in range(1, min(joined, len(movement.rounds) + 1)):
            spot = movement.where(name, number)
            table = movement.rounds[number - 1].table(spot.table) if spot is not None else None
            if table is None:
                continue
            for board in table.boards:
                missed.setdefault(game.movement_base + board, []).append((table.ns, table.ew))
    return missed


# --- a substitute ---------------------------------------------------------------------------


def substitute_in(table: JoinTable, seat: str, user_id: int, from_deal: int) -> Substitute | None:
    """Someone of no pair (``user_id``) has taken a pair's seat in the current round: they
    become the pair's player in place of the one who held it, play on for the pair from
    ``from_deal`` and move with it at Next round; recorded as its substitute. Called
    inside the seating's transaction. None when nothing changed: no movement under way,
    a seat of no pair (the phantom's), or a player of some pair (a move among players)."""
    game = Game.objects.get(pk=table.game_id)
    if not game.by_movement or not game.round:
        return None
    movement = movement_of(game)
    if game.round > len(movement.rounds):
        return None
    spot = movement.rounds[game.round - 1].table(table.number)
    if spot is None:
        return None
    direction = NS if seat in SEATS_OF[NS] else EW
    pair = Pair.objects.select_for_update().filter(game=game, name=spot.ns if direction == NS else spot.ew).first()
    if pair is None:
        return None
    place = "first_id" if SEATS_OF[direction].index(seat) == 0 else "second_id"
    replaced = getattr(pair, place)
    in_a_pair = Pair.objects.filter(game=game).filter(Q(first_id=user_id) | Q(second_id=user_id)).exists()
    if replaced == user_id or in_a_pair:
        return None
    setattr(pair, place, user_id)
    pair.save(update_fields=[place.removesuffix("_id")])
    return Substitute.objects.create(
        pair=pair, replaced_id=replaced, substitute_id=user_id, round=game.round, from_deal=from_deal
    )
