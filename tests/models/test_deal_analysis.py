"""DealAnalysis: each deal's table is kept as soon as it is solved, so work cut short is
not lost and a retry solves only what is left."""

from __future__ import annotations

import pytest

from games.bridge.cards import random_deal
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
    table = DealAnalysis.table(deal)
    assert DealAnalysis.stored(deal) == table
