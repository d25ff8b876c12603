"""The statements the hot paths build once, per database: every deal and every game page
runs them.

The ORM works out the columns, quoting and field order of a query on every call (the
plain ORM made a deal request take twice as long); these statements are built once per
database alias from ``column_list``, and their rows made into instances by ``RowReader``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from django.apps import apps
from django.db import connections, models

from games.models.deck import DealtBoard, Deck


def _game_model() -> type[models.Model]:
    """Game, which imports this module for its own statements."""
    return apps.get_model("games", "Game")


def column_list(model: type[models.Model], alias: str, names: Iterable[str] | None = None) -> tuple[str, list[str]]:
    """Quoted columns and attribute names of these fields of ``model`` ("pk", names or
    attnames; every concrete field when None), in the model's field order: the order
    ``Model.from_db`` expects the values of a partial row in."""
    fields = list(model._meta.concrete_fields)
    if names is not None:
        wanted = {model._meta.pk.name if n == "pk" else n for n in names}
        fields = [f for f in fields if f.name in wanted or f.attname in wanted]
        assert len(fields) == len(wanted), f"not fields of {model.__name__}: {wanted}"
    quote = connections[alias].ops.quote_name
    return ", ".join(quote(f.column) for f in fields), [f.attname for f in fields]


class RowReader:
    """Rows of a statement built once, made into model instances as the ORM makes them.

    A RawQuerySet works out its columns, their fields and converters again on every
    query: a tenth of a Deal New Cards request went there, for the user and the game it
    reads. This does it once per model and database. Converters matter on SQLite, whose
    datetimes come back naive without Django's converter.
    """

    def __init__(self, model: type[models.Model], alias: str, names: Iterable[str] | None = None) -> None:
        self.model = model
        self.alias = alias
        self.columns, self.attnames = column_list(model, alias, names)
        connection = connections[alias]
        self.converters: list[tuple[int, list[Callable[..., Any]], Any]] = []
        by_attname = {f.attname: f for f in model._meta.concrete_fields}
        for i, attname in enumerate(self.attnames):
            col = by_attname[attname].get_col(model._meta.db_table)
            found = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            if found:
                self.converters.append((i, found, col))

    def instance(self, row: Sequence[Any]) -> models.Model:
        values = list(row)
        if self.converters:
            connection = connections[self.alias]
            for i, converters, col in self.converters:
                value = values[i]
                for convert in converters:
                    value = convert(value, col, connection)
                values[i] = value
        return self.model.from_db(self.alias, self.attnames, values)

    def first(self, sql: str, params: Sequence[Any]) -> models.Model | None:
        """The first row of ``sql`` (which selects ``self.columns``) as an instance, or None."""
        with connections[self.alias].cursor() as cursor:
            cursor.execute(sql, params)
            row = cursor.fetchone()
        return None if row is None else self.instance(row)


class DealingSql(NamedTuple):
    take_number: str  # UPDATE game ... RETURNING next_board_number
    take_deck: str  # UPDATE the first queued deck ... RETURNING deck_attnames
    deck_attnames: list[str]  # the Deck fields take_deck reads back (text, integers: no conversions)
    record_board: str  # INSERT the board ... RETURNING id
    top_board: str  # the game's highest board number dealt (NULL before its first deal)


@functools.cache
def dealing_sql(alias: str) -> DealingSql:
    """deal_next's statements, built once: dealing is the hot path."""
    quote = connections[alias].ops.quote_name
    games, decks = quote(_game_model()._meta.db_table), quote(Deck._meta.db_table)
    columns, attnames = column_list(Deck, alias, Deck.DEALING_FIELDS)
    take_number = (
        f"UPDATE {games} SET next_board_number = next_board_number + 1 WHERE id = %s RETURNING next_board_number"
    )
    take_deck = (
        f"UPDATE {decks} SET status = %s, dealt_at = %s WHERE id = ("
        f"SELECT id FROM {decks} WHERE game_id = %s AND status = %s ORDER BY position LIMIT 1"
        f") RETURNING {columns}"
    )
    board_meta = DealtBoard._meta
    fields = [
        board_meta.get_field(name)
        for name in ("game", "number", "board_number", "deck", "deal", "dealer", "vul", "dealt_by", "dealt_at")
    ]
    boards = quote(board_meta.db_table)
    record_board = (
        f"INSERT INTO {boards} ({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {quote(board_meta.pk.column)}"
    )
    board_number, game_id = (quote(board_meta.get_field(name).column) for name in ("board_number", "game"))
    top_board = f"SELECT MAX({board_number}) FROM {boards} WHERE {game_id} = %s"  # the (game, board_number) index
    return DealingSql(take_number, take_deck, attnames, record_board, top_board)


def _managed(alias: str, staff: bool) -> tuple[RowReader, str, str]:
    """The game's RowReader, its quoted table, and managed_by's rule as a WHERE clause
    (the game's id, and the user as its host unless staff)."""
    quote = connections[alias].ops.quote_name
    game = _game_model()
    mine = "" if staff else f" AND {quote(game._meta.get_field('host').column)} = %s"
    return RowReader(game, alias), quote(game._meta.db_table), f"id = %s{mine}"


@functools.cache
def managed_sql(alias: str, staff: bool) -> tuple[RowReader, str]:
    reader, table, where = _managed(alias, staff)
    return reader, f"SELECT {reader.columns} FROM {table} WHERE {where}"


@functools.cache
def take_number_sql(alias: str, staff: bool) -> tuple[RowReader, str]:
    """GameManager.deal_next_as's statement: managed_by's check and the board number taken,
    the whole game read back (next_board_number already one more)."""
    reader, table, where = _managed(alias, staff)
    return reader, (
        f"UPDATE {table} SET next_board_number = next_board_number + 1 WHERE {where} RETURNING {reader.columns}"
    )


@functools.cache
def queue_head_sql(alias: str) -> tuple[str, list[str]]:
    """Game.queue_head's query (the count first, then the listed fields: text and
    integers, no conversions) and the Deck attributes it reads."""
    quote = connections[alias].ops.quote_name
    decks = quote(Deck._meta.db_table)
    columns, attnames = column_list(Deck, alias, Deck.LISTING_FIELDS)
    sql = (
        f"SELECT (SELECT COUNT(*) FROM {decks} WHERE game_id = %s AND status = %s), {columns} "
        f"FROM {decks} WHERE game_id = %s AND status = %s ORDER BY position LIMIT %s"
    )
    return sql, attnames
