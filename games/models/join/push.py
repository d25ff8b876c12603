"""Which Join table moved, pushed to the pages that show it (docs/push.md).

The database says it: a trigger on ``games_jointable`` (a table's version moved, a table
added or removed) and on ``games_game`` (``next_board_number`` moved: a deal) sends
"game table version" in the transaction that made the change, wherever in the models it
was made. On PostgreSQL that is ``pg_notify`` on ``CHANNEL``, delivered to every process
at commit and heard by one LISTEN connection per process (``Hub.listen``); on SQLite
(one process: the development site, the tests) the trigger calls a Python function,
``sqlite_moved``, which hands the news to this process's hub once the transaction commits.

A ``Moved`` says which table of which game and its version, never what anyone holds: each
page then asks for its own view through the routes and permission checks it polls. The
hub hands it to the open streams of that game (``Listener``), each a bounded queue: a
stream that falls behind drops its queue and is told to fetch everything once (``LOST``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from dataclasses import dataclass

from django.db import connection, connections, transaction

log = logging.getLogger(__name__)

CHANNEL = "deckupload_tables"
QUEUE_SIZE = 64  # the news a stream holds unsent before it falls back to "fetch everything once"
EVERY_TABLE = 0  # Moved.table of a deal: every table of the game


@dataclass(frozen=True, slots=True)
class Moved:
    """Table ``table`` (its number; ``EVERY_TABLE``: a deal, ``version`` then the game's
    next board number) of game ``game`` is at ``version`` (-1: removed)."""

    game: int
    table: int
    version: int

    @classmethod
    def parse(cls, payload: str) -> Moved | None:
        try:
            game, table, version = map(int, payload.split())
        except ValueError:
            return None
        return cls(game, table, version)

    def payload(self) -> str:
        return f"{self.game} {self.table} {self.version}"


LOST = Moved(0, EVERY_TABLE, -2)  # news was dropped or may have been missed: fetch everything once


class Listener:
    """One open stream: the news of game ``game`` (of table ``table`` and the deals only,
    when given), in a bounded queue."""

    def __init__(self, game: int, table: int | None) -> None:
        self.game, self.table = game, table
        self.queue: asyncio.Queue[Moved] = asyncio.Queue(QUEUE_SIZE)

    def wants(self, moved: Moved) -> bool:
        return self.table is None or moved.table in (EVERY_TABLE, self.table)

    def put(self, moved: Moved) -> None:
        if moved is not LOST and not self.wants(moved):
            return
        try:
            self.queue.put_nowait(moved)
        except asyncio.QueueFull:  # a slow client: what it missed is one fetch of everything
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(LOST)


class Hub:
    """This process's open streams by game, fed by the database: on PostgreSQL one LISTEN
    connection, opened with the first stream and kept (reopened with a back-off when it
    drops, every stream then told ``LOST``); on SQLite the transactions of this process."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listeners: dict[int, set[Listener]] = defaultdict(set)
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()

    def _bind(self) -> None:
        """The hub serves the running event loop (a new one drops the old loop's streams)."""
        loop = asyncio.get_running_loop()
        if self.loop is not loop:
            self.loop, self.task, self.ready = loop, None, asyncio.Event()
            self.listeners.clear()

    async def subscribe(self, game: int, table: int | None) -> Listener:
        """A stream of ``game``'s news, heard from now on (once the LISTEN is in place:
        the caller reads the tables' state after this, so nothing falls in between)."""
        self._bind()
        listener = Listener(game, table)
        self.listeners[game].add(listener)
        if connection.vendor == "postgresql":
            if self.task is None or self.task.done():
                self.task = asyncio.get_running_loop().create_task(self.listen())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.ready.wait(), 5)
        return listener

    def unsubscribe(self, listener: Listener) -> None:
        streams = self.listeners.get(listener.game)
        if streams is not None:
            streams.discard(listener)
            if not streams:
                del self.listeners[listener.game]

    def publish(self, moved: Moved) -> None:
        if moved is LOST:
            for streams in self.listeners.values():
                for listener in streams:
                    listener.put(LOST)
            return
        for listener in self.listeners.get(moved.game, ()):
            listener.put(moved)

    def publish_threadsafe(self, moved: Moved) -> None:
        """From a request's thread (SQLite's path): on the loop the streams wait in."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self.publish, moved)

    async def stop(self) -> None:
        """Close the LISTEN connection (tests; a worker's connection ends with its process)."""
        task, self.task = self.task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def listen(self) -> None:
        """LISTEN on ``CHANNEL`` for as long as the process lives: a connection of its own,
        idle (no CPU) until a notification comes."""
        import psycopg

        delay, heard_before = 0.5, False
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(_conninfo(), autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if heard_before:  # notifications sent while it was down are gone
                        self.publish(LOST)
                    heard_before, delay = True, 0.5
                    async for notify in conn.notifies():
                        moved = Moved.parse(notify.payload)
                        if moved is not None:
                            self.publish(moved)
            except (psycopg.Error, OSError) as error:
                log.warning("LISTEN %s: %s; again in %.1f s", CHANNEL, error, delay)
            self.ready.clear()
            self.publish(LOST)
            await asyncio.sleep(delay)
            delay = min(delay * 2, 10.0)


def _conninfo() -> str:
    from psycopg.conninfo import make_conninfo

    params = connections["default"].settings_dict
    options = {
        key: value
        for key, value in params.get("OPTIONS", {}).items()
        if key in ("sslmode", "sslrootcert", "sslcert", "sslkey", "options")
    }
    parts = {"dbname": params["NAME"], "user": params["USER"], "password": params["PASSWORD"]}
    parts |= {"host": params["HOST"], "port": str(params["PORT"] or "")}
    return make_conninfo(**{k: v for k, v in (parts | options).items() if v}, application_name="deckupload-listen")


hub = Hub()


def moved(table) -> None:
    """Tell the pages of ``table`` (a JoinTable) to look again without its version moving
    (the teacher started watching): the same news the triggers send, in this transaction."""
    news = Moved(table.game_id, table.number, table.version)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, news.payload()])
    else:
        _from_sqlite(news)


