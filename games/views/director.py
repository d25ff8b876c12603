"""The director's desk at a club night: a table calls the director, the host answers;
the host sets a board's adjusted scores; each pair's personal score card.

Who may: calling, a player seated at that table (for their own table only); answering
and adjusting, the game's manager (404 for anyone else); a pair's score card, whoever
may see the results, with the boards they may see (``games.models.club.results_for``).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event

from games.forms.director import AdjustmentForm
from games.models import DealtBoard, Game, JoinTable
from games.models.club import pair_card, results_for
from games.models.director import Adjustment, DirectorCall, remove_adjustment, save_adjustment
from games.views.access import get_game_for_host, private
from games.views.club import OVERVIEW, overview_context
from games.views.htmx import HtmxHttpRequest
from games.views.join import TABLE_MOVED, VIEW, seat_fragments

ADJUST = "games/adjust.html"
PAIR_CARD = "games/pair_card.html"


@login_required
@require_POST
@vary_on_headers("HX-Request")
def call_director(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A player calls the director to their own table (one open call a table: pressing
    again while it is open adds nothing)."""
    game = get_object_or_404(Game, pk=pk)
    table = JoinTable.of(game, request.user) if game.game_type == Game.Type.JOIN else None
    if table is None:
        if not game.can_manage(request.user):
            raise Http404("No such table.")
        messages.error(request, gettext("Only a player seated at a table of a club night calls the director."))
        return redirect(game)
    _, made = DirectorCall.call(table, request.user)
    said = gettext("The director is called.") if made else gettext("The director has been called already.")
    if request.htmx:
        return trigger_client_event(seat_fragments(request, game, VIEW, table, checked=True), TABLE_MOVED)
    messages.success(request, said)
    return redirect(game)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def answer_call(request: HtmxHttpRequest, pk: int, call: int) -> HttpResponse:
    """The host marks a table's call answered: it leaves the overview's alerts."""
    game = get_game_for_host(request, pk)
    answered = DirectorCall.answer(game, call, request.user)
    if answered is None:  # a call of no table of this game: gone with its table, or never made
        messages.error(request, gettext("That call is gone: look at the tables again."))
        return redirect("club_tables", game.pk) if game.game_type == Game.Type.JOIN else redirect(game)
    if request.htmx:
        response = render(request, OVERVIEW, overview_context(request, game))
        return private(trigger_client_event(response, TABLE_MOVED))
    messages.success(request, gettext("Table %(table)s: call answered.") % {"table": answered.table.number})
    return redirect("club_tables", game.pk)


@login_required
@require_http_methods(["GET", "POST"])
def adjust(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A board's adjusted scores (``number``: the game's deal): the ones set, and a form
    to set one for a table (replacing that table's) or remove one."""
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        messages.error(request, gettext("Only a Join game has tables and results: this is a Practice game."))
        return redirect(game)
    board = get_object_or_404(DealtBoard, game=game, number=number)
    tables = list(JoinTable.objects.filter(game=game).order_by("number"))
    played = set(
        board.plays.filter(table__isnull=False, finished_at__isnull=False, abandoned="").values_list(
            "table__number", flat=True
        )
    )
    numbers = [table.number for table in tables]
    form = AdjustmentForm(tables=numbers, vul=board.vul, played=played)
    if request.method == "POST":
        if request.POST.get("remove"):
            table = next((t for t in tables if str(t.number) == request.POST["remove"]), None)
            if table is None:
                raise Http404("No such table.")
            remove_adjustment(game, board, table)
            messages.success(request, gettext("Table %(table)s: the adjustment is removed.") % {"table": table.number})
            return redirect("club_adjust", game.pk, board.number)
        form = AdjustmentForm(request.POST, tables=numbers, vul=board.vul, played=played)
        if form.is_valid():
            data = form.cleaned_data
            table = next(t for t in tables if t.number == data["table"])
            fields = {
                name: data[name]
                for name in ("kind", "reason", "ns_average", "ew_average", "group", "contract", "declarer", "tricks")
            }
            save_adjustment(game, board, table, request.user, **fields)
            messages.success(request, gettext("Table %(table)s: the adjusted score is set.") % {"table": table.number})
            return redirect(reverse("club_results", args=[game.pk]) + f"#traveller-{board.number}")
    context = {
        "game": game,
        "board": board,
        "form": form,
        "adjustments": Adjustment.objects.filter(game=game, board=board).select_related("table", "set_by"),
        "played": sorted(played),
        "worth": game.artificial_scores(),
    }
    return private(render(request, ADJUST, context))


@login_required
@require_safe
def pair_card_view(request: HttpRequest, pk: int, name: str) -> HttpResponse:
    """One pair's score card: every board it has played that the viewer may see, with
    its round, opponents, contract, score and matchpoints or IMPs."""
    game = get_object_or_404(Game, pk=pk)
    seated = game.game_type == Game.Type.JOIN and JoinTable.of(game, request.user) is not None
    if not seated and not game.can_manage(request.user):
        raise Http404("No such game.")
    if game.game_type != Game.Type.JOIN:
        messages.error(request, gettext("Only a Join game has tables and results: this is a Practice game."))
        return redirect(game)
    card = pair_card(game, results_for(game, request.user), name)
    if card is None:
        raise Http404("No such pair.")
    return private(render(request, PAIR_CARD, {"game": game, "card": card}))
