"""A board's teaching text on a page (``games.presentation.lesson_text`` makes it safe).

{% load lesson %}
{% lesson_text deck.commentary %}                 -> the board's comments, each with its place
{% lesson_text comments notes heading="Lesson" %} -> with the teacher's notes after them
{% practice_lesson game board %}                  -> a practice table's board, when its rule says
{% table_notes view %}                            -> a seat view's teacher's notes, new ones marked
{{ text|lesson_html }}                            -> one text as safe HTML

``comments`` are the reader's ``Comment`` values or ``Deck.commentary``'s stored rows
(``[text, section, at]``); ``notes`` are ``BoardNote`` rows. A long text starts folded
(``<details>`` closed), a short one open.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

from games.models.lesson import seats_see_lesson
from games.presentation import lesson_text as lesson
from games.presentation.table_notes import table_key
from games.presentation.table_notes import table_notes as notes_for

register = template.Library()
register.filter("lesson_html", lesson.lesson_html)


@register.inclusion_tag("games/partials/lesson_text.html")
def lesson_text(
    comments: Iterable[Any] | None, notes: Iterable[Any] = (), heading: str = "", fold: bool | None = None
) -> dict[str, Any]:
    return lesson.context(comments, notes, heading, fold)


@register.inclusion_tag("games/partials/lesson_text.html")
def practice_lesson(game: Any, board: Any) -> dict[str, Any]:
    """A practice table's board: its host plays it, so the game's rule holds for them as
    for a seat; a table that only shows the four hands shows the text at once."""
    deck = getattr(board, "deck", None)
    if deck is None or not deck.commentary:
        return {"items": ()}
    if game.practice_play == game.PracticePlay.SHOW:
        shown = True
    else:
        shown = seats_see_lesson(game.show_lesson, board)
    if not shown:
        return {"items": ()}
    return lesson.context(deck.commentary)


@register.inclusion_tag("games/partials/table_notes.html", takes_context=True)
def table_notes(context: template.Context, view: Any) -> dict[str, Any]:
    """A seat view's (``games.presentation.seats.SeatView``) notes from the teacher. Its
    drawing is what moves the viewer's session on (``games.presentation.table_notes``):
    a note a poll brings is said once by the page's live region."""
    request = context.get("request")
    if request is None or not view.notes:
        return {"view": view, "table_notes": notes_for({}, "", (), announce=False)}
    key = table_key(view.game_pk, view.table)
    # A poll's drawing announces; a full page (its notes are on it) and an out-of-band copy
    # of the view (the host's seating answers: no second live region to append to) do not.
    announce = bool(getattr(request, "htmx", False)) and not context.get("oob")
    shown = notes_for(request.session, key, view.notes, announce=announce)
    return {"view": view, "table_notes": shown, "csrf_token": context.get("csrf_token"), "request": request}
