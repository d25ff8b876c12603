"""A club night's results as the printable sheet draws them (``games.formats.results_pdf``):
the results one viewer may see (``games.models.club.results_for``) as plain values."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.formats.results_pdf import SheetBoard, SheetLine, SheetPair, results_sheet_pdf
from games.models.club import BoardResults, Results
from games.presentation.pdf_labels import sheet_labels
from games.presentation.result_text import pair_label


def results_sheet(game, results: Results, chosen: slice = slice(None), *, paper: str = "A4") -> bytes:
    """The sheet's PDF: the ranking, then the travellers of ``results.boards[chosen]``."""
    boards = list(results.boards)
    shown = boards[chosen]
    tables = ngettext("%(count)s table", "%(count)s tables", results.tables) % {"count": results.tables}
    parts = [game.get_scoring_display(), tables]
    if shown and len(shown) < len(boards):
        said = gettext("boards %(first)s–%(last)s of the travellers")
        parts.append(said % {"first": shown[0].board_number, "last": shown[-1].board_number})
    if results.hidden:
        said = ngettext(
            "%(count)s board left out until your table has finished it",
            "%(count)s boards left out until your table has finished them",
            results.hidden,
        )
        parts.append(said % {"count": results.hidden})
    return results_sheet_pdf(
        [_board(board) for board in shown],
        [
            SheetPair(
                place=pair.standing.place,
                label=pair_label(pair.name),
                players=pair.players,
                boards=pair.standing.boards,
                score=pair.standing.score,
                percent=pair.standing.percent,
                direction=pair.standing.direction,
            )
            for pair in results.ranking
        ],
        matchpoints=results.matchpoints,
        title=gettext("%(game)s: results") % {"game": game.name},
        subtitle=" · ".join(parts),
        paper=paper,
        labels=sheet_labels(),
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
            ew_imps=line.ew_imps,
            adjusted=line.adjustment.label if line.adjustment is not None else "",
        )
        for line in board.lines
    )
    note = " ".join(part for part in (note_of(board), reasons_of(board)) if part)
    return SheetBoard(board.board_number, board.dealer, board.vul, lines, note)


def reasons_of(board: BoardResults) -> str:
    """ "Adjusted at table 2: slow play.": each adjusted line's reason, as the sheet notes it."""
    return " ".join(
        gettext("Adjusted at table %(table)s: %(reason)s.") % {"table": line.table, "reason": line.adjustment.reason}
        for line in board.lines
        if line.adjustment is not None and line.adjustment.reason
    )


def note_of(board: BoardResults) -> str:
    """ "Still playing: tables 2, 3. Not finished (scores nothing): table 4.", as the page says it."""
    notes = []
    if board.playing:
        tables = ", ".join(map(str, board.playing))
        said = ngettext("Still playing: table %(tables)s.", "Still playing: tables %(tables)s.", len(board.playing))
        notes.append(said % {"tables": tables})
    if board.unfinished:
        tables = ", ".join(map(str, board.unfinished))
        said = ngettext(
            "Not finished (scores nothing): table %(tables)s.",
            "Not finished (scores nothing): tables %(tables)s.",
            len(board.unfinished),
        )
        notes.append(said % {"tables": tables})
    return " ".join(notes)
