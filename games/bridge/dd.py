"""Double-dummy analysis and par, by endplay's binding of Bo Haglund's DDS solver.

``solve`` gives, for each deal, the tricks each seat takes as declarer in each strain
with best play all round, and the par score and contracts for each vulnerability and
dealer. Tables are plain dicts so they store as JSON:
``{"N": {"NT": 9, "S": 10, "H": 8, "D": 7, "C": 6}, "E": ..., "S": ..., "W": ...}``.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import rules
from .cards import SEATS
from .club_night.numbers import MINUS, signed_text
from .types import SEATS_BY_SIDE, VULS
from .words import ENGLISH, Words

if TYPE_CHECKING:  # the solver is imported where it is called
    from endplay.dds.ddtable import DDTable as SolverTable

STRAINS = rules.STRAINS[::-1]  # highest first, the order tables are shown in: NT, S, H, D, C
DDTable = dict[str, dict[str, int]]

# DDS keeps its search tables per thread index, and both SolveBoard (the robot's card) and
# CalcDDtable (a deal's table) use index 0's: from two Python threads at once (gthread
# workers) they would share them. Every call into the solver holds this lock.
SOLVER_LOCK = threading.Lock()
_PAR_CONTRACT = re.compile(r"([1-7])(NT|S|H|D|C)(X{0,2})([NESW])")


@dataclass(frozen=True, slots=True)
class Par:
    score: int  # from North-South's side: +420, or -300 when E-W make it
    contracts: tuple[str, ...]  # "4HN", "4HS", "6CXN" (level, strain, X when doubled, declarer)

    def as_json(self) -> dict[str, object]:
        return {"score": self.score, "contracts": list(self.contracts)}


@dataclass(frozen=True, slots=True)
class Solved:
    """A deal solved: its table, and par for each vulnerability and dealer (par needs the
    solver's own table, which only a solve gives, so all sixteen are worked out then)."""

    tricks: DDTable
    pars: Mapping[str, Par]  # by "<vul> <dealer>": "None N", "EW S", ...

    def par(self, vul: str | None, dealer: str | None) -> Par:
        """Par for a board of this vulnerability ("None" when not given) and dealer ("N")."""
        return self.pars[f"{vul or 'None'} {dealer or 'N'}"]

    def pars_json(self) -> dict[str, dict[str, object]]:
        return {key: par.as_json() for key, par in self.pars.items()}

    @classmethod
    def from_json(cls, tricks: DDTable, pars: Mapping[str, Mapping]) -> Solved | None:
        """A stored analysis; None when its pars are not all there (stored by an older
        version: solving it again completes it)."""
        if len(pars) != len(VULS) * len(SEATS):
            return None
        return cls(tricks, {key: Par(int(p["score"]), tuple(p["contracts"])) for key, p in pars.items()})


def solve(deals: Sequence[str]) -> list[Solved]:
    """Each canonical deal ("N:...") solved, in order: its table and its pars."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Denom, Penalty, Player, Vul

    vuls = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}
    strains = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C", Denom.nt: "NT"}
    risk = {Penalty.passed: "", Penalty.doubled: "X", Penalty.redoubled: "XX"}

    def par_for(table: SolverTable, vul: str, dealer: str) -> Par:
        found = par(table, vuls[vul], Player.find(dealer))
        contracts = tuple(f"{c.level}{strains[c.denom]}{risk[c.penalty]}{SEATS[int(c.declarer)]}" for c in found)
        return Par(int(found.score), contracts)

    solved: list[Solved] = []
    for deal in deals:
        with SOLVER_LOCK:
            table = calc_dd_table(Deal(deal))
        rows = table.to_list()  # per strain S, H, D, C, NT: tricks for N, E, S, W
        by_strain = dict(zip(("S", "H", "D", "C", "NT"), rows))
        tricks = {seat: {strain: by_strain[strain][i] for strain in STRAINS} for i, seat in enumerate(SEATS)}
        pars = {f"{vul} {dealer}": par_for(table, vul, dealer) for vul in VULS for dealer in SEATS}
        solved.append(Solved(tricks, pars))
    return solved


def par_in_words(par: Par, words: Words, by: str, passed_out: str, *, minus: str = MINUS) -> str:
    """``par_text`` in a language's words: ``by`` places %(contract)s and %(declarer)s
    ("%(contract)s, rozgrywa %(declarer)s"), ``passed_out`` is the language's "Passed out";
    the score signed as pages and printed sheets sign it (``minus``: "−")."""
    if not par.contracts:
        return f"{passed_out}, 0"
    contract = _PAR_CONTRACT.fullmatch(par.contracts[0])
    if contract is None:
        raise ValueError(f"{par.contracts[0]!r} is not a par contract")
    level, strain, risk, _ = contract.groups()
    sides = {c[-1] for c in par.contracts}
    if sides in ({"N", "S"}, {"E", "W"}):
        who = words.pair("NS" if sides == {"N", "S"} else "EW")
    else:
        who = "/".join(words.seat(seat) for seat in sorted(sides, key=SEATS.index))
    said = by % {"contract": words.contract(int(level), strain, risk), "declarer": who}
    return f"{said}, {signed_text(par.score, minus=minus)}"


def par_text(par: Par) -> str:
    """ "4♥ by N-S, +420" or "6♣X by N-S, -300": par in English, in plain ASCII signs."""
    return par_in_words(par, ENGLISH, "%(contract)s by %(declarer)s", "Passed out", minus="-")


# --- the tags hand-record programs write (Deep Finesse, BridgeComposer, Big Deal) --------

_HEX_SEATS = SEATS_BY_SIDE  # [DoubleDummyTricks]: 20 hex digits, N then S, E, W, each NT S H D C


def to_hex(table: DDTable) -> str:
    """[DoubleDummyTricks] "66477665877785677856": tricks as hex digits, N, S, E, W by NT, S, H, D, C."""
    return "".join(f"{table[seat][strain]:x}" for seat in _HEX_SEATS for strain in STRAINS)


def from_hex(text: str) -> DDTable | None:
    """The table a [DoubleDummyTricks] value states; None when it is not 20 hex digits of 0..13."""
    text = text.strip().lower()
    if len(text) != 20 or any(ch not in "0123456789abcd" for ch in text):
        return None
    digits = iter(int(ch, 16) for ch in text)
    return {seat: {strain: next(digits) for strain in STRAINS} for seat in _HEX_SEATS}


def optimum_score(par: Par) -> str:
    """[OptimumScore] "NS 420" (or "EW 300" when East-West score)."""
    return f"NS {par.score}" if par.score >= 0 else f"EW {-par.score}"


def stated_score(text: str) -> int | None:
    """North-South's score from an [OptimumScore] value ("NS -100", "EW 430", "NS 420 EW -420")."""
    words = text.split()
    for side, value in zip(words[::2], words[1::2]):
        number = value.lstrip("+-")
        if side.upper() in ("NS", "EW") and number.isdecimal() and len(number) < 6:
            score = int(value)
            return score if side.upper() == "NS" else -score
    return None


def par_contract(par: Par) -> str:
    """[ParContract] "NS 4H", "EW 5DX", or "N 3NT" when only one of a side makes it; "Pass" when passed out."""
    if not par.contracts:
        return "Pass"
    first = par.contracts[0]
    seats = "".join(sorted({c[-1] for c in par.contracts if c[:-1] == first[:-1]}, key=SEATS.index))
    side = {"NS": "NS", "EW": "EW"}.get(seats, seats)
    return f"{side} {first[:-1]}"


# [OptimumResultTable]'s columns and elements (PBN 5.7): a name may carry an order ('+', '-')
# before it and a width after it ("Result\2R"); '?' is an unknown element, '-' an irrelevant one.
_COLUMN = re.compile(r"\s*[+-]?([^\\]*)")
_DENOMINATIONS = {"NT": "NT", "N": "NT", "S": "S", "H": "H", "D": "D", "C": "C"}


def _column_name(header: str) -> str:
    """A column's name as a table's header gives it: "Result" of "+Result\\2R" (sign and
    width left off)."""
    found = _COLUMN.match(header)  # every text matches; "" when nothing is left
    return found.group(1).strip() if found else ""


def stated_table(value: str) -> tuple[list[tuple[str, str, int]], str]:
    """The rows of an [OptimumResultTable] value as Deck.tags keeps it (the column names,
    then a line a row): (declarer, strain, tricks) each, and the first row not understood
    ("" when all are). A table without the three columns states nothing."""
    header, *rows = value.split("\n")
    columns = [_column_name(name) for name in header.split(";")]
    if not {"Declarer", "Denomination", "Result"} <= set(columns):
        return [], ""
    at = (columns.index("Declarer"), columns.index("Denomination"), columns.index("Result"))
    found: list[tuple[str, str, int]] = []
    odd = ""
    for row in rows:
        elements = row.split()
        if len(elements) != len(columns):
            odd = odd or row
            continue
        seat, strain, tricks = (elements[i].upper() for i in at)
        if "?" in (seat, strain, tricks) or "-" in (seat, strain, tricks):
            continue
        if seat in SEATS and strain in _DENOMINATIONS and tricks.isdecimal() and int(tricks) <= 13:
            found.append((seat, _DENOMINATIONS[strain], int(tricks)))
        else:
            odd = odd or row
    return found, odd


# [ParContract]: "NS 4H", "EW 5DX", "N 3NT", "NS 4H, NS 4S", "4HN", "4H by N", "Pass"
_SIDES = {"NS": "NS", "SN": "NS", "N-S": "NS", "EW": "EW", "WE": "EW", "E-W": "EW"}
_SIDES.update({s: s for s in SEATS})
_SIDES.update({"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"})
_STATED_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X|)([NESW]{0,4})(?:[+-]\d{1,2}|=)?")


