"""BoardPlay: every action through ``act``, stale pages refused, undo, and the scores against
the file's recorded result or par (turned with a Just Declare board)."""

from __future__ import annotations

import pytest

from games.bridge.play import IllegalAction, legal_cards, replay
from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, DealAnalysis, Game
from games.models.board_play import SolvingPar, running_total
from games.models.join import JoinTable
from games.models.lesson import BoardNote
from games.models.results import reference_for
from games.presentation.result_text import reference_said
from tests.playing import call, cards, claim

pytestmark = pytest.mark.django_db

# North holds the thirteen top cards: North-South make 7NT, par +1520 (None vul).
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
# The same hands a seat on: East holds the top cards.
EAST_STRONG = "N:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876"


def deal_board(game: Game, deal: str = DEAL, **record):
    """Board 1 of ``game`` from a file deck: dealer North, nobody vulnerable, ``record``
    (contract, declarer, result...) as the file states it."""
    game.add_decks([ParsedDeck(deal, 0, 1, dealer="N", vul="None", board="1", **record)], source_name="r.pbn")
    return game.deal_next()


@pytest.fixture
def dealt_board(game):
    """Board 1 of DEAL dealt at alice's practice table."""
    return deal_board(game)


@pytest.fixture
def practice_play(dealt_board) -> BoardPlay:
    """The practice board's play, the host playing all four hands."""
    return BoardPlay.start(dealt_board, BoardPlay.Mode.ALL_FOUR)


@pytest.fixture
def join_board(join_table, other_user):
    """Board 1 of DEAL dealt at a Join table where bob sits East."""
    join_table.take_seat(other_user, "E")
    return deal_board(join_table.game)


@pytest.fixture
def table_play(join_board) -> BoardPlay:
    """The Join board's play: each seat plays its own hand."""
    return BoardPlay.start(join_board, BoardPlay.Mode.TABLE)


def north_3nt(play: BoardPlay) -> BoardPlay:
    """North opens 1NT (alerted, explained), South raises to 3NT: North declares, East leads."""
    return call(play, ("1NT", "15-17"), "P", "3NT", "P", "P", "P")


# --- starting and acting ---------------------------------------------------------------------


def test_start_makes_one_play_per_board(dealt_board):
    first = BoardPlay.start(dealt_board, BoardPlay.Mode.ALL_FOUR)
    again = BoardPlay.start(dealt_board, BoardPlay.Mode.DECLARE)  # the first mode stays
    assert again.pk == first.pk and again.mode == BoardPlay.Mode.ALL_FOUR
    assert (first.deal, first.dealer, first.vul, first.actions) == (DEAL, "N", "None", 0)


def test_each_call_is_stored_with_its_alert_and_counts_as_an_action(practice_play):
    play = call(practice_play, ("1NT", "15-17"), "P")
    play.refresh_from_db()
    assert play.calls == [
        {"call": "1NT", "alert": True, "explanation": "15-17"},
        {"call": "P", "alert": False, "explanation": ""},
    ]
    assert play.actions == 2 and play.state().turn == "S"


def test_a_call_out_of_turn_or_not_allowed_is_refused_and_nothing_changes(practice_play):
    play = call(practice_play, "1NT")
    with pytest.raises(IllegalAction, match="East's turn"):
        play.act("S", "call", play.actions, call="2C")
    with pytest.raises(IllegalAction, match="not above"):
        play.act("E", "call", play.actions, call="1S")
    with pytest.raises(IllegalAction, match="not a call"):
        play.act("E", "call", play.actions, call="8NT")
    play.refresh_from_db()
    assert [c["call"] for c in play.calls] == ["1NT"] and play.actions == 1


def test_a_page_showing_an_older_table_is_refused(practice_play):
    play = call(practice_play, "1NT")
    with pytest.raises(IllegalAction, match="moved on"):
        play.act("E", "call", 0, call="P")  # the page showed the table before 1NT
    with pytest.raises(IllegalAction, match="moved on"):
        play.act("E", "call", 5, call="P")
    play.refresh_from_db()
    assert play.actions == 1 and len(play.calls) == 1


def test_the_same_post_twice_plays_once(practice_play):
    play = call(practice_play, "1NT")
    at = play.actions
    play.act("E", "call", at, call="P")
    with pytest.raises(IllegalAction, match="moved on"):
        play.act("E", "call", at, call="P")  # the double click
    play.refresh_from_db()
    assert [c["call"] for c in play.calls] == ["1NT", "P"]


def test_an_unknown_action_is_refused(practice_play):
    with pytest.raises(IllegalAction, match="not something you can do"):
        practice_play.act("N", "shuffle", 0)
    with pytest.raises(IllegalAction, match="not something you can do"):
        practice_play.act("N", "store", 0)  # a method's name is not an action


