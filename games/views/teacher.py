"""The teacher's view of a Join table: the host, not seated, watches the board live with
all four hands, the auction and play and the lesson text, and writes notes that every
seat reads at once.

Only the game's manager (its host, or staff with the change permission) who does not
sit at the table: a seated manager is a player, and sees only what their seat sees.
While the page is open (it polls like the seats' pages) the seats read "The teacher is
watching all hands" (``JoinTable.teacher_looks``); they see no card more than before.
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from games.models import Game, JoinTable
from games.models.join import seat_of
from games.models.lesson import MAX_NOTE_CHARS, BoardNote, NoteError
from games.presentation.seats import teacher_view as build_view
from games.views.access import get_game_for_host, private
from games.views.htmx import HtmxHttpRequest

PAGE = "games/teacher.html"
TABLE = "games/teacher.html#table"
NOTE = "games/teacher.html#note"


class NoteForm(forms.Form):
    board = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    text = forms.CharField(
        label=gettext_lazy("A note to the table"),
        max_length=MAX_NOTE_CHARS,
        strip=True,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": MAX_NOTE_CHARS}),
        # shown unescaped (form_fields.html): the tags are written as entities
        help_text=lazy(
            lambda: (
                gettext(
                    "Every player reads it at once, beside the board (%(count)s characters at most; "
                    "&lt;b&gt;, &lt;i&gt;, &lt;u&gt; and suit signs such as \\S or @H as in a lesson file)."
                )
                % {"count": MAX_NOTE_CHARS}
            ),
            str,
        )(),
    )


class NotJoin(Exception):
    """A practice game: it has no table to watch."""


def _teacher_game(request: HttpRequest, pk: int, number: int = 1) -> tuple[Game, JoinTable]:
    """The Join game the user manages and its table ``number`` (404 for anyone else, and
    for a table the game does not have); NotJoin for a practice game."""
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        messages.error(request, gettext("Only a Join table has a teacher's view: this is a Practice game."))
        raise NotJoin(game)
    table = JoinTable.for_game(game) if number == 1 else JoinTable.numbered(game, number)
    if table is None:
        raise Http404("No such table.")
    return game, table


def _join_only(view):
    """A practice game's manager is sent back to its page, as the Join routes do."""

    @wraps(view)
    def wrapped(request: HttpRequest, pk: int, table: int = 1) -> HttpResponse:
        try:
            return view(request, pk, table)
        except NotJoin as not_join:
            return redirect(not_join.args[0])

    return wrapped


def _context(request: HttpRequest, game: Game, table: JoinTable, form: NoteForm | None = None) -> dict[str, Any]:
    view = build_view(game, table)
    return {
        "game": game,
        "table": table,
        "view": view,
        "form": form or NoteForm(initial={"board": view.number}),
        "poll_seconds": settings.TABLE_POLL_SECONDS,
        "urls": teacher_urls(game, table),
        "table_numbers": list(JoinTable.objects.filter(game=game).values_list("number", flat=True)),
    }


def teacher_urls(game: Game, table: JoinTable) -> dict[str, str]:
    """The teacher's routes for ``table``: the first table's keep their short form."""
    if table.number == 1:
        return {name: reverse(f"teacher_{name}", args=[game.pk]) for name in ("view", "poll", "note")}
    return {name: reverse(f"table_teacher_{name}", args=[game.pk, table.number]) for name in ("view", "poll", "note")}


def _seated_answer(request: HttpRequest, game: Game) -> HttpResponse:
    messages.info(
        request, gettext("You sit at a table of this game, so you see your own hand: stand up to watch as its teacher.")
    )
    return redirect(game)


@login_required
@require_safe
@vary_on_headers("HX-Request")
@_join_only
def teacher_view(request: HtmxHttpRequest, pk: int, table: int = 1) -> HttpResponse:
    """The page: the table with all four hands, the lesson text and the note form."""
    game, join_table = _teacher_game(request, pk, table)
    if seat_of(game, request.user):
        return _seated_answer(request, game)
    join_table.teacher_looks()
    template = TABLE if request.htmx else PAGE
    return private(render(request, template, _context(request, game, join_table)))


@login_required
@require_safe
@_join_only
def teacher_poll(request: HttpRequest, pk: int, table: int = 1) -> HttpResponse:
    """The table alone, asked for every TABLE_POLL_SECONDS: 204 while the table's version
    is the one the page shows (``?v=``). Each ask keeps the seats told they are watched."""
    game, join_table = _teacher_game(request, pk, table)
    if seat_of(game, request.user):
        response = HttpResponse("You sit at a table of this game.", status=404, content_type="text/plain")
        response["HX-Redirect"] = reverse("game", args=[game.pk])
        return response
    join_table.teacher_looks()
    if request.GET.get("v") == join_table.version_tag():
        return HttpResponse(status=204)
    return private(render(request, TABLE, _context(request, game, join_table)))


@login_required
@require_POST
@vary_on_headers("HX-Request")
@_join_only
def add_note(request: HtmxHttpRequest, pk: int, table: int = 1) -> HttpResponse:
    """A note to the table on the board the page shows (``board``, its deal number):
    refused when the table has moved on to another board meanwhile."""
    game, join_table = _teacher_game(request, pk, table)
    if seat_of(game, request.user):
        return _seated_answer(request, game)
    form = NoteForm(request.POST)
    if form.is_valid():
        board = join_table.board()
        number = form.cleaned_data["board"]
        if board is None or board.number != number:
            form.add_error(
                None, gettext("The table has moved on to another board: your note was not added. Read it again.")
            )
        else:
            try:
                join_table.play_of(board)
                BoardNote.add(board, form.cleaned_data["text"], request.user, join_table)
            except NoteError as error:
                form.add_error("text", str(error))
    if form.is_valid():
        if request.htmx:
            return _note_answer(request, game, join_table, None, added=True)
        messages.success(request, gettext("Note added: every player at the table reads it now."))
        return redirect(teacher_urls(game, join_table)["view"])
    if request.htmx:  # htmx swaps only a 2xx answer: the form with its errors
        return _note_answer(request, game, join_table, form)
    return private(render(request, PAGE, _context(request, game, join_table, form), status=400))


def _note_answer(
    request: HttpRequest, game: Game, table: JoinTable, form: NoteForm | None, *, added: bool = False
) -> HttpResponse:
    """For htmx: the note form (fresh once a note is added) and the table out of band."""
    context = {**_context(request, game, table, form), "note_added": added}
    note = render_to_string(NOTE, context, request)
    live = render_to_string(TABLE, {**context, "oob": True}, request)
    return private(HttpResponse(note + live))
