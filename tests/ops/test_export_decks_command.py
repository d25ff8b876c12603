"""manage.py export_decks: the queue or the dealt boards, as PBN or LIN, read back the same."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.formats import read_decks
from tests.fixtures_upload import FOUR_BOARDS_LIN, THREE_BOARDS_PBN, fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued_game(game):
    game.add_decks(read_decks(fixture("four_boards.lin"), "four_boards.lin").decks, source_name="four_boards.lin")
    game.add_decks(read_decks(fixture("three_boards.pbn"), "three_boards.pbn").decks)
    return game


def export(game, *args: str) -> str:
    out = StringIO()
    call_command("export_decks", str(game.pk), *args, stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_it_writes_the_queue_in_order(queued_game, fmt):
    text = export(queued_game, "--format", fmt)
    result = read_decks(text.encode(), f"queue.{fmt}")
    assert result.problems == []
    assert [d.deal for d in result.decks] == FOUR_BOARDS_LIN + THREE_BOARDS_PBN
    assert [d.auction for d in result.decks[:4]] == [d.auction for d in read_decks(fixture("four_boards.lin")).decks]


def test_it_writes_the_dealt_boards_with_their_dealer_and_vulnerability(queued_game):
    boards = [queued_game.deal_next() for _ in range(2)]
    text = export(queued_game, "--format", "pbn", "--dealt")
    decks = read_decks(text.encode(), "dealt.pbn").decks
    assert [d.deal for d in decks] == [b.deal for b in boards] == FOUR_BOARDS_LIN[:2]
    assert [(d.board, d.dealer, d.vul) for d in decks] == [(str(b.number), b.dealer, b.vul) for b in boards]


def test_it_writes_a_file(queued_game, tmp_path):
    target = tmp_path / "queue.pbn"
    err = StringIO()
    call_command(
        "export_decks", str(queued_game.pk), "--format", "pbn", "-o", str(target), stdout=StringIO(), stderr=err
    )
    assert len(read_decks(target.read_bytes(), "queue.pbn").decks) == 7
    assert b"\r\n" in target.read_bytes()  # PBN export format keeps its CRLF
    assert "Wrote 7 queued decks" in err.getvalue()


def test_an_empty_queue_writes_no_deals(game):
    assert read_decks(export(game, "--format", "lin").encode(), "x.lin").decks == []


def test_a_format_is_required(game):
    with pytest.raises(CommandError):
        call_command("export_decks", str(game.pk), stdout=StringIO(), stderr=StringIO())


def test_an_unknown_game_is_an_error(db):
    with pytest.raises(CommandError, match="no game with id 999"):
        call_command("export_decks", "999", "--format", "pbn", stdout=StringIO())