def test_declarer_plays_dummys_cards_and_dummy_cannot(table_play):
    play = cards(north_3nt(table_play), 1)  # East leads
    assert play.state().turn == "S" and play.state().dummy == "S"
    south_card = legal_cards(play.state())[0]
    with pytest.raises(IllegalAction, match="Dummy's cards are played by declarer"):
        play.act("S", "card", play.actions, card=south_card)
    play = play.act("N", "card", play.actions, card=south_card)
    assert play.cards[-1] == south_card
    with pytest.raises(IllegalAction, match="not in"):
        play.act("W", "card", play.actions, card="SA")  # North's card


def test_a_card_not_following_suit_is_refused(table_play):
    play = cards(north_3nt(table_play), 1)
    led = play.cards[0][0]
    other = next(c for c in play.state().remaining("S") if c[0] != led)
    with pytest.raises(IllegalAction, match="follow suit"):
        play.act("N", "card", play.actions, card=other)


def test_a_join_tables_action_moves_the_version_its_seats_poll(table_play):
    before = JoinTable.objects.get(game_id=table_play.board.game_id).version
    call(table_play, "1NT", "P")
    assert JoinTable.objects.get(game_id=table_play.board.game_id).version == before + 2


def test_the_table_says_when_a_play_alone_moved_it(table_play):
    """What the event stream asks before it keeps a table's players, notes and director's
    call from its read of the version before (``JoinTable.played_since``)."""

    def table() -> JoinTable:
        return JoinTable.objects.select_related("game").get(game_id=table_play.board.game_id)

    before = table()
    play = call(table_play, "1NT")
    assert table().played_since(before.version_tag(), before.version)
    call(play, "P")
    assert not table().played_since(before.version_tag(), before.version)  # two changes since
    last = table()
    BoardNote.add(table_play.board, "Count your points.", by=table_play.board.game.host, table=last)
    assert not table().played_since(last.version_tag(), last.version)  # the teacher's note is no play


def test_a_score_settled_later_moves_the_table_not_as_a_play(table_play, never_run):
    """The board passed out before par was known; the worker's settling later changes the
    running total the seats show, a change of its own: the event stream reads the table
    whole then, never keeping a total from before it."""

    def table() -> JoinTable:
        return JoinTable.objects.select_related("game").get(game_id=table_play.board.game_id)

    play = call(table_play, "P", "P", "P", "P")
    assert play.done and play.imps is None
    finished = table()
    DealAnalysis.table(play.deal)  # what the worker's settle_board does
    play.settle()
    assert play.reference
    settled = table()
    assert settled.version == finished.version + 1
    assert not settled.played_since(finished.version_tag(), finished.version)


# --- claims ----------------------------------------------------------------------------------


def test_a_practice_claim_is_accepted_at_once(practice_play):
    play = cards(north_3nt(practice_play), 1)
    play = claim(play, 13)
    assert play.done and play.tricks == 13 and play.contract == "3NT" and play.declarer == "N"
    assert play.score == 520 and play.claim_tricks == 13 and play.claim_accepted == "EW"


def test_only_declarer_claims_and_only_after_the_lead(table_play):
    play = north_3nt(table_play)
    with pytest.raises(IllegalAction, match="opening lead"):
        play.act("N", "claim", play.actions, tricks=13)
    play = cards(play, 1)
    with pytest.raises(IllegalAction, match="Only declarer"):
        play.act("E", "claim", play.actions, tricks=3)
    with pytest.raises(IllegalAction, match="from 0 to 13"):
        play.act("N", "claim", play.actions, tricks=14)


def test_at_a_join_table_both_defenders_accept_a_claim(table_play):
    play = claim(cards(north_3nt(table_play), 1), 13)
    assert not play.done and play.state().turn is None
    with pytest.raises(IllegalAction, match="Only a defender"):
        play.act("S", "accept", play.actions)
    with pytest.raises(IllegalAction, match="while a claim is pending"):
        play.act("N", "card", play.actions, card="S6")
    play = play.act("E", "accept", play.actions)
    with pytest.raises(IllegalAction, match="already accepted"):
        play.act("E", "accept", play.actions)
    play = play.act("W", "accept", play.actions)
    assert play.done and play.tricks == 13 and play.claim_accepted == "EW"


def test_one_defender_rejecting_a_claim_means_play_goes_on(table_play):
    play = claim(cards(north_3nt(table_play), 1), 13)
    play = play.act("E", "accept", play.actions)
    play = play.act("W", "reject", play.actions)
    assert play.claim_tricks is None and play.claim_accepted == "" and not play.done
    assert play.state().turn == "S"  # dummy's card, played by declarer
    play = cards(play, 1)
    assert len(play.cards) == 2


# --- undo ------------------------------------------------------------------------------------


