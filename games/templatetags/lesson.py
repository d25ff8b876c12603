"""A board's teaching text on a page (``games.presentation.lesson_text`` makes it safe).

{% load lesson %}
{% lesson_text deck.commentary %}                 -> the board's comments, each with its place
{% lesson_text comments notes heading="Lesson" %} -> with the teacher's notes after them
{% practice_lesson game board %}                  -> a practice table's board, when its rule says
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
