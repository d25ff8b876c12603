"""A club night's pages: the results (travellers and the ranking), the host's overview of
the tables, and taking a table on to its next board.

Who may look: the results page (and its PBN, PDF and USEBIO XML), the game's manager and its seated
players, each player seeing only the boards their own table has finished
(``games.models.club.results_for``); the overview and moving a table on, the manager
alone; going on to the next board (own pace), a player for their own table, or the
manager for any. Anyone else gets 404, as for a game that does not exist.
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event

from games.formats.pdf import FontMissing
from games.formats.usebio import write_usebio
from games.models import Game
from games.models.board_play import BoardInPlay
from games.models.club import overview, results_for, results_version
from games.models.club_export import club_export
from games.models.director import open_calls
from games.models.join import JoinTable, RoundNotOver, SeatError, next_round, round_state, start_movement
from games.models.usebio_export import usebio_event
from games.presentation.refusals import refusal
from games.presentation.results_sheet import results_sheet
from games.views import confirm
from games.views.access import get_game_for_host, private
from games.views.exports import attachment, board_range, club_pbn
from games.views.htmx import HtmxHttpRequest
from games.views.join import TABLE_MOVED, VIEW, seat_fragments

RESULTS = "games/results.html"
OVERVIEW = "games/partials/club_overview.html"


class NotJoin(Exception):
    """A practice game's manager asked for a Join game's page: sent back to the game."""


def _join_game_for(request: HttpRequest, pk: int) -> tuple[Game, JoinTable | None]:
    """A Join game the user manages or sits at, and their table (None: a manager who does
    not sit); 404 otherwise; NotJoin for the manager of a practice game."""
    game = get_object_or_404(Game, pk=pk)
    table = JoinTable.of(game, request.user) if game.game_type == Game.Type.JOIN else None
    if table is None and not game.can_manage(request.user):
        raise Http404("No such game.")
    if game.game_type != Game.Type.JOIN:
        raise NotJoin(game)
    return game, table


def _host_join_game(request: HttpRequest, pk: int) -> Game:
    """A Join game the user manages (404 for anyone else); NotJoin for a practice game."""
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        raise NotJoin(game)
    return game


def _join_only(view):
    """A practice game's manager is sent back to its page, as the Join routes do."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int) -> HttpResponse:
        try:
            return view(request, pk)
        except NotJoin as not_join:
            messages.error(request, gettext("Only a Join game has tables and results: this is a Practice game."))
            return redirect(not_join.args[0])

    return wrapped


def results_context(request: HttpRequest, game: Game, version: str | None = None) -> dict[str, Any]:
    """``version``: the game's ``results_version``, when the caller has read it."""
    return {
        "game": game,
        "results": results_for(game, request.user),
        "version": version or results_version(game),
        "poll_seconds": settings.TABLE_POLL_SECONDS,
        "manages": game.can_manage(request.user),
        "table_count": JoinTable.objects.filter(game=game).count(),
    }


