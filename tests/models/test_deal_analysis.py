"""DealAnalysis: each deal's table is kept as soon as it is solved, so work cut short is
not lost and a retry solves only what is left."""

from __future__ import annotations

import pytest

from games.bridge.cards import random_deal
from games.bridge.dd import Par
from games.models import DealAnalysis

pytestmark = pytest.mark.django_db


class Stop(Exception):
    pass


def test_each_table_is_kept_as_soon_as_it_is_solved():
    import random

    deals = [random_deal(random.Random(seed)) for seed in range(4)]
    solved = []

    def progress(step: int) -> None:
        solved.append(step)
        if len(solved) == 2:
            raise Stop  # a worker stopped after the second deal

    with pytest.raises(Stop):
        DealAnalysis.tables(deals, progress=progress)
    assert set(DealAnalysis.objects.values_list("deal", flat=True)) == set(deals[:2])
    assert DealAnalysis.unsolved(deals) == deals[2:]
    again = []
    DealAnalysis.tables(deals, progress=again.append)
    assert again == [1, 1] and DealAnalysis.unsolved(deals) == []


def test_stored_never_solves():
    deal = random_deal()
    assert DealAnalysis.stored(deal) is None and not DealAnalysis.objects.exists()
    solved = DealAnalysis.table(deal)
    assert DealAnalysis.stored(deal) == solved and len(solved.pars) == 16


def test_a_table_stored_without_its_pars_is_solved_again_and_completed():
    deal = random_deal()
    solved = DealAnalysis.table(deal)
    DealAnalysis.objects.filter(deal=deal).update(pars={})  # as a table kept before pars were
    assert DealAnalysis.stored(deal) is None and DealAnalysis.unsolved([deal]) == [deal]
    assert DealAnalysis.table(deal) == solved
    assert DealAnalysis.stored(deal) == solved and DealAnalysis.objects.count() == 1


def test_par_follows_the_boards_vulnerability_and_dealer():
    # North holds thirteen top tricks: 7NT by either of North-South, worth more vulnerable.
    deal = "N:AKQ.AKQ.AK.AKQJT 765.765.765.7654 JT9.JT9.JT9.9832 8432.8432.Q8432."
    solved = DealAnalysis.table(deal)
    assert solved.par("None", "E") == Par(1520, ("7NTN", "7NTS"))
    assert solved.par("NS", "W").score == solved.par("All", "S").score == 2220
    assert solved.par(None, None) == solved.par("None", "N")
