"""A Join game played by a club movement (Mitchell or Howell): its pairs, its rounds, and
every pair moved at once to its next table.

The movement itself is ``games.bridge.club_night.movements``' (pure Python): round by
round, which pairs sit at which table and which boards they play there. Here it meets
the rows. The host starts it (``start_movement``): the players seated at round 1's
tables become the movement's pairs (``Pair``), named as the movement names them, and
the session's boards are dealt from the queue, board k of the movement as the game's
deal ``movement_base + k``. Each table then plays its round's set in order
(``JoinTable.board``). ``next_round`` moves every pair, robots too, to its table and
seat of the next round in one transaction, once every table has finished (or, when the
host says so, recording a slow table's boards as not played).

The seats are placed by the movement of 2T pairs; an odd number of pairs plays with the
phantom (``Game.phantom``), whose table is idle: the pair that meets it sits there and
sits out the round. Two players (or robots) who take the phantom's seats join the
movement as the phantom's pair at the next round (``Pair.joined_round``); what the
boards it missed score is the game's rule (``Game.missed_boards``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext

from games.bridge.club_night.movements import Movement, MovementError
from games.bridge.types import SEATS
from games.bridge.types import Seat as BridgeSeat
from games.models.board_play import BoardPlay
from games.models.deck import DealtBoard
from games.models.game import SCRIPT_SOURCE, Game
from games.models.join.errors import MovementCannotBePlayed, SeatError
from games.models.join.pairs import (
    SEATS_OF,
    Pair,
    boards_over_at,
    movement_of,
    round_deals,
)
from games.models.join.tables import JoinTable, Seat

ROBOT = "robot"  # a seat's occupant that is a robot (JoinTable.robots), not a user's id


class RoundNotOver(SeatError):
    """Next round while some tables still play their boards: the host is asked first.
    ``tables``: their numbers; ``round``: the round the question is about."""

    def __init__(self, round_number: int, tables: list[int]) -> None:
        self.round, self.tables = round_number, tables
        super().__init__(
            gettext("Round %(round)s is not over at table %(tables)s.")
            % {"round": round_number, "tables": ", ".join(map(str, tables))}
        )


@dataclass(frozen=True, slots=True)
class TableRound:
    """One table in the current round, as the host's overview shows it."""

    number: int
    ns: str  # the pair holding the N-S cards ("" at the idle table)
    ew: str
    boards: tuple[int, ...]  # the board numbers of its set (() at the idle table)
    deal: int | None  # the deal it plays now
    over: bool  # every board of its set is over here
    idle: bool  # the phantom's table: its pair sits out


@dataclass(frozen=True, slots=True)
class RoundState:
    """Where a movement stands: the round (0 before the start), how many, each table."""

    kind: str
    round: int
    rounds: int
    boards_per_round: int
    tables: tuple[TableRound, ...]
    sitout: str  # the pair sitting out this round ("" when none)
    phantom: str
    pairs: int  # the pairs that play (0 before the start)
    late_pair: bool  # two people sit in the phantom's seats: they join at the next round

    @property
    def started(self) -> bool:
        return self.round > 0

    @property
    def round_over(self) -> bool:
        return self.started and all(table.over for table in self.tables if not table.idle)

    @property
    def last(self) -> bool:
        return self.round >= self.rounds

    def of(self, number: int) -> TableRound | None:
        return next((table for table in self.tables if table.number == number), None)


