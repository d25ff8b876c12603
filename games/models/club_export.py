"""A club night's boards as its exports write them, of what the viewer may see.

``table_records`` gives each board as its records: one from every table that has played
it, each naming its table (a ``Table`` tag, PBN 4.4.7), the viewer's own table's first
when seated. The formats that hold play (PBN, LIN, RBN) write every record; those that
hold deals alone take each board's first.

``club_export`` scores those records for the PBN files: each record with its own table's
matchpoints and percentage, or cross-IMPs, from the traveller, each board's [ScoreTable]
(every table's result on it) with its first record, and the ranking once (a
[TotalScoreTable]). The dealt boards' PBN holds every record of a board, the results'
PBN its first alone.

The viewer sees what the results page shows them (``games.models.club.results_for``): a
player (or a seated host) another table's record of a board, and its score table, only
once their own table has finished it, and a ranking made of those boards alone; the host
off the tables, everything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.bridge.club_night import MATCHPOINTS, decimal_text, hundredths
from games.formats.model import Deck as ParsedDeck
from games.formats.pbn.score_table import Table, score_table, total_score_table
from games.models.club import BoardResults, Results, TableLine, pair_players, results_for
from games.models.exported import dealt_boards
from games.models.game import Game
from games.models.join import JoinTable

# The record's own score tags, which the night's scoring gives again (a board played at
# one table is scored against the file or par: not what a club night compares).
_SCORE_TAGS = ("Scoring", "ScoreIMP", "ScoreMP", "ScorePercentage")
# PBN 3.4.12: matchpoints as 2 a score beaten, 1 a score tied; cross-IMPs averaged over the comparisons.
SCORING_TAG = {MATCHPOINTS: "MP;MP1", "IMP": "IMP;Cross2", "Butler": "IMP;Butler"}


@dataclass(frozen=True, slots=True)
class ClubExport:
    """The decks in board order, each one's score table (None: nobody has finished the
    board, or the viewer may not see it yet), the ranking, and the results they come from."""

    decks: list[ParsedDeck]
    score_tables: list[Table | None]
    total: Table | None
    results: Results


def is_club_night(game: Game) -> bool:
    """A Join game of more than one table: its boards have travellers."""
    return game.game_type == Game.Type.JOIN and JoinTable.objects.filter(game=game).count() > 1


def club_export(
    game: Game,
    user,
    *,
    leave_out: int | None = None,
    seated: bool = False,
    table: JoinTable | None = None,
    upto: int | None = None,
    finished_only: bool = False,
    every_table: bool = False,
) -> ClubExport:
    """The dealt boards as ``table_records`` gives them (the same arguments), scored for
    ``user``: each record with its own table's score tags, each board's score table with
    its first record. ``every_table``: every record of a board (the dealt boards' PBN);
    else its first alone (the results' PBN: the viewer's own table's when seated).
    ``finished_only``: only the boards whose results ``user`` may see (a player's file)."""
    results = results_for(game, user)
    shown = {board.number: board for board in results.boards}
    own = table if seated and table is not None else None
    decks, tables = [], []
    for number, records in _board_records(
        game, set(shown) if own is not None else None, leave_out=leave_out, seated=seated, table=own, upto=upto
    ):
        scored = shown.get(number)
        if finished_only and scored is None:
            continue
        for place, deck in enumerate(records if every_table else records[:1]):
            decks.append(_scored_record(game, deck, scored, results))
            tables.append(_score_table(scored, results) if place == 0 else None)
    total = None
    if results.ranking:
        total = total_score_table(
            (pair.standing for pair in results.ranking), scoring=results.engine_scoring, players=pair_players(game)
        )
    return ClubExport(decks, tables, total, results)


# The tag that names the table a record was played at (PBN 4.4.7's, LIN's qx and heading,
# RBN's room).
TABLE_TAG = "Table"


def table_records(
    game: Game,
    user,
    *,
    leave_out: int | None = None,
    seated: bool = False,
    table: JoinTable | None = None,
    upto: int | None = None,
) -> list[list[ParsedDeck]]:
    """The dealt boards in order, each as its records: one a table that has played it (a
    board nobody has played yet: its deal alone, one record), each record tagged with its
    table. ``table``: the viewer's own table when seated (with ``leave_out`` and ``upto``
    as ``dealt_boards`` takes them), whose record of a board comes first.

    Another table's record of a board is given only where the viewer may see it: for a
    player (a seated host), the boards their own table has finished, as the results page
    shows them (``results_for``), and whose own record they are given; for the host off
    the tables, every board that table has played. A board's commentary (the file's and
    the teacher's notes to a table) goes with its first record alone: the viewer's own
    table's, when seated."""
    own = table if seated and table is not None else None
    visible = {board.number for board in results_for(game, user).boards} if own is not None else None
    boards = _board_records(game, visible, leave_out=leave_out, seated=seated, table=own, upto=upto)
    return [records for _, records in boards]


def _board_records(
    game: Game,
    visible: set[int] | None,
    *,
    leave_out: int | None,
    seated: bool,
    table: JoinTable | None,
    upto: int | None,
) -> list[tuple[int, list[ParsedDeck]]]:
    """``table_records`` with each board's deal (``DealtBoard.number``): ``visible``, the
    deals whose results the seated viewer may see (None: the host off the tables)."""
    tables = list(JoinTable.objects.filter(game=game).order_by("number"))
    by_deal: dict[int, list[ParsedDeck]] = {}
    deal_only: set[int] = set()  # the boards given as their deal alone so far

    def add(here: JoinTable, boards: list, mine: bool) -> None:
        for board, deck in boards:
            played = board.played is not None
            if not mine and visible is not None and (not played or board.number not in visible):
                continue
            records = by_deal.setdefault(board.number, [])
            if board.number in deal_only:
                records.clear()  # a deal-only record gives way to a table's play of it
                deal_only.discard(board.number)
            # The file's own Table tag names a table of another event: this night's names its own.
            tags = tuple(tag for tag in deck.tags if tag[0] != TABLE_TAG)
            if played:
                tags += ((TABLE_TAG, str(here.number)),)
            elif records:
                continue  # this table has not played it: the deal is given already
            else:
                deal_only.add(board.number)
            records.append(replace(deck, tags=tags, commentary=() if records else deck.commentary))

    if table is not None:
        add(table, dealt_boards(game, leave_out=leave_out, seated=seated, table=table, upto=upto), True)
        if visible is not None:  # a board over at their table but not shown to it: no table's record
            visible = visible & set(by_deal)
    for here in tables:
        if table is None or here.pk != table.pk:
            add(here, dealt_boards(game, seated=seated, table=here), False)
    return [(number, by_deal[number]) for number in sorted(by_deal)]


def _score_table(board: BoardResults | None, results: Results) -> Table | None:
    if board is None or board.scored is None or not board.scored.results:
        return None
    return score_table(
        board.scored, scoring=results.engine_scoring, tables=results.tables, artificial=results.artificial
    )


def _scored_record(game: Game, deck: ParsedDeck, board: BoardResults | None, results: Results) -> ParsedDeck:
    """``deck`` (a table's record of the board, named by its ``Table`` tag) with the
    night's scoring and that table's matchpoints and percentage, or cross-IMPs, from the
    traveller (PBN 4.2); the game's name as the event when the file named none."""
    tags = [tag for tag in deck.tags if tag[0] not in _SCORE_TAGS]
    tags.append(("Scoring", SCORING_TAG[results.engine_scoring]))
    if not any(name == "Event" and value.strip() not in ("", "?") for name, value in tags):
        tags = [tag for tag in tags if tag[0] != "Event"] + [("Event", game.name)]
    table = dict(deck.tags).get(TABLE_TAG)
    lines = board.lines if board is not None and table is not None else ()
    line = next((line for line in lines if str(line.table) == table), None)
    if line is not None:
        tags.extend(_line_tags(line, results.matchpoints))
    return replace(deck, tags=tuple(tags))


def _line_tags(line: TableLine, matchpoints: bool) -> list[tuple[str, str]]:
    """ "NS 3 EW 1" and "NS 75.00 EW 25.00", or "NS 1.5 EW -1.5" (PBN 4.2's fifth form)."""
    if matchpoints:
        return [
            ("ScoreMP", f"NS {decimal_text(line.ns_mp)} EW {decimal_text(line.ew_mp)}"),
            (
                "ScorePercentage",
                f"NS {_percent(line.ns_percent)} EW {_percent(line.ew_percent)}",
            ),
        ]
    return [("ScoreIMP", f"NS {decimal_text(line.imps)} EW {decimal_text(line.ew_imps)}")]


def _percent(value) -> str:
    return decimal_text(hundredths(value), fixed=True)
