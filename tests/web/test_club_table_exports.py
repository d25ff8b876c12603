"""A club night's dealt boards in the formats that hold play (PBN, LIN, RBN): every table's
record of a board, each read back by our own readers with that table's players, auction,
contract and play, and its table named (PBN's with that table's own scores, the board's
score table after its first record); the formats that hold deals alone (DUP, BRI, DGE, DLM)
each deal once. A seated host's export holds other tables' records only of the boards their
own table has finished.

The night of tests/web/test_club_exports.py: three tables, two boards; board 2 is finished
at tables 1 and 2 only (table 3 has not started it).
"""

from __future__ import annotations

import pytest

from games.bridge.club_night import decimal_text, hundredths
from games.formats import read_decks
from games.models import Game
from games.models.club import game_results
from games.models.exported import dealt_boards
from games.models.join import JoinTable
from tests.web.test_club_exports import assert_matches, night  # noqa: F401 - the fixture
from tests.web.test_club_upload import send

pytestmark = pytest.mark.django_db


def played_records(game) -> dict[tuple[str, str], object]:
    """(board, table) -> the deck the table's own export gives of the board it played."""
    records = {}
    for table in game.join_tables.order_by("number"):
        for board, deck in dealt_boards(game, table=table):
            if board.played is not None:
                records[(deck.board, str(table.number))] = deck
    return records


def table_of(deck) -> str:
    """The table a record read back names: PBN's Table tag, LIN's heading."""
    return dict(deck.tags).get("Table") or deck.board_name.rpartition("table ")[2]


def what_was_played(deck) -> tuple:
    return (
        deck.contract,
        deck.declarer,
        tuple(call.call.upper().replace("NT", "N") for call in deck.auction),
        tuple(tuple(card.upper() for card in trick) for trick in deck.play),
        dict(deck.players),
        deck.deal,
    )


def test_the_lin_export_holds_every_tables_play_a_qx_record_each(night, host_client):  # noqa: F811
    game = night()
    text = host_client.get(f"/games/{game.pk}/export/dealt.lin").content.decode()
    result = read_decks(text.encode(), "night.lin")
    assert result.ok, result.problems
    expected = played_records(game)
    assert len(result.decks) == len(expected) == 5  # board 1 at three tables, board 2 at two
    read = {}
    for deck in result.decks:
        table = deck.board_name.rpartition("table ")[2]
        read[(deck.board, table)] = deck
        assert dict(deck.tags)["qx"] == ("o" if table == "1" else "c") + deck.board
    assert read.keys() == expected.keys()
    for key, deck in read.items():
        assert what_was_played(deck) == what_was_played(expected[key]), key
    contracts = {key: deck.contract for key, deck in read.items()}
    assert contracts[("1", "3")] == "3NT" and contracts[("2", "2")] == "2S"


@pytest.mark.parametrize("scoring", [Game.Scoring.MATCHPOINTS, Game.Scoring.IMPS])
def test_the_pbn_export_holds_every_tables_play_a_game_each_with_its_own_scores(
    night,  # noqa: F811
    host_client,
    scoring,
):
    game = night(scoring)
    text = host_client.get(f"/games/{game.pk}/export/dealt.pbn").content.decode()
    result = read_decks(text.encode(), "night.pbn")
    assert result.ok, result.problems
    expected = played_records(game)
    read = {(deck.board, table_of(deck)): deck for deck in result.decks}
    assert list(read) == [("1", "1"), ("1", "2"), ("1", "3"), ("2", "1"), ("2", "2")]  # board order, then table
    assert read.keys() == expected.keys()
    assert text.count("[Table ") == len(result.decks) == 5
    for key, deck in read.items():
        assert what_was_played(deck) == what_was_played(expected[key]), key
    assert read[("1", "3")].contract == "3NT" and read[("2", "2")].contract == "2S"
    # Each record carries its own table's line of the traveller: result, score and scores.
    results = game_results(game)
    for board in results.boards:
        for line in board.lines:
            deck = read[(str(board.board_number), str(line.table))]
            tags = dict(deck.tags)
            assert deck.result == (str(line.tricks) if line.declarer else "")
            if results.matchpoints:
                assert tags["ScoreMP"] == f"NS {decimal_text(line.ns_mp)} EW {decimal_text(line.ew_mp)}"
                percent = [decimal_text(hundredths(value), fixed=True) for value in (line.ns_percent, line.ew_percent)]
                assert tags["ScorePercentage"] == f"NS {percent[0]} EW {percent[1]}"
                assert tags["Scoring"] == "MP;MP1" and "ScoreIMP" not in tags
            else:
                assert tags["ScoreIMP"] == f"NS {decimal_text(line.imps)} EW {decimal_text(-line.imps)}"
                assert tags["Scoring"] == "IMP;Cross2" and "ScoreMP" not in tags
    # The board's score table after its first game alone, the ranking once at the end.
    assert_matches(text, results)
    games = text.split("\r\n\r\n")
    assert len(games) == len(result.decks)
    firsts = [table_of(deck) == "1" for deck in result.decks]
    assert ["[ScoreTable " in written for written in games] == firsts == [True, False, False, True, False]
    assert ["[TotalScoreTable " in written for written in games] == [False] * 4 + [True]


