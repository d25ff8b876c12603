"""Double-dummy analysis and par of a dealt board or a previewed deck, on request.

Solved once per distinct deal (``DealAnalysis``) by a task worker, never in a request:
"Show analysis" answers at once with a stored table, or starts the solve
(``jobs.solve_in_background``) and answers "Solving…", which asks again until the table
is there. A Join table's board
is analysed only once it is revealed, or over and behind the table (``analysis_open``), for
the host and the players alike: before that the analysis would tell a player about the hands
they may not see, or about the board they are discussing.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from games.bridge.dd import STRAINS, DDTable, Solved, differences
from games.bridge.types import SEATS_BY_SIDE
from games.forms.upload import parse_key
from games.models import DealAnalysis, DealtBoard, Game
from games.models.join import JoinTable, analysis_open
from games.presentation.difference_text import difference_said
from games.presentation.preview import shown_dealer_vul
from games.presentation.result_text import par_said
from games.views.access import game_for_upload, get_upload
from games.views.htmx import HtmxHttpRequest
from games.views.jobs import busy_answer, solve_in_background

PARTIAL = "games/partials/analysis.html"
PAGE = "games/analysis.html"


def rows(table: DDTable) -> list[tuple[str, list[int]]]:
    """(seat, tricks in STRAINS order) for N, S, E, W: partners side by side, as hand records print it."""
    return [(seat, [table[seat][strain] for strain in STRAINS]) for seat in SEATS_BY_SIDE]


def analysis_context(solved: Solved, dealer: str, vul: str, tags) -> dict:
    """What the analysis partial shows of a deal: its table, par for this dealer and
    vulnerability, and where the file's own table or par differs."""
    par = solved.par(vul, dealer)
    return {
        "strains": STRAINS,
        "rows": rows(solved.tricks),
        "par": par,
        "par_text": par_said(par.contracts, par.score),
        "notes": [difference_said(note) for note in differences(solved.tricks, par, [tuple(tag) for tag in tags])],
    }


def _answer(request: HtmxHttpRequest, context: dict) -> HttpResponse:
    """The analysis if the deal is solved; else "Solving…" (or "wait", past the user's
    share of the workers), asking again by itself."""
    solved = DealAnalysis.stored(context["deal"])
    if solved is None:
        if solve_in_background(request.user, context["deal"]) is None:
            return busy_answer(request, request.get_full_path())
        solved = DealAnalysis.stored(context["deal"])  # a worker may have been that quick
    if solved is None:
        context = {**context, "solving": True, "poll": settings.JOB_POLL_SECONDS, "url": request.get_full_path()}
    else:
        context = {**context, **analysis_context(solved, context["dealer"], context["vul"], context.pop("tags", ()))}
    return render(request, PARTIAL if request.htmx else PAGE, context)


def _board_for(request: HttpRequest, game: Game, number: int) -> DealtBoard:
    board = game.boards.select_related("deck").filter(number=number).first()
    if board is None:
        raise Http404("No such board")
    if game.game_type == Game.Type.JOIN:
        # A seated person: open at their own table; the host off the tables: at one.
        table = JoinTable.of(game, request.user)
        shown = analysis_open(board, table) if table is not None or game.can_manage(request.user) else False
        if not shown:
            raise Http404("No such board")  # nothing of an unrevealed board, not even that it exists
    elif not game.can_manage(request.user):
        raise Http404("No such board")
    return board


@login_required
@require_safe
@vary_on_headers("HX-Request")
def board_analysis(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    board = _board_for(request, game, number)
    tags = board.deck.tags if board.deck is not None else []
    return _answer(
        request,
        {
            "game": game,
            "deal": board.deal,
            "dealer": board.dealer,
            "vul": board.vul,
            "hands": board.hands(),
            "title": gettext("Board %(board)s") % {"board": board.board_number},
            "board": board.board_number,
            "tags": tags,
        },
    )


@login_required
@require_safe
@vary_on_headers("HX-Request")
def deck_analysis(request: HtmxHttpRequest, pk: int, token, key: str) -> HttpResponse:
    """A previewed deck, as it would be added (turned and numbered as chosen)."""
    game, refused = game_for_upload(request, pk)
    if refused:
        return refused
    staged = get_upload(request, game, token)
    try:
        f, d = parse_key(key)
    except ValidationError:
        raise Http404("No such deck in this upload") from None
    found = staged.deck_as_chosen(f, d)
    if found is None:
        raise Http404("No such deck in this upload")
    name, deck = found
    dealer, vul = shown_dealer_vul(game, deck)
    return _answer(
        request,
        {
            "game": game,
            "deal": deck.deal,
            "dealer": dealer,
            "vul": vul,
            "hands": deck.hands(),
            "title": gettext("Deck %(deck)s of %(file)s") % {"deck": d + 1, "file": name},
            "board": deck.board or "",
            "tags": deck.tags,
        },
    )
