"""The public help page "Dealer scripts": what the language can say (the lesson scripts
as examples), what this site does with a script, its limits, and every message a run
can end with (the upload preview links to them: ``games.presentation.problem_help.DEALER_ANCHORS``).

The limits are read from settings at request time and the examples from
``games.formats.dealer.LIBRARY``; no script is run to draw the page.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.formats import number_format
from django.views.decorators.http import require_safe

from games import dealer_runs
from games.formats.dealer import INSTALL, SEED_MAX
from games.forms.upload import SCRIPT_COUNT, human_size
from games.models import Game
from games.presentation import lesson_scripts
from games.presentation.long_pages import in_language


def _limits() -> dict[str, Any]:
    return {
        "tries": number_format(settings.DEALER_MAX_TRIES, force_grouping=True),
        "seconds": f"{settings.DEALER_SECONDS:g}",
        "command_seconds": f"{settings.DEALER_COMMAND_SECONDS:g}",
        "memory": number_format(settings.DEALER_MEMORY_MB, force_grouping=True) + " MB",
        "script_size": human_size(settings.DEALER_SCRIPT_MAX_BYTES),
        "at_once": settings.DEALER_RUNS_AT_ONCE,
        "decks": number_format(settings.DECK_UPLOAD_MAX_DECKS, force_grouping=True),
        "count": SCRIPT_COUNT,
        "seed_max": number_format(SEED_MAX, force_grouping=True),
    }


@require_safe
def dealer_scripts(request: HttpRequest) -> HttpResponse:
    context = {
        "limits": _limits(),
        "library": lesson_scripts.library(),
        "available": dealer_runs.program() is not None,
        "install": INSTALL,
        "script_rule": Game.WhenEmpty.SCRIPT.label,
    }
    return render(request, in_language("games/help_dealer.html"), context)