def stated_par(text: str) -> list[tuple[str, str]] | None:
    """The contracts a [ParContract] value states, as (contract, seats that may declare it):
    ("4H", "NS"), ("5DX", "E"), ("3NT", "NESW") when no side is given; [] when the board is
    passed out; None when the value is not understood. A side stands before its contracts
    ("NS 4H 4S"), or a seat right after one ("4HN", "4H N", "4H by N")."""
    found: list[tuple[str, str]] = []
    side = ""
    passed = False
    words = text.upper().replace(",", " ").replace(";", " ").split()
    for word in words[:20]:
        m = _STATED_CONTRACT.fullmatch(word)
        if m:
            level, strain, risk, seats = m.groups()
            found.append((level + _DENOMINATIONS[strain] + risk, seats or side))
        elif word in _SIDES:
            if found and not found[-1][1]:  # "4H N": the seat of the contract before
                found[-1] = (found[-1][0], _SIDES[word])
            else:
                side = _SIDES[word]
        elif word in ("PASS", "PASSED"):
            passed = True
        elif word not in ("BY", "OUT", "-"):
            return None
    if not found and not passed:
        return None
    return [(contract, seats or SEATS) for contract, seats in found]


def _par_text(contracts: Sequence[str]) -> str:
    """The solver's par contracts as a ParContract says them: "NS 4H", "NS 4H or NS 4S", "Pass"."""
    seats: dict[str, str] = {}
    for c in contracts:
        seats[c[:-1]] = seats.get(c[:-1], "") + c[-1]
    return " or ".join(f"{''.join(sorted(set(s), key=SEATS.index))} {c}" for c, s in seats.items()) or "Pass"


