"""The live Join pages' event stream (server-sent events; docs/push.md).

A page that shows a Join table (a seat view, the teacher's view, the tables' overview,
the results) opens ``/games/<pk>/events/`` and hears, for each change, which table moved
and the stream's position (``id``): ``event: moved`` with ``{"table": N, "version": V}``
(0: every table, as after a deal), and ``event: alive`` when the stream is up to date or
quiet for ``HEARTBEAT_SECONDS``. The page then asks for its own view through the routes
it polls (the seat poll, the teacher's poll, the overview, the results), so those events
carry no card. A seated player's own table is told more: its moves and the deals bring
the player's seat view itself (``event: seat``), drawn by ``seat_events`` as the seat
poll draws it. Once the player sits at another table (moved by the host or a movement's
round), the stream says ``moved``, then ``reopen``, and ends: the page asks, and opens a
stream again, of the table the player sits at now.

``?table=N``: one table's news and the deals (a seated person always gets their own
table's); without it, every table of the game (the overview, the results). ``&teacher=1``:
the host's teacher's view, which keeps the seats told they are watched.

A reconnection sends ``Last-Event-ID``: nothing is sent when the page is up to date, one
``moved`` of every table when it missed something (and on a fresh connection, whose page
may have been drawn before it opened). Served by WSGI (a sync worker, ``runserver``, the
test client), the stream answers ``event: poll`` and ends: the page closes it and polls.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from django.contrib.auth.decorators import login_required
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, StreamingHttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_safe

from games.models import Game
from games.models.join import JoinTable, seat_of
from games.models.join.push import EVERY_TABLE, LOST, Listener, Moved, hub
from games.views import confirm, seat_events
from games.views.access import private

HEARTBEAT_SECONDS = 15.0  # under the teacher's watch window (20 s), and proxies' idle timeouts
RECONNECT_MS, RECONNECT_SPREAD_MS = 500, 2000  # a dropped stream's wait before it opens again


@dataclass
class Scope:
    """What a stream tells: game ``game``'s tables (``table``: one, by number), for a
    teacher's view the table it watches, and for a seated player's own table (someone
    who does not manage the game) the request to draw their seat view for
    (``seat_events``)."""

    game: int
    table: int | None
    watched: JoinTable | None = None
    player: HttpRequest | None = None


@dataclass
class Position:
    """Where the stream's tables are: the game's next board number and each table's version."""

    next_board: int
    versions: dict[int, int] = field(default_factory=dict)

    def id(self) -> str:
        return f"{self.next_board}.{sum(self.versions.values())}.{len(self.versions)}"

    def apply(self, moved: Moved) -> bool:
        """Take ``moved`` in; whether it moved a table's version on (news without a new
        version, such as the teacher starting to watch, says False)."""
        if moved.table == EVERY_TABLE:
            self.next_board = max(self.next_board, moved.version)
            return False
        if moved.version < 0:
            self.versions.pop(moved.table, None)
            return False
        was = self.versions.get(moved.table)
        self.versions[moved.table] = max(was or 0, moved.version)
        return was is not None and moved.version > was


def _scope(request: HttpRequest, pk: int) -> Scope | HttpResponse:
    """Who may listen, and to what: a seated person (their own table's news, or the game's
    for the results), the game's host or staff who may manage it; 404 for anyone else."""
    game = Game.objects.filter(pk=pk).first()
    if game is None:
        raise Http404("No such game")
    seated = JoinTable.of(game, request.user) if seat_of(game, request.user) else None
    if seated is None and not game.can_manage(request.user):
        raise Http404("No such game")
    if game.game_type != Game.Type.JOIN:
        return redirect(game)
    asked = request.GET.get("table")
    if asked is None:
        return Scope(game.pk, None)
    if seated is not None:
        return Scope(game.pk, seated.number, player=None if game.can_manage(request.user) else request)
    table = JoinTable.numbered(game, confirm.number(asked)) or JoinTable.for_game(game)
    return Scope(game.pk, table.number, table if request.GET.get("teacher") == "1" else None)


def _position(scope: Scope) -> Position:
    game = Game.objects.filter(pk=scope.game).values_list("next_board_number", flat=True).first() or 1
    tables = JoinTable.objects.filter(game_id=scope.game)
    if scope.table is not None:
        tables = tables.filter(number=scope.table)
    return Position(game, dict(tables.values_list("number", "version")))


