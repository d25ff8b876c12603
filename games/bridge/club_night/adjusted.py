"""Adjusted scores: what a director gives a table instead of (or beside) the result played.

Three kinds, each keeping its reason (the director's words, shown beside the score):

* **Assigned** (Law 12C1): a result that might have happened, "4♠ by N, 10 tricks",
  scored by ``games.bridge.scoring`` like any other. It is a result of the board: it takes
  part in everyone's matchpoints and cross-IMPs, and in a Butler datum.
* **Artificial** (Law 12C2): Average-plus, Average or Average-minus, given to each side
  apart (N-S Avg+ and E-W Avg- when only E-W were at fault; both Avg+ when neither was).
  No score stands behind it, so it takes no part in the others' comparisons: the board
  is scored among its real results and brought to the full count by Neuberg's formula,
  as the EBU White Book scores a board with an artificial score. The side itself gets
  a share of the top (60%, 50%, 40%) at matchpoints, or a number of IMPs (+3, 0, -3) at
  IMPs: ``ArtificialScores`` holds these numbers, and a session may set its own.
* **Fouled** (Law 87): the board was not the same deal at every table. The results are
  put in groups, one a deal played ("A", "B"), and each is compared only with the others
  of its group; every group is brought to the full count by Neuberg's formula, so each
  group's average is half the top, as the EBU scores a fouled board.

``assigned``, ``artificial`` and ``fouled`` make a traveller's line of each kind;
``adjust`` puts such lines on a board's traveller in place of the same pairs' line.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from .traveller import TableResult, Traveller, table_result

ASSIGNED, ARTIFICIAL, FOULED = "assigned", "artificial", "fouled"
KINDS = (ASSIGNED, ARTIFICIAL, FOULED)
AVG_PLUS, AVG, AVG_MINUS = "Avg+", "Avg", "Avg-"
AVERAGES = (AVG_PLUS, AVG, AVG_MINUS)


@dataclass(frozen=True, slots=True)
class Adjustment:
    """Why a traveller's line is not simply the result played, and how it is scored."""

    kind: str  # ASSIGNED, ARTIFICIAL or FOULED
    reason: str  # the director's words: "revoke", "board fouled at table 3"
    ns: str = ""  # ARTIFICIAL: N-S's Avg+, Avg or Avg-; "" otherwise
    ew: str = ""  # ARTIFICIAL: E-W's
    group: str = ""  # FOULED: the deal this table played; its line is compared only within its group

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"'{self.kind}' is not an adjustment ({', '.join(KINDS)})")
        if self.kind == ARTIFICIAL and not (self.ns in AVERAGES and self.ew in AVERAGES):
            raise ValueError(f"an artificial score gives each side one of {', '.join(AVERAGES)}")
        if self.kind == FOULED and not self.group.strip():
            raise ValueError("a fouled board's result names its group")

    @property
    def artificial(self) -> bool:
        return self.kind == ARTIFICIAL

    @property
    def label(self) -> str:
        """The adjustment as a traveller writes it: "Avg+/Avg-", "assigned", "fouled (B)"."""
        if self.kind == ARTIFICIAL:
            return f"{self.ns}/{self.ew}"
        if self.kind == FOULED:
            return f"fouled ({self.group})"
        return ASSIGNED


@dataclass(frozen=True, slots=True)
class ArtificialScores:
    """What Average-plus, Average and Average-minus are worth: a percentage of the top at
    matchpoints, IMPs at IMPs. The defaults are the EBU's and the WBF's (Law 12C2: 60%,
    50%, 40%; +3, 0, -3 IMPs); a session may set others (some clubs give Avg+ 55%)."""

    plus_percent: Fraction = Fraction(60)
    average_percent: Fraction = Fraction(50)
    minus_percent: Fraction = Fraction(40)
    plus_imps: Fraction = Fraction(3)
    average_imps: Fraction = Fraction(0)
    minus_imps: Fraction = Fraction(-3)

    def percent(self, average: str) -> Fraction:
        return {AVG_PLUS: self.plus_percent, AVG: self.average_percent, AVG_MINUS: self.minus_percent}[average]

    def imps(self, average: str) -> Fraction:
        return {AVG_PLUS: self.plus_imps, AVG: self.average_imps, AVG_MINUS: self.minus_imps}[average]


ARTIFICIAL_SCORES = ArtificialScores()

Pair = int | str


def assigned(
    ns: Pair, ew: Pair, contract: str, declarer: str, tricks: int, *, vul: str, reason: str, lead: str = ""
) -> TableResult:
    """An assigned score: ``contract`` by ``declarer`` taking ``tricks``, scored as played
    (``table_result``: ValueError for what is no result)."""
    result = table_result(ns, ew, contract, declarer, tricks, vul=vul, lead=lead)
    return replace(result, adjustment=Adjustment(ASSIGNED, reason))


def artificial(ns: Pair, ew: Pair, ns_average: str, ew_average: str, *, reason: str) -> TableResult:
    """An artificial adjusted score: Avg+, Avg or Avg- to each side; no contract, no score."""
    return TableResult(
        str(ns), str(ew), "", "", 0, 0, adjustment=Adjustment(ARTIFICIAL, reason, ns_average, ew_average)
    )


def fouled(result: TableResult, group: str, *, reason: str) -> TableResult:
    """``result`` as played on a fouled board, compared only with its ``group``'s."""
    return replace(result, adjustment=Adjustment(FOULED, reason, group=group.strip()))


def adjust(board: Traveller, lines: Iterable[TableResult]) -> Traveller:
    """``board`` with each of ``lines`` in place of the line of the same N-S and E-W pairs
    (added at the end when those pairs have none: a score given to a table that did not
    finish the board). Raises ValueError for a line whose pair sits at another table's
    line already (a pair plays a board once)."""
    results = list(board.results)
    for line in lines:
        at = next((i for i, r in enumerate(results) if (r.ns, r.ew) == (line.ns, line.ew)), None)
        if at is None:
            taken = [r for r in results if r.ns == line.ns or r.ew == line.ew]
            if taken:
                raise ValueError(f"board {board.board}: pair {line.ns} or {line.ew} has another line already")
            results.append(line)
        else:
            results[at] = line
    return replace(board, results=tuple(results))


def groups(board: Traveller) -> list[list[int]]:
    """The positions of the lines that are compared with each other: every real result in
    one group, or a fouled board's groups apart; artificial scores in none."""
    found: dict[str, list[int]] = {}
    for at, result in enumerate(board.results):
        adjustment = result.adjustment
        if adjustment is not None and adjustment.artificial:
            continue
        group = adjustment.group if adjustment is not None and adjustment.kind == FOULED else ""
        found.setdefault(group, []).append(at)
    return list(found.values())
