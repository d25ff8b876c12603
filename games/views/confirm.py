"""The question asked before a click would end or leave a board in play: Deal New Cards,
Reveal hands and Stand up (the models refuse without it: ``BoardInPlay``,
``LeavingBoardInPlay``).

One template, games/confirm.html: without JavaScript its page, the GET of the action's
own route, whose form posts the action again with ``confirm`` (the board's deal,
``DealtBoard.number``, which tells two deals of one board number apart);
with htmx its ``box`` partial, swapped into the page's empty ``#confirm`` slot, whose
form posts with htmx as the button it answers did. The answer to the confirmed action
empties the slot again (``CLEARED``, out of band, where the action's answer does not
replace the slot itself).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django_htmx.http import reswap, retarget

from games.models import Game

TEMPLATE = "games/confirm.html"
CLEARED = '<div id="confirm" hidden hx-swap-oob="true"></div>'


@dataclass(frozen=True, slots=True)
class Confirmation:
    title: str  # what is at stake: "Board 3 is being played: 14 cards played."
    question: str  # "Deal the next board anyway?"
    consequence: str  # what happens then, and to the board's score
    action: str  # the URL the confirmed form posts to
    button: str
    fields: tuple[tuple[str, str], ...]  # hidden fields, ``confirm`` among them
    back: str  # where "no" goes
    back_label: str
    hx_target: str  # what the confirmed htmx form swaps, as the original button did
    hx_include: str = ""


def number(text: str) -> int | None:
    """A board or table number as a form or link sends it; None unless it is one."""
    return int(text) if text.isdecimal() and len(text) <= 9 else None


def confirm_number(request: HttpRequest) -> int | None | HttpResponseBadRequest:
    """The posted ``confirm`` (the deal, ``DealtBoard.number``, of the board the user agreed
    to end or leave), None when there is none, or the 400 answer to one that is not a number."""
    text = request.POST.get("confirm")
    if text is None:
        return None
    text = text.strip()
    if not text.isdecimal() or len(text) > 9:
        return HttpResponseBadRequest(
            "confirm must be the number of the board in play that you agree to leave unfinished, "
            f"such as 3; {text[:20]!r} is not a board number.",
            content_type="text/plain; charset=utf-8",
        )
    return int(text)


def page(request: HttpRequest, game: Game, confirmation: Confirmation) -> HttpResponse:
    """The question as a page of its own (no JavaScript): a plain form."""
    return render(request, TEMPLATE, {"game": game, "c": confirmation, "standalone": True})


def in_page(request: HttpRequest, confirmation: Confirmation) -> HttpResponse:
    """The question for htmx: the box, swapped into the page's ``#confirm`` slot."""
    response = render(request, f"{TEMPLATE}#box", {"c": confirmation})
    return reswap(retarget(response, "#confirm"), "outerHTML")
