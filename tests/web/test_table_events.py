"""The live Join pages' event stream (games/views/events.py, games/models/join/push.py):
the news of a table reaches the streams of that table and of its game only, a reconnection
that missed a version is told to fetch once, a slow stream falls back to one fetch, and no
``moved`` of a whole board's play carries a card (a seated player's own view, which their
stream also brings, is tests/web/test_seat_events.py's). The SQLite path here; the PostgreSQL one
(LISTEN/NOTIFY) is marked ``queue``, which scripts/test.sh runs on PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from django.db import connection, connections
from django.test import AsyncClient

from games.bridge.cards import SEATS
from games.models import BoardPlay
from games.models.join import JoinTable
from games.models.join.push import EVERY_TABLE, LOST, QUEUE_SIZE, Listener, Moved, hub
from games.views.events import Position, Scope, stream
from tests.playing import DEAL, call, cards, claim

pytestmark = pytest.mark.django_db(transaction=True)


def run(scenario):
    """``scenario`` on an event loop of its own thread: a session's browser (Playwright's
    sync API, which the scriptless-page checks use) keeps a loop running in this one."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, scenario()).result()


async def drain(listener: Listener, wait: float = 0.5) -> list[Moved]:
    """What reached ``listener`` within ``wait`` seconds of the last news."""
    heard = []
    while True:
        try:
            heard.append(await asyncio.wait_for(listener.queue.get(), wait))
        except TimeoutError:
            return heard


def _deal(club) -> None:
    club.game.deal_next(by=club.game.host)


def _call_at(table: JoinTable, *calls: str) -> None:
    """``calls`` (a pass when none) at ``table``, its board's play begun or taken up."""
    call(BoardPlay.start(table.board(), BoardPlay.Mode.TABLE, table=table), *(calls or ("P",)))


def _news_reaches_only_its_tables(club, other_game) -> None:
    """A deal reaches every stream of the game; a call at table 1, table 1's and the
    game's streams only; nothing reaches another game's."""

    async def scenario():
        game = club.game.pk
        one, two, whole = [await hub.subscribe(game, t) for t in (1, 2, None)]
        other = await hub.subscribe(other_game, None)
        try:
            await sync_to_async(_deal)(club)
            dealt = [await drain(listener) for listener in (one, two, whole)]
            await sync_to_async(lambda: _call_at(club.table(1)))()
            called = [await drain(listener) for listener in (one, two, whole)]
            return dealt, called, await drain(other, 0.1)
        finally:
            for listener in (one, two, whole, other):
                hub.unsubscribe(listener)
            await hub.stop()
            await sync_to_async(connections.close_all)()  # the thread's own, before the database is dropped

    dealt, called, other = run(scenario)
    for heard in dealt:
        assert [(m.table, m.version) for m in heard] == [(EVERY_TABLE, 2)]
    one, two, whole = called
    assert [m.table for m in one] == [1] and [m.table for m in whole] == [1]
    assert two == []
    assert other == []


@pytest.fixture
def other_game(host):
    from games.models import Game

    return JoinTable.for_game(Game.objects.create(host=host, name="Elsewhere", game_type=Game.Type.JOIN)).game_id


def test_on_sqlite_a_tables_news_reaches_only_its_own_streams(club, other_game):
    if connection.vendor != "sqlite":
        pytest.skip("the in-process path is SQLite's")
    _news_reaches_only_its_tables(club(), other_game)


@pytest.mark.queue
def test_on_postgresql_listen_notify_brings_a_tables_news_to_its_own_streams_only(club, other_game):
    if connection.vendor != "postgresql":
        pytest.skip("LISTEN/NOTIFY is PostgreSQL's (scripts/test.sh runs this there)")
    _news_reaches_only_its_tables(club(), other_game)


def test_a_slow_stream_drops_its_queue_for_one_fetch_of_everything():
    async def scenario():
        listener = Listener(1, 1)
        for version in range(QUEUE_SIZE + 5):
            listener.put(Moved(1, 1, version))
        return await drain(listener, 0.05)

    heard = run(scenario)
    assert len(heard) <= QUEUE_SIZE
    assert heard[0] is LOST  # then what came after it


def _first_event(scope: Scope, position: Position, last_id: str | None) -> str:
    async def scenario():
        events = stream(scope, Listener(scope.game, scope.table), position, last_id)
        try:
            return await anext(events)
        finally:
            await events.aclose()

    return run(scenario)


def test_a_reconnection_that_missed_a_version_is_told_to_fetch_once():
    position = Position(3, {1: 12})
    missed = _first_event(Scope(7, 1), position, last_id="3.11.1")
    assert "event: moved" in missed and f"id: {position.id()}" in missed
    assert json.loads(missed.split("data: ")[1]) == {"table": EVERY_TABLE}