def round_state(game: Game, tables: list[JoinTable] | None = None) -> RoundState | None:
    """The movement's round and every table's part in it (None: the game has no movement,
    or its numbers cannot be played); a few queries whatever the number of tables."""
    if not game.by_movement:
        return None
    tables = list(JoinTable.objects.filter(game=game).order_by("number")) if tables is None else tables
    try:
        movement = game.club_movement(game.movement_tables or len(tables))
    except MovementError:
        return None
    number = game.round
    rows: list[TableRound] = []
    sitout = ""
    if 1 <= number <= len(movement.rounds):
        played = movement.rounds[number - 1]
        deals = {table.pk: round_deals(game, table.number) for table in tables}
        over = boards_over_at(list(deals), {n for numbers in deals.values() for n in numbers})
        for table in tables:
            spot = played.table(table.number)
            numbers = deals[table.pk]
            idle = spot is None or not numbers
            if spot is not None and idle and game.phantom:
                sitout = spot.ew if spot.ns == game.phantom else spot.ns
            left = [n for n in numbers if (table.pk, n) not in over]
            rows.append(
                TableRound(
                    number=table.number,
                    ns="" if idle or spot is None else spot.ns,
                    ew="" if idle or spot is None else spot.ew,
                    boards=() if idle or spot is None else spot.boards,
                    deal=(left[0] if left else numbers[-1]) if numbers else None,
                    over=not left,
                    idle=idle,
                )
            )
    pairs = Pair.objects.filter(game=game).count() if number else 0
    return RoundState(
        kind=game.movement,
        round=number,
        rounds=len(movement.rounds),
        boards_per_round=game.boards_per_round,
        tables=tuple(rows),
        sitout=sitout,
        phantom=game.phantom,
        pairs=pairs,
        late_pair=bool(game.phantom and number and _late_pair(game, movement, number) is not None),
    )


# --- the movement's settings, until play begins ----------------------------------------------


def movement_fixed(game: Game) -> str:
    """Why the game's movement and its numbers (tables, boards a round, rounds) can no
    longer be changed on its settings page; "" while they can: until round 1 of a Mitchell
    or Howell starts, or, in a game whose host deals, until a board is dealt."""
    if game.round:
        return gettext(
            "Round %(round)s has started: the movement, its tables, boards a round and rounds stay as they are."
        ) % {"round": game.round}
    if game.next_board_number > 1:
        return gettext("Boards have been dealt: the movement, its tables, boards a round and rounds stay as they are.")
    return ""


