"""Dealt boards played at the table export as played: the table's auction, cards, claim,
contract, declarer, result and score, read back the same by the PBN and LIN readers."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from games.bridge.rules import Call
from games.formats import read_decks
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.models.join import JoinTable
from tests.playing import call, cards, claim

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def opening(play: BoardPlay) -> BoardPlay:
    """Passes round to North, who opens 1NT (alerted, explained); 3NT by North."""
    passes = ["P"] * ((4 - "NESW".index(play.dealer)) % 4)
    return call(play, *passes, ("1NT", "15-17"), "P", "3NT", "P", "P", "P")


def exported(client, game, fmt: str) -> ParsedDeck:
    response = client.get(f"/games/{game.pk}/export/dealt.{fmt}")
    assert response.status_code == 200
    result = read_decks(response.content, f"dealt.{fmt}")
    assert result.problems == []
    (deck,) = result.decks
    return deck


@pytest.fixture
def recorded_board(game, queue_decks):
    """Board 1 of a practice game, from a file that records another table's 4♠ by E."""
    queue_decks(
        game,
        1,
        players=(("N", "Zoë"), ("E", "Eve")),
        auction=(Call("1S"), Call("P"), Call("4S"), Call("P"), Call("P"), Call("P")),
        auction_first="E",
        contract="4S",
        declarer="E",
        result="9",
        tags=(("Score", "NS 50"), ("Scoring", "MP")),
    )
    return game.deal_next()


def table_calls(deck: ParsedDeck) -> list[tuple[str, bool, str]]:
    return [(c.call, c.alert, c.explanation) for c in deck.auction]


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_board_played_to_the_end_exports_the_tables_auction_play_and_result(host_client, game, recorded_board, fmt):
    play = cards(opening(BoardPlay.start(recorded_board, BoardPlay.Mode.ALL_FOUR)), 52)
    assert play.done and play.contract == "3NT" and play.declarer == "N"

    deck = exported(host_client, game, fmt)
    assert (deck.deal, deck.dealer, deck.vul) == (play.deal, play.dealer, play.vul)
    assert table_calls(deck)[-6:] == [
        ("1NT", True, "15-17"),
        ("P", False, ""),
        ("3NT", False, ""),
        ("P", False, ""),
        ("P", False, ""),
        ("P", False, ""),
    ]
    assert deck.auction_first == play.dealer
    assert [card for trick in deck.play for card in trick] == play.cards  # in play order, trick by trick
    assert all(len(trick) == 4 for trick in deck.play) and len(deck.play) == 13
    assert (deck.contract, deck.declarer, deck.result) == ("3NT", "N", str(play.tricks))
    assert dict(deck.players) == dict.fromkeys("NESW", "alice")  # the file's players did not play this
    if fmt == "pbn":
        tags = dict(deck.tags)
        score = f"NS {play.score}" if play.score >= 0 else f"EW {-play.score}"
        assert tags["Score"] == score  # the table's, not the file's "NS 50"
        assert tags["ScoreIMP"].split()[0] in ("NS", "EW") and tags["Scoring"] == "IMP"


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_claimed_board_exports_the_cards_before_the_claim_and_declarers_tricks(
    host_client, game, recorded_board, fmt
):
    play = cards(opening(BoardPlay.start(recorded_board, BoardPlay.Mode.ALL_FOUR)), 6)
    before = play.state().tricks_won["NS"]
    play = claim(play, 12)
    assert play.done and play.tricks == before + 12

    deck = exported(host_client, game, fmt)
    assert [card for trick in deck.play for card in trick] == play.cards
    assert [len(trick) for trick in deck.play] == [4, 2]
    assert (deck.contract, deck.declarer, deck.result) == ("3NT", "N", str(play.tricks))
    if fmt == "lin":
        assert deck.claim == play.tricks  # mc: declarer's tricks in all, as BBO writes a claim


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_passed_out_board_exports_four_passes_and_no_declarer(host_client, game, recorded_board, fmt):
    play = call(BoardPlay.start(recorded_board, BoardPlay.Mode.ALL_FOUR), "P", "P", "P", "P")
    assert play.done and play.score == 0

    deck = exported(host_client, game, fmt)
    assert [c.call for c in deck.auction] == ["P"] * 4
    assert (deck.contract, deck.declarer, deck.result, deck.play) == ("Pass", "", "", ())
    if fmt == "pbn":
        assert dict(deck.tags)["Score"] == "NS 0"


@pytest.mark.parametrize("fmt", ["pbn", "lin"])
def test_a_board_in_play_exports_what_has_happened_so_far_and_no_result(host_client, game, recorded_board, fmt):
    play = BoardPlay.start(recorded_board, BoardPlay.Mode.ALL_FOUR)
    play = call(play, *["P"] * ((4 - "NESW".index(play.dealer)) % 4), ("1NT", "15-17"), "P")
    deck = exported(host_client, game, fmt)
    assert [c.call for c in deck.auction][-2:] == ["1NT", "P"]
    assert (deck.contract, deck.declarer, deck.result, deck.play) == ("", "", "", ())

    play = cards(call(play, "3NT", "P", "P", "P"), 5)
    deck = exported(host_client, game, fmt)
    assert [card for trick in deck.play for card in trick] == play.cards
    assert (deck.contract, deck.declarer, deck.result, deck.claim) == ("3NT", "N", "", None)
    assert "Score" not in dict(deck.tags)


