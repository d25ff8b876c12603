"""Links from a problem shown on the upload page to its entry on the help page.

    {% load help_links %}
    {{ problem|problem_help_url }}     -> /help/uploading-decks/#problem-card-twice
                                          (/help/dealer-scripts/#dealer-no-match for a script's)
    {{ problem|problem_help_anchor }}  -> problem-card-twice

``problem`` may be a reader ``Problem`` or a ``ShownProblem`` (its English
``message`` and ``kind`` are used; ``{{ form|form_problems }}`` gives a form's
errors so) or an English text; anything not recognised links to the catch-all
entry. A text in the page's language is not recognised: pass what keeps the English.
"""

from __future__ import annotations

from django import template
from django.urls import reverse

from games.presentation.problem_help import DEALER_ANCHORS, help_anchor
from games.presentation.problem_text import ShownProblem, form_problems

register = template.Library()


def _anchor(problem: object) -> str:
    message = getattr(problem, "message", problem)
    kind = getattr(problem, "kind", "")
    return help_anchor(str(message or ""), str(kind or ""))


@register.filter(name="form_problems")
def form_problems_filter(form: object) -> list[ShownProblem]:
    """A form's errors, each with its help entry (games.presentation.problem_text.form_problems)."""
    return form_problems(form)


@register.filter
def problem_help_anchor(problem: object) -> str:
    return _anchor(problem)


@register.filter
def problem_help_url(problem: object) -> str:
    anchor = _anchor(problem)
    page = "help_dealer" if anchor in DEALER_ANCHORS else "help_upload"  # a dealer script's entries have their page
    return f"{reverse(page)}#{anchor}"
