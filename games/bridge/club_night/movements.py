"""Movements for a duplicate pairs game: round by round, which pairs sit at which table and
which boards they play there. Pure Python, no Django; docs/movements.md says where each
movement comes from and how it is checked.

* ``mitchell``: N-S pairs stay at their tables; E-W pairs move up a table and the boards down
  a table after each round. With an odd number of tables that is the whole movement; with an
  even number the boards would come back to an E-W pair half way, so either the E-W pairs
  skip a table after half the rounds (``even="skip"``), or a set of boards rests on a bye
  stand between tables T/2 and T/2+1 while tables 1 and T share a set (``even="relay"``, the
  default: all T rounds are played and every E-W pair meets every N-S pair).
  ``arrow_switch`` turns the boards on the last rounds: there the stationary pairs hold the
  E-W cards, so a Round's table names the moving pair as ``ns`` and ``arrow_switch`` is set.
* ``howell``: every pair but the stationary ones moves; a complete Howell (2T - 1 rounds for T
  tables) has every pair meet every other once and play every board once, a 3/4 Howell
  fewer rounds with a stationary pair more for each round left out.
* An odd number of pairs plays with a phantom: the pair it would meet sits out that round
  and its table is idle (not listed in the round).

Pairs are named as the movement names them: "1 NS" .. "T NS" and "1 EW" .. "T EW" in a
Mitchell, "1" .. "P" in a Howell. Board sets are numbered from 1; set s holds boards
(s - 1) * B + 1 .. s * B for B boards a round.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

NS = "NS"
EW = "EW"
MITCHELL = "mitchell"
HOWELL = "howell"
SKIP: Final = "skip"
RELAY: Final = "relay"
Even = Literal["skip", "relay"]

BOARDS_PER_ROUND = range(1, 7)
MITCHELL_TABLES = range(2, 21)
HOWELL_TABLES = range(2, 11)
USUAL_SESSION = 26  # boards: a club session of about two and a half hours


# Why numbers cannot be played: each reason's key and its English template. A page says
# the reason in its own language from the key and the parameters (MovementError).
REASONS: Final[dict[str, str]] = {
    "boards_per_round": "a round has {least} to {most} boards, not {boards}",
    "pairs_at_tables": "{tables} tables seat {fewer} or {more} pairs, not {pairs}",
    "mitchell_tables": "a Mitchell has {least} to {most} tables, not {tables}",
    "even": "an even number of tables plays a skip or a relay, not {even!r}",
    "mitchell_rounds": "a Mitchell of {tables} tables plays 1 to {most} rounds, not {rounds}",
    "skip_rounds": (
        "a skip Mitchell of {tables} tables plays 1 to {most} rounds"
        " (round {tables} would meet round 1's opponents again), not {rounds}"
    ),
    "arrow_switch": "an arrow switch turns some of the last rounds, 1 to {most} of {rounds}, not {arrow_switch}",
    "arrow_switch_one_round": "a movement of one round cannot be arrow-switched",
    "howell_tables": "a Howell has {least} to {most} tables ({fewest} to {most_pairs} pairs), not {tables}",
    "howell_pairs": "a Howell has {least} to {most} pairs, not {pairs}",
    "howell_rounds": "a Howell of {tables} tables plays {listed} rounds, not {rounds}",
}


class MovementError(ValueError):
    """These numbers cannot be played as this movement; the message says why, in English.

    ``key`` (one of ``REASONS``) and ``params`` name the reason, so that a page can say it
    in its own language: ``MovementError("mitchell_tables", least=2, most=20, tables=1)``
    is "a Mitchell has 2 to 20 tables, not 1"."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(REASONS[key].format(**params))
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class Table:
    """One table in one round: ``ns`` holds the N-S cards, ``ew`` the E-W cards."""

    table: int
    ns: str
    ew: str
    boards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Round:
    number: int  # from 1
    tables: tuple[Table, ...]  # the tables in play, by number; an idle table is left out
    sitout: str | None = None
    arrow_switch: bool = False  # the stationary pairs hold the E-W cards (a Mitchell)

    def table(self, number: int) -> Table | None:
        return next((table for table in self.tables if table.table == number), None)

    @property
    def shares(self) -> tuple[tuple[int, ...], ...]:
        """The tables that play the same boards this round, each group in table order."""
        groups: dict[tuple[int, ...], list[int]] = {}
        for table in self.tables:
            groups.setdefault(table.boards, []).append(table.table)
        return tuple(tuple(group) for group in groups.values() if len(group) > 1)


@dataclass(frozen=True, slots=True)
class Seat:
    """Where a pair plays a round: the table and the cards it holds there (NS or EW)."""

    table: int
    direction: str


