"""A game's settings page (its name, and its rules as set when it was made) and deleting
the game, for whoever manages it: its host, or staff with the change permission."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods

from games.forms.game import MOVEMENT_FIELDS, GameSettingsForm
from games.models import Game
from games.models.join import SeatError, TableError
from games.models.join.rounds import change_movement, movement_fixed
from games.models.removal import contents_of, delete_game
from games.presentation.refusals import refusal
from games.views.access import get_game_for_host


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """Rename the game, choose when the players see the lesson text and, until play
    begins, a Join game's movement and tables (POST); the page shows its rules (the
    movement read-only once it is fixed, and why) and the way to delete it."""
    game = get_game_for_host(request, pk)
    old_name, old_lesson = game.name, game.show_lesson
    form = GameSettingsForm(request.POST or None, instance=game)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():  # the movement, its tables and the other settings, or nothing
                if form.moves:
                    numbers = {name: form.cleaned_data[name] for name in MOVEMENT_FIELDS}
                    change_movement(game, form.cleaned_data["tables"], **numbers)
                form.save(commit=False)
                # only the form's fields: the row's others (the next deal, the round) move on meanwhile
                game.save(update_fields=[name for name in form.fields if name != "tables"])
        except SeatError as refused:
            form.add_error("tables" if isinstance(refused, TableError) else None, refusal(refused))
        else:
            if game.name != old_name:
                messages.success(
                    request, gettext("Game “%(old)s” renamed “%(new)s”.") % {"old": old_name, "new": game.name}
                )
            if game.show_lesson != old_lesson:
                said = gettext("Show the lesson text: %(rule)s.") % {"rule": game.get_show_lesson_display().lower()}
                messages.success(request, said)
            return redirect(game)
    if request.method == "POST":
        game.refresh_from_db()  # the page shows the game as stored, not a refused post
    return render(
        request,
        "games/game_settings.html",
        {"game": game, "form": form, "movement_fixed": movement_fixed(game), "tables": game.join_tables.count()},
    )


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def delete(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: what goes with the game, and a button; POST: all of it goes, in one transaction."""
    game = get_game_for_host(request, pk)
    if request.method != "POST":
        return render(request, "games/game_delete.html", {"game": game, "contents": contents_of(game)})
    try:
        gone = delete_game(game)
    except Game.DoesNotExist:
        raise Http404("No such game.") from None
    messages.success(
        request,
        gettext("Game “%(game)s” deleted, with its %(decks)s and %(boards)s.")
        % {
            "game": game.name,
            "decks": ngettext("%(count)s deck", "%(count)s decks", gone.decks) % {"count": gone.decks},
            "boards": ngettext("%(count)s dealt board", "%(count)s dealt boards", gone.boards) % {"count": gone.boards},
        },
    )
    return redirect("home")
