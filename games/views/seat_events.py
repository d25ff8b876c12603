"""A seated player's seat view, drawn by the event stream for their page (docs/push.md).

When a table moves on, the stream of each player seated there (someone who does not
manage the game) sends that player's seat view itself (``event: seat``), drawn as the
seat poll draws it (``join_context`` and the same template: the same cards, the same
checks), so the page swaps it in without asking. What the four seats' views read alike
(``TableReads``: the board, its play, players, figures and director's call) is read once
for a table's version. The draws run in one thread of their own (not the stream's: under
ASGI each request has its own thread for synchronous code, and four streams drawing at
once in four threads would each read the table, each on a connection of its own): one at
a time, so the reads kept here need no lock, and that thread keeps its one database
connection from one event to the next.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from django.db import connections
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation

from games.models.board_play import last_actor
from games.models.join import JoinTable
from games.views.join import VIEW, TableReads, join_context

log = logging.getLogger(__name__)

KEPT_TABLES = 2000  # tables whose reads are kept; past that, all are forgotten at once
_reads: dict[int, TableReads] = {}  # a table's pk -> what its seats' views read, at one version


def _draw(request: HttpRequest, game: int, number: int) -> str | None:
    """The seat view of ``request``'s user at table ``number`` of game ``game``, or None
    when they no longer sit there (the page then asks, and the seat poll says where to go)."""
    table = (
        JoinTable.objects.select_related("game")
        .filter(game_id=game, number=number, seats__user=request.user.pk)
        .first()
    )
    if table is None or table.game.can_manage(request.user):
        return None
    reads = _reads.get(table.pk)
    if reads is None or reads.seen.version != table.version_tag():
        if len(_reads) >= KEPT_TABLES:
            _reads.clear()
        reads = _reads[table.pk] = TableReads.of(table.game, table, request.user)
    if _acted_last(reads, request.user.pk):
        return None  # the actor's page asks after its answer, and may show this already
    with translation.override(getattr(request, "LANGUAGE_CODE", None)):
        context = join_context(request, table.game, table, checked=True, reads=reads)
        return render_to_string(VIEW, context, request)


def _acted_last(reads: TableReads, user: int | None) -> bool:
    """Whether ``user`` made the board's last call or card (declarer for dummy's)."""
    play = getattr(reads.seen.board, "played", None)
    seat = reads.seen.players.get(last_actor(play.state())) if play is not None else None
    return seat is not None and seat.user_id == user


def _draw_or_none(request: HttpRequest, game: int, number: int) -> str | None:
    try:
        return _draw(request, game, number)
    except Exception:  # the page asks instead; a broken connection is opened again next time
        log.exception("drawing a seat view for the event stream")
        connections.close_all()
        return None


_drawer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="seat-draws")
# Draws waiting for the thread past which a page is told to ask instead (through the page
# servers), so that a burst of moves never holds a seat's news behind a long queue.
WAITING_LIMIT = 6
_waiting = 0


async def draw(request: HttpRequest, game: int, number: int) -> str | None:
    """``_draw`` in the drawing thread; None when it failed or the thread is busy (the page
    asks instead)."""
    global _waiting
    if _waiting >= WAITING_LIMIT:
        return None
    _waiting += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_drawer, _draw_or_none, request, game, number)
    finally:
        _waiting -= 1


def release() -> None:
    """The drawing thread's database connection goes back: a test's, before its database
    is flushed or dropped (a server's lives as long as its process)."""
    _drawer.submit(connections.close_all).result()