def _briefly(work):
    """``work`` in a thread, its database connections closed after it: a stream lasts as
    long as its page, and its thread's connection would stay open with it."""

    def run(*args):
        try:
            return work(*args)
        finally:
            connections.close_all()

    return sync_to_async(run)


def event(name: str, data: str, id: str = "") -> str:
    head = f"id: {id}\n" if id else ""
    return f"{head}event: {name}\ndata: {data}\n\n"


def seat_event(html: str, id: str) -> str:
    """A player's seat view itself, as the seat poll answers it: every line a ``data:``."""
    lines = "".join(f"data: {line}\n" for line in html.split("\n"))
    return f"id: {id}\nevent: seat\n{lines}\n"


def moved_event(position: Position, table: int, version: int | None = None) -> str:
    """Table ``table`` moved (EVERY_TABLE: every one); ``version``: the version it moved to,
    so that a page already showing it (the actor's) need not ask again."""
    data = {"table": table} if version is None else {"table": table, "version": version}
    return event("moved", json.dumps(data), position.id())


async def stream(scope: Scope, listener: Listener, position: Position, last_id: str | None) -> AsyncIterator[str]:
    """The events of one connection, until the client goes. Waits without CPU between
    events; leaves the hub when done.

    ``retry``: a stream that drops (a server restart) is opened again within a few
    seconds, spread so that a restart's pages do not all come back at once."""
    try:
        retry = f"retry: {RECONNECT_MS + random.randrange(RECONNECT_SPREAD_MS)}\n"
        if last_id == position.id():
            yield retry + event("alive", "")
        else:
            yield retry + moved_event(position, EVERY_TABLE)
        while True:
            try:
                moved = await asyncio.wait_for(listener.queue.get(), HEARTBEAT_SECONDS)
            except TimeoutError:
                if scope.watched is not None:
                    await _briefly(JoinTable.teacher_looks)(scope.watched)
                yield event("alive", "")
                continue
            if moved is LOST:
                position = await _briefly(_position)(scope)
                yield moved_event(position, EVERY_TABLE)
            else:
                board = position.next_board
                forward = position.apply(moved)
                html: str | seat_events.Gone | None = None
                if scope.player is not None and scope.table is not None:
                    version = position.versions.get(scope.table)
                    at = None if version is None else (position.next_board, version)
                    if forward and moved.table == scope.table:
                        html = await seat_events.draw(scope.player, scope.game, scope.table, at)
                    elif moved.table == EVERY_TABLE and position.next_board > board:  # a deal
                        html = await seat_events.draw(scope.player, scope.game, scope.table, at, deal=True)
                if isinstance(html, str):
                    yield seat_event(html, position.id())
                else:
                    yield moved_event(position, moved.table, moved.version if forward else None)
                    if html is seat_events.GONE:  # the page asks, and opens a stream of the table they sit at now
                        yield event("reopen", "")
                        return
    finally:
        hub.unsubscribe(listener)


async def opened(scope: Scope, last_id: str | None) -> AsyncIterator[str]:
    """A new connection's events: it listens first and reads the tables' state after, so
    that no change falls in between."""
    listener = await hub.subscribe(scope.game, scope.table)
    try:
        position = await _briefly(_position)(scope)
    except BaseException:
        hub.unsubscribe(listener)
        raise
    async for text in stream(scope, listener, position, last_id):
        yield text


@login_required
@require_safe
def table_events(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The stream of a live Join page (see the module's docstring). A synchronous view,
    like every page: Django serves its async stream under ASGI."""
    scope = _scope(request, pk)
    if isinstance(scope, HttpResponse):
        return scope
    if not isinstance(request, ASGIRequest):  # WSGI cannot hold a stream: the page polls
        return private(HttpResponse(event("poll", ""), content_type="text/event-stream"))
    if scope.watched is not None:
        scope.watched.teacher_looks()
    connections.close_all()  # the stream lasts as long as its page: its connection goes back now
    events = opened(scope, request.headers.get("Last-Event-ID"))
    response = StreamingHttpResponse(events, content_type="text/event-stream")
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on as it comes
    return private(response)