def test_a_reconnection_up_to_date_is_told_nothing_new():
    position = Position(3, {1: 12})
    assert "event: alive" in _first_event(Scope(7, 1), position, last_id=position.id())


def test_a_fresh_connection_fetches_once():
    """Its page may have been drawn before the stream opened."""
    assert "event: moved" in _first_event(Scope(7, 1), Position(3, {1: 12}), last_id=None)


def test_a_table_that_moved_on_says_its_version_and_other_news_says_none():
    """The page that shows the version already (the actor's) asks no more; news without a
    new version (the teacher started watching) has every page of the table ask."""

    async def scenario():
        listener = Listener(7, 1)
        events = stream(Scope(7, 1), listener, Position(3, {1: 12}), last_id=None)
        try:
            await anext(events)  # a fresh connection fetches once
            listener.put(Moved(7, 1, 13))
            listener.put(Moved(7, 1, 13))
            return [json.loads((await anext(events)).split("data: ")[1]) for _ in range(2)]
        finally:
            await events.aclose()

    assert run(scenario) == [{"table": 1, "version": 13}, {"table": 1}]


def test_the_stream_route_resumes_from_last_event_id(seated_table, other_user):
    """Through the route, as a browser reconnects: the current position, then after a call
    nothing for an up-to-date page, one fetch for a page that missed it."""

    async def first(headers: dict[str, str]) -> str:
        client = AsyncClient()
        await client.aforce_login(other_user)
        response = await client.get(f"/games/{seated_table.game_id}/events/?table=1", headers=headers)
        assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
        events = aiter(response.streaming_content)
        try:
            chunk = await anext(events)
        finally:
            await response.streaming_content.aclose()
        return chunk.decode() if isinstance(chunk, bytes) else chunk

    opened = run(lambda: first({}))
    seen = re.search(r"id: (\S+)", opened).group(1)
    assert "alive" in run(lambda: first({"Last-Event-ID": seen}))
    _call_at(seated_table)
    missed = run(lambda: first({"Last-Event-ID": seen}))
    assert "event: moved" in missed and seen not in missed


def test_a_stranger_hears_nothing(seated_table, django_user_model):
    from django.test import Client

    client = Client()
    client.force_login(django_user_model.objects.create_user("mallory", password="x"))
    assert client.get(f"/games/{seated_table.game_id}/events/").status_code == 404


def test_no_event_of_a_whole_board_carries_a_card(seated_table):
    """Every event the play of a board sends (calls, cards, the claim, its acceptance), as
    the stream writes it, against every card of the deal."""

    def play_board() -> None:
        play = call(BoardPlay.start(seated_table.board(), BoardPlay.Mode.TABLE), "1H", "P", "P", "P")
        play = cards(play, 5)
        play = claim(play, 8)
        defenders = [seat for seat in SEATS if seat not in (play.state().declarer, play.state().dummy)]
        for seat in defenders:
            play = play.act(seat, "accept", play.actions)

    async def scenario():
        listener = await hub.subscribe(seated_table.game_id, None)
        position = Position(2, {1: 0})
        events = stream(Scope(seated_table.game_id, None), listener, position, last_id="x")
        try:
            texts = [await anext(events)]
            await sync_to_async(play_board)()
            while not listener.queue.empty() or not texts[1:]:
                texts.append(await asyncio.wait_for(anext(events), 2))
            return texts
        finally:
            await events.aclose()

    texts = run(scenario)
    assert len(texts) > 8  # one for each call, card, the claim and its answers
    hands = DEAL[2:].split()
    for text in texts:
        fields = dict(line.split(": ", 1) for line in text.strip().splitlines() if ": " in line)
        assert set(fields) <= {"retry", "id", "event", "data"}
        data = json.loads(fields["data"])
        assert set(data) <= {"table", "version"} and all(isinstance(v, int) for v in data.values())
        for hand in hands:
            for suit, holding in zip("SHDC", hand.split("."), strict=True):
                for rank in holding:
                    assert f"{suit}{rank}" not in text and f"{rank}{suit}" not in text


def test_a_server_that_cannot_hold_a_stream_tells_the_page_to_poll(seated_table, other_user):
    """Served by WSGI (the test client, like a sync worker): one ``poll`` event in a whole
    answer, where a held stream would wait."""
    from django.test import Client

    client = Client()
    client.force_login(other_user)
    response = client.get(f"/games/{seated_table.game_id}/events/?table=1")
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    assert response.content.decode() == "event: poll\ndata: \n\n"