@dataclass(frozen=True, slots=True)
class Movement:
    kind: str  # "mitchell" or "howell"
    tables: int
    pair_names: tuple[str, ...]  # the pairs that play, the phantom left out
    boards_per_round: int
    rounds: tuple[Round, ...]
    even: str | None = None  # "skip" or "relay" for a Mitchell of an even number of tables
    arrow_switch: int = 0  # how many of the last rounds are arrow-switched
    phantom: str | None = None  # the missing pair of an odd number of pairs

    @property
    def pairs(self) -> int:
        return len(self.pair_names)

    @property
    def board_sets(self) -> int:
        return max(max(table.boards) for round_ in self.rounds for table in round_.tables) // self.boards_per_round

    @property
    def boards(self) -> int:
        """How many boards the movement needs (every set, played or not by all)."""
        return self.board_sets * self.boards_per_round

    def where(self, pair: str, round_number: int) -> Seat | None:
        """Where ``pair`` plays round ``round_number`` (from 1); None when it sits out."""
        if pair not in self.pair_names:
            raise ValueError(f"no pair {pair!r} in this movement")
        if not 1 <= round_number <= len(self.rounds):
            raise ValueError(f"no round {round_number}: the movement has {len(self.rounds)}")
        for table in self.rounds[round_number - 1].tables:
            if table.ns == pair:
                return Seat(table.table, NS)
            if table.ew == pair:
                return Seat(table.table, EW)
        return None


def usual_boards_per_round(rounds: int) -> int:
    """The boards a round that bring a session nearest the usual 26 boards (27 for 9
    rounds, 26 for 13, 28 for 7), within 1 to 6."""
    return min(max(round(USUAL_SESSION / rounds), BOARDS_PER_ROUND.start), BOARDS_PER_ROUND.stop - 1)


