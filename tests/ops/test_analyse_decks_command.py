"""manage.py analyse_decks: every distinct deal of the queue solved once, with a progress bar."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.bridge.dd import solve
from games.formats.model import Deck as ParsedDeck
from games.models import DealAnalysis

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    import sys

    real, sys.stderr = sys.stderr, err
    try:
        call_command("analyse_decks", *args, stdout=out)
    finally:
        sys.stderr = real
    return out.getvalue(), err.getvalue()


def test_it_solves_each_distinct_deal_once_and_keeps_it(game, queue_decks):
    decks = queue_decks(game, 3)
    game.add_decks([ParsedDeck(deal=decks[0].deal, index=0, line=1)], source_name="again.pbn")
    out, err = run(str(game.pk))
    assert "3 distinct deals in the queued decks, 0 already solved, 3 to solve" in out
    assert "3/3" in err and "#" * 30 in err
    stored = dict(DealAnalysis.objects.values_list("deal", "tricks"))
    assert stored == {d.deal: solved.tricks for d, solved in zip(decks, solve([d.deal for d in decks]))}
    out, _ = run(str(game.pk))
    assert "3 already solved, 0 to solve" in out and DealAnalysis.objects.count() == 3


def test_the_dealt_boards_can_be_analysed_too(game, queue_decks):
    queue_decks(game, 2)
    game.deal_next()
    out, _ = run(str(game.pk), "--dealt")
    assert "1 distinct deal in the dealt boards" in out and DealAnalysis.objects.count() == 1


def test_an_unknown_game_is_an_error(db):
    with pytest.raises(CommandError, match="no game with id 999"):
        run("999")
