"""Double-dummy tables, one per distinct deal, solved once and kept.

A deal's table does not depend on the board's number, dealer or vulnerability, so the
same deck in ten games (or dealt ten times) is solved once. Par depends on dealer and
vulnerability: the solve works it out for all sixteen, and each is kept beside the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from django.db import models
from django.utils.translation import gettext_lazy as _

from games.bridge.dd import Solved, optimum_score, par_contract, solve, to_hex
from games.formats.model import Deck as ParsedDeck
from games.formats.pdf import HandRecord


class DealAnalysis(models.Model):
    deal = models.CharField(max_length=70, unique=True)  # canonical "N:... ... ... ..."
    tricks = models.JSONField()  # {"N": {"NT": 9, "S": 10, ...}, "E": ..., "S": ..., "W": ...}
    pars = models.JSONField(default=dict)  # {"None N": {"score": 420, "contracts": ["4HS"]}, ...}
    solved_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = _("deal analyses")

    def __str__(self) -> str:
        return f"analysis of {self.deal}"

    @classmethod
    def known(cls, deals: Iterable[str]) -> dict[str, Solved]:
        """The deals among these solved before (never a solve)."""
        rows = cls.objects.filter(deal__in=set(deals)).values_list("deal", "tricks", "pars")
        found = {deal: Solved.from_json(tricks, pars) for deal, tricks, pars in rows}
        return {deal: solved for deal, solved in found.items() if solved is not None}

    @classmethod
    def tables(cls, deals: Iterable[str], progress: Callable[[int], None] | None = None) -> dict[str, Solved]:
        """Each deal solved: the stored ones read, the others solved one by one, each
        stored as soon as it is solved (a deal another worker stored meanwhile is written
        over with the same values). ``progress(1)`` after each deal solved."""
        wanted = list(dict.fromkeys(deals))
        found = cls.known(wanted)
        for deal in wanted:
            if deal in found:
                continue
            (solved,) = solve([deal])
            DealAnalysis.objects.bulk_create(
                [DealAnalysis(deal=deal, tricks=solved.tricks, pars=solved.pars_json())],
                update_conflicts=True,
                unique_fields=["deal"],
                update_fields=["tricks", "pars"],
            )
            found[deal] = solved
            if progress is not None:
                progress(1)
        return found

    @classmethod
    def table(cls, deal: str) -> Solved:
        """The deal solved now if it is not stored: for the worker and the command line,
        never a request (``stored`` there)."""
        return cls.tables([deal])[deal]

    @classmethod
    def stored(cls, deal: str) -> Solved | None:
        """The deal's analysis if it was solved before; None, never a solve, otherwise."""
        return cls.known([deal]).get(deal)

    @classmethod
    def unsolved(cls, deals: Iterable[str]) -> list[str]:
        """The distinct deals, in order, that have no stored analysis."""
        wanted = list(dict.fromkeys(deals))
        known = cls.known(wanted)
        return [deal for deal in wanted if deal not in known]


ANALYSIS_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract")


def with_analysis(decks: Sequence[ParsedDeck]) -> list[ParsedDeck]:
    """The decks with the hand-record tags of every deal already solved (nothing is solved
    here: an export must not wait on the solver), replacing what the file said."""
    known = DealAnalysis.known(d.deal for d in decks)
    out = []
    for deck in decks:
        solved = known.get(deck.deal)
        if solved is None:
            out.append(deck)
            continue
        par = solved.par(deck.effective_vul, deck.effective_dealer)
        tags = [tag for tag in deck.tags if tag[0] not in ANALYSIS_TAGS]
        tags += [
            ("DoubleDummyTricks", to_hex(solved.tricks)),
            ("OptimumScore", optimum_score(par)),
            ("ParContract", par_contract(par)),
        ]
        out.append(replace(deck, tags=tuple(tags)))
    return out


def hand_records(decks: Sequence[ParsedDeck], *, analysis: bool = True) -> list[HandRecord]:
    """The decks as hand records with the tables and par of the deals solved so far (the
    others print without a table: solving is the caller's, ahead of this); with
    ``analysis`` False, every one without."""
    known = DealAnalysis.known(d.deal for d in decks) if analysis else {}
    records = []
    for deck in decks:
        solved = known.get(deck.deal)
        if solved is None:
            records.append(HandRecord(deck, None, None))
        else:
            records.append(HandRecord(deck, solved.tricks, solved.par(deck.effective_vul, deck.effective_dealer)))
    return records