def test_a_board_nobody_has_played_is_its_deal_alone_in_the_pbn(night, host_client):  # noqa: F811
    from games.formats.model import Deck as ParsedDeck

    game = night()
    # Its file names a table of its own event: not one of this night's.
    deal = next(iter(played_records(game).values())).deal
    game.add_decks([ParsedDeck(deal=deal, index=0, line=1, board="3", tags=(("Table", "9"),))], source_name="x.pbn")
    game.deal_next()
    text = host_client.get(f"/games/{game.pk}/export/dealt.pbn").content.decode()
    decks = read_decks(text.encode(), "night.pbn").decks
    assert [(deck.board, dict(deck.tags).get("Table")) for deck in decks][-2:] == [("2", "2"), ("3", None)]
    last = text.split("\r\n\r\n")[-1]
    assert not decks[-1].auction and not decks[-1].contract
    assert "[Table " not in last and "[ScoreTable " not in last and "[TotalScoreTable " in last
    text = host_client.get(f"/games/{game.pk}/export/dealt.lin").content.decode()
    assert [deck.board_name for deck in read_decks(text.encode(), "night.lin").decks][-1] == "Board 3"


def test_the_pbn_exports_later_records_of_a_deal_are_flagged_as_duplicates_on_upload(
    night,  # noqa: F811
    host_client,
    game,
):
    data = host_client.get(f"/games/{night().pk}/export/dealt.pbn").content
    html = send(host_client, game, "night.pbn", data, follow=True).text
    # The night deals one deal twice (boards 1 and 2): a deck a record, the first kept.
    assert "PBN · 5 decks" in html and "Add Decks to Game (1)" in html
    assert html.count("Duplicate (same deal as board 1 of night.pbn): add it anyway") == 4


def test_the_rbn_export_gives_the_other_tables_as_records_of_the_same_board(night, host_client):  # noqa: F811
    game = night()
    text = host_client.get(f"/games/{game.pk}/export/dealt.rbn").content.decode()
    result = read_decks(text.encode(), "night.rbn")
    assert result.ok, result.problems
    assert text.count("\nB ") == 2  # one B (and H) a board: the other tables' records have none
    expected = played_records(game)
    order = [("1", "1"), ("1", "2"), ("1", "3"), ("2", "1"), ("2", "2")]
    assert [deck.board for deck in result.decks] == [board for board, _ in order]
    for key, deck in zip(order, result.decks):
        assert what_was_played(deck) == what_was_played(expected[key]), key
    rooms = [dict(deck.tags).get("Room") for deck in result.decks]
    assert rooms == ["Open", "Closed", None, "Open", "Closed"]


@pytest.mark.parametrize("fmt", ["dup", "bri", "dge", "dlm"])
def test_the_formats_of_deals_alone_write_each_deal_once(night, host_client, fmt):  # noqa: F811
    game = night()
    response = host_client.get(f"/games/{game.pk}/export/dealt.{fmt}")
    assert response.status_code == 200
    result = read_decks(response.content, f"night.{fmt}")
    assert [deck.board for deck in result.decks] == ["1", "2"]


@pytest.mark.parametrize("fmt", ["pbn", "lin", "rbn"])
def test_a_seated_hosts_export_leaves_out_what_their_table_has_to_play(night, host, host_client, fmt):  # noqa: F811
    game = night()
    table = JoinTable.numbered(game, 3)
    table.unseat("N")
    table.take_seat(host, "N")
    text = host_client.get(f"/games/{game.pk}/export/dealt.{fmt}").content.decode()
    decks = read_decks(text.encode(), f"night.{fmt}").decks
    # Board 1, which table 3 has finished, from every table, their own first; nothing of
    # board 2, which tables 1 and 2 have played and table 3 has still to.
    assert [deck.board for deck in decks] == ["1", "1", "1"]
    assert decks[0].contract == "3NT"
    assert "2S" not in text and "p1n" in text
    # Seated at table 1, which has finished both: board 2 passed out there, its hands not
    # shown yet, so the export leaves it out (as their own record of it), every table's.
    table.unseat("N")
    first = JoinTable.numbered(game, 1)
    first.unseat("N")
    first.take_seat(host, "N")
    text = host_client.get(f"/games/{game.pk}/export/dealt.{fmt}").content.decode()
    assert [deck.board for deck in read_decks(text.encode(), f"night.{fmt}").decks] == ["1", "1", "1"]
    assert "2S" not in text
    # Once the hands are shown at their table: both tables' records of board 2 too.
    first.reveal(2)
    text = host_client.get(f"/games/{game.pk}/export/dealt.{fmt}").content.decode()
    assert [deck.board for deck in read_decks(text.encode(), f"night.{fmt}").decks] == ["1", "1", "1", "2", "2"]
    assert "2S" in text


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_board_in_play_at_another_table_is_not_in_the_hosts_export_until_it_is_over(
    night,  # noqa: F811
    host_client,
    fmt,
):
    game = night()
    from games.models import BoardPlay

    board = game.boards.get(number=2)
    BoardPlay.start(board, BoardPlay.Mode.TABLE, JoinTable.numbered(game, 3))
    text = host_client.get(f"/games/{game.pk}/export/dealt.{fmt}").content.decode()
    boards = [(deck.board, table_of(deck)) for deck in read_decks(text.encode(), f"night.{fmt}").decks]
    assert ("2", "3") not in boards
    assert ("2", "2") in boards
