"""Join games: the invite link, seats, the live seat view, and the reveal.

Who sees what is decided once, in ``games.presentation.seats.seat_view``; these views only
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
from django.utils.http import parse_etags
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from games.bridge.cards import SEAT_NAMES
from games.models import Game
from games.models.board_play import BoardInPlay, running_total
from games.models.join import JoinTable, LeavingBoardInPlay, SeatError, seat_of
from games.presentation.seats import seat_view
from games.views import confirm
from games.views.access import get_game_for_host, private

VIEW = "games/partials/seat_view.html"
PANEL = "games/partials/seat_panel.html"


def _not_join(request: HttpRequest, game: Game) -> HttpResponse:
    messages.error(request, "Only Join games have seats: this is a Practice game.")
    return redirect(game)


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


def history_row(request: HttpRequest, game: Game, context: dict[str, Any]) -> str:
    """For the host's page, out of band: the board's row of the deal history, with its
    result, once the board is over (at the last card or the accepted claim, whoever made
    it; the seat view alone would leave the row blank until the page is loaded again)."""
    view = context["view"]
    if not view.can_manage or view.play is None or not view.play.over:
        return ""
    board = game.boards.select_related("deck", "played").filter(number=view.number).first()
    if board is None:
        return ""
    row = render_to_string("games/game.html#history_row", {"game": game, "b": board, "oob_row": True}, request)
    return f"<template>{row}</template>"  # a table row parses only inside a <template>


def _fragments(
    request: HttpRequest,
    game: Game,
    main: str,
    table: JoinTable | None = None,
    *,
    answered: bool = False,
    **extra: Any,
) -> HttpResponse:
    """For htmx: ``main`` (the seat view or the players panel) and, for the host, the
    other one out of band, so both show the same seating. ``answered``: the action was
    confirmed, and the question in the page's #confirm slot goes."""
    context = {**join_context(request, game, table), **extra}
    parts = [render_to_string(main, context, request)]
    if context["view"].can_manage:
        other = PANEL if main == VIEW else VIEW
        parts.append(render_to_string(other, {**context, "oob": True}, request))
        parts.append(history_row(request, game, context))
    if answered:
        parts.append(confirm.CLEARED)
    return private(HttpResponse("".join(parts)))


def player_table(request: HttpRequest, game: Game) -> HttpResponse:
    """The game page of a player seated at a Join table (the host's is table.game's)."""
    if game.game_type != Game.Type.JOIN or not seat_of(game, request.user):
        raise Http404("No such game")
    context = join_context(request, game)
    template = VIEW if request.htmx else "games/join_table.html"
    return private(render(request, template, context))


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


def _number(text: str) -> int | None:
    return int(text) if text.isdecimal() and len(text) <= 9 else None


def reveal_question(game: Game, in_play: BoardInPlay) -> confirm.Confirmation:
    """Reveal hands before the board in play is over: what the host is asked first. The
    form posts its deal (``in_play.number``); the words say its board number."""
    number, shown = in_play.number, in_play.board_number
    return confirm.Confirmation(
        title=str(in_play),
        question="Reveal all four hands anyway?",
        consequence=(
            f"Board {shown} ends here: it is recorded as revealed, not finished, scores nothing, "
            "and nobody calls or plays on it any more."
        ),
        action=reverse("join_reveal", args=[game.pk]),
        button=f"Reveal and end board {shown}",
        fields=(("board", str(number)), ("confirm", str(number))),
        back=game.get_absolute_url(),
        back_label=f"Keep playing board {shown}",
        hx_target="#seat-view",
    )


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def reveal(request: HttpRequest, pk: int) -> HttpResponse:
    """Show the board's four hands to the table, which ends it. Before it is over, once
    someone has called, only with ``confirm``: otherwise the answer is the question (in
    the page for htmx, else this route's GET page)."""
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    if request.method == "GET":
        play = game.board_in_play()
        if play is None or play.board.number != _number(request.GET.get("board", "")):
            return redirect(game)  # nothing to ask: the page's Reveal button does it
        return confirm.page(request, game, reveal_question(game, BoardInPlay.of(play)))
    number = _number(request.POST.get("board", ""))  # the board the page shows
    confirmed = confirm.confirm_number(request)
    if isinstance(confirmed, HttpResponse):
        return confirmed
    try:
        board = JoinTable.for_game(game).reveal(number, by=request.user, confirm=confirmed)
    except BoardInPlay as in_play:
        if request.htmx:
            return confirm.in_page(request, reveal_question(game, in_play))
        return redirect(reverse("join_reveal", args=[game.pk]) + f"?board={in_play.number}")
    except SeatError as error:
        if request.htmx:
            return _fragments(request, game, VIEW, reveal_error=str(error))
        messages.error(request, str(error))
        return redirect(game)
    if request.htmx:
        return _fragments(request, game, VIEW, answered=confirmed is not None)
    messages.success(request, f"Board {board.board_number}: all four hands are shown to the table.")
    return redirect(game)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def new_invite(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    JoinTable.for_game(game).new_invite()
    return _seating_done(request, game, "New invite link made: the old one no longer works.")


def _seating_done(
    request: HttpRequest, game: Game, message: str, error: str = "", *, answered: bool = False
) -> HttpResponse:
    """htmx: the players panel (with the seat view out of band); otherwise back to the page."""
    if request.htmx:
        return _fragments(request, game, PANEL, seat_error=error, answered=answered)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, message)
    return redirect(reverse("game", args=[game.pk]) + "#seating")


def _host_seating(request: HttpRequest, pk: int, change: Callable[[JoinTable], str]) -> HttpResponse:
    game = get_game_for_host(request, pk)
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


def leave_question(game: Game, leaving: LeavingBoardInPlay, manages: bool) -> confirm.Confirmation:
    """Standing up from a hand in play: what the player (or the seated host) is asked first."""
    return confirm.Confirmation(
        title=f"Board {leaving.board_number} is being played: {leaving.progress}.",
        question="Stand up anyway?",
        consequence=leaving.consequence,
        action=reverse("seat_leave", args=[game.pk]),
        button="Stand up anyway",
        fields=(("confirm", str(leaving.number)),),
        back=game.get_absolute_url(),
        back_label="Stay seated",
        hx_target="#seating" if manages else "#confirm",
    )


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    """A seated player (or the host) stands up. From a hand being played only with
    ``confirm``, the board's number: otherwise the answer is the question (in the page for
    htmx, else this route's GET page)."""
    game = get_object_or_404(Game, pk=pk)
    manages = game.can_manage(request.user)
    if not manages and not seat_of(game, request.user):
        raise Http404("No such game")
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    table = JoinTable.for_game(game)
    if request.method == "GET":
        leaving = table.leaving_board_in_play(request.user)
        if leaving is None:
            return redirect(game)  # nothing to ask: the page's button stands up at once
        return confirm.page(request, game, leave_question(game, leaving, manages))
    confirmed = confirm.confirm_number(request)
    if isinstance(confirmed, HttpResponse):
        return confirmed
    try:
        table.leave(request.user, confirm=confirmed)
    except LeavingBoardInPlay as leaving:
        if request.htmx:
            return confirm.in_page(request, leave_question(game, leaving, manages))
        return redirect("seat_leave", pk)
    except SeatError as e:
        return _seating_done(request, game, "", error=str(e))
    if manages:
        return _seating_done(request, game, "You left your seat.", answered=confirmed is not None)
    messages.success(request, f"You left the table of {game.name}.")
    if request.htmx:
        return HttpResponseClientRedirect(reverse("home"))
    return redirect("home")
