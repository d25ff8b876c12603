"""Double-dummy tables, one per distinct deal, solved once and kept.

A deal's table does not depend on the board's number, dealer or vulnerability, so the
same deck in ten games (or dealt ten times) is solved once. Par depends on dealer and
vulnerability and is worked out from the table when shown (microseconds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.bridge.dd import DDTable, Par, optimum_score, par_contract, par_of, solve, to_hex
from games.formats.model import Deck as ParsedDeck
from games.formats.pdf import HandRecord


class DealAnalysis(models.Model):
    deal = models.CharField(max_length=70, unique=True)  # canonical "N:... ... ... ..."
    tricks = models.JSONField()  # {"N": {"NT": 9, "S": 10, ...}, "E": ..., "S": ..., "W": ...}
    solved_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = _("deal analyses")

    def __str__(self) -> str:
        return f"analysis of {self.deal}"

    @classmethod
    def tables(cls, deals: Iterable[str], progress: Callable[[int], None] | None = None) -> dict[str, DDTable]:
        """Each deal's table: the stored ones read, the others solved one by one, each
        stored as soon as it is solved (a deal solved by someone else meanwhile is not
        stored twice). ``progress(1)`` after each deal solved."""
        wanted = list(dict.fromkeys(deals))
        found = dict(cls.objects.filter(deal__in=wanted).values_list("deal", "tricks"))
        for deal in wanted:
            if deal in found:
                continue
            (table,) = solve([deal])
            cls.objects.bulk_create([cls(deal=deal, tricks=table)], ignore_conflicts=True)
            found[deal] = table
            if progress is not None:
                progress(1)
        return found

    @classmethod
    def table(cls, deal: str) -> DDTable:
        """The deal's table, solved now if it is not stored: for the worker and the command
        line, never a request (``stored`` there)."""
        return cls.tables([deal])[deal]

    @classmethod
    def stored(cls, deal: str) -> DDTable | None:
        """The deal's table if it was solved before; None, never a solve, otherwise."""
        return cls.objects.filter(deal=deal).values_list("tricks", flat=True).first()

    @classmethod
    def unsolved(cls, deals: Iterable[str]) -> list[str]:
        """The distinct deals, in order, that have no stored table."""
        wanted = list(dict.fromkeys(deals))
        known = set(cls.objects.filter(deal__in=wanted).values_list("deal", flat=True))
        return [deal for deal in wanted if deal not in known]


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


def hand_records(decks: Sequence[ParsedDeck]) -> list[HandRecord]:
    """The decks as hand records with the tables and par of the deals solved so far (the
    others print without a table: solving is the caller's, ahead of this)."""
    known = dict(DealAnalysis.objects.filter(deal__in={d.deal for d in decks}).values_list("deal", "tricks"))
    records = []
    for deck in decks:
        table = known.get(deck.deal)
        par = board_par(table, deck.effective_vul or "None", deck.effective_dealer) if table else None
        records.append(HandRecord(deck, table, par))
    return records
