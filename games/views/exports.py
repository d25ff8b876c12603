"""Downloads of a game's queue or dealt boards as PBN or LIN."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_safe

from games.formats import write_lin, write_pbn
from games.formats.model import Deck as ParsedDeck
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
    return download(game.exported_decks(dealt=which == "dealt"), fmt, f"{game.name}-{which}")
