"""A seated player's seat view, drawn by the event stream for their page (docs/push.md).

When a table moves on, or a new board is dealt, the stream of each player seated there
(someone who does not manage the game), the one who acted included, sends that player's
seat view itself (``event: seat``), drawn as the seat poll draws it (``join_context`` and
the same template: the same cards, the same checks), so the page swaps it in without
asking. What the four seats' views read alike (``TableReads``: the board, its play,
players, figures and director's call) is read once for a table's version; after a play's
change (a call, a card), only the table's row (by its key) and the play are read again,
and the board and the figures too once the play ends the board.

The draws run in one thread of their own (not the stream's: under ASGI each request has
its own thread for synchronous code, and four streams drawing at once in four threads
would each read the table, each on a connection of its own): one at a time, so the reads
kept here need no lock, and that thread keeps its one database connection from one event
to the next. A table's move is drawn before any deal's: a deal brings every seat of a
club night a new board at once, and those draws must not hold a card back. Past a bound
(``WAITING_LIMIT`` moves waiting, ``DEAL_WAITING_LIMIT`` deals or ``DEAL_WAIT_SECONDS``),
the page is told to ask instead, through the page servers.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation

from games.models.join import JoinTable, Seat
from games.views.join import VIEW, TableReads, join_context

log = logging.getLogger(__name__)

KEPT_TABLES = 2000  # tables whose reads are kept; past that, all are forgotten at once


@dataclass
class _Kept:
    """What a table's seats' views read (``reads``), at the game's next board and the
    table's version that its stream's events named (``at``)."""

    at: tuple[int, int]
    reads: TableReads


_reads: dict[tuple[int, int], _Kept] = {}  # (game, table number) -> its reads, at one version


class Gone:
    """What a draw gives for a player who sits at another table of the game now (moved by
    the host or a movement's round): the stream ends once it has said so, and the page's
    next stream is of the table they sit at now."""


GONE = Gone()


def _elsewhere(request: HttpRequest, game: int) -> Gone | None:
    """For someone no longer at the stream's table: GONE when they sit at another table
    of the game, else None (they stood up: the page asks, and is sent home)."""
    return GONE if Seat.objects.filter(game_id=game, user=request.user.pk).exists() else None


def _draw(request: HttpRequest, game: int, number: int, at: tuple[int, int] | None = None) -> str | Gone | None:
    """The seat view of ``request``'s user at table ``number`` of game ``game``; when they
    no longer sit there, GONE or None (``_elsewhere``: the page then asks, and the seat
    poll says where to go); None for a host, who is told only which table moved.
    ``at``: the game's next board and the table's version that the stream's events have
    reached: when the reads kept were made there, the table is not read again."""
    kept = _reads.get((game, number))
    if kept is not None and at is not None and kept.at == at:
        table = kept.reads.seen.table
    else:
        found = _table(request, game, number, kept)
        if found is None:
            return _elsewhere(request, game)
        table = found
        if kept is None or kept.reads.seen.version != table.version_tag():
            reads = TableReads.of(table.game, table, request.user, kept.reads if kept is not None else None)
            if not reads.seated:  # read by its key: they no longer sit there
                return _elsewhere(request, game)
            if len(_reads) >= KEPT_TABLES:
                _reads.clear()
            kept = _reads[game, number] = _Kept(at or (0, 0), reads)
        elif at is not None:
            kept.at = at
    if not kept.reads.seen.seats(request.user):
        return _elsewhere(request, game)
    if table.game.can_manage(request.user):
        return None
    with translation.override(getattr(request, "LANGUAGE_CODE", None)):
        context = join_context(request, table.game, table, checked=True, reads=kept.reads)
        return render_to_string(VIEW, context, request)


def _table(request: HttpRequest, game: int, number: int, kept: _Kept | None) -> JoinTable | None:
    """Table ``number`` of game ``game`` read again, with the game: by its key when its
    reads are kept (the seats then checked on the read), else where the user sits."""
    tables = JoinTable.objects.select_related("game")
    if kept is not None:
        try:
            return tables.get(pk=kept.reads.seen.table.pk, number=number)
        except JoinTable.DoesNotExist:  # removed, or renumbered: by its number
            pass
    return tables.filter(game_id=game, number=number, seats__user=request.user.pk).first()


def _draw_or_none(request: HttpRequest, game: int, number: int, at: tuple[int, int] | None) -> str | Gone | None:
    try:
        return _draw(request, game, number, at)
    except Exception:  # the page asks instead; a broken connection is opened again next time
        log.exception("drawing a seat view for the event stream")
        connections.close_all()
        return None


class _Drawer:
    """One thread that runs the work given to it, the most urgent first (the lowest
    ``urgency``), each urgency in the order given."""

    def __init__(self) -> None:
        self._queue: queue.PriorityQueue[tuple[int, int, Callable[[], Any], Future[Any]]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, urgency: int, work: Callable[[], Any]) -> Future[Any]:
        future: Future[Any] = Future()
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="seat-draws", daemon=True)
                self._thread.start()
            self._queue.put((urgency, next(self._order), work, future))
        return future

    def _run(self) -> None:
        while True:
            _, _, work, future = self._queue.get()
            if not future.set_running_or_notify_cancel():
                continue  # its stream is gone
            try:
                future.set_result(work())
            except BaseException as error:
                future.set_exception(error)


_drawer = _Drawer()
MOVE, DEAL = 0, 1  # urgencies: a table's move, a deal
WAITING_LIMIT = 16  # a move's draws waiting, past which its seats' pages ask
DEAL_WAITING_LIMIT = 400  # a deal's
DEAL_WAIT_SECONDS = 3.0  # a deal's draw not begun by then is not made: the page asks
_waiting = {MOVE: 0, DEAL: 0}


async def draw(
    request: HttpRequest, game: int, number: int, at: tuple[int, int] | None = None, *, deal: bool = False
) -> str | Gone | None:
    """``_draw`` in the drawing thread (``deal``: for a new board, after the moves waiting);
    None when it failed or past the bounds (the page asks instead)."""
    urgency, limit = (DEAL, DEAL_WAITING_LIMIT) if deal else (MOVE, WAITING_LIMIT)
    if _waiting[urgency] >= limit:
        return None
    due = time.monotonic() + DEAL_WAIT_SECONDS

    def work() -> str | Gone | None:
        if deal and time.monotonic() > due:
            return None
        return _draw_or_none(request, game, number, at)

    _waiting[urgency] += 1
    try:
        return await asyncio.wrap_future(_drawer.submit(urgency, work))
    finally:
        _waiting[urgency] -= 1


def release() -> None:
    """The drawing thread's database connection goes back: a test's, before its database
    is flushed or dropped (a server's lives as long as its process)."""
    _drawer.submit(MOVE, connections.close_all).result()