def test_at_a_join_table_the_last_actor_asks_and_the_host_grants(table_play):
    play = call(table_play, "1NT", "P")  # East passed last
    with pytest.raises(IllegalAction, match="your own last call"):
        play.act("N", "ask_undo", play.actions)
    play = play.act("E", "ask_undo", play.actions)
    assert play.undo_asked_by == "E" and len(play.calls) == 2
    with pytest.raises(IllegalAction, match="already waiting"):
        play.act("E", "ask_undo", play.actions)
    play = play.act("", "undo", play.actions)  # the host: the view checks who may grant
    assert [c["call"] for c in play.calls] == ["1NT"] and play.undo_asked_by == ""
    assert play.state().turn == "E"


def test_the_host_may_refuse_an_undo_and_play_goes_on(table_play):
    play = call(table_play, "1NT", "P")
    with pytest.raises(IllegalAction, match="Nobody has asked"):
        play.act("", "keep", play.actions)
    play = play.act("E", "ask_undo", play.actions)
    play = play.act("", "keep", play.actions)
    assert play.undo_asked_by == "" and len(play.calls) == 2
    play = call(play, "2NT")
    assert play.state().turn == "W"


def test_an_undo_request_holds_the_table_until_the_host_answers(table_play):
    play = call(table_play, "1NT", "P")
    play = play.act("E", "ask_undo", play.actions)
    with pytest.raises(IllegalAction, match="^Waiting for the host to answer East's undo request$"):
        call(play, "2NT")  # South, next to call
    play.refresh_from_db()
    assert play.undo_asked_by == "E" and len(play.calls) == 2
    play = play.act("", "keep", play.actions)
    assert call(play, "2NT").state().turn == "W"


def test_there_is_nothing_to_undo_before_the_first_call(practice_play):
    with pytest.raises(IllegalAction, match="nothing to undo"):
        practice_play.act("N", "undo", 0)


def test_a_practice_undo_is_straight_away(practice_play):
    play = cards(north_3nt(practice_play), 2)
    play = play.act("N", "undo", play.actions)
    assert len(play.cards) == 1 and play.state().turn == "S"


def test_a_board_settled_by_a_claim_stays_settled(practice_play):
    play = claim(cards(north_3nt(practice_play), 1), 13)
    with pytest.raises(IllegalAction, match="claim"):
        play.act("N", "undo", play.actions)


def test_an_undo_reopens_a_finished_board_and_clears_its_result(practice_play):
    play = call(practice_play, "P", "P", "P", "P")
    assert play.done and play.contract == "Pass" and play.reference.startswith("par")
    play = play.act("N", "undo", play.actions)
    play.refresh_from_db()
    assert not play.done and play.contract == "" and play.score is None
    assert play.reference == "" and play.reference_score is None and play.imps is None
    assert len(play.calls) == 3 and play.state().turn == "W"


def test_settle_writes_nothing_once_an_undo_reopened_the_board(practice_play):
    finished = call(practice_play, "P", "P", "P", "P")
    stale = BoardPlay.objects.get(pk=finished.pk)  # as a request that finished it holds it
    finished.act("N", "undo", finished.actions)
    stale.settle()  # late: the solver was slow, an undo came in meanwhile
    row = BoardPlay.objects.get(pk=finished.pk)
    assert row.reference == "" and row.reference_score is None and row.imps is None


def test_just_declare_undo_takes_the_robots_cards_back_with_the_players(game):
    play = BoardPlay.start(deal_board(game, EAST_STRONG, contract="3NT", declarer="E"), BoardPlay.Mode.DECLARE)
    assert play.state().declarer == "S" and len(play.cards) == 1  # the robot (West) led
    for _ in range(3):  # South plays dummy's card and its own; the robot answers each time
        before = list(play.cards)
        state = play.state()
        assert state.actor == "S"
        play = play.act("S", "card", play.actions, card=legal_cards(state)[0])
        assert play.state().actor == "S" or play.done
    last_own = before
    assert len(play.cards) == len(last_own) + 2  # South's lead and West's answer
    play = play.act("S", "undo", play.actions)
    assert play.cards == last_own  # the robot's answers went with South's card
    assert play.state().actor == "S"


def test_just_declare_needs_no_undo_request(game):
    play = BoardPlay.start(deal_board(game, EAST_STRONG, contract="3NT", declarer="E"), BoardPlay.Mode.DECLARE)
    with pytest.raises(IllegalAction, match="none of your cards"):
        play.act("S", "undo", play.actions)  # only the robot's lead so far
    assert len(BoardPlay.objects.get(pk=play.pk).cards) == 1


