"""Who may see or manage a game: the one place the views ask.

Every answer for someone who may not is a 404, as for a game that does not exist, so
that nobody learns which games there are. Managing a game is its host's, or staff's
with the change permission (``Game.objects.managed_by``); a Join table's seated players
may act at its table too.
"""

from __future__ import annotations

from typing import TypeVar

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.utils.cache import patch_cache_control

from games.models import Game, Seat, Upload

Response = TypeVar("Response", bound=HttpResponseBase)

UPLOAD_PAGE = "games/upload.html"


def get_game_for_host(request: HttpRequest, pk: int) -> Game:
    """The game if the user manages it (its host, or staff with the change permission);
    404 otherwise, so others learn nothing."""
    try:
        return Game.objects.managed_by(request.user, pk)
    except Game.DoesNotExist:
        raise Http404("No such game.") from None


def get_seat_at_table(request: HttpRequest, pk: int) -> tuple[Game, Seat | None]:
    """The game if the user may act at its table (seated at a Join game, or its host), with
    their Seat row and its table (one query for a seated player; None for a host who does
    not sit); 404 otherwise."""
    try:  # one row at most (one_seat_per_player): read with no ORDER BY to compile
        row: Seat | None = Seat.objects.select_related("table__game").get(game_id=pk, user=request.user.pk)
    except Seat.DoesNotExist:
        row = None
    if row is not None and row.table.game.game_type == Game.Type.JOIN:
        return row.table.game, row
    game = get_object_or_404(Game, pk=pk)
    if game.can_manage(request.user):
        return game, None
    raise Http404("No such game.")


def game_for_upload(request: HttpRequest, pk: int) -> tuple[Game, HttpResponse | None]:
    """The game, or the 403 page when its rules do not allow deck upload."""
    game = get_game_for_host(request, pk)
    if game.allow_upload:
        return game, None
    return game, render(request, UPLOAD_PAGE, {"game": game, "refused": True}, status=403)


def get_upload(request: HttpRequest, game: Game, token) -> Upload:
    """The host's own, unexpired upload to this game; 404 for anything else."""
    try:
        upload = Upload.objects.live().get(token=token, game=game, host=request.user)
    except Upload.DoesNotExist:
        raise Http404("No such upload (it may have expired)") from None
    upload.game, upload.host = game, request.user  # the rows this request has: no query for either
    return upload


def private(response: Response) -> Response:
    """A page with a hand on it: never kept by a shared cache."""
    patch_cache_control(response, private=True, no_cache=True)
    return response
