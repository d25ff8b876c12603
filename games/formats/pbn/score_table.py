"""PBN's [ScoreTable] (a board's traveller) and [TotalScoreTable] (the ranking), PBN 2.1
sections 5.2, 5.9 and 5.10: written from a traveller or a ranking, and read back.

A table's tag value names its columns, ``;`` between them, each with an optional order
mark (``+`` highest first, ``-`` lowest first) and minimum width (``\\6R``: six places,
right-aligned). The rows follow as elements, ``"..."`` for one holding spaces; ``?`` is
unknown and ``-`` irrelevant. Written here, as travellers print them:

* ``Score_NS`` and ``Score_EW`` hold the plus score in its side's column and ``-`` in the
  other (both ``0`` when passed out); a file with ``Score_NS`` alone, signed, reads too.
* ``Lead`` is a column of our own (PBN allows them), written only when some table
  recorded its lead; a passed-out board's contract is ``Pass``, its declarer and result
  ``-``.
* ``Rank`` is the best rank a tie shares (5.9), so "2=" is written ``2`` and read back
  as a tie of every pair ranked 2; ``Direction`` (our own) is written only when N-S and
  E-W are ranked apart.
* Widths are at least those below, wider when a value needs it, so that the tables of
  one file line up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.bridge.club_night.adjusted import ARTIFICIAL_SCORES, ArtificialScores
from games.bridge.club_night.cross_imps import butler_imps, cross_imps_by_side
from games.bridge.club_night.matchpoints import matchpoints
from games.bridge.club_night.numbers import decimal_text, hundredths
from games.bridge.club_night.ranking import BUTLER, MATCHPOINTS, SCORINGS, Standing
from games.bridge.club_night.traveller import PASSED_OUT, Traveller, table_result, traveller

from ..writers import CRLF, pbn_value
from .tokens import elements, plain, read_game

SCORE_TABLE, TOTAL_SCORE_TABLE = "ScoreTable", "TotalScoreTable"
_KEEP = {SCORE_TABLE: SCORE_TABLE, TOTAL_SCORE_TABLE: TOTAL_SCORE_TABLE}  # their rows, for read_tables
UNKNOWN, IRRELEVANT = "?", "-"
_WIDTHS = {
    "PairId_NS": 2,
    "PairId_EW": 2,
    "Contract": 4,
    "Declarer": 1,
    "Result": 2,
    "Lead": 2,
    "Score_NS": 5,
    "Score_EW": 5,
    "MP_NS": 5,
    "MP_EW": 5,
    "Percentage_NS": 6,
    "Percentage_EW": 6,
    "IMP_NS": 6,
    "IMP_EW": 6,
    "Rank": 3,
    "PairId": 2,
    "Direction": 2,
    "NrBoards": 2,
    "TotalMP": 6,
    "TotalPercentage": 6,
    "TotalIMP": 7,
}
_TEXT_COLUMNS = {"Contract", "Declarer", "Lead", "Direction", "Names", "Adjusted"}  # left-aligned; numbers to the right


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    width: int = 0  # minimum width; 0 when none is given
    align: str = ""  # "L", "R", or "" when not given
    order: str = ""  # "+" highest first, "-" lowest first, "" none

    def __str__(self) -> str:
        return f"{self.order}{self.name}" + (f"\\{self.width}{self.align}" if self.width else "")


@dataclass(frozen=True, slots=True)
class Table:
    """A PBN table section: its name, columns and rows of elements (string tokens without
    their quotes)."""

    name: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]

    def values(self, name: str) -> tuple[str, ...] | None:
        """The column ``name``'s elements, row by row; None when the table has no such column."""
        for index, column in enumerate(self.columns):
            if column.name == name:
                return tuple(row[index] for row in self.rows)
        return None

    def lines(self) -> list[str]:
        """The section as PBN export format writes it: the tag, then a line a row, elements
        one space apart and padded to their columns' widths."""
        # A single backslash before a width, as section 5.2 and the files that write tables do.
        lines = [f'[{self.name} "{";".join(map(str, self.columns))}"]']
        for row in self.rows:
            cells = []
            for value, column in zip(row, self.columns):
                cell = _element(value)
                cells.append(cell.rjust(column.width) if column.align == "R" else cell.ljust(column.width))
            lines.append(" ".join(cells).rstrip())
        return lines

    def text(self) -> str:
        return CRLF.join(self.lines()) + CRLF


