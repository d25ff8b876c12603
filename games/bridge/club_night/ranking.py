"""The session's ranking: each pair's total over the boards it played, ties shown as ties."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from .adjusted import ARTIFICIAL_SCORES, ArtificialScores
from .cross_imps import butler_imps, cross_imps_by_side
from .matchpoints import matchpoints
from .numbers import hundredths
from .traveller import Traveller

MATCHPOINTS, IMPS, BUTLER = "MP", "IMP", "Butler"  # IMPS: cross-IMPs
SCORINGS = (MATCHPOINTS, IMPS, BUTLER)


@dataclass(frozen=True, slots=True)
class Standing:
    """A pair's line of the ranking."""

    rank: int  # 1 for the best; pairs tied share the best rank of the places they fill
    tied: bool
    pair: str
    boards: int  # boards the pair played
    score: Fraction  # matchpoints, cross-IMPs or Butler IMPs, summed over its boards
    percent: Fraction | None  # matchpoints scored of those available, to hundredths; None at IMPs
    direction: str = ""  # "NS" or "EW" when each direction is ranked apart, else ""

    @property
    def place(self) -> str:
        """The rank as a results sheet writes it: "1", "2=", "2=", "4"."""
        return f"{self.rank}=" if self.tied else str(self.rank)


def rank_pairs(
    travellers: Iterable[Traveller],
    *,
    scoring: str = MATCHPOINTS,
    tables: int | None = None,
    by_direction: bool = False,
    artificial: ArtificialScores = ARTIFICIAL_SCORES,
) -> tuple[Standing, ...]:
    """Every pair's standing, best first.

    At matchpoints pairs rank by the share of the matchpoints available on the boards
    they played (a pair that sat out a board is not charged for it); ``tables`` is the
    full count of results a board has (the most any traveller has unless given: boards
    with fewer are brought to it by Neuberg's formula). At IMPs pairs rank by their total
    of cross-IMPs, at BUTLER by their total of Butler IMPs. Adjusted scores count as
    ``adjusted`` says (``artificial``: what Avg+, Avg and Avg- are worth). Ranks compare
    exact values, so pairs tie only when their scores are equal, not merely equal once
    rounded.

    ``by_direction`` ranks N-S and E-W pairs apart (a Mitchell, where "1" N-S and "1" E-W
    are two pairs); otherwise a number is one pair whichever way it sat (a Howell)."""
    if scoring not in SCORINGS:
        raise ValueError(f"'{scoring}' is not a scoring ({', '.join(SCORINGS)})")
    travellers = list(travellers)
    if tables is None:
        tables = max((len(board.results) for board in travellers), default=0)
    boards: dict[tuple[str, str], int] = {}
    scored: dict[tuple[str, str], Fraction] = {}
    available: dict[tuple[str, str], int] = {}
    for board in travellers:
        if scoring == MATCHPOINTS:
            lines = [(mp.ns, mp.ew, mp.top) for mp in matchpoints(board, tables, artificial)]
        else:
            by_side = cross_imps_by_side if scoring == IMPS else butler_imps
            lines = [(imp.ns, imp.ew, 0) for imp in by_side(board, artificial)]
        for result, (ns, ew, top) in zip(board.results, lines):
            for direction, pair, points in (("NS", result.ns, ns), ("EW", result.ew, ew)):
                key = (direction if by_direction else "", pair)
                boards[key] = boards.get(key, 0) + 1
                scored[key] = scored.get(key, Fraction(0)) + points
                available[key] = available.get(key, 0) + top

    def value(key: tuple[str, str]) -> Fraction:
        if scoring != MATCHPOINTS:
            return scored[key]
        return scored[key] * 100 / available[key] if available[key] else Fraction(50)

    values = {key: value(key) for key in boards}
    standings = []
    for direction in sorted({key[0] for key in boards}, key=("", "NS", "EW").index):
        field = [key for key in boards if key[0] == direction]
        field.sort(key=lambda key: (-values[key], _pair_order(key[1])))
        ranked = [values[key] for key in field]
        for key in field:
            rank = ranked.index(values[key]) + 1  # the best of the places a tie fills
            tied = ranked.count(values[key]) > 1
            percent = hundredths(values[key]) if scoring == MATCHPOINTS else None
            standings.append(Standing(rank, tied, key[1], boards[key], scored[key], percent, direction))
    return tuple(standings)


def _pair_order(pair: str) -> tuple[int, int, str]:
    """Pairs tied stand in the order of their numbers: 2 before 10, numbers before names."""
    return (0, int(pair), "") if pair.isdecimal() else (1, 0, pair)


def ranked_without(standings: Iterable[Standing], left_out: set[tuple[str, str]]) -> tuple[Standing, ...]:
    """``rank_pairs``' standings without the pairs ``left_out`` ((pair, direction): a robot
    pair a game leaves out), the others ranked again among themselves, ties as ties, each
    direction apart."""
    kept = [s for s in standings if (s.pair, s.direction) not in left_out]
    ranked = []
    for direction in dict.fromkeys(s.direction for s in kept):
        field = [s for s in kept if s.direction == direction]  # best first already
        values = [s.score if s.percent is None else s.percent for s in field]
        for standing, value in zip(field, values, strict=True):
            ranked.append(replace(standing, rank=values.index(value) + 1, tied=values.count(value) > 1))
    return tuple(ranked)
