"""The upload preview shows each deck's record: the auction as plain calls and the
contract line ("4♥ by N, 11 tricks, claimed"), from LIN and PBN alike."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from games.models.upload import Upload
from tests.fixtures_upload import upload_file

pytestmark = pytest.mark.django_db

S, W, N = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7"
DEAL = "N:32.K943.KJ9.QJT7 T4.AQ76.AT85.K93 A75.JT5.Q742.A85 KQJ986.82.63.642"


def preview(client, game, name: str, text: str) -> list[str]:
    """The text of each deck of the preview, tags removed."""
    client.post(reverse("upload", args=[game.pk]), {"files": [upload_file(name, text.encode())]})
    url = reverse("upload_preview", args=[game.pk, Upload.objects.get(game=game).token])
    html = client.get(url).text
    listed = html.split('<ol class="deck-list">')[1].split("</ol>")[0]
    decks = listed.split('<li class="deck')[1:]  # (a deck's hand diagram holds items of its own)
    return [" ".join(unescape(re.sub(r"<[^>]+>", " ", deck)).split()) for deck in decks]


def test_a_lin_claim_shows_with_the_contract_its_auction_gives(host_client, game):
    text = f"md|3{S},{W},{N},|ah|Board 1|mb|1H|mb|p|mb|2N!|an|inv+fit|mb|Dbl|mb|4H|mb|p|mb|p|mb|p|pc|DA|mc|11|"
    (deck,) = preview(host_client, game, "claim.lin", text)
    assert "Auction: 1H P 2NT! X 4H P P P" in deck
    assert "4♥ by N, 11 tricks, claimed" in deck


def test_a_pbn_record_in_words_shows_as_a_player_says_it(host_client, game):
    text = (
        f'[Board "1"]\n[Dealer "north"]\n[Deal "{DEAL}"]\n[Declarer "south"]\n[Contract "3nt"]\n[Result "9"]\n'
        '[Auction "N"]\nPass 1NT Pass 3NT\nPass Pass Pass\n'
    )
    (deck,) = preview(host_client, game, "words.pbn", text)
    assert "Dealer North" in deck
    assert "Auction: P 1NT P 3NT P P P" in deck
    assert "3NT by S, 9 tricks" in deck and "claimed" not in deck


def test_a_passed_out_board_and_a_call_that_cannot_be_read(host_client, game):
    text = (
        f"md|3{S},{W},{N},|ah|Board 1|mb|Pass|mb|PAS|mb|p|mb|P|\n"
        f"md|3{S},{W},{N},SHDC|ah|Board 2|mb|1C|mb|zz|mb|p|mb|p|mb|p|\n"
    )
    first, second = preview(host_client, game, "odd.lin", text)
    assert "Auction: P P P P" in first and "Passed out" in first
    assert "Auction: 1C ? P P P" in second
    assert " by " not in second  # no contract from an auction with a call that could not be read


def test_a_deck_without_a_record_shows_no_contract_line(host_client, game):
    (deck,) = preview(host_client, game, "plain.pbn", f'[Board "2"]\n[Deal "{DEAL}"]\n')
    assert "Auction" not in deck and " by " not in deck and "tricks" not in deck