# What a file's own double-dummy tags can disagree with the solver on, by kind: the
# English text with its values named (a page says each kind in its language).
DIFFERENCES = {
    "dd_not_a_table": 'the file\'s DoubleDummyTricks "{value}" is not a table',
    "dd_tricks": "the file says {seat} takes {file} in {strain}, the solver {solver}",
    "result_table_tricks": "OptimumResultTable says {seat} makes {file} in {strain}; the solver finds {solver}",
    "result_table_row": 'the file\'s OptimumResultTable row "{value}" is not understood',
    "score": "the file's par score is {file}, the solver's {solver}",
    "par_contract_unread": 'the file\'s ParContract "{value}" is not understood',
    "par_contract_passed": "ParContract says the board is passed out; the solver's par is {solver}",
    "par_contract": "ParContract says {file}; the solver's par is {solver}",
}


class Difference(str):
    """One note of ``differences``: its English text, with its ``kind`` and ``values``
    (seats as N E S W, strains as NT S H D C, contracts and scores as the tags write them)."""

    kind: str
    values: dict[str, str]

    def __new__(cls, kind: str, **values: object) -> Difference:
        shown = {k: ENGLISH.strain_symbol(str(v)) if k == "strain" else str(v) for k, v in values.items()}
        self = super().__new__(cls, DIFFERENCES[kind].format(**shown))
        self.kind, self.values = kind, {k: str(v) for k, v in values.items()}
        return self