def score_table(
    board: Traveller,
    *,
    scoring: str = MATCHPOINTS,
    tables: int | None = None,
    artificial: ArtificialScores = ARTIFICIAL_SCORES,
) -> Table:
    """A board's [ScoreTable]: every table's pairs, contract, declarer, result (tricks),
    lead when recorded, scores, and matchpoints with percentages (``tables`` as
    ``matchpoints`` takes it), cross-IMPs or Butler IMPs, each side's own figure.

    A director's adjusted line is marked in a column of our own, ``Adjusted`` (written
    only when some line is): the adjustment ("assigned", "Avg+/Avg-", "fouled (B)") and
    its reason. An artificial score has no contract, declarer, result or score: ``-``."""
    if scoring not in SCORINGS:
        raise ValueError(f"'{scoring}' is not a scoring ({', '.join(SCORINGS)})")
    leads = any(result.lead for result in board.results)
    adjusted = any(result.adjustment is not None for result in board.results)
    names = ["PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", *(["Lead"] if leads else [])]
    names += ["Score_NS", "Score_EW"]
    scores: list[tuple[str, ...]]
    if scoring == MATCHPOINTS:
        names += ["MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"]
        scores = [
            (decimal_text(mp.ns), decimal_text(mp.ew), _percent(mp.ns_percent), _percent(mp.ew_percent))
            for mp in matchpoints(board, tables, artificial)
        ]
    else:
        names += ["IMP_NS", "IMP_EW"]
        by_side = butler_imps if scoring == BUTLER else cross_imps_by_side
        scores = [(decimal_text(imp.ns), decimal_text(imp.ew)) for imp in by_side(board, artificial)]
    if adjusted:
        names.append("Adjusted")
    rows = []
    for result, figures in zip(board.results, scores):
        if result.artificial:
            row = [result.ns, result.ew, IRRELEVANT, IRRELEVANT, IRRELEVANT]
            row += [IRRELEVANT] if leads else []
            row += [IRRELEVANT, IRRELEVANT]
        else:
            passed = result.contract == PASSED_OUT
            row = [result.ns, result.ew, result.contract]
            row += [IRRELEVANT, IRRELEVANT] if passed else [result.declarer, str(result.tricks)]
            if leads:
                row.append(IRRELEVANT if passed else result.lead or UNKNOWN)
            row += _score_columns(result.score)
        row += figures
        if adjusted:
            adjustment = result.adjustment
            row.append(IRRELEVANT if adjustment is None else _adjusted_text(adjustment.label, adjustment.reason))
        rows.append(tuple(row))
    return _table(SCORE_TABLE, names, rows)


def _adjusted_text(label: str, reason: str) -> str:
    return f"{label}: {reason}" if reason.strip() else label


def write_score_table(board: Traveller, *, scoring: str = MATCHPOINTS, tables: int | None = None) -> str:
    """``score_table``'s text, CRLF lines as the project's PBN export writes."""
    return score_table(board, scoring=scoring, tables=tables).text()


def total_score_table(
    standings: Iterable[Standing],
    *,
    scoring: str = MATCHPOINTS,
    players: Mapping[tuple[str, str], Sequence[str]] | None = None,
) -> Table:
    """The session's [TotalScoreTable] from ``rank_pairs``: rank, pair, boards played and
    the total matchpoints with their percentage, or the total of cross-IMPs. ``players``:
    each pair's players by (pair, direction), written as PBN's <names> ("Ann;Bob", ``?``
    for a pair without them) when some pair has any."""
    if scoring not in SCORINGS:
        raise ValueError(f"'{scoring}' is not a scoring ({', '.join(SCORINGS)})")
    standings = list(standings)
    apart = any(standing.direction for standing in standings)
    named = {key: ";".join(names) for key, names in (players or {}).items() if any(names)}
    columns = ["Rank", "PairId", *(["Direction"] if apart else []), *(["Names"] if named else []), "NrBoards"]
    columns += ["TotalMP", "TotalPercentage"] if scoring == MATCHPOINTS else ["TotalIMP"]
    rows = []
    for standing in standings:
        row = [str(standing.rank), standing.pair, *([standing.direction] if apart else [])]
        if named:
            row.append(named.get((standing.pair, standing.direction), UNKNOWN))
        row.append(str(standing.boards))
        if scoring == MATCHPOINTS:
            if standing.percent is None:
                raise ValueError(f"pair {standing.pair} has no percentage: it was ranked at IMPs")
            row += [decimal_text(standing.score), decimal_text(standing.percent, fixed=True)]
        else:
            row.append(decimal_text(standing.score))
        rows.append(tuple(row))
    return _table(TOTAL_SCORE_TABLE, columns, rows)


