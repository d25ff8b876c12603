"""A queued deck from a club dealing machine's file keeps the file's rule for what it
leaves unstated: dealer and vulnerability both follow the board number, in exports too."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.bridge.board import dealer_for_board, vul_for_board
from games.formats import read_decks
from games.formats.writers import write_pbn

pytestmark = pytest.mark.django_db

FILES = Path(__file__).resolve().parents[1] / "formats" / "club_files"


@pytest.mark.parametrize("name", ["bigdeal_32.bri", "bigdeal_32.dge", "bigdeal_32.dup", "bigdeal_5_20.dlm"])
def test_a_queued_club_deck_is_dealt_by_its_board_number(game, name):
    result = read_decks((FILES / name).read_bytes(), name)
    game.add_decks(result.decks, source_name=name, source_format=result.format)
    for deck in game.decks.order_by("position"):
        parsed = deck.to_parsed()
        number = parsed.board_number
        assert (parsed.effective_dealer, parsed.effective_vul) == (dealer_for_board(number), vul_for_board(number))


def test_a_queued_pbn_deck_with_no_dealer_is_dealt_by_its_deals_first_seat(game):
    text = '[Board "2"]\n[Deal "W:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
    result = read_decks(text.encode(), "x.pbn")
    game.add_decks(result.decks, source_name="x.pbn", source_format="pbn")
    assert game.decks.get().to_parsed().effective_dealer == "W"  # the cycle would say East


def test_the_pbn_export_of_a_queued_club_deck_names_the_cycles_dealer(game):
    result = read_decks((FILES / "bigdeal_32.bri").read_bytes(), "bigdeal_32.bri")
    game.add_decks(result.decks[:2], source_name="bigdeal_32.bri", source_format=result.format)
    text = write_pbn([deck.to_parsed() for deck in game.decks.order_by("position")])
    assert '[Dealer "N"]' in text and '[Dealer "E"]' in text