def change_movement(game: Game, tables: int, **numbers: object) -> None:
    """The game's movement and its numbers (``numbers``: movement, boards_per_round, rounds,
    even, arrow_switch) set, and its tables brought to ``tables`` (the highest-numbered go,
    or new ones come), all or none, under the game's lock. SeatError, nothing changed, once
    the movement is fixed (``movement_fixed``) or when a table to go has players."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        why = movement_fixed(locked)
        if why:
            raise SeatError(why)
        Game.objects.filter(pk=locked.pk).update(**numbers)
        present = list(JoinTable.objects.filter(game=locked).order_by("number"))
        for table in present[tables:][::-1]:
            table.remove()
        for _ in range(tables - len(present)):
            JoinTable.add_to(locked)
    for name, value in numbers.items():
        setattr(game, name, value)


# --- starting the movement -----------------------------------------------------------------


def _occupants(tables: list[JoinTable]) -> dict[tuple[int, str], int | str]:
    """{(table number, seat): user id, or ROBOT} for every seat held."""
    held: dict[tuple[int, str], int | str] = {}
    numbers = {table.pk: table.number for table in tables}
    for table in tables:
        for seat in table.robots:
            held[table.number, seat] = ROBOT
    for table_id, seat, user_id in Seat.objects.filter(table_id__in=list(numbers)).values_list(
        "table_id", "seat", "user_id"
    ):
        held[numbers[table_id], seat] = user_id
    return held


def _pair_seats(movement: Movement, pair: str, round_number: int) -> tuple[int, tuple[str, str]] | None:
    spot = movement.where(pair, round_number)
    return None if spot is None else (spot.table, SEATS_OF[spot.direction])


def start_movement(game: Game, by=None) -> int:
    """Round 1: the pairs seated at round 1's tables become the movement's pairs and the
    session's boards are dealt, all in one transaction under the game's lock; how many
    boards were dealt. SeatError (nothing changed) when it has started, when a pair's
    seats are not both held (one missing pair may be the phantom's), or when the numbers
    cannot be played; Game.SetFinished or ScriptFailed when the queue cannot deal them."""
    if not game.by_movement:
        raise SeatError(gettext("This game has no movement: the host deals its boards."))
    made = _script_decks(game, by)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.round:
            raise SeatError(gettext("The movement has started already: round %(round)s.") % {"round": locked.round})
        tables = list(JoinTable.objects.select_for_update().filter(game=locked).order_by("number"))
        try:
            full = locked.club_movement(len(tables))
        except MovementError as why:
            raise MovementCannotBePlayed(why) from None
        held = _occupants(tables)
        missing = []
        for name in full.pair_names:
            found = _pair_seats(full, name, 1)
            if found is None:
                continue  # sits out round 1
            table, seats = found
            present = [held.get((table, seat)) for seat in seats]
            if None in present:
                missing.append((name, table, seats, present))
        phantom = ""
        if len(missing) == 1 and missing[0][3] == [None, None]:
            try:
                odd = locked.club_movement(len(tables), 2 * len(tables) - 1)
            except MovementError:
                odd = None
            if odd is not None and odd.phantom == missing[0][0]:
                phantom, missing = odd.phantom, []
        if missing:
            name, table, seats, _ = missing[0]
            raise SeatError(
                gettext(
                    "Table %(table)s needs a pair in %(first)s and %(second)s before round 1: seat players "
                    "or robots there."
                ),
                table=table,
                first=BridgeSeat(seats[0]),
                second=BridgeSeat(seats[1]),
            )
        pairs = []
        for name in full.pair_names:
            found = _pair_seats(full, name, 1)
            if name == phantom or found is None:
                continue
            table, seats = found
            first, second = (held[table, seat] for seat in seats)
            pairs.append(
                Pair(
                    game=locked,
                    name=name,
                    first_id=None if first == ROBOT else first,
                    second_id=None if second == ROBOT else second,
                )
            )
        Pair.objects.bulk_create(pairs)
        base = locked.next_board_number - 1
        if made:
            locked._append([(made, SCRIPT_SOURCE, "dlr")], None, locked=True)
        for board in range(1, full.boards + 1):
            locked._deal_numbered(base + board, by, board_number=board)
        Game.objects.filter(pk=locked.pk).update(
            next_board_number=base + full.boards + 1,
            round=1,
            movement_base=base,
            movement_tables=len(tables),
            phantom=phantom,
        )
        Seat.objects.filter(game=locked).update(from_board=base + 1)
        JoinTable.objects.filter(game=locked).update(version=F("version") + 1)
    game.refresh_from_db()
    _start_robots(game)
    return full.boards


def _script_decks(game: Game, by) -> list:
    """The decks the game's dealer script must make for the movement's boards the queue
    lacks, made before the game's row is locked (a run takes seconds)."""
    if game.when_empty != Game.WhenEmpty.SCRIPT:
        return []
    try:
        boards = game.club_movement(JoinTable.objects.filter(game=game).count()).boards
    except MovementError:
        return []
    return [game._script_deck(by) for _ in range(max(0, boards - game.queued().count()))]


def _start_robots(game: Game) -> None:
    """Robots that are to call first at their tables' boards call (after the commit, as a
    table's page would have them do)."""
    for table in JoinTable.objects.select_related("game").filter(game=game).exclude(robots=""):
        board = table.board()
        if board is not None:
            table.start_robots(board)


# --- the next round ------------------------------------------------------------------------


def _late_pair(game: Game, movement: Movement, round_number: int) -> tuple[int | str, int | str] | None:
    """The two occupants of the phantom's seats this round, when both are held by people
    of no pair (or robots): a pair arrived late, to join as the phantom's."""
    spot = _pair_seats(movement, game.phantom, round_number)
    if spot is None:
        return None
    table_number, seats = spot
    table = JoinTable.objects.filter(game=game, number=table_number).first()
    if table is None:
        return None
    held = _occupants([table])
    first, second = (held.get((table_number, seat)) for seat in seats)
    if first is None or second is None:
        return None
    present = (first, second)
    in_pairs: set[int | str] = set()
    for one, other in Pair.objects.filter(game=game).values_list("first_id", "second_id"):
        in_pairs.update(user for user in (one, other) if user is not None)
    if any(user != ROBOT and user in in_pairs for user in present):
        return None
    return first, second


def next_round(game: Game, shown: int | None, *, force: bool = False, by=None) -> int:
    """Move every pair to its table and seat of the next round, at once: the Seat rows of
    its players and the robots (``JoinTable.robots``), under the game's and the tables'
    locks; every table's version moves on, so the pages redraw. ``shown``: the round the
    host's page showed (SeatError when the movement is elsewhere now). A table that has
    not finished its round is refused (RoundNotOver) unless ``force``: its boards not
    over are then recorded as not played. Returns the new round."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if not locked.by_movement or not locked.round:
            raise SeatError(gettext("Start round 1 first."))
        if shown != locked.round:
            raise SeatError(
                gettext("The movement is at round %(round)s now: nothing was changed.") % {"round": locked.round}
            )
        movement = movement_of(locked)
        if locked.round >= len(movement.rounds):
            raise SeatError(gettext("Round %(round)s was the last: the session is over.") % {"round": locked.round})
        tables = list(JoinTable.objects.select_for_update().filter(game=locked).order_by("pk"))
        _end_round(locked, tables, force)
        late = _late_pair(locked, movement, locked.round) if locked.phantom else None
        if late is not None:
            Pair.objects.create(
                game=locked,
                name=locked.phantom,
                first_id=None if late[0] == ROBOT else late[0],
                second_id=None if late[1] == ROBOT else late[1],
                joined_round=locked.round + 1,
            )
            locked.phantom = ""
        upcoming = locked.round + 1
        _seat_pairs(locked, tables, movement, upcoming)
        Game.objects.filter(pk=locked.pk).update(round=upcoming, phantom=locked.phantom)
        JoinTable.objects.filter(game=locked).update(version=F("version") + 1)
    game.refresh_from_db()
    _start_robots(game)
    return upcoming


def _end_round(game: Game, tables: list[JoinTable], force: bool) -> None:
    """Refuse while a table has boards of its round not over (RoundNotOver), or, with
    ``force``, record them: one under way as not finished, one not reached as not played."""
    slow: dict[JoinTable, list[int]] = {}
    deals = {table.pk: round_deals(game, table.number) for table in tables}
    over = boards_over_at(list(deals), {n for numbers in deals.values() for n in numbers})
    for table in tables:
        left = [n for n in deals[table.pk] if (table.pk, n) not in over]
        if left:
            slow[table] = left
    if not slow:
        return
    if not force:
        raise RoundNotOver(game.round, sorted(table.number for table in slow))
    wanted = {number for numbers in slow.values() for number in numbers}
    boards = {board.number: board for board in DealtBoard.objects.filter(game=game, number__in=wanted)}
    now = timezone.now()
    for table, numbers in slow.items():
        for number in numbers:
            board = boards[number]
            play, created = BoardPlay.objects.get_or_create(
                board=board,
                table=table,
                defaults={
                    "mode": BoardPlay.Mode.TABLE,
                    "deal": board.deal,
                    "dealer": board.dealer,
                    "vul": board.vul,
                    "abandoned": BoardPlay.Abandoned.NOT_PLAYED,
                    "abandoned_at": now,
                },
            )
            if not created:
                play = BoardPlay.objects.select_for_update().select_related("board").get(pk=play.pk)
                why = BoardPlay.Abandoned.DEALT if play.under_way else BoardPlay.Abandoned.NOT_PLAYED
                play.leave_unfinished(why, confirmed=True)


def _seat_pairs(game: Game, tables: list[JoinTable], movement: Movement, round_number: int) -> None:
    """Every pair's players (and robots) to their seats of ``round_number``; whoever else
    held a seat a pair needs stands up. The Seat rows of the pairs' players are made
    again at their new seats (a player who has stood up stays up)."""
    by_number = {table.number: table for table in tables}
    seated = dict(Seat.objects.filter(game=game).values_list("user_id", "pk"))
    places: dict[tuple[int, str], int | str] = {}
    for pair in Pair.objects.filter(game=game):
        spot = _pair_seats(movement, pair.name, round_number)
        if spot is None:
            continue
        number, seats = spot
        for seat, user in zip(seats, (pair.first_id, pair.second_id), strict=True):
            if user is None:
                places[number, seat] = ROBOT
            elif user in seated:
                places[number, seat] = user
    movers = [user for user in places.values() if user != ROBOT]
    Seat.objects.filter(game=game, user_id__in=movers).delete()
    wanted = [Q(table=by_number[number], seat=seat) for number, seat in places]
    if wanted:
        blocking = Q()
        for condition in wanted:
            blocking |= condition
        Seat.objects.filter(game=game).filter(blocking).delete()
    first = game.movement_base + 1
    Seat.objects.bulk_create(
        Seat(game=game, table=by_number[number], seat=seat, user_id=user, from_board=first)
        for (number, seat), user in places.items()
        if user != ROBOT
    )
    for table in tables:
        robots = "".join(seat for seat in SEATS if places.get((table.number, seat)) == ROBOT)
        JoinTable.objects.filter(pk=table.pk).update(robots=robots)
