"""Column lists and row readers for the statements the hot paths build once (every
request, every deal).

The ORM works out the columns, quoting and field order of a query on every call; the
few statements that run on every request are built once from ``column_list``, and their
rows made into instances by ``RowReader``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.db import connection, connections, models


def column_list(model: type[models.Model], names: Iterable[str] | None = None) -> tuple[str, list[str]]:
    """Quoted columns and attribute names of these fields of ``model`` ("pk", names or
    attnames; every concrete field when None), in the model's field order: the order
    ``Model.from_db`` expects the values of a partial row in."""
    fields = list(model._meta.concrete_fields)
    if names is not None:
        wanted = {model._meta.pk.name if n == "pk" else n for n in names}
        fields = [f for f in fields if f.name in wanted or f.attname in wanted]
        assert len(fields) == len(wanted), f"not fields of {model.__name__}: {wanted}"
    return ", ".join(connection.ops.quote_name(f.column) for f in fields), [f.attname for f in fields]


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
        self.columns, self.attnames = column_list(model, names)
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
