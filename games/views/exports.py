"""Downloads of a game's queue or dealt boards as PBN or LIN.

A host (or staff) seated at their own Join table plays the board in play: their
export of the dealt boards leaves that board out until it is revealed, as the
table shows them only their own hand of it.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from games.formats import write_lin, write_pbn
from games.formats.model import Deck as ParsedDeck
from games.models.join import seat_of
from games.models import Game
from games.views.table import _get_game_for_host

WRITERS = {"pbn": write_pbn, "lin": write_lin}


def download(decks: Iterable[ParsedDeck], fmt: str, stem: str) -> HttpResponse:
    """A PBN or LIN attachment, UTF-8, with a file name safe for any browser and disk."""
    text = WRITERS[fmt](decks)
    filename = f"{slugify(stem)[:80] or 'decks'}.{fmt}"
    return HttpResponse(
        text.encode("utf-8"),
        content_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": content_disposition_header(True, filename)},
    )


@login_required
@require_safe
def export(request: HttpRequest, pk: int, which: str, fmt: str) -> HttpResponse:
    game = _get_game_for_host(request, pk)
    if which not in ("queue", "dealt") or fmt not in WRITERS:
        raise Http404("Export the queue or the dealt boards, as pbn or lin")
    decks = game.exported_decks(dealt=which == "dealt")
    if which == "dealt" and game.game_type == Game.Type.JOIN and seat_of(game, request.user):
        decks = without_board_in_play(game, decks)
    return download(decks, fmt, f"{game.name}-{which}")


def without_board_in_play(game: Game, decks: list[ParsedDeck]) -> list[ParsedDeck]:
    """The dealt boards less the newest one while it is not revealed."""
    newest = game.boards.select_related("reveal").order_by("-number").first()
    if newest is None or hasattr(newest, "reveal"):
        return decks
    return [deck for deck in decks if deck.board != str(newest.number)]