def test_a_board_not_played_still_exports_the_files_record(host_client, game, recorded_board):
    deck = exported(host_client, game, "pbn")
    assert (deck.contract, deck.declarer, deck.result) == ("4S", "E", "9")
    assert dict(deck.players) == {"N": "Zoë", "E": "Eve"}
    assert dict(deck.tags)["Score"] == "NS 50"


def test_export_decks_writes_the_played_board_too(game, recorded_board, tmp_path):
    play = cards(opening(BoardPlay.start(recorded_board, BoardPlay.Mode.ALL_FOUR)), 52)
    out = tmp_path / "dealt.lin"
    call_command("export_decks", str(game.pk), "--format", "lin", "--dealt", "-o", str(out))
    (deck,) = read_decks(out.read_bytes(), "dealt.lin").decks
    assert [card for trick in deck.play for card in trick] == play.cards and deck.result == str(play.tricks)


def test_a_just_declare_board_exports_the_deal_turned_as_played(host_client, game):
    game.add_decks([ParsedDeck(DEAL, 0, 1, dealer="N", vul="NS", board="1", contract="3NT", declarer="E", result="9")])
    board = game.deal_next()
    play = BoardPlay.start(board, BoardPlay.Mode.DECLARE)
    assert play.quarters == 1 and play.declarer == "" and play.state().declarer == "S"

    deck = exported(host_client, game, "pbn")
    assert (deck.deal, deck.dealer, deck.vul) == (play.deal, "E", "EW")  # a quarter turn: N-S were E-W
    assert deck.deal != DEAL and (deck.contract, deck.declarer) == ("3NT", "S")
    assert [card for trick in deck.play for card in trick] == play.cards  # the robot's lead
    assert dict(deck.players) == {"N": "alice", "E": "Robot", "S": "alice", "W": "Robot"}


# --- a Join table: nothing of a board in play leaves the table ------------------------------


@pytest.fixture
def host_seated_game(join_table, host, other_user) -> Game:
    """A Join game where its host, alice, sits North and bob East."""
    join_table.take_seat(host, "N")
    join_table.take_seat(other_user, "E")
    return join_table.game


def test_a_board_in_play_at_a_join_table_is_not_exported_to_a_seated_host(host_client, host_seated_game):
    first = host_seated_game.deal_next()
    play = cards(opening(BoardPlay.start(first, BoardPlay.Mode.TABLE)), 5)
    for fmt in ("pbn", "lin"):
        response = host_client.get(f"/games/{host_seated_game.pk}/export/dealt.{fmt}")
        assert read_decks(response.content, f"dealt.{fmt}").decks == []

    host_seated_game.deal_next(confirm_abandon=1)  # board 2 on the table; board 1 ends, not finished
    deck = exported(host_client, host_seated_game, "pbn")  # board 2 waits until it is revealed
    assert deck.board == "1" and deck.result == "" and ("Termination", "not finished") in deck.tags
    assert [card for trick in deck.play for card in trick] == play.cards
    assert dict(deck.players) == {"N": "alice", "E": "bob"}


def test_a_board_revealed_before_it_was_over_exports_as_far_as_it_went(host_client, host_seated_game):
    board = host_seated_game.deal_next()
    play = cards(opening(BoardPlay.start(board, BoardPlay.Mode.TABLE)), 2)
    JoinTable.for_game(host_seated_game).reveal(1, confirm=1)
    deck = exported(host_client, host_seated_game, "pbn")
    assert ("Termination", "revealed, not finished") in deck.tags and deck.result == ""
    assert [card for trick in deck.play for card in trick] == play.cards


def test_a_board_in_play_at_a_join_table_is_left_out_for_staff_and_the_command_too(
    staff_client, host_seated_game, tmp_path
):
    board = host_seated_game.deal_next()
    opening(BoardPlay.start(board, BoardPlay.Mode.TABLE))
    assert host_seated_game.exported_decks(dealt=True) == []
    response = staff_client.get(f"/games/{host_seated_game.pk}/export/dealt.lin")
    assert response.status_code == 200 and read_decks(response.content, "dealt.lin").decks == []


def test_a_seat_taken_after_the_deal_is_not_named_as_its_player(host_client, host_seated_game, django_user_model):
    board = host_seated_game.deal_next()
    late = django_user_model.objects.create_user("dave", "dave@example.com", "x")
    JoinTable.for_game(host_seated_game).take_seat(late, "S")
    play = call(BoardPlay.start(board, BoardPlay.Mode.TABLE), "P", "P", "P", "P")
    assert play.done
    (deck,) = host_seated_game.exported_decks(dealt=True)
    assert dict(deck.players) == {"N": "alice", "E": "bob"}


@pytest.mark.parametrize("fmt", ["dup", "bri", "dge", "dlm", "rbn", "pdf"])
def test_every_other_format_takes_a_played_board(host_client, game, recorded_board, fmt):
    play = cards(opening(BoardPlay.start(recorded_board, BoardPlay.Mode.ALL_FOUR)), 7)
    response = host_client.get(f"/games/{game.pk}/export/dealt.{fmt}")
    if fmt == "pdf":  # a job makes it: its page links the file (tasks run as enqueued in tests)
        assert response.status_code == 302 and "Your PDF is ready" in host_client.get(response.url).text
        response = host_client.get(response.url + "download/")
    assert response.status_code == 200
    if fmt == "rbn":
        (deck,) = read_decks(response.content, "dealt.rbn").decks
        assert deck.deal == play.deal and [c.call for c in deck.auction][-6:] == ["1NT", "P", "3NT", "P", "P", "P"]
