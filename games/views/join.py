"""Join games: the invite link, seats, the live seat view, and the reveal.

Who sees what is decided once, in ``games.models.join.seat_view``; these views only
decide who may ask. A seat always comes from the logged-in user's Seat row, never
from the URL or the query string. Anyone neither seated at the table nor its host
(or staff with the change permission) gets 404, as for a game that does not exist.

table.py imports this module (the game page shows the seat view), so nothing here
imports table.py.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from games.models import Game
from games.models.board_play import running_total
from games.models.join import SEAT_NAMES, JoinTable, SeatError, seat_of, seat_view

VIEW = "games/partials/seat_view.html"
PANEL = "games/partials/seat_panel.html"


def _get_game_for_host(request: HttpRequest, pk: int) -> Game:
    """As in table.py: the game if the user manages it (``Game.objects.managed_by``); 404 otherwise."""
    try:
        return Game.objects.managed_by(request.user, pk)
    except Game.DoesNotExist:
        raise Http404("No such game.") from None


def _not_join(request: HttpRequest, game: Game) -> HttpResponse:
    messages.error(request, "Only Join games have seats: this is a Practice game.")
    return redirect(game)


def _private(response: HttpResponse) -> HttpResponse:
    """A page with a hand on it: never kept by a shared cache."""
    patch_cache_control(response, private=True, no_cache=True)
    return response


def join_context(request: HttpRequest, game: Game, table: JoinTable | None = None) -> dict[str, Any]:
    """What the seat view (the board at play, the running total) and, for the host, the
    players panel show."""
    table = table or JoinTable.for_game(game)
    return {
        "game": game,
        "view": seat_view(game, request.user, table),
        "total": running_total(game),
        "poll_seconds": settings.TABLE_POLL_SECONDS,
        "invite_url": request.build_absolute_uri(reverse("join_game", args=[game.pk, table.invite_token])),
    }


def _fragments(
    request: HttpRequest, game: Game, main: str, table: JoinTable | None = None, **extra: Any
) -> HttpResponse:
    """For htmx: ``main`` (the seat view or the players panel) and, for the host, the
    other one out of band, so both show the same seating."""
    context = {**join_context(request, game, table), **extra}
    parts = [render_to_string(main, context, request)]
    if context["view"].can_manage:
        other = PANEL if main == VIEW else VIEW
        parts.append(render_to_string(other, {**context, "oob": True}, request))
    return _private(HttpResponse("".join(parts)))


def player_table(request: HttpRequest, game: Game) -> HttpResponse:
    """The game page of a player seated at a Join table (the host's is table.game's)."""
    if game.game_type != Game.Type.JOIN or not seat_of(game, request.user):
        raise Http404("No such game")
    context = join_context(request, game)
    template = VIEW if request.htmx else "games/join_table.html"
    return _private(render(request, template, context))


@login_required
@require_http_methods(["GET", "POST"])
def join_game(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    """The invite link: a free seat for whoever opens it, logged in."""
    game = get_object_or_404(Game, pk=pk)
    if game.can_manage(request.user):
        messages.info(request, "That is your table's invite link: to play too, take a seat in the Players panel.")
        return redirect(game)
    table = JoinTable.objects.select_related("game").filter(game=game, game__game_type=Game.Type.JOIN).first()
    if table is None or not secrets.compare_digest(table.invite_token.encode(), token.encode()):
        raise Http404("No such invitation")
    if seat_of(game, request.user):
        return redirect(game)
    error = ""
    if request.method == "POST":
        seat = request.POST.get("seat", "")
        try:
            table.take_seat(request.user, seat)
        except SeatError as e:
            error = str(e)
        else:
            messages.success(request, f"You sit {SEAT_NAMES[seat]} at {game.name}.")
            return redirect(game)
    players = dict(game.seats.values_list("seat", "user__username"))
    seats = [(seat, name, players.get(seat, "")) for seat, name in SEAT_NAMES.items()]
    full = all(player for _, _, player in seats)
    return render(request, "games/join_invite.html", {"game": game, "seats": seats, "full": full, "error": error})


@login_required
@require_safe
def seat_poll(request: HttpRequest, pk: int) -> HttpResponse:
    """The seat view alone, polled by the page every TABLE_POLL_SECONDS: 204 while the
    table's version is the one the page shows (``?v=``), 304 for a matching ETag, the
    partial otherwise."""
    game = Game.objects.select_related("join_table").filter(pk=pk).first()
    if game is None or not (game.can_manage(request.user) or seat_of(game, request.user)):
        response = HttpResponse("Not found", status=404, content_type="text/plain")
        if request.htmx:  # a player the host removed: stop polling, go home
            response["HX-Redirect"] = reverse("home")
        return response
    if game.game_type != Game.Type.JOIN:
        return redirect(game)
    table = getattr(game, "join_table", None) or JoinTable.for_game(game)
    version = table.version_tag()
    if request.GET.get("v") == version:
        return HttpResponse(status=204)
    etag = f'"{version}.{request.user.pk}"'
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        return HttpResponseNotModified(headers={"ETag": etag})
    response = _fragments(request, game, VIEW, table)
    response["ETag"] = etag
    return response


@login_required
@require_POST
@vary_on_headers("HX-Request")
def reveal(request: HttpRequest, pk: int) -> HttpResponse:
    game = _get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    shown = request.POST.get("board", "")
    number = int(shown) if shown.isdecimal() and len(shown) <= 9 else None  # the board the page shows
    try:
        board = JoinTable.for_game(game).reveal(number, by=request.user)
    except SeatError as error:
        if request.htmx:
            return _fragments(request, game, VIEW, reveal_error=str(error))
        messages.error(request, str(error))
        return redirect(game)
    if request.htmx:
        return _fragments(request, game, VIEW)
    messages.success(request, f"Board {board.number}: all four hands are shown to the table.")
    return redirect(game)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def new_invite(request: HttpRequest, pk: int) -> HttpResponse:
    game = _get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    JoinTable.for_game(game).new_invite()
    return _seating_done(request, game, "New invite link made: the old one no longer works.")


def _seating_done(request: HttpRequest, game: Game, message: str, error: str = "") -> HttpResponse:
    """htmx: the players panel (with the seat view out of band); otherwise back to the page."""
    if request.htmx:
        return _fragments(request, game, PANEL, seat_error=error)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, message)
    return redirect(reverse("game", args=[game.pk]) + "#seating")


def _host_seating(request: HttpRequest, pk: int, change: Callable[[JoinTable], str]) -> HttpResponse:
    game = _get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    try:
        message = change(JoinTable.for_game(game))
    except SeatError as e:
        return _seating_done(request, game, "", error=str(e))
    return _seating_done(request, game, message)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def sit(request: HttpRequest, pk: int) -> HttpResponse:
    """The host takes a free seat."""
    seat = request.POST.get("seat", "")

    def change(table: JoinTable) -> str:
        table.take_seat(request.user, seat)
        return f"You sit {SEAT_NAMES[seat]}."

    return _host_seating(request, pk, change)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def move(request: HttpRequest, pk: int) -> HttpResponse:
    """Move a player to another seat (swapping with whoever sits there)."""
    seat, to = request.POST.get("seat", ""), request.POST.get("to", "")

    def change(table: JoinTable) -> str:
        table.move(seat, to)
        return f"Moved {SEAT_NAMES[seat]} to {SEAT_NAMES[to]}."

    return _host_seating(request, pk, change)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def remove(request: HttpRequest, pk: int) -> HttpResponse:
    """Take a player off the table; the seat stays empty until someone takes it."""
    seat = request.POST.get("seat", "")

    def change(table: JoinTable) -> str:
        table.unseat(seat)
        return f"{SEAT_NAMES[seat]} is free."

    return _host_seating(request, pk, change)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    """A seated player (or the host) stands up."""
    game = get_object_or_404(Game, pk=pk)
    manages = game.can_manage(request.user)
    if not manages and not seat_of(game, request.user):
        raise Http404("No such game")
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    try:
        JoinTable.for_game(game).leave(request.user)
    except SeatError as e:
        return _seating_done(request, game, "", error=str(e))
    if manages:
        return _seating_done(request, game, "You left your seat.")
    messages.success(request, f"You left the table of {game.name}.")
    return redirect("home")
