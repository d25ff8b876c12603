"""Numbers from a request: database ids in URLs, and bounded integers in query strings.

``str.isdigit()`` says yes to "²" and "١", which ``int()`` refuses or reads, and
``int()`` refuses more than 4,300 digits; a 20-digit id passes ``<int:pk>`` and then
overflows the database's 64-bit column. Everything that turns request text into a
number goes through here, so each of those is a 404 or a form error, never a 500.
"""

from __future__ import annotations

MAX_DB_ID = 2**63 - 1  # a signed 64-bit id: BigAutoField on SQLite and PostgreSQL


def bounded_int(text: str, maximum: int) -> int | None:
    """``text`` as an int from 0 to ``maximum`` if it is ASCII digits only; None otherwise."""
    if not (text.isascii() and text.isdecimal()) or len(text) > len(str(maximum)):
        return None  # the length check first: int() of 5,000 digits raises ValueError
    value = int(text)
    return value if value <= maximum else None


class DatabaseIdConverter:
    """``<dbid:pk>``: ASCII digits that fit a database id. Anything else does not match
    the route (Django treats to_python's ValueError as no match), so it is a 404."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = bounded_int(value, MAX_DB_ID)
        if number is None:
            raise ValueError(f"not a database id: {value[:30]}")
        return number

    def to_url(self, value: int | str) -> str:
        return str(value)