def write_total_score_table(standings: Iterable[Standing], *, scoring: str = MATCHPOINTS) -> str:
    return total_score_table(standings, scoring=scoring).text()


# --- reading -------------------------------------------------------------------------------


def read_tables(text: str) -> tuple[Table, ...]:
    """Every [ScoreTable] and [TotalScoreTable] in PBN text, in file order, read by the PBN
    reader's tokens (``tokens.read_game``): a game's first table of each name, its rows
    the elements after its tag up to the next tag or the game's end. A ``"#"`` tag value
    takes the columns of the table of that name before it (PBN 4.8). Comments, ``%`` lines
    and other tags and sections are read past.

    Raises ValueError, naming the line of the table's tag, for a column name that is
    none, a ``"#"`` with no table before it, and elements that do not fill whole rows."""
    text = plain(text)
    last_brace = text.rfind("}")
    tables = []
    columns_before: dict[str, tuple[Column, ...]] = {}
    pos = 0
    while pos < len(text):
        game, pos = read_game(text, pos, last_brace, _KEEP)
        for name, data in game.sections.items():
            try:
                table = _read_table(name, game.tags[name].strip(), elements(data), columns_before)
            except ValueError as problem:
                line = text.count("\n", 0, game.section_at[name]) + 1
                raise ValueError(f"line {line}: {problem}") from None
            columns_before[name] = table.columns
            tables.append(table)
    return tuple(tables)


def _read_table(name: str, header: str, found: list[str], columns_before: Mapping[str, tuple[Column, ...]]) -> Table:
    if header == "#":
        if name not in columns_before:
            raise ValueError(f'[{name} "#"] has no table before it to copy')
        columns = columns_before[name]
    else:
        columns = tuple(_column(word) for word in header.split(";"))
    width = len(columns)
    if len(found) % width:
        raise ValueError(f"[{name}]: {len(found)} elements do not fill rows of {width} columns")
    return Table(name, columns, tuple(tuple(found[i : i + width]) for i in range(0, len(found), width)))


def traveller_of(table: Table, *, board: int, vul: str) -> Traveller:
    """The traveller a [ScoreTable] holds (its game's board and vulnerability given). Its
    rows need pairs, contract, declarer and result; scores, when written, must be what
    those make. Raises ValueError for a row that is not such a result (an artificial
    score among them: those are not kept)."""
    needed = ("PairId_NS", "PairId_EW", "Contract", "Declarer", "Result")
    missing = [name for name in needed if table.values(name) is None]
    if missing:
        raise ValueError(f"[{table.name}] has no {', '.join(missing)} column")
    ns, ew, contracts, declarers, results = (table.values(name) or () for name in needed)
    leads = table.values("Lead") or (UNKNOWN,) * len(table.rows)
    score_ns = table.values("Score_NS") or (UNKNOWN,) * len(table.rows)
    score_ew = table.values("Score_EW") or (UNKNOWN,) * len(table.rows)
    rows = []
    for number, row in enumerate(zip(ns, ew, contracts, declarers, results, leads, score_ns, score_ew), start=1):
        pair_ns, pair_ew, contract, declarer, tricks, lead, plus_ns, plus_ew = row
        passed = contract.lower() == "pass"
        try:
            if not passed and not tricks.isdecimal():
                raise ValueError(f"'{tricks}' is not a number of tricks")
            result = table_result(
                pair_ns,
                pair_ew,
                contract,
                "" if passed else declarer,
                0 if passed else int(tricks),
                vul=vul,
                lead="" if lead in (UNKNOWN, IRRELEVANT) else lead,
            )
        except ValueError as problem:
            raise ValueError(f"[{table.name}] row {number}: {problem}") from None
        stated = _stated_score(plus_ns, plus_ew)
        if stated is not None and stated != result.score:
            raise ValueError(f"[{table.name}] row {number}: a score of {stated} is not what {contract} makes")
        rows.append((result.ns, result.ew, result.contract, result.declarer, result.tricks, result.lead))
    return traveller(board, rows, vul)  # which checks that no pair sits one way at two tables


