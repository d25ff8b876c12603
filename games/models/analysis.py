"""Double-dummy tables, one per distinct deal, solved once and kept.

A deal's table does not depend on the board's number, dealer or vulnerability, so the
same deck in ten games (or dealt ten times) is solved once. Par depends on dealer and
vulnerability and is worked out from the table when shown (microseconds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from django.db import models

from games.formats.dd import DDTable, Par, optimum_score, par_contract, par_of, solve, to_hex
from games.formats.model import Deck as ParsedDeck
from games.formats.pdf import HandRecord


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


ANALYSIS_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract")


def with_analysis(decks: Sequence[ParsedDeck]) -> list[ParsedDeck]:
    """The decks with the hand-record tags of every deal already solved (nothing is solved
    here: an export must not wait on the solver), replacing what the file said."""
    known = dict(DealAnalysis.objects.filter(deal__in={d.deal for d in decks}).values_list("deal", "tricks"))
    out = []
    for deck in decks:
        table = known.get(deck.deal)
        if table is None:
            out.append(deck)
            continue
        par = board_par(table, deck.effective_vul or "None", deck.effective_dealer)
        tags = [tag for tag in deck.tags if tag[0] not in ANALYSIS_TAGS]
        tags += [
            ("DoubleDummyTricks", to_hex(table)),
            ("OptimumScore", optimum_score(par)),
            ("ParContract", par_contract(par)),
        ]
        out.append(replace(deck, tags=tuple(tags)))
    return out


def hand_records(decks: Sequence[ParsedDeck], *, solve_up_to: int | None = None) -> list[HandRecord]:
    """The decks as hand records with their tables and par: deals not solved yet are solved
    (all of them, or the first ``solve_up_to``; the others print without a table)."""
    deals = list(dict.fromkeys(d.deal for d in decks))
    known = dict(DealAnalysis.objects.filter(deal__in=deals).values_list("deal", "tricks"))
    missing = [deal for deal in deals if deal not in known]
    if solve_up_to is not None:
        missing = missing[:solve_up_to]
    known.update(DealAnalysis.tables(missing))
    records = []
    for deck in decks:
        table = known.get(deck.deal)
        par = board_par(table, deck.effective_vul or "None", deck.effective_dealer) if table else None
        records.append(HandRecord(deck, table, par))
    return records
