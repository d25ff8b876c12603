"""Downloads of a game's queue or dealt boards as PBN, LIN, the clubs' formats (the dealing
machines' DUP, BRI and DGE, Duplimate's DLM, RBN) or printable PDF hand records. A PDF is
made by a task worker (``games.tasks``): the answer is the page that waits for it.

A host (or staff) seated at their own Join table plays the board in play: their
export of the dealt boards leaves that board out until it is revealed, as the
table shows them only their own hand of it, and a board's lesson text only once the
game's rule shows it to the seats. Their export of the queue is refused
(``QUEUE_WHILE_SEATED``) until they stand up.

A club night's dealt boards (a Join game of several tables) in the formats that hold play
carry every table's record of a board (``games.models.club_export.table_records``), of
the boards whose results the exporter may see, as the results page shows them: PBN a game
a record with its [Table] tag and that table's scores, each board's [ScoreTable] after
its first and the [TotalScoreTable] at the end; LIN a qx record a table; RBN the other
tables' records after the board's first. Its DUP, BRI, DGE and DLM each deal once.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseForbidden
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_safe

from games.formats import WRITERS, WriteError
from games.formats.model import Deck as ParsedDeck
from games.formats.pbn.results import write_results_pbn
from games.formats.pdf import PAPERS
from games.formats.stored import deck_to_json
from games.models import Game, Job
from games.models.analysis import DealAnalysis, with_analysis
from games.models.club_export import ClubExport, club_export, is_club_night, table_records
from games.models.job import JobRefused
from games.models.join import JoinTable, revealed_at, seat_of
from games.presentation.pdf_labels import hand_record_labels
from games.tasks import open_job
from games.views.access import get_game_for_host
from games.views.htmx import HtmxHttpRequest
from games.views.jobs import busy_answer, refused_answer

# The formats that hold a board's play give every table's record of a club night's board
# (PBN too, through ``club_export``); the others (the machines' and Duplimate's) hold each
# deal once.
PLAY_FORMATS = ("lin", "rbn")

QUEUE_WHILE_SEATED = gettext_lazy(
    "You sit at this table, so the queue holds boards you are about to play. "
    "Stand up first to download the coming boards."
)


def download(decks: Iterable[ParsedDeck], fmt: str, stem: str) -> HttpResponse:
    """An attachment in ``fmt`` (text as UTF-8, binary records as they are) with a file name
    safe for any browser and disk; a 400 saying why when the format cannot hold the set."""
    try:
        written = WRITERS[fmt](decks)
    except WriteError as error:
        return HttpResponse(str(error), status=400, content_type="text/plain; charset=utf-8")
    return attachment(written, fmt, stem)


def attachment(
    written: str | bytes, fmt: str, stem: str, content_type: str = "", *, inline: bool = False
) -> HttpResponse:
    """``written`` as a download named ``stem.fmt`` (made safe for any browser and disk):
    text as UTF-8, bytes as they are (``content_type``, or a binary record's); ``inline``:
    for the browser to show (a PDF), under the same name when saved."""
    binary = isinstance(written, bytes)
    filename = f"{slugify(stem)[:80] or 'decks'}.{fmt}"
    return HttpResponse(
        written.encode("utf-8") if isinstance(written, str) else written,
        content_type=content_type or ("application/octet-stream" if binary else "text/plain; charset=utf-8"),
        headers={"Content-Disposition": content_disposition_header(not inline, filename)},
    )


@login_required
@require_safe
def export(request: HtmxHttpRequest, pk: int, which: str, fmt: str) -> HttpResponse:
    """The queue or the dealt boards of a game the user manages, as ``fmt``.

    A manager seated at their own Join table is a player. The dealt boards leave out the
    board in play; the queue is refused (403) until they stand up. The whole queue rather
    than the board in play's deck alone: every queued deck is a board they are about to
    play, and refusing needs no matching of queued decks to boards (Play again's copy, a
    deal uploaded twice), so no deck can slip through.
    """
    game = get_game_for_host(request, pk)
    if which not in ("queue", "dealt") or fmt not in (*WRITERS, "pdf"):
        raise Http404(f"Export the queue or the dealt boards, as {', '.join(WRITERS)} or pdf")
    if which == "queue" and game.game_type == Game.Type.JOIN and seat_of(game, request.user):
        return HttpResponseForbidden(str(QUEUE_WHILE_SEATED), content_type="text/plain; charset=utf-8")
    if fmt == "pdf":
        chosen = board_range(request, game.boards.count() if which == "dealt" else game.queued().count())
        if not isinstance(chosen, slice):
            return chosen
        if Job.busy_for(request.user):  # counted again, under a lock, when the job is made
            return busy_answer(request, request.get_full_path())
    else:
        chosen = slice(None)
    leave_out, seated, table, upto = None, False, None, None
    if which == "dealt" and game.game_type == Game.Type.JOIN:
        table = JoinTable.of(game, request.user)
        if table is not None:
            seated = True
            leave_out, upto = board_in_play(table)
    if which == "dealt" and fmt != "pdf" and is_club_night(game):
        if fmt == "pbn":
            scored = club_export(
                game, request.user, leave_out=leave_out, seated=seated, table=table, upto=upto, every_table=True
            )
            return club_pbn(scored, f"{game.name}-{which}")
        boards = table_records(game, request.user, leave_out=leave_out, seated=seated, table=table, upto=upto)
        decks = [deck for records in boards for deck in (records if fmt in PLAY_FORMATS else records[:1])]
        return download(with_analysis(decks), fmt, f"{game.name}-{which}")
    decks = game.exported_decks(
        dealt=which == "dealt", chosen=chosen, leave_out=leave_out, seated=seated, table=table, upto=upto
    )
    if fmt == "pdf":
        return start_pdf(request, game, decks, which)
    return download(with_analysis(decks), fmt, f"{game.name}-{which}")


def club_pbn(scored: ClubExport, stem: str) -> HttpResponse:
    """A club night's records as PBN, each board's [ScoreTable] after its first, and the
    [TotalScoreTable] at the end."""
    text = write_results_pbn(with_analysis(scored.decks), scored.score_tables, scored.total)
    return attachment(text, "pbn", stem)


def board_range(
    request: HttpRequest, count: int, cap: int | None = None, what: str = "a hand-record PDF"
) -> slice | HttpResponse:
    """The boards a PDF holds: all of them, or ``?boards=501-1000`` (positions in the set,
    from 1). A set of more than ``cap`` (``HAND_RECORD_MAX_BOARDS`` unless given) without a
    range, or a range past that size, gets a page offering the ranges to choose from."""
    cap = cap or settings.HAND_RECORD_MAX_BOARDS
    asked = request.GET.get("boards", "")
    first, _, last = asked.partition("-")
    if first.isdigit() and last.isdigit() and 1 <= int(first) <= int(last) and int(last) - int(first) < cap:
        return slice(int(first) - 1, int(last))
    if not asked and count <= cap:
        return slice(None)
    query = request.GET.copy()
    ranges = []
    for start in range(1, count + 1, cap):
        query["boards"] = f"{start}-{min(start + cap - 1, count)}"
        ranges.append((start, min(start + cap - 1, count), f"{request.path}?{query.urlencode()}"))
    context = {"count": count, "cap": cap, "ranges": ranges, "asked": asked, "what": what}
    return render(request, "games/export_too_many.html", context, status=400)


def start_pdf(request: HtmxHttpRequest, game: Game, decks: list[ParsedDeck], which: str) -> HttpResponse:
    """Hand records (?per_page=1 or 4, ?paper=A4 or Letter, ?analysis=no for no
    double-dummy tables) made by a task worker: the answer is the page that shows how far
    it got, then the download. A set with more than ``HAND_RECORD_ASK_ANALYSIS`` deals to
    solve, asked for without ``analysis``, first gets the choice of PDF with or without
    the tables; past the user's share of the workers, a page that says so."""
    per_page = 4 if request.GET.get("per_page") == "4" else 1
    asked = request.GET.get("paper")
    paper = asked if asked is not None and asked in PAPERS else "A4"
    analysis = request.GET.get("analysis") != "no"
    to_solve = len(DealAnalysis.unsolved(deck.deal for deck in decks)) if analysis else 0
    if "analysis" not in request.GET and to_solve > settings.HAND_RECORD_ASK_ANALYSIS:
        return analysis_choice(request, len(decks), to_solve)
    if which == "queue":
        words = ngettext("%(count)s queued deck", "%(count)s queued decks", len(decks))
    else:
        words = ngettext("%(count)s dealt board", "%(count)s dealt boards", len(decks))
    layout = "4-a-page" if per_page == 4 else "1-a-page"
    try:
        job = open_job(
            request.user,
            kind=Job.Kind.PDF,
            deals=to_solve,
            game=game,
            title=(
                gettext("Hand records of %(decks)s of %(game)s")
                % {"decks": words % {"count": len(decks)}, "game": game.name}
            )[:200],
            filename=f"{slugify(f'{game.name}-{which}')[:80] or 'decks'}-{layout}-{paper.lower()}.pdf",
            params={
                "decks": [deck_to_json(deck) for deck in decks],
                "per_page": per_page,
                "paper": paper,
                "analysis": analysis,
                "title": (gettext("%(game)s: queued boards") if which == "queue" else gettext("%(game)s: dealt boards"))
                % {"game": game.name},
                "labels": hand_record_labels().as_json(),
            },
        )
    except JobRefused as refused:
        return refused_answer(request, refused, to_solve, request.get_full_path())
    return redirect("job", job.pk)


def analysis_choice(request: HttpRequest, count: int, to_solve: int) -> HttpResponse:
    """The page offering a large set's hand records with the double-dummy tables (the
    solver's work, its share taken in turn with other users') or without (at once)."""
    query = request.GET.copy()
    query["analysis"] = "yes"
    with_tables = f"{request.path}?{query.urlencode()}"
    query["analysis"] = "no"
    without = f"{request.path}?{query.urlencode()}"
    context = {"count": count, "to_solve": to_solve, "with_tables": with_tables, "without": without}
    return render(request, "games/export_analysis_choice.html", context)


def board_in_play(table: JoinTable) -> tuple[int | None, int]:
    """What a seated manager's export of the dealt boards leaves out: the deal their table
    plays (``DealtBoard.number``) while it is not revealed there, and every deal after it,
    which their table has still to reach (own pace). By its place among the deals, not
    its board number: board 7 dealt again leaves the first board 7 in."""
    board = table.board()
    if board is None:
        return None, 0
    if revealed_at(board, table):
        return None, board.number
    return board.number, board.number
