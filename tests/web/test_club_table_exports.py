"""A club night's dealt boards in the formats that hold play (LIN, RBN): every table's record
of a board, each read back by our own readers with that table's players, auction, contract
and play, and its table named; the formats that hold deals alone (DUP, BRI, DGE, DLM) each
deal once. A seated host's export holds other tables' records only of the boards their own
table has finished.

The night of tests/web/test_club_exports.py: three tables, two boards; board 2 is finished
at tables 1 and 2 only (table 3 has not started it).
"""

from __future__ import annotations

import pytest

from games.formats import read_decks
from games.models.exported import dealt_boards
from games.models.join import JoinTable
from tests.web.test_club_exports import night  # noqa: F401 - the fixture

pytestmark = pytest.mark.django_db


def played_records(game) -> dict[tuple[str, str], object]:
    """(board, table) -> the deck the table's own export gives of the board it played."""
    records = {}
    for table in game.join_tables.order_by("number"):
        for board, deck in dealt_boards(game, table=table):
            if board.played is not None:
                records[(deck.board, str(table.number))] = deck
    return records


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


@pytest.mark.parametrize("fmt", ["lin", "rbn"])
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


def test_a_board_in_play_at_another_table_is_not_in_the_hosts_export_until_it_is_over(
    night,  # noqa: F811
    host_client,
):
    game = night()
    from games.models import BoardPlay

    board = game.boards.get(number=2)
    BoardPlay.start(board, BoardPlay.Mode.TABLE, JoinTable.numbered(game, 3))
    text = host_client.get(f"/games/{game.pk}/export/dealt.lin").content.decode()
    boards = [(deck.board, deck.board_name) for deck in read_decks(text.encode(), "night.lin").decks]
    assert ("2", "Board 2, table 3") not in boards
    assert ("2", "Board 2, table 2") in boards
