"""The public help page "Lesson text": where a board's teaching text comes from, the
markup that is understood, and when the players see it.

The example is a real lesson file made in the project (``games/help_files``), put
through the real reader and shown as an upload's preview shows it; the rule's choices,
the limits and the notes' bounds are read from the code.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import number_format
from django.views.decorators.http import require_safe

from games.formats import read_decks
from games.formats.limits import MAX_COMMENTARY, MAX_COMMENTS, MAX_FILE_COMMENTARY
from games.formats.pdf import MAX_LESSON_CHARS
from games.models import Game, LessonRule
from games.models.lesson import MAX_NOTE_CHARS, MAX_NOTES
from games.presentation import lesson_text
from games.presentation.long_pages import in_language

EXAMPLE = Path(__file__).resolve().parent.parent / "help_files" / "lesson_example.pbn"
# A vugraph's commentary as BBO writes it: each nt after the calls or cards it is about.
LIN_EXAMPLE = "mb|1n|nt|Ann: 15-17, balanced|pg||mb|p|mb|3n|mb|p|mb|p|mb|p|nt|Bob: East will lead a @S|pg||"


@cache
def _example() -> dict[str, Any]:
    text = EXAMPLE.read_text(encoding="utf-8")
    (deck,) = read_decks(text.encode(), EXAMPLE.name).decks
    return {"name": EXAMPLE.name, "text": text, "deck": deck}


@require_safe
def lesson_text_help(request: HttpRequest) -> HttpResponse:
    example = _example()
    context = {
        "example": example,
        "lesson": lesson_text.context(example["deck"].commentary, fold=False),
        "lin_example": LIN_EXAMPLE,
        "allowed_tags": sorted(lesson_text.ALLOWED_TAGS - {"strong", "em"}),
        "rules": LessonRule.choices,
        "rule_default": Game._meta.get_field("show_lesson").get_default(),
        "rule_label": Game._meta.get_field("show_lesson").verbose_name,
        "limits": {
            "comments": number_format(MAX_COMMENTS, force_grouping=True),
            "deck_chars": number_format(MAX_COMMENTARY, force_grouping=True),
            "file_chars": number_format(MAX_FILE_COMMENTARY, force_grouping=True),
            "note_chars": number_format(MAX_NOTE_CHARS, force_grouping=True),
            "notes": MAX_NOTES,
            "pdf_one": number_format(MAX_LESSON_CHARS[1], force_grouping=True),
            "pdf_four": number_format(MAX_LESSON_CHARS[4], force_grouping=True),
        },
    }
    return render(request, in_language("games/help_lesson.html"), context)
