"""A seat's "Mark the notes as read": the teacher's notes lose their "new" badge on this
viewer's page (``games.presentation.table_notes``, kept in their session)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from games.converters import bounded_int
from games.models import Game, JoinTable
from games.presentation.table_notes import mark_read, table_key
from games.views import confirm
from games.views.htmx import HtmxHttpRequest
from games.views.join import VIEW, seat_fragments

NOTE_ID_MAX = 2**63 - 1


@login_required
@require_POST
@vary_on_headers("HX-Request")
def notes_read(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Mark the notes of the viewer's table read up to the posted ``upto`` (the newest
    their page showed); a host off the tables names the table (``table``). The answer is
    the seat view, drawn again, for htmx; the game page otherwise."""
    game = Game.objects.filter(pk=pk).first()
    table = JoinTable.of(game, request.user) if game is not None else None
    if game is None or (table is None and not game.can_manage(request.user)):
        raise Http404("No such game")
    if game.game_type != Game.Type.JOIN:
        return redirect(game)
    if table is None:
        table = JoinTable.numbered(game, confirm.number(request.POST.get("table", ""))) or JoinTable.for_game(game)
    upto = bounded_int(request.POST.get("upto", ""), NOTE_ID_MAX)
    if upto:
        mark_read(request.session, table_key(game.pk, table.number), upto)
    if request.htmx:
        return seat_fragments(request, game, VIEW, table, checked=True)
    return redirect(game)
