"""manage.py import_decks: the upload page's reader, duplicate rule and all-or-nothing append."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.formats import read_decks
from tests.fixtures_upload import BOARD_2_BAD_PBN, FIXTURES, FOUR_BOARDS_LIN, THREE_BOARDS_PBN, fixture

pytestmark = pytest.mark.django_db


def run(game, *files, dry_run: bool = False) -> str:
    out = StringIO()
    args = [str(game.pk), *(str(FIXTURES / f) if "/" not in str(f) else str(f) for f in files)]
    call_command("import_decks", *args, *(["--dry-run"] if dry_run else []), stdout=out)
    return out.getvalue()


def queued(game) -> list[str]:
    return list(game.queued().values_list("deal", flat=True))


def test_it_adds_the_files_in_order_and_prints_a_summary(game):
    out = run(game, "four_boards.lin", "three_boards.pbn")
    assert queued(game) == FOUR_BOARDS_LIN + THREE_BOARDS_PBN
    assert "four_boards.lin: LIN, 4 decks" in out
    assert "three_boards.pbn: PBN, 3 decks" in out
    assert "7 decks added to “Tuesday practice”" in out
    assert "the next deal uses board 1 of four_boards.lin." in out
    assert set(game.queued().values_list("source_name", flat=True)) == {"four_boards.lin", "three_boards.pbn"}


def test_it_prints_each_problem_with_line_and_board(game):
    out = run(game, "board_2_bad.pbn")
    assert "board_2_bad.pbn: PBN, 2 decks" in out
    assert "  line 11, board 2: North has 12 cards" in out
    assert queued(game) == BOARD_2_BAD_PBN


def test_a_dry_run_adds_nothing(game):
    out = run(game, "three_boards.pbn", dry_run=True)
    assert "Dry run: 3 decks would be added" in out
    assert queued(game) == []


def test_it_leaves_out_duplicates_like_the_upload_page(game):
    game.add_decks(read_decks(fixture("three_boards.pbn"), "x.pbn").decks[:1])
    out = run(game, "three_boards.pbn", "three_boards.pbn")
    assert "three_boards.pbn: PBN, 3 decks, 1 duplicate left out" in out
    assert "three_boards.pbn: PBN, 3 decks, 3 duplicates left out" in out
    assert "line 5, board 1: duplicate left out (already queued in this game)" in out
    assert "duplicate left out (same deal as board 2 of three_boards.pbn)" in out
    assert queued(game) == THREE_BOARDS_PBN


def test_it_fails_when_nothing_can_be_added(game):
    with pytest.raises(CommandError, match="Nothing could be added"):
        run(game, "not_deals.pbn")
    assert queued(game) == []


def test_it_fails_when_everything_is_a_duplicate(game):
    run(game, "three_boards.pbn")
    with pytest.raises(CommandError, match="Nothing could be added"):
        run(game, "three_boards.pbn")
    assert queued(game) == THREE_BOARDS_PBN


def test_an_unreadable_file_makes_it_fail_after_adding_the_rest(game):
    with pytest.raises(CommandError, match="No usable decks in: not_deals.pbn"):
        run(game, "three_boards.pbn", "not_deals.pbn")
    assert queued(game) == THREE_BOARDS_PBN


def test_a_missing_file_stops_before_anything_is_added(game, tmp_path: Path):
    with pytest.raises(CommandError, match="cannot read it"):
        run(game, "three_boards.pbn", tmp_path / "missing.pbn")
    assert queued(game) == []


def test_an_empty_file_is_named(game, tmp_path: Path):
    empty = tmp_path / "empty.pbn"
    empty.write_bytes(b"")
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("import_decks", str(game.pk), str(empty), stdout=out)
    assert "  line 1: empty.pbn is empty" in out.getvalue()


def test_an_unknown_game_is_an_error(db):
    with pytest.raises(CommandError, match="no game with id 999"):
        call_command("import_decks", "999", str(FIXTURES / "three_boards.pbn"), stdout=StringIO())


def test_it_exits_with_status_1_from_the_command_line(game, capsys):
    from django.core.management import execute_from_command_line

    with pytest.raises(SystemExit) as exit:
        execute_from_command_line(["manage.py", "import_decks", str(game.pk), str(FIXTURES / "not_deals.pbn")])
    assert exit.value.code == 1
    assert "Nothing could be added" in capsys.readouterr().err


def test_it_rotates_and_renumbers_as_the_preview_does(game):
    from games.bridge import rules
    from games.bridge.rotate import declarer_of

    out = StringIO()
    call_command(
        "import_decks",
        str(game.pk),
        str(FIXTURES / "four_boards.lin"),
        "--rotate",
        "south-declares",
        "--renumber-from",
        "5",
        "--vul",
        "number",
        stdout=out,
    )
    decks = list(game.queued())
    assert [d.board for d in decks] == ["5", "6", "7", "8"]
    assert [(d.dealer, d.vul) for d in decks] == [("N", "NS"), ("E", "EW"), ("S", "All"), ("W", "None")]
    assert all(declarer_of(d.to_parsed()) == "S" for d in decks)
    assert [sorted(rules.hands(d.deal).values()) for d in decks] == [
        sorted(rules.hands(deal).values()) for deal in FOUR_BOARDS_LIN
    ]


def test_a_quarter_turn_from_the_command_line(game):
    call_command("import_decks", str(game.pk), str(FIXTURES / "three_boards.pbn"), "--rotate", "90", stdout=StringIO())
    first = game.queued().first()
    assert rules_hands(first.deal)["E"] == rules_hands(THREE_BOARDS_PBN[0])["N"]


def rules_hands(deal: str) -> dict[str, str]:
    from games.bridge import rules

    return rules.hands(deal)


@pytest.mark.parametrize("bad", [["--rotate", "45"], ["--renumber-from", "0"], ["--vul", "maybe"]])
def test_bad_options_are_refused_before_anything_is_added(game, bad):
    with pytest.raises((CommandError, SystemExit)):
        call_command("import_decks", str(game.pk), str(FIXTURES / "three_boards.pbn"), *bad, stdout=StringIO())
    assert not queued(game)