@login_required
@require_safe
@vary_on_headers("HX-Request")
@_join_only
def results(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The travellers and the ranking, as the viewer may see them. The page polls its
    results part (``?v=``: 204 while no table has changed)."""
    game, _ = _join_game_for(request, pk)
    version = results_version(game)
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    template = f"{RESULTS}#results" if request.htmx else RESULTS
    return private(render(request, template, results_context(request, game, version)))


@login_required
@require_safe
@_join_only
def results_pbn(request: HttpRequest, pk: int) -> HttpResponse:
    """The results as PBN: each board, one table's record of it, with its [ScoreTable], and
    the [TotalScoreTable]. A player's file holds the boards their table has finished, each
    as their table played it; the manager's, every board dealt, each as the first table to
    play it played it (the dealt boards' PBN holds every table's record)."""
    game, table = _join_game_for(request, pk)
    seated = table is not None
    scored = club_export(game, request.user, seated=seated, table=table, finished_only=seated)
    return private(club_pbn(scored, f"{game.name}-results"))


@login_required
@require_safe
@_join_only
def results_usebio(request: HttpRequest, pk: int) -> HttpResponse:
    """The results as USEBIO 1.2 XML, the file club scoring programs and results sites
    read: the pairs and their players, each board's traveller and the ranking, as the
    viewer may see them (a player: the boards their table has finished)."""
    game, _ = _join_game_for(request, pk)
    data = write_usebio(usebio_event(game, results_for(game, request.user)))
    return private(attachment(data, "usebio.xml", f"{game.name}-results", "application/xml"))


@login_required
@require_safe
@_join_only
def results_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The results sheet, drawn while the request waits: the ranking and the travellers
    the viewer may see (``?boards=1-64``: the viewer's travellers from the 1st to the 64th,
    when there are more than ``RESULTS_SHEET_MAX_BOARDS``)."""
    game, _ = _join_game_for(request, pk)
    results = results_for(game, request.user)
    chosen = board_range(request, len(results.boards), settings.RESULTS_SHEET_MAX_BOARDS, "a results sheet")
    if not isinstance(chosen, slice):
        return private(chosen)
    try:
        data = results_sheet(game, results, chosen)
    except FontMissing as error:
        return HttpResponse(str(error), status=503, content_type="text/plain; charset=utf-8")
    return private(attachment(data, "pdf", f"{game.name}-results", "application/pdf", inline=True))


def overview_context(request: HttpRequest, game: Game, version: str | None = None) -> dict[str, Any]:
    """``version``: the game's ``results_version``, when the caller has read it."""
    seated = JoinTable.of(game, request.user) is not None
    states = overview(game, show_results=not seated)
    movement = round_state(game)
    return {
        "game": game,
        "states": states,
        # Each table's state beside its part in the movement's round (None without one).
        "rows": [(state, movement.of(state.number) if movement else None) for state in states],
        "movement": movement,
        "seated": seated,
        "overview_version": version or results_version(game),
        "calls": [] if seated else open_calls(game),
        "poll_seconds": settings.TABLE_POLL_SECONDS,
    }


@login_required
@require_safe
@vary_on_headers("HX-Request")
@_join_only
def tables(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host's overview of every table: its board, how far it is, who is to act, a
    link to its teacher's view. A page of its own without JavaScript; for htmx, the
    overview alone (``?v=``: 204 while no table has changed)."""
    game = _host_join_game(request, pk)
    version = results_version(game)
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    template = OVERVIEW if request.htmx else "games/tables.html"
    return private(render(request, template, overview_context(request, game, version)))


@login_required
@require_POST
@vary_on_headers("HX-Request")
@_join_only
def next_board(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Own pace: a table whose board is over goes on to the next (``board``: the deal the
    page shows). A player's own table; the manager's, the table the form names."""
    game, table = _join_game_for(request, pk)
    if table is None:
        table = JoinTable.numbered(game, confirm.number(request.POST.get("table", "")))
        if table is None:
            raise Http404("No such table.")
    try:
        board = table.next_board(request.user, at=confirm.number(request.POST.get("board", "")))
    except (SeatError, Game.SetFinished, Game.ScriptFailed) as error:
        return _went_on(request, game, table, error=refusal(error))
    if not request.htmx:
        messages.success(request, gettext("Board %(board)s.") % {"board": board.board_number})
    return _went_on(request, game, table)


def _went_on(request: HtmxHttpRequest, game: Game, table: JoinTable, *, error: str = "") -> HttpResponse:
    if request.htmx:
        return seat_fragments(request, game, VIEW, table, table_error=error)
    if error:
        messages.error(request, error)
    return redirect(game)


def move_on_question(game: Game, table: JoinTable, in_play: BoardInPlay) -> confirm.Confirmation:
    shown = in_play.board_number
    names = {"table": table.number, "board": shown}
    return confirm.Confirmation(
        title=gettext("Table %(table)s: %(in_play)s") % {"table": table.number, "in_play": in_play},
        question=gettext("Move table %(table)s on anyway?") % names,
        consequence=gettext("Board %(board)s is recorded as not finished there: it scores nothing on the traveller.")
        % names,
        action=reverse("table_move_on", args=[game.pk]),
        button=gettext("Move table %(table)s on") % names,
        fields=(("table", str(table.number)), ("board", str(in_play.number)), ("confirm", str(in_play.number))),
        back=reverse("club_tables", args=[game.pk]),
        back_label=gettext("Let table %(table)s finish board %(board)s") % names,
        hx_target="#overview",
    )


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
@_join_only
def move_on(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host moves a table on from its board (``table``, ``board``: the deal the overview
    shows for it): teaching, to the board the others play; own pace, to the next. Over a
    board under way only with ``confirm`` (otherwise the question: in the page for htmx,
    else this route's GET page)."""
    game = _host_join_game(request, pk)
    data = request.GET if request.method == "GET" else request.POST
    table = JoinTable.numbered(game, confirm.number(data.get("table", "")))
    if table is None:
        raise Http404("No such table.")
    number = confirm.number(data.get("board", ""))
    if request.method == "GET":
        play = game.board_in_play(table)
        if play is None or play.board.number != number:
            return redirect("club_tables", game.pk)
        return confirm.page(request, game, move_on_question(game, table, BoardInPlay.of(play)))
    confirmed = confirm.confirm_number(request)
    if isinstance(confirmed, HttpResponse):
        return confirmed
    error = ""
    try:
        table.move_on(number, request.user, confirm=confirmed)
    except BoardInPlay as in_play:
        if request.htmx:
            return confirm.in_page(request, move_on_question(game, table, in_play))
        return redirect(reverse("table_move_on", args=[game.pk]) + f"?table={table.number}&board={in_play.number}")
    except (SeatError, Game.SetFinished, Game.ScriptFailed) as refused:
        error = refusal(refused)
    if request.htmx:
        context = {**overview_context(request, game), "overview_error": error}
        response = render(request, OVERVIEW, context)
        if confirmed is not None:
            response.content += confirm.CLEARED.encode()
        return private(response)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, gettext("Table %(table)s moved on.") % {"table": table.number})
    return redirect("club_tables", game.pk)


def _overview_answer(
    request: HtmxHttpRequest, game: Game, error: str, done: str, *, cleared: bool = False
) -> HttpResponse:
    """The overview again (htmx), or back to the tables' page with ``error`` or ``done``."""
    if request.htmx:
        game.refresh_from_db()
        response = render(request, OVERVIEW, {**overview_context(request, game), "overview_error": error})
        if cleared:
            response.content += confirm.CLEARED.encode()
        return private(trigger_client_event(response, TABLE_MOVED))
    if error:
        messages.error(request, error)
    else:
        messages.success(request, done)
    return redirect("club_tables", game.pk)


@login_required
@require_POST
@vary_on_headers("HX-Request")
@_join_only
def start_round(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host starts the movement: the pairs seated at round 1's tables become its
    pairs, and its boards are dealt (``rounds.start_movement``)."""
    game = _host_join_game(request, pk)
    error = ""
    try:
        start_movement(game, request.user)
    except (SeatError, Game.SetFinished, Game.ScriptFailed) as refused:
        error = refusal(refused)
    return _overview_answer(request, game, error, gettext("Round 1 has started."))


def next_round_question(game: Game, not_over: RoundNotOver) -> confirm.Confirmation:
    names = {"round": not_over.round, "tables": ", ".join(map(str, not_over.tables))}
    return confirm.Confirmation(
        title=str(not_over),
        question=gettext("Start round %(next)s anyway?") % {"next": not_over.round + 1},
        consequence=gettext(
            "The boards of round %(round)s not over at table %(tables)s are recorded as not played there: "
            "they score nothing on the traveller."
        )
        % names,
        action=reverse("club_next_round", args=[game.pk]),
        button=gettext("Start round %(next)s") % {"next": not_over.round + 1},
        fields=(("round", str(not_over.round)), ("confirm", str(not_over.round))),
        back=reverse("club_tables", args=[game.pk]),
        back_label=gettext("Let table %(tables)s finish") % names,
        hx_target="#overview",
    )


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
@_join_only
def next_round_view(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Next round: every pair to its next table and seat at once (``round``: the round the
    overview shows). While a table has not finished, only with ``confirm`` (the round):
    otherwise the question, in the page for htmx, else this route's GET page."""
    game = _host_join_game(request, pk)
    data = request.GET if request.method == "GET" else request.POST
    shown = confirm.number(data.get("round", ""))
    if request.method == "GET":
        movement = round_state(game)
        if movement is None or not movement.started or movement.round_over or shown != movement.round:
            return redirect("club_tables", game.pk)
        slow = [table.number for table in movement.tables if not table.idle and not table.over]
        return confirm.page(request, game, next_round_question(game, RoundNotOver(movement.round, slow)))
    confirmed = confirm.confirm_number(request)
    if isinstance(confirmed, HttpResponse):
        return confirmed
    error = ""
    try:
        upcoming = next_round(game, shown, force=confirmed is not None and confirmed == shown, by=request.user)
    except RoundNotOver as not_over:
        if request.htmx:
            return confirm.in_page(request, next_round_question(game, not_over))
        return redirect(reverse("club_next_round", args=[game.pk]) + f"?round={not_over.round}")
    except SeatError as refused:
        error, upcoming = refusal(refused), 0
    done = gettext("Round %(round)s: every pair is at its new table.") % {"round": upcoming}
    return _overview_answer(request, game, error, done, cleared=confirmed is not None)
