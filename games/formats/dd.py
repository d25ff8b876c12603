"""Double-dummy analysis and par, by endplay's binding of Bo Haglund's DDS solver.

``solve`` gives, for each deal, the tricks each seat takes as declarer in each strain
with best play all round; ``par_of`` the par score and contracts for the board's
vulnerability and dealer. Tables are plain dicts so they store as JSON:
``{"N": {"NT": 9, "S": 10, "H": 8, "D": 7, "C": 6}, "E": ..., "S": ..., "W": ...}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .model import SEATS

STRAINS = ("NT", "S", "H", "D", "C")  # the order tables are shown in
DDTable = dict[str, dict[str, int]]

_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}


@dataclass(frozen=True, slots=True)
class Par:
    score: int  # from North-South's side: +420, or -300 when E-W make it
    contracts: tuple[str, ...]  # "4HN", "4HS", "6CXN" (level, strain, X when doubled, declarer)

    def as_json(self) -> dict[str, object]:
        return {"score": self.score, "contracts": list(self.contracts)}


def solve(deals: Sequence[str]) -> list[DDTable]:
    """The double-dummy table of each canonical deal ("N:..."), in order."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal

    tables: list[DDTable] = []
    for deal in deals:
        rows = calc_dd_table(Deal(deal)).to_list()  # per strain S, H, D, C, NT: tricks for N, E, S, W
        by_strain = dict(zip(("S", "H", "D", "C", "NT"), rows))
        tables.append({seat: {strain: by_strain[strain][i] for strain in STRAINS} for i, seat in enumerate(SEATS)})
    return tables


def par_of(table: DDTable, vul: str, dealer: str) -> Par:
    """Par for a board of this vulnerability ("None", "NS", "EW", "All") and dealer."""
    from endplay.dds import par
    from endplay.types import Denom, Player, Vul

    rows = [[table[seat][strain] for seat in SEATS] for strain in ("S", "H", "D", "C", "NT")]
    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
    result = par(_endplay_table(rows), vuls[vul], Player.find(dealer))
    strains = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C", Denom.nt: "NT"}
    contracts = tuple(
        f"{c.level}{strains[c.denom]}{'X' if c.penalty else ''}{SEATS[int(c.declarer)]}" for c in result
    )
    return Par(int(result.score), contracts)


def _endplay_table(rows: list[list[int]]):
    """endplay's DDTable from rows of tricks (S, H, D, C, NT by N, E, S, W): par needs one."""
    from endplay import _dds
    from endplay.dds.ddtable import DDTable as EndplayTable

    results = _dds.ddTableResults()
    for strain, row in enumerate(rows):
        for seat, tricks in enumerate(row):
            results.resTable[strain][seat] = tricks
    return EndplayTable(results)


def par_text(par: Par, limit: int = 2) -> str:
    """ "4♥ by N-S, +420" or "6♣X by N, -300" for a page."""
    if not par.contracts:
        return "Passed out, 0"
    sides = {c[-1] for c in par.contracts}
    first = par.contracts[0]
    strain = first[1:].rstrip("NESW").removesuffix("X")
    doubled = "X" if first[1:].rstrip("NESW").endswith("X") else ""
    who = "N-S" if sides <= {"N", "S"} and len(sides) == 2 else "E-W" if sides == {"E", "W"} else "/".join(sorted(sides))
    score = f"+{par.score}" if par.score > 0 else str(par.score)
    return f"{first[0]}{_SYMBOL.get(strain, strain)}{doubled} by {who}, {score}"
