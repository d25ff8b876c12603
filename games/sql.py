"""Column lists for the statements the hot paths build once (every request, every deal).

The ORM works out the columns, quoting and field order of a query on every call; the
few statements that run on every request are built once from this instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection, models


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
