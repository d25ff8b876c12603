"""A board's traveller: every table's result on it, with the N-S score each one makes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import rules
from ..board import VULS, vul_for_board
from ..cards import RANKS, SUITS
from ..scoring import duplicate_score

if TYPE_CHECKING:
    from .adjusted import Adjustment

PASSED_OUT = "Pass"


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's line of a traveller. ``ns`` and ``ew`` are the pair numbers (as text:
    clubs write "7", some "A7") sitting N-S and E-W; ``score`` is N-S's duplicate score.
    ``adjustment``: the director's, when the line is not simply the result played (an
    artificial score has no contract: ``contract`` and ``declarer`` are "", ``score`` 0)."""

    ns: str
    ew: str
    contract: str  # "4HX", "3NT", or "Pass" (passed out)
    declarer: str  # N/E/S/W; "" when passed out
    tricks: int  # declarer's tricks; 0 when passed out
    score: int
    lead: str = ""  # the opening lead, "SA", "H7"; "" when not recorded or passed out
    adjustment: Adjustment | None = None

    @property
    def artificial(self) -> bool:
        """An Avg+/Avg/Avg- line: no score to compare with the others'."""
        return self.adjustment is not None and self.adjustment.artificial


@dataclass(frozen=True, slots=True)
class Traveller:
    """A board's results at every table that played it, in the order they were entered."""

    board: int
    vul: str  # None, NS, EW or All
    results: tuple[TableResult, ...]


Pair = int | str
Row = tuple[Pair, Pair, str, str, int] | tuple[Pair, Pair, str, str, int, str]


def table_result(
    ns: Pair, ew: Pair, contract: str, declarer: str, tricks: int, *, vul: str, lead: str = ""
) -> TableResult:
    """One table's result, scored: ``contract`` as files write it ("4sx", "3N", "Pass"),
    ``tricks`` the declarer's. Raises ValueError for a contract, seat, trick count or lead
    that is none."""
    written = rules.read_contract(contract)
    if written is None:
        raise ValueError(f"'{contract}' is not a contract")
    lead = lead.strip().upper()
    if written == PASSED_OUT:
        if declarer.strip() or tricks or lead:
            raise ValueError("a board passed out has no declarer, tricks or lead")
        return TableResult(str(ns), str(ew), written, "", 0, 0)
    seat = rules.seat_of_word(declarer)
    if not seat:
        raise ValueError(f"'{declarer}' is not a seat")
    if lead and (len(lead) != 2 or lead[0] not in SUITS or lead[1] not in RANKS):
        raise ValueError(f"'{lead}' is not a card")
    return TableResult(str(ns), str(ew), written, seat, tricks, duplicate_score(written, seat, vul, tricks), lead)


def traveller(board: int, rows: Iterable[Row], vul: str | None = None) -> Traveller:
    """A board's traveller from rows of (N-S pair, E-W pair, contract, declarer, tricks[,
    lead]); ``vul`` as the board's number gives it (the 16-board cycle) unless stated.

    Raises ValueError for a row that is no result, and for a pair seen twice in one
    direction (a pair plays a board once)."""
    vul = vul_for_board(board) if vul is None else vul
    if vul not in VULS:
        raise ValueError(f"'{vul}' is not a vulnerability")
    results = []
    for row in rows:
        ns, ew, contract, declarer, tricks, *lead = row
        results.append(table_result(ns, ew, contract, declarer, tricks, vul=vul, lead=lead[0] if lead else ""))
    for side in ("ns", "ew"):
        pairs = [getattr(result, side) for result in results]
        twice = sorted({pair for pair in pairs if pairs.count(pair) > 1})
        if twice:
            raise ValueError(f"board {board}: pair {twice[0]} sits {side.upper()} at two tables")
    return Traveller(board, vul, tuple(results))
