"""A club night's results as the printable sheet draws them (``games.formats.results_pdf``):
the results one viewer may see (``games.models.club.results_for``) as plain values."""

from __future__ import annotations

from games.formats.results_pdf import SheetBoard, SheetLine, SheetPair, results_sheet_pdf
from games.models.club import BoardResults, Results


def results_sheet(game, results: Results, chosen: slice = slice(None), *, paper: str = "A4") -> bytes:
    """The sheet's PDF: the ranking, then the travellers of ``results.boards[chosen]``."""
    boards = list(results.boards)
    shown = boards[chosen]
    parts = [game.get_scoring_display(), f"{results.tables} table{'s' * (results.tables != 1)}"]
    if shown and len(shown) < len(boards):
        parts.append(f"boards {shown[0].board_number}–{shown[-1].board_number} of the travellers")
    if results.hidden:
        many = results.hidden != 1
        parts.append(
            f"{results.hidden} board{'s' * many} left out until your table has finished {'them' if many else 'it'}"
        )
    return results_sheet_pdf(
        [_board(board) for board in shown],
        [
            SheetPair(
                place=pair.standing.place,
                label=pair.label,
                players=pair.players,
                boards=pair.standing.boards,
                score=pair.standing.score,
                percent=pair.standing.percent,
                direction=pair.standing.direction,
            )
            for pair in results.ranking
        ],
        matchpoints=results.matchpoints,
        title=f"{game.name}: results",
        subtitle=" · ".join(parts),
        paper=paper,
    )


def _board(board: BoardResults) -> SheetBoard:
    lines = tuple(
        SheetLine(
            table=line.table,
            contract=line.contract,
            declarer=line.declarer,
            lead=line.lead,
            tricks=line.tricks,
            score=line.score,
            ns_mp=line.ns_mp,
            ew_mp=line.ew_mp,
            ns_percent=line.ns_percent,
            ew_percent=line.ew_percent,
            imps=line.imps,
        )
        for line in board.lines
    )
    return SheetBoard(board.board_number, board.dealer, board.vul, lines, note_of(board))


def note_of(board: BoardResults) -> str:
    """ "Still playing: tables 2, 3. Not finished (scores nothing): table 4.", as the page says it."""
    notes = []
    if board.playing:
        notes.append(f"Still playing: table{'s' * (len(board.playing) > 1)} {', '.join(map(str, board.playing))}.")
    if board.unfinished:
        tables = ", ".join(map(str, board.unfinished))
        notes.append(f"Not finished (scores nothing): table{'s' * (len(board.unfinished) > 1)} {tables}.")
    return " ".join(notes)