def differences(table: DDTable, par: Par, tags: Sequence[tuple[str, str]]) -> list[Difference]:
    """How the file's own [DoubleDummyTricks], [OptimumResultTable], [OptimumScore] and
    [ParContract] differ from the solver's table and par."""
    stated = dict(reversed(tags))  # the first of a tag counts
    notes = []
    said: DDTable = {}  # what DoubleDummyTricks says: a table saying the same is not noted twice
    if "DoubleDummyTricks" in stated:
        theirs = from_hex(stated["DoubleDummyTricks"])
        if theirs is None:
            notes.append(Difference("dd_not_a_table", value=stated["DoubleDummyTricks"][:24]))
        else:
            said = theirs
            for seat in _HEX_SEATS:
                for strain in STRAINS:
                    if theirs[seat][strain] != table[seat][strain]:
                        notes.append(
                            Difference(
                                "dd_tricks",
                                seat=seat,
                                file=theirs[seat][strain],
                                strain=strain,
                                solver=table[seat][strain],
                            )
                        )
    if "OptimumResultTable" in stated:
        rows, odd = stated_table(stated["OptimumResultTable"])
        for seat, strain, tricks in rows:
            if tricks != table[seat][strain] and said.get(seat, {}).get(strain) != tricks:
                notes.append(
                    Difference("result_table_tricks", seat=seat, file=tricks, strain=strain, solver=table[seat][strain])
                )
        if odd:
            notes.append(Difference("result_table_row", value=odd[:24]))
    if "OptimumScore" in stated:
        score = stated_score(stated["OptimumScore"])
        if score is not None and score != par.score:
            notes.append(Difference("score", file=optimum_score(Par(score, ())), solver=optimum_score(par)))
    if "ParContract" in stated:
        notes.extend(_par_contract_differences(stated["ParContract"], par))
    return notes


def _par_contract_differences(value: str, par: Par) -> list[Difference]:
    """A note for each contract [ParContract] states that is none of the solver's par
    contracts for that side (a file may give one of several, or a side for a seat)."""
    contracts = stated_par(value)
    if contracts is None:
        return [Difference("par_contract_unread", value=value[:24])]
    solver = _par_text(par.contracts)
    if not contracts:
        return [] if not par.contracts else [Difference("par_contract_passed", solver=solver)]
    notes = []
    for contract, seats in contracts:
        if not any(contract + seat in par.contracts for seat in seats):
            side = "" if seats == SEATS else seats + " "
            notes.append(Difference("par_contract", file=f"{side}{contract}", solver=solver))
    return notes
