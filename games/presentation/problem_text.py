"""The readers' messages (games.formats.messages) in the page's language.

``say`` asks the catalogue for the translation of the key's one template
(``messages.TEMPLATES``, marked there for makemessages; a plural by its ``count``) and fills
it: a piece that is a message is said the same way; bridge's own notation (seats, suits,
ranks, cards; ``messages.WORD_KINDS``) in the language's words (games.bridge.words);
everything else, values taken from the file, as it is. The result is plain text, which
templates escape. In English a message is its reader's own text, as the CLI prints it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language, gettext, ngettext, override
from django.utils.translation import gettext_lazy as _

from games.bridge.words import Words, for_language
from games.formats.messages import TEMPLATES, Message, Part, Plural, word_kind
from games.formats.model import Problem
from games.models.upload import problem_text as english_problem_text

# Where a problem stands, as the upload preview and the review desk list them.
_LINE_BOARD = _("line %(line)s, board %(board)s: %(message)s")
_LINE_DEAL = _("line %(line)s, deal %(deal)s: %(message)s")
_LINE = _("line %(line)s: %(message)s")
_AND = _("%(first)s and %(last)s")  # two seats: "North and East"


def english(language: str | None = None) -> bool:
    return (language or get_language() or "en").split("-")[0] == "en"


def say(message: str | int | Part, words: Words | None = None) -> str:
    """A reader's message in the active language; a text without a key as it is."""
    if isinstance(message, Message):
        message = message.part
    if not isinstance(message, Part):
        return str(message)
    if english():
        return message.text
    words = words or for_language(get_language())
    params = message.params
    template = TEMPLATES[message.key]
    if isinstance(template, Plural):
        count = params["count"]
        said = ngettext(template.singular, template.plural, count if isinstance(count, int) else 0)
    else:
        said = gettext(template)
    return said % {name: _param(name, value, words) for name, value in params.items()}


def _param(name: str, value: Any, words: Words) -> Any:
    if isinstance(value, Part):
        return say(value, words)
    if isinstance(value, int):  # a number as it is
        return value
    kind = word_kind(name)
    if kind in ("seat",):
        return words.seat_name(value)
    if kind in ("seats", "seatsand"):
        names = [words.seat_name(seat) for seat in value]
        return names[0] if len(names) < 2 else str(_AND % {"first": ", ".join(names[:-1]), "last": names[-1]})
    if kind == "by":
        return words.seat(value)
    if kind == "suit":
        return words.suit_names.get(value, value)
    if kind == "rank":
        return words.honour_names.get(value) or ("10" if value == "T" else value)
    if kind == "card":
        return words.card(value)
    if kind == "vul":
        return words.vul(value)
    return value


def problem_text(problem: Problem) -> str:
    """ "line 11, board 2: North has 12 cards" in the active language, as
    games.models.upload.problem_text says it in English (the reader's own "board 2: " or
    "deal 1 (line 47): " is not said twice)."""
    part = problem.part
    if part is None or english():
        return english_problem_text(problem)
    if not problem.line:
        return say(part)
    message: str | int | Part = part
    deal = None
    if part.key == "at":
        where, rest = part.params["where"], part.params["message"]
        shown = where.text if isinstance(where, Part) else str(where)
        if problem.board and shown == f"board {problem.board}":
            message = rest
        elif (
            not problem.board
            and problem.index is not None
            and shown == f"deal {problem.index + 1} (line {problem.line})"
        ):
            message, deal = rest, problem.index + 1
    said = say(message)
    if deal is not None:
        return str(_LINE_DEAL % {"line": problem.line, "deal": deal, "message": said})
    if problem.board:
        return str(_LINE_BOARD % {"line": problem.line, "board": problem.board, "message": said})
    return str(_LINE % {"line": problem.line, "message": said})


@dataclass(frozen=True, slots=True)
class ShownProblem:
    """A problem as a page lists it: ``text`` in the page's language; ``message`` and
    ``kind``, in English, find its help entry (games.templatetags.help_links)."""

    text: str
    message: str
    kind: str

    def __str__(self) -> str:
        return self.text


def shown(problem: Problem) -> ShownProblem:
    return ShownProblem(problem_text(problem), english_problem_text(problem), problem.kind)


def form_problems(form: Any) -> list[ShownProblem]:
    """A form's errors as the upload page lists them, each with what finds its help entry:
    its code (the entry's id, for the upload form's own errors) and its English text (for
    Django's, whose messages are translated when shown)."""
    problems = []
    for errors in form.errors.as_data().values():
        for error in errors:
            text = _error_text(error)
            with override("en"):
                english = _error_text(error)
            problems.append(ShownProblem(text, english, error.code or ""))
    return problems


def _error_text(error: Any) -> str:
    return str(error.message % error.params if error.params else error.message)