def test_just_declare_needs_the_deals_table_only_when_the_file_gives_no_contract(game):
    BoardPlay.start(deal_board(game, EAST_STRONG, contract="3NT", declarer="E"), BoardPlay.Mode.DECLARE)
    assert not DealAnalysis.objects.filter(deal=EAST_STRONG).exists()  # the robot's cards are solved, not the table
    board = deal_board(game, DEAL)
    with pytest.raises(SolvingPar, match="being solved double dummy"):
        BoardPlay.start(board, BoardPlay.Mode.DECLARE)  # never solved here: a task worker solves it
    assert not BoardPlay.objects.filter(pk=board.pk).exists()
    DealAnalysis.table(DEAL)
    play = BoardPlay.start(board, BoardPlay.Mode.DECLARE)
    assert play.contract_from == "par"


# --- scores and IMPs -------------------------------------------------------------------------


def test_a_board_is_scored_against_the_files_result(game):
    play = BoardPlay.start(deal_board(game, contract="3NT", declarer="N", result="9"), BoardPlay.Mode.ALL_FOUR)
    play = call(play, "P", "P", "P", "P")
    assert play.score == 0
    assert play.reference == "file:3NT:N:9:"  # said in each page's language
    assert reference_said(play.reference) == "at the other table: 3NT by N, 9 tricks"
    assert play.reference_score == 400 and play.imps == -9
    row = BoardPlay.objects.get(pk=play.pk)
    assert (row.reference_score, row.imps) == (400, -9)


def test_a_file_result_given_as_a_claim_counts_too(game):
    play = BoardPlay.start(deal_board(game, contract="3NT", declarer="N", claim=13), BoardPlay.Mode.ALL_FOUR)
    play = claim(cards(north_3nt(play), 1), 13)
    assert play.score == 520 and play.reference_score == 520 and play.imps == 0


def test_a_files_play_to_the_last_card_is_its_result_without_a_claim(game):
    """A deck with the file's 52 cards played and no result or claim stated (a LIN file
    without mc, a PBN game without a Result tag) is scored against that play, not par."""
    from games.bridge.play import legal_cards, make_call, new_board, play_card

    state = new_board(DEAL, "N")
    for called in ("6NT", "P", "P", "P"):
        state = make_call(state, state.turn, called)
    while state.turn is not None:
        seat = state.turn
        state = play_card(state, seat, legal_cards(state)[0], by=state.declarer if seat == state.dummy else None)
    tricks = tuple(tuple(state.cards[i : i + 4]) for i in range(0, 52, 4))
    board = deal_board(game, contract="6NT", declarer="N", play=tricks)
    play = call(BoardPlay.start(board, BoardPlay.Mode.ALL_FOUR), "P", "P", "P", "P")
    assert play.reference == "file:6NT:N:13:" and play.reference_score == 1020 and play.imps == -14


def test_a_board_without_a_recorded_result_is_scored_against_par(practice_play):
    play = call(practice_play, "P", "P", "P", "P")
    assert reference_said(play.reference).startswith("par: ") and play.reference_score == 1520 and play.imps == -17
    assert running_total(play.board.game) == {"boards": 1, "score": 0, "imps": -17, "unfinished": 0, "scoring": 0}


def test_a_random_board_is_scored_against_par(game):
    board = game.deal_next()  # nothing queued: random
    play = call(BoardPlay.start(board, BoardPlay.Mode.ALL_FOUR), "P", "P", "P", "P")
    assert reference_said(play.reference).startswith("par: ") and play.reference_score is not None


def test_just_declare_turns_the_files_result_with_the_deal(game):
    """3NT by East, 9 tricks in the file: E-W +400. Turned a quarter so East declares from
    South, that is N-S's +400 as played; South's 13 tricks (+520) win 3 IMPs."""
    board = deal_board(game, EAST_STRONG, contract="3NT", declarer="E", result="9")
    play = BoardPlay.start(board, BoardPlay.Mode.DECLARE)
    assert play.quarters == 1 and play.vul == "None" and play.contract_from == "contract"
    assert reference_for(play) == ("file:3NT:E:9:", 400)
    play = play.act("S", "claim", play.actions, tricks=13)  # the robots accept: it is true
    assert play.done and play.tricks == 13 and play.score == 520
    assert (play.reference_score, play.imps) == (400, 3)


def test_a_half_turn_keeps_north_souths_sign(game):
    board = deal_board(game, DEAL, contract="3NT", declarer="N", result="9")
    play = BoardPlay.start(board, BoardPlay.Mode.DECLARE)
    assert play.quarters == 2
    assert reference_for(play) == ("file:3NT:N:9:", 400)


def test_the_stored_actions_replay_as_the_rules_engine_sees_them(practice_play):
    play = cards(north_3nt(practice_play), 9)
    state = replay(play.deal, play.dealer, play.vul, play.state().calls, play.cards)
    assert state == play.state()