def _from_sqlite(news: Moved) -> None:
    if connection.in_atomic_block:
        transaction.on_commit(lambda: hub.publish_threadsafe(news))
    else:
        hub.publish_threadsafe(news)


def sqlite_moved(game: int, table: int, version: int) -> int:
    """The SQLite triggers' function (registered on each connection by ``register_sqlite``)."""
    _from_sqlite(Moved(int(game), int(table), int(version)))
    return 0


def register_sqlite(sender, connection, **kwargs) -> None:
    """``connection_created``: give a SQLite connection the triggers' function."""
    if connection.vendor == "sqlite":
        connection.connection.create_function("deckupload_moved", 3, sqlite_moved, deterministic=False)


# The triggers, by engine (``install_triggers``). PostgreSQL: one function, three triggers.
POSTGRESQL_TRIGGERS = f"""
CREATE OR REPLACE FUNCTION deckupload_table_moved() RETURNS trigger AS $$
DECLARE
  row jsonb;  -- the row as JSON: a column that an older schema lacks reads as null
BEGIN
  IF TG_OP = 'DELETE' THEN row := to_jsonb(OLD); ELSE row := to_jsonb(NEW); END IF;
  IF TG_TABLE_NAME = 'games_game' THEN
    PERFORM pg_notify('{CHANNEL}', (row->>'id') || ' 0 ' || coalesce(row->>'next_board_number', '0'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('{CHANNEL}', (row->>'game_id') || ' ' || coalesce(row->>'number', '1') || ' -1');
  ELSE
    PERFORM pg_notify(
      '{CHANNEL}', (row->>'game_id') || ' ' || coalesce(row->>'number', '1') || ' ' || coalesce(row->>'version', '0')
    );
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER deckupload_table_version AFTER UPDATE OF version ON games_jointable
  FOR EACH ROW WHEN (OLD.version IS DISTINCT FROM NEW.version) EXECUTE FUNCTION deckupload_table_moved();
CREATE TRIGGER deckupload_table_added_removed AFTER INSERT OR DELETE ON games_jointable
  FOR EACH ROW EXECUTE FUNCTION deckupload_table_moved();
CREATE TRIGGER deckupload_game_dealt AFTER UPDATE OF next_board_number ON games_game
  FOR EACH ROW WHEN (OLD.next_board_number IS DISTINCT FROM NEW.next_board_number)
  EXECUTE FUNCTION deckupload_table_moved();
"""
POSTGRESQL_DROP = """
DROP TRIGGER IF EXISTS deckupload_table_version ON games_jointable;
DROP TRIGGER IF EXISTS deckupload_table_added_removed ON games_jointable;
DROP TRIGGER IF EXISTS deckupload_game_dealt ON games_game;
DROP FUNCTION IF EXISTS deckupload_table_moved();
"""
SQLITE_TRIGGERS = [
    """CREATE TRIGGER deckupload_table_version AFTER UPDATE OF version ON games_jointable
       WHEN OLD.version IS NOT NEW.version
       BEGIN SELECT deckupload_moved(NEW.game_id, NEW.number, NEW.version); END""",
    """CREATE TRIGGER deckupload_table_added AFTER INSERT ON games_jointable
       BEGIN SELECT deckupload_moved(NEW.game_id, NEW.number, NEW.version); END""",
    """CREATE TRIGGER deckupload_table_removed AFTER DELETE ON games_jointable
       BEGIN SELECT deckupload_moved(OLD.game_id, OLD.number, -1); END""",
    """CREATE TRIGGER deckupload_game_dealt AFTER UPDATE OF next_board_number ON games_game
       WHEN OLD.next_board_number IS NOT NEW.next_board_number
       BEGIN SELECT deckupload_moved(NEW.id, 0, NEW.next_board_number); END""",
]


def install_triggers(using: str = "default", **kwargs) -> None:
    """``post_migrate``: the triggers, made again after every migrate (idempotent): SQLite
    remakes a table that a migration alters, and its triggers with it."""
    db = connections[using]
    with db.cursor() as cursor:
        if db.vendor == "postgresql":
            cursor.execute(POSTGRESQL_DROP)
            cursor.execute(POSTGRESQL_TRIGGERS)
        elif db.vendor == "sqlite":
            for statement in SQLITE_TRIGGERS:
                cursor.execute(statement.replace("CREATE TRIGGER", "CREATE TRIGGER IF NOT EXISTS", 1))