def standings_of(table: Table) -> tuple[Standing, ...]:
    """The ranking a [TotalScoreTable] holds: ranks shared by more than one pair (of one
    direction) are ties. Raises ValueError for a table without rank, pair, boards and a
    total, or with a figure that is no number."""
    needed = ("Rank", "PairId", "NrBoards")
    missing = [name for name in needed if table.values(name) is None]
    if missing or (table.values("TotalMP") is None and table.values("TotalIMP") is None):
        raise ValueError(f"[{table.name}] needs Rank, PairId, NrBoards and TotalMP or TotalIMP")
    ranks, pairs, boards = (table.values(name) or () for name in needed)
    directions = table.values("Direction") or ("",) * len(table.rows)
    totals = table.values("TotalMP") or table.values("TotalIMP") or ()
    percents = table.values("TotalPercentage") if table.values("TotalMP") is not None else None
    keys = list(zip(directions, ranks))
    standings = []
    for index, (rank, pair, direction, played, total) in enumerate(zip(ranks, pairs, directions, boards, totals)):
        try:
            percent = _number(percents[index]) if percents is not None else None
            standing = Standing(
                int(rank), keys.count((direction, rank)) > 1, pair, int(played), _number(total), percent, direction
            )
        except ValueError as problem:
            raise ValueError(f"[{table.name}] row {index + 1}: {problem}") from None
        standings.append(standing)
    return tuple(standings)


# --- helpers -------------------------------------------------------------------------------


_COLUMN = re.compile(r"([+-]?)([^\\;]+?)(?:\\(\d+)([LR]?))?")
_PLAIN = re.compile(r'[^\s\[\]{};"%]+')


def _column(word: str) -> Column:
    match = _COLUMN.fullmatch(word.strip())
    if match is None:
        raise ValueError(f"'{word}' is not a column name")
    order, name, width, align = match.groups()
    return Column(name, int(width) if width else 0, align or "", order)


def _element(value: str) -> str:
    """A value as a table element: a token as it is, or a string token when it holds
    spaces or a character tokens may not."""
    return value if _PLAIN.fullmatch(value) else f'"{pbn_value(value)}"'


def _table(name: str, names: list[str], rows: list[tuple[str, ...]]) -> Table:
    columns = []
    for index, column in enumerate(names):
        longest = max((len(_element(row[index])) for row in rows), default=0)
        align = "L" if column in _TEXT_COLUMNS else "R"
        columns.append(Column(column, max(longest, _WIDTHS.get(column, 1)), align))
    return Table(name, tuple(columns), tuple(rows))


def _score_columns(score: int) -> list[str]:
    """(Score_NS, Score_EW): the plus score in its side's column."""
    if score > 0:
        return [str(score), IRRELEVANT]
    if score < 0:
        return [IRRELEVANT, str(-score)]
    return ["0", "0"]


def _stated_score(ns: str, ew: str) -> int | None:
    """N-S's score from the two columns as written; None when neither states one."""
    for text, sign in ((ns, 1), (ew, -1)):
        if text not in (UNKNOWN, IRRELEVANT):
            try:
                return sign * int(text)
            except ValueError:
                raise ValueError(f"'{text}' is not a score") from None
    return None


def _number(text: str) -> Fraction:
    try:
        return Fraction(text)
    except ValueError:
        raise ValueError(f"'{text}' is not a number") from None


def _percent(value: Fraction) -> str:
    return decimal_text(hundredths(value), fixed=True)
