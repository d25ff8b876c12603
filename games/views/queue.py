"""Reordering the game's deck queue: move up, down or to the front, remove (and undo it),
clear, go to a board, and play a dealt board again."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers

from games.models import DealtBoard, Deck, Game
from games.views.access import get_game_for_host
from games.views.htmx import HtmxHttpRequest
from games.views.table import queue_context

MOVES = ("up", "down", "front")


def _done(request: HtmxHttpRequest, game: Game, message: str) -> HttpResponse:
    """htmx: the queue partial alone; otherwise back to the game page (redirect after POST)."""
    if request.htmx:
        return render(request, "games/game.html#queue", queue_context(game))
    messages.success(request, message)
    return redirect(reverse("game", args=[game.pk]) + "#queue")


@login_required
@require_POST
@vary_on_headers("HX-Request")
def move(request: HtmxHttpRequest, pk: int, deck_pk: int) -> HttpResponse:
    game = get_game_for_host(request, pk)
    where = request.POST.get("where", "")
    if where not in MOVES:
        return HttpResponseBadRequest("where must be up, down or front")
    try:
        game.move_deck(deck_pk, where)
    except Deck.DoesNotExist:
        raise Http404("No such deck in this game's queue") from None
    said = {
        "up": gettext("Deck moved up."),
        "down": gettext("Deck moved down."),
        "front": gettext("Deck moved to the front."),
    }
    return _done(request, game, said[where])


@login_required
@require_POST
@vary_on_headers("HX-Request")
def remove(request: HtmxHttpRequest, pk: int, deck_pk: int) -> HttpResponse:
    """The deck out of the queue, and in its place a line with Undo (``restore``): the
    answer shows it, or without JavaScript the game page it sends back to."""
    game = get_game_for_host(request, pk)
    if not game.remove_deck(deck_pk):
        raise Http404("No such deck in this game's queue")
    if request.htmx:
        return render(request, "games/game.html#queue", queue_context(game, deck_pk))
    return redirect(reverse("game", args=[game.pk]) + f"?removed={deck_pk}#queue")


@login_required
@require_POST
@vary_on_headers("HX-Request")
def restore(request: HtmxHttpRequest, pk: int, deck_pk: int) -> HttpResponse:
    """A removed deck back in the queue, in the place it had (Undo after Remove); a deck
    already back (Undo pressed twice) stays as it is."""
    game = get_game_for_host(request, pk)
    if not game.restore_deck(deck_pk) and not game.queued().filter(pk=deck_pk).exists():
        raise Http404("No such removed deck in this game")
    return _done(request, game, gettext("Deck back in the queue."))


@login_required
@require_POST
@vary_on_headers("HX-Request")
def clear(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = get_game_for_host(request, pk)
    count = game.clear_queue()
    said = ngettext("Queue cleared: %(count)s deck removed.", "Queue cleared: %(count)s decks removed.", count)
    return _done(request, game, said % {"count": count})


@login_required
@require_POST
@vary_on_headers("HX-Request")
def go_to_board(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The first queued deck with the board label asked for moves to the front: dealt next."""
    game = get_game_for_host(request, pk)
    label = request.POST.get("board", "").strip()[:20]
    try:
        game.go_to_board(label)
    except Deck.DoesNotExist:
        if label:
            message = gettext("No queued deck is board %(board)s.") % {"board": label}
        else:
            message = gettext("Say which board to deal next.")
        if request.htmx:
            return render(request, "games/game.html#queue", {**queue_context(game), "queue_error": message})
        messages.error(request, message)
        return redirect(reverse("game", args=[game.pk]) + "#queue")
    return _done(request, game, gettext("Board %(board)s will be dealt next.") % {"board": label})


@login_required
@require_POST
@vary_on_headers("HX-Request")
def play_again(request: HtmxHttpRequest, pk: int, number: int) -> HttpResponse:
    """A dealt board's deck back at the front of the queue, as it was dealt (``number``:
    the deal, ``DealtBoard.number``)."""
    game = get_game_for_host(request, pk)
    try:
        deck = game.play_again(number)
    except DealtBoard.DoesNotExist:
        raise Http404("No such board in this game") from None
    return _done(request, game, gettext("Board %(board)s is back at the front of the queue.") % {"board": deck.board})
