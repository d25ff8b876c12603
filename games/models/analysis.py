"""Double-dummy tables, one per distinct deal, solved once and kept.

A deal's table does not depend on the board's number, dealer or vulnerability, so the
same deck in ten games (or dealt ten times) is solved once. Par depends on dealer and
vulnerability and is worked out from the table when shown (microseconds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from django.db import models

from games.formats.dd import DDTable, Par, par_of, solve


class DealAnalysis(models.Model):
    deal = models.CharField(max_length=70, unique=True)  # canonical "N:... ... ... ..."
    tricks = models.JSONField()  # {"N": {"NT": 9, "S": 10, ...}, "E": ..., "S": ..., "W": ...}
    solved_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "deal analyses"

    def __str__(self) -> str:
        return f"analysis of {self.deal}"

    @classmethod
    def tables(cls, deals: Iterable[str], progress: Callable[[int], None] | None = None) -> dict[str, DDTable]:
        """Each deal's table: the stored ones read, the others solved and stored (a deal
        solved by someone else meanwhile is not stored twice)."""
        wanted = list(dict.fromkeys(deals))
        found = dict(cls.objects.filter(deal__in=wanted).values_list("deal", "tricks"))
        missing = [deal for deal in wanted if deal not in found]
        for deal, table in zip(missing, solve(missing)) if progress is None else _solve_each(missing, progress):
            cls.objects.bulk_create([cls(deal=deal, tricks=table)], ignore_conflicts=True)
            found[deal] = table
        return found

    @classmethod
    def table(cls, deal: str) -> DDTable:
        return cls.tables([deal])[deal]


def _solve_each(deals: list[str], progress: Callable[[int], None]):
    for deal in deals:
        (table,) = solve([deal])
        progress(1)
        yield deal, table


def board_par(table: DDTable, vul: str, dealer: str) -> Par:
    return par_of(table, vul or "None", dealer or "N")