def _boards(board_set: int, boards_per_round: int) -> tuple[int, ...]:
    first = (board_set - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def _check_boards_per_round(boards_per_round: int) -> None:
    if boards_per_round not in BOARDS_PER_ROUND:
        raise MovementError(
            "boards_per_round", least=BOARDS_PER_ROUND.start, most=BOARDS_PER_ROUND.stop - 1, boards=boards_per_round
        )


def _seats(tables: int, pairs: int | None) -> int:
    """The pairs that play at ``tables`` tables: 2T, or 2T - 1 with a phantom."""
    if pairs is None:
        return 2 * tables
    if pairs not in (2 * tables - 1, 2 * tables):
        raise MovementError("pairs_at_tables", tables=tables, fewer=2 * tables - 1, more=2 * tables, pairs=pairs)
    return pairs


def mitchell_rounds(tables: int, even: Even = RELAY) -> int:
    """The most rounds a Mitchell of ``tables`` tables plays: T, or T - 1 with a skip (a T-th
    round would bring each E-W pair back to its first opponents)."""
    return tables - 1 if tables % 2 == 0 and even == SKIP else tables


def mitchell(
    tables: int,
    boards_per_round: int,
    rounds: int | None = None,
    *,
    arrow_switch: int = 0,
    even: Even = RELAY,
    pairs: int | None = None,
) -> Movement:
    """A Mitchell for ``tables`` tables; ``rounds`` defaults to the most it plays.

    ``pairs`` may be 2T - 1: the N-S pair of the last table is then the phantom, and the
    E-W pair that reaches that table sits out the round. ``even`` ("relay" or "skip")
    matters only for an even number of tables. ``arrow_switch`` is how many of the last
    rounds are played with the boards turned, so that one field plays both ways and a
    Mitchell gives one winner.
    """
    if tables not in MITCHELL_TABLES:
        raise MovementError(
            "mitchell_tables", least=MITCHELL_TABLES.start, most=MITCHELL_TABLES.stop - 1, tables=tables
        )
    if even not in (SKIP, RELAY):
        raise MovementError("even", even=even)
    _check_boards_per_round(boards_per_round)
    seated = _seats(tables, pairs)
    half = tables // 2
    odd = tables % 2 == 1
    most = mitchell_rounds(tables, even)
    played = most if rounds is None else rounds
    if not 1 <= played <= most:
        why = "skip_rounds" if not odd and even == SKIP else "mitchell_rounds"
        raise MovementError(why, tables=tables, most=most, rounds=played)
    if not 0 <= arrow_switch < played:
        if played == 1:
            raise MovementError("arrow_switch_one_round")
        raise MovementError("arrow_switch", most=played - 1, rounds=played, arrow_switch=arrow_switch)

    def board_set(table: int, index: int) -> int:
        if odd or even == SKIP:
            position = table
        elif table == tables:  # shares table 1's boards
            position = 1
        else:  # the bye stand holds the set after table T/2's
            position = table if table <= half else table + 1
        return (position - 1 + index) % tables + 1

    def ew_pair(table: int, index: int) -> int:
        skipped = 1 if not odd and even == SKIP and index >= half else 0
        return (table - 1 - index - skipped) % tables + 1

    phantom = f"{tables} NS" if seated % 2 else None
    built = []
    for index in range(played):
        switched = index >= played - arrow_switch
        in_play, sitout = [], None
        for number in range(1, tables + 1):
            stationary, moving = f"{number} NS", f"{ew_pair(number, index)} EW"
            if stationary == phantom:
                sitout = moving
                continue
            ns, ew = (moving, stationary) if switched else (stationary, moving)
            in_play.append(Table(number, ns, ew, _boards(board_set(number, index), boards_per_round)))
        built.append(Round(index + 1, tuple(in_play), sitout, switched))
    names = tuple(f"{n} {d}" for d in (NS, EW) for n in range(1, tables + 1) if f"{n} {d}" != phantom)
    return Movement(
        kind=MITCHELL,
        tables=tables,
        pair_names=names,
        boards_per_round=boards_per_round,
        rounds=tuple(built),
        even=None if odd else even,
        arrow_switch=arrow_switch,
        phantom=phantom,
    )


# Cyclic Howells (docs/movements.md). For T tables and R rounds, each table's start is
# "x-y:c": moving pairs x and y (0 .. R-1) sit N-S and E-W in round 1, or "x:c": a
# stationary pair sits N-S against moving pair x; the table plays set c first. In round
# r (from 0) the table holds x + r and y + r (mod R) and set c + r: each pair takes the
# seat of the next lower pair and each table plays its next set. The moving pairs are
# named x + 1; the stationary pairs R + 1 .. 2T, the highest at table 1.
# These starts are Howell designs: within a round the sets differ, the differences
# ±(x - y) differ (no two pairs meet twice) and the c - x, c - y together are every residue
# once (no pair plays a set twice, and every pair plays every set). A complete Howell
# has R = 2T - 1 and one stationary pair; a 3/4 Howell 2T - R of them. Found by search
# (exhaustive where none is listed) and checked by tests/bridge/test_movements.py.
_CYCLIC_STARTS: dict[tuple[int, int], str] = {
    (4, 7): "0:0 3-1:2 2-6:4 5-4:1",  # the pairs of Bridge Central's balanced 4-table Howell (b)
    (5, 9): "0:0 1-3:8 2-5:4 4-8:5 6-7:1",
    (6, 9): "0:0 4:2 8:5 1-7:3 2-6:1 3-5:6",
    (6, 10): "0:0 5:8 1-3:7 2-9:1 4-8:9 6-7:4",
    (6, 11): "0:0 1-7:3 2-9:1 3-6:4 4-5:9 8-10:5",
    (7, 11): "0:0 5:4 10:7 1-3:5 2-7:3 4-8:2 6-9:1",
    (7, 12): "0:0 11:2 1-4:9 2-6:3 3-8:10 5-7:11 9-10:8",
    (7, 13): "0:0 1-4:5 2-9:8 3-8:11 5-6:2 7-11:9 10-12:4",
    (8, 12): "0:0 5:11 7:6 9:7 1-4:9 2-6:3 3-8:10 10-11:2",
    (8, 13): "0:0 4:11 8:5 1-11:12 2-3:7 5-12:1 6-10:9 7-9:2",
    (8, 14): "0:0 4:12 1-7:3 2-6:9 3-12:7 5-8:6 9-10:1 11-13:10",
    (8, 15): "0:0 1-7:2 2-9:5 3-13:7 4-8:6 5-6:12 10-12:9 11-14:4",
    (9, 14): "0:0 5:13 10:11 11:2 1-7:3 2-6:9 3-4:1 8-13:12 9-12:4",
    (9, 15): "0:0 7:9 11:2 1-10:13 2-12:1 3-14:12 4-6:11 5-13:6 8-9:4",
    (9, 16): "0:0 12:2 1-7:9 2-3:12 4-9:8 5-14:1 6-10:7 8-11:6 13-15:4",
    (9, 17): "0:0 1-16:15 2-3:12 4-10:16 5-15:6 6-14:10 7-11:1 8-13:11 9-12:14",
    (10, 15): "0:0 4:6 5:11 6:7 13:8 1-10:13 2-12:1 3-14:12 7-9:14 8-11:4",
    (10, 16): "0:0 11:2 12:15 15:5 1-7:9 2-3:12 4-9:8 5-14:10 6-8:3 10-13:11",
    (10, 17): "0:0 5:15 12:9 1-2:3 3-14:1 4-8:11 6-15:14 7-10:16 9-16:4 11-13:7",
    (10, 18): "0:0 3:10 1-2:17 4-6:15 5-11:13 7-17:12 8-15:11 9-14:8 10-13:14 12-16:4",
    (10, 19): "0:0 1-14:8 2-7:5 3-11:12 4-5:1 6-9:14 8-18:3 10-17:9 12-16:18 13-15:6",
}

# Two and three tables have no complete Howell without shared boards (no Room square of
# side 3 or 5). The pairs move as in the cyclic Howells; the sets are listed per round and
# table. Two tables play the same set each round, as the ACBL's 2-table Howell does; three
# tables play four sets in rounds 1 to 4, tables sharing none, and all three share set 5 in
# the last round, as the usual 3-table Howell does.
_SHARED: dict[int, tuple[tuple[tuple[int, int | None], ...], tuple[tuple[int, ...], ...]]] = {
    2: (((0, None), (2, 1)), ((1, 1), (2, 2), (3, 3))),
    3: (((0, None), (1, 4), (2, 3)), ((1, 2, 3), (3, 2, 4), (4, 1, 3), (2, 1, 4), (5, 5, 5))),
}


def _starts(text: str) -> list[tuple[int, int | None, int]]:
    """(x, y, c) of each table of a cyclic start; y is None at a stationary pair's table."""
    starts: list[tuple[int, int | None, int]] = []
    for table in text.split():
        pairs, board_set = table.split(":")
        x, _, y = pairs.partition("-")
        starts.append((int(x), int(y) if y else None, int(board_set)))
    return starts


def howell_rounds(tables: int) -> tuple[int, ...]:
    """The rounds a Howell of ``tables`` tables can play: the complete Howell's 2T - 1, and
    the 3/4 Howells', with no more stationary pairs than tables of moving pairs."""
    if tables not in HOWELL_TABLES:
        raise MovementError(
            "howell_tables",
            least=HOWELL_TABLES.start,
            most=HOWELL_TABLES.stop - 1,
            fewest=2 * HOWELL_TABLES.start - 1,
            most_pairs=2 * (HOWELL_TABLES.stop - 1),
            tables=tables,
        )
    if tables in _SHARED:
        return (2 * tables - 1,)
    return tuple(sorted(rounds for size, rounds in _CYCLIC_STARTS if size == tables))


def default_howell_rounds(tables: int) -> int:
    """The complete Howell up to 7 tables (13 rounds); beyond, the shortest 3/4 Howell."""
    choices = howell_rounds(tables)
    return choices[-1] if tables <= 7 else choices[0]


def howell(pairs: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A Howell for ``pairs`` pairs (an odd number plays with a phantom: the highest-numbered
    pair, stationary at table 1, so table 1 is the sit-out table)."""
    if not 2 * HOWELL_TABLES.start - 1 <= pairs <= 2 * (HOWELL_TABLES.stop - 1):
        raise MovementError(
            "howell_pairs", least=2 * HOWELL_TABLES.start - 1, most=2 * (HOWELL_TABLES.stop - 1), pairs=pairs
        )
    _check_boards_per_round(boards_per_round)
    tables = math.ceil(pairs / 2)
    choices = howell_rounds(tables)
    played = default_howell_rounds(tables) if rounds is None else rounds
    if played not in choices:
        listed = ", ".join(map(str, choices[:-1])) + (" or " if len(choices) > 1 else "") + str(choices[-1])
        # ``offered``, the numbers themselves, for a page that lists them in its own words
        raise MovementError("howell_rounds", tables=tables, listed=listed, offered=choices, rounds=played)
    if tables in _SHARED:
        starts, sets = _SHARED[tables]
        layout = [(x, y, 0) for x, y in starts]
    else:
        layout = _starts(_CYCLIC_STARTS[tables, played])
        sets = None
    stationary = [index for index, (_, y, _) in enumerate(layout) if y is None]
    names = {index: str(2 * tables - place) for place, index in enumerate(stationary)}
    phantom = str(2 * tables) if pairs % 2 else None

    def moving(residue: int, index: int) -> str:
        return str((residue + index) % played + 1)

    built = []
    for index in range(played):
        in_play, sitout = [], None
        for position, (x, y, first) in enumerate(layout):
            ns, ew = (names[position], moving(x, index)) if y is None else (moving(x, index), moving(y, index))
            if phantom in (ns, ew):
                sitout = ew if ns == phantom else ns
                continue
            board_set = sets[index][position] if sets else (first + index) % played + 1
            in_play.append(Table(position + 1, ns, ew, _boards(board_set, boards_per_round)))
        built.append(Round(index + 1, tuple(in_play), sitout))
    return Movement(
        kind=HOWELL,
        tables=tables,
        pair_names=tuple(str(n) for n in range(1, pairs + 1)),
        boards_per_round=boards_per_round,
        rounds=tuple(built),
        phantom=phantom,
    )
