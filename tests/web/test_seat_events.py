"""A seated player's event stream brings their seat view itself (games/views/seat_events.py):
the partial the seat poll answers them, the same cards and nothing more, their own actions'
included; the host's stream still says only which table moved; a player who stood up is told to ask; the four seats'
views read the table once."""

from __future__ import annotations

import asyncio
import re
import threading
from collections.abc import Callable

import pytest
from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection, connections
from django.test import AsyncClient, Client, RequestFactory
from django.test.utils import CaptureQueriesContext

from games.models import BoardNote, BoardPlay, DealtBoard
from games.models.join import JoinTable, start_movement
from games.views import seat_events
from tests.models.test_club_movement import club, seat_pairs
from tests.playing import DEAL, call
from tests.web.test_table_events import _call_at, run

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def drawing_thread_released():
    """The streams' draws keep a connection in their own thread: it goes back with the test."""
    yield
    seat_events.release()


TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


Step = str | Callable[[JoinTable], object]


def _step(table: JoinTable, step: Step) -> None:
    """A call at ``table``, or ``step`` itself done to it."""
    if callable(step):
        step(table)
    else:
        _call_at(table, step)


def _deal(table: JoinTable) -> None:
    table.game.deal_next(by=table.game.host)


def _events_after_a_call(
    table: JoinTable, user, calls: tuple[Step, ...] = ("1H",), language: str = ""
) -> tuple[str, ...]:
    """The first event of ``user``'s stream of ``table``, and those ``calls`` (North's first)
    or other steps bring; ``language``: the page's, by its cookie."""

    async def scenario():
        client = AsyncClient()
        if language:
            client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        await client.aforce_login(user)
        response = await client.get(f"/games/{table.game_id}/events/?table={table.number}")
        events = aiter(response.streaming_content)
        try:
            said = [await anext(events)]
            for made in calls:  # one at a time: each event draws the table as that call left it
                await sync_to_async(_step)(table, made)
                said.append(await asyncio.wait_for(anext(events), 10))
        finally:
            await response.streaming_content.aclose()
            await sync_to_async(connections.close_all)()
        return tuple(text.decode() if isinstance(text, bytes) else text for text in said)

    return run(scenario)


def _data(event: str) -> str:
    return "\n".join(line.removeprefix("data: ") for line in event.splitlines() if line.startswith("data: "))


def _poll(table: JoinTable, user, language: str = "") -> str:
    client = Client()
    if language:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.force_login(user)
    answer = client.get(f"/games/{table.game_id}/seat/", headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return answer.content.decode()


def test_a_players_stream_brings_the_seat_view_the_seat_poll_would_answer(seated_table, other_user):
    _, after = _events_after_a_call(seated_table, other_user)  # East
    assert "event: seat" in after and re.search(r"^id: \S+", after, re.M)
    pushed = _data(after)
    assert "1♥" in re.sub(r"<[^>]+>", "", pushed)  # North's call
    assert TOKEN.sub("", pushed) == TOKEN.sub("", _poll(seated_table, other_user))


@pytest.mark.usefixtures("compiled_catalogues")
def test_the_pushed_view_is_in_the_pages_language(seated_table, other_user):
    _, after = _events_after_a_call(seated_table, other_user, language="pl")
    pushed = _data(after)
    assert "Licytacja" in pushed  # "Bidding"
    assert TOKEN.sub("", pushed) == TOKEN.sub("", _poll(seated_table, other_user, language="pl"))


def test_the_pushed_view_holds_only_the_players_own_hand(seated_table, other_user):
    """Before the opening lead East sees East's cards, and of the others only their backs."""
    _, after = _events_after_a_call(seated_table, other_user)
    html = _data(after)
    assert re.findall(r"aria-label=\"(\w+)'s hand\"", html) == ["East"]
    assert sorted(re.findall(r"aria-label=\"(\w+)'s 13 cards, face down\"", html)) == ["North", "South", "West"]
    for holding in DEAL[2:].split()[1].split("."):  # East's, suit by suit
        assert f'<span class="cards">{" ".join(holding)}</span>' in html


def test_the_actors_own_stream_brings_the_view_of_their_action(seated_table, other_user):
    """East's page does not ask after its own call's answer: its stream draws the table
    with that call made, as East's poll would answer it."""
    _, norths, easts = _events_after_a_call(seated_table, other_user, ("1H", "P"))
    assert "event: seat" in norths and "event: seat" in easts
    pushed = _data(easts)
    assert re.search(r'class="play-controls" [^>]*data-made="2"', pushed)  # North's 1♥ and East's pass
    assert TOKEN.sub("", pushed) == TOKEN.sub("", _poll(seated_table, other_user))


def test_a_deal_brings_each_players_view_of_the_new_board(seated_table, other_user):
    """A teaching deal moves no table's version, only the game's next board: East's stream
    still draws East's new hand, and the other three face down."""
    _, after = _events_after_a_call(seated_table, other_user, (_deal,))
    assert "event: seat" in after
    pushed = _data(after)
    assert "Board 2" in re.sub(r"<[^>]+>", " ", pushed)
    assert re.findall(r"aria-label=\"(\w+)'s hand\"", pushed) == ["East"]
    assert TOKEN.sub("", pushed) == TOKEN.sub("", _poll(seated_table, other_user))


def test_the_hosts_stream_still_says_only_which_table_moved(seated_table, host):
    _, after = _events_after_a_call(seated_table, host)  # North, who hosts
    assert "event: moved" in after and "seat-view" not in after


def test_a_player_who_stood_up_is_told_to_ask(seated_table, other_user):
    request = RequestFactory().get("/")
    request.user = other_user
    assert isinstance(seat_events._draw(request, seated_table.game_id, 1), str)
    seated_table.leave(other_user)
    assert seat_events._draw(request, seated_table.game_id, 1) is None  # the poll sends them home


def test_a_player_moved_to_another_table_is_told_to_ask_and_their_stream_ends(seated_table, other_user):
    """The stream is of the table the player sat at when it opened: once they sit at
    another (the host moved them, a movement's round), it says "moved", then "reopen",
    and ends; the page's next stream is of their new table. Their poll then answers the new table's
    view, whose tag names that table, whatever its version."""
    shown = seated_table.version_tag()
    second = JoinTable.add_to(seated_table.game)

    async def scenario():
        client = AsyncClient()
        await client.aforce_login(other_user)
        response = await client.get(f"/games/{seated_table.game_id}/events/?table=1")
        events = aiter(response.streaming_content)
        try:
            said = [await anext(events)]
            await sync_to_async(seated_table.move)("E", "N", second)
            said.append(await asyncio.wait_for(anext(events), 10))
            said.append(await asyncio.wait_for(anext(events), 10))
            with pytest.raises(StopAsyncIteration):
                await asyncio.wait_for(anext(events), 10)
        finally:
            await response.streaming_content.aclose()
            await sync_to_async(connections.close_all)()
        return [text.decode() if isinstance(text, bytes) else text for text in said]

    _, told, reopen = run(scenario)
    assert told.startswith("id: ") and "event: moved" in told and '"table": 1' in told
    assert reopen.startswith("event: reopen")
    client = Client()
    client.force_login(other_user)
    answer = client.get(f"/games/{seated_table.game_id}/seat/?v={shown}", headers={"HX-Request": "true"})
    second.refresh_from_db()
    assert answer.status_code == 200 and f"?v={second.version_tag()}" in answer.content.decode()
    assert second.version_tag().split(".")[2] == "2" != shown.split(".")[2]


def test_the_seats_views_read_the_table_once(seated_table, django_assert_max_num_queries):
    """East's, South's and West's (North hosts, and asks): the first reads the table, the
    others use that read."""
    _call_at(seated_table, "1H")
    requests = []
    for row in seated_table.seats.select_related("user").exclude(user=seated_table.game.host):
        request = RequestFactory().get("/")
        request.user = row.user
        requests.append(request)
    seat_events._reads.clear()
    seated_table.refresh_from_db()
    at = (seated_table.game.next_board_number, seated_table.version)  # where the streams' events are
    with CaptureQueriesContext(connection) as first:
        assert isinstance(seat_events._draw(requests[0], seated_table.game_id, 1, at), str)
    # the others' streams at the same version: nothing read again
    with django_assert_max_num_queries(0):
        for request in requests[1:]:
            assert isinstance(seat_events._draw(request, seated_table.game_id, 1, at), str)
    assert len(first) > 4
    # a stream whose events have not said where the table is reads its table and seat: one statement
    with django_assert_max_num_queries(1):
        assert isinstance(seat_events._draw(requests[1], seated_table.game_id, 1), str)


def _drawn_at_the_tables_version(table: JoinTable, user) -> tuple[str, list[str]]:
    """``user``'s seat view drawn by the stream at the table's version now, and the
    statements the draw made."""
    request = RequestFactory().get("/")
    request.user, request.session = user, {}  # the session: the notes said already
    table.refresh_from_db()
    at = (table.game.next_board_number, table.version)
    with CaptureQueriesContext(connection) as made:
        html = seat_events._draw(request, table.game_id, table.number, at)
    assert html is not None
    return html, [query["sql"] for query in made]


RUNNING_TOTAL = 'SUM("games_boardplay"."score")'  # the running total's statement


def test_after_a_call_the_table_is_read_again_but_its_players_notes_and_call(seated_table, other_user):
    """A call changes the board's play alone: the next read takes the players, the
    teacher's notes, the director's call, the count of tables and (the board under way)
    the running total from the read before, and draws what East's poll answers."""
    seat_events._reads.clear()
    _call_at(seated_table, "1H")
    _drawn_at_the_tables_version(seated_table, other_user)
    _call_at(seated_table, "P")
    html, after_call = _drawn_at_the_tables_version(seated_table, other_user)
    seat_events._reads.clear()
    again, whole = _drawn_at_the_tables_version(seated_table, other_user)  # the same version, read whole
    assert len(after_call) == len(whole) - 5 and TOKEN.sub("", again) == TOKEN.sub("", html)
    table_row, play_row = after_call  # each by its key: no join to the seats, no board read again
    assert '"games_seat"' not in table_row and '"games_dealtboard"' not in play_row
    kept_reads = ("games_boardnote", "games_directorcall", 'FROM "games_seat"', 'COUNT(*) AS "__count"', RUNNING_TOTAL)
    for kept in kept_reads:
        assert any(kept in sql for sql in whole) and not any(kept in sql for sql in after_call), kept
    assert "1♥" in re.sub(r"<[^>]+>", "", html)
    assert TOKEN.sub("", html) == TOKEN.sub("", _poll(seated_table, other_user))


def test_the_call_that_ends_the_board_brings_the_running_total_again(seated_table, other_user, never_run):
    """Passed out: the fourth pass finishes the board, and the stream's read after it
    reads the running total again, which now counts the board, as East's poll does (par
    not known yet: no worker has solved the deal, so only the play has moved the table)."""
    seat_events._reads.clear()
    for made in ("P", "P", "P"):
        _call_at(seated_table, made)
        _drawn_at_the_tables_version(seated_table, other_user)
    _call_at(seated_table, "P")
    html, after_pass = _drawn_at_the_tables_version(seated_table, other_user)
    assert any(RUNNING_TOTAL in sql for sql in after_pass)
    assert not any('FROM "games_seat"' in sql for sql in after_pass)  # a play's read, not a whole one
    assert "1 board played" in re.sub(r"<[^>]+>", "", html)
    assert TOKEN.sub("", html) == TOKEN.sub("", _poll(seated_table, other_user))


def test_a_table_added_then_removed_shows_at_the_seats_of_the_others(seated_table, other_user):
    """The table's title names it among several ("Table 1 ·") and offers the results
    from the draw after a table is added, and no longer after it is removed, though
    the last change before each was a call."""
    seat_events._reads.clear()
    _call_at(seated_table, "1H")
    alone, _ = _drawn_at_the_tables_version(seated_table, other_user)
    added = JoinTable.add_to(seated_table.game)
    _call_at(seated_table, "P")
    several, _ = _drawn_at_the_tables_version(seated_table, other_user)
    added.remove()
    _call_at(seated_table, "P")
    alone_again, _ = _drawn_at_the_tables_version(seated_table, other_user)
    for html, shown in ((alone, False), (several, True), (alone_again, False)):
        assert ("Table 1 ·" in html) is shown and (f"/games/{seated_table.game_id}/results/" in html) is shown
    assert TOKEN.sub("", alone_again) == TOKEN.sub("", _poll(seated_table, other_user))


def test_after_a_seat_changes_the_table_is_read_again_whole(seated_table, other_user, django_user_model):
    seat_events._reads.clear()
    _call_at(seated_table, "1H")
    _drawn_at_the_tables_version(seated_table, other_user)
    seated_table.leave(django_user_model.objects.get(username="erin"), confirm=1)  # West stands up
    html, statements = _drawn_at_the_tables_version(seated_table, other_user)
    assert any('FROM "games_seat"' in sql for sql in statements)
    assert "erin" not in html and "empty seat" in html
    assert TOKEN.sub("", html) == TOKEN.sub("", _poll(seated_table, other_user))


def test_a_read_for_someone_who_stood_up_is_not_kept_for_the_others(seated_table, other_user, django_user_model):
    """East's stream reads the table by its key after East stands up: it draws nothing,
    and keeps nothing, so West's draw at that version reads the table for a seat there."""
    seat_events._reads.clear()
    _call_at(seated_table, "1H")
    _drawn_at_the_tables_version(seated_table, other_user)
    seated_table.leave(other_user, confirm=1)
    seated_table.refresh_from_db()
    easts = RequestFactory().get("/")
    easts.user = other_user
    at = (seated_table.game.next_board_number, seated_table.version)
    assert seat_events._draw(easts, seated_table.game_id, 1, at) is None
    html, statements = _drawn_at_the_tables_version(seated_table, django_user_model.objects.get(username="erin"))
    assert any("games_directorcall" in sql for sql in statements) and "empty seat" in html


def test_a_kept_read_draws_nothing_for_someone_not_seated_there(
    seated_table, other_user, django_user_model, django_assert_max_num_queries
):
    seated_table.refresh_from_db()
    at = (seated_table.game.next_board_number, seated_table.version)
    easts, strangers = RequestFactory().get("/"), RequestFactory().get("/")
    easts.user, strangers.user = other_user, django_user_model.objects.create_user("stranger", password="x")
    assert isinstance(seat_events._draw(easts, seated_table.game_id, 1, at), str)
    with django_assert_max_num_queries(1):  # whether they sit at another table
        assert seat_events._draw(strangers, seated_table.game_id, 1, at) is None


def test_a_busy_drawing_thread_has_the_page_ask_instead(seated_table, other_user, monkeypatch):
    """Past WAITING_LIMIT draws of moves waiting, a seat's news goes as ``moved``: never
    held behind a long queue. A deal's draws have bounds of their own."""
    request = RequestFactory().get("/")
    request.user = other_user
    assert isinstance(run(lambda: seat_events.draw(request, seated_table.game_id, 1)), str)
    monkeypatch.setitem(seat_events._waiting, seat_events.MOVE, seat_events.WAITING_LIMIT)
    assert run(lambda: seat_events.draw(request, seated_table.game_id, 1)) is None
    assert isinstance(run(lambda: seat_events.draw(request, seated_table.game_id, 1, deal=True)), str)


def test_a_deals_draw_not_begun_in_time_has_the_page_ask(seated_table, other_user, monkeypatch):
    request = RequestFactory().get("/")
    request.user = other_user
    monkeypatch.setattr(seat_events, "DEAL_WAIT_SECONDS", -1.0)
    assert run(lambda: seat_events.draw(request, seated_table.game_id, 1, deal=True)) is None
    assert isinstance(run(lambda: seat_events.draw(request, seated_table.game_id, 1)), str)  # a move's has no such wait


def test_the_drawing_thread_draws_a_tables_move_before_the_deals_waiting():
    """A deal's draws for a whole club night must not hold a card's back."""
    drawer = seat_events._Drawer()
    busy, done = threading.Event(), []
    drawer.submit(seat_events.MOVE, busy.wait)
    for name in ("deal 1", "deal 2"):
        drawer.submit(seat_events.DEAL, lambda name=name: done.append(name))
    last = drawer.submit(seat_events.MOVE, lambda: done.append("move"))
    busy.set()
    last.result(5)
    drawer.submit(seat_events.DEAL, lambda: None).result(5)
    assert done == ["move", "deal 1", "deal 2"]


def test_a_play_that_brings_the_rounds_next_board_draws_that_boards_notes(host, django_user_model):
    """In a movement the last call or card of a board brings the table its round's next
    board: the drawn view shows that board with the teacher's notes on it, not the notes
    kept from the board before."""
    game = club(host, 2)
    seat_pairs(game, django_user_model)
    start_movement(game, host)
    table = JoinTable.objects.select_related("game").get(game=game, number=1)
    first, second = table.board(), DealtBoard.objects.get(game=game, board_number=2)
    assert first.board_number == 1
    BoardNote.add(first, "Lead a trump", host, table)
    BoardNote.add(second, "Count the trumps", host, table)
    east = table.seats.get(seat="E").user
    call(BoardPlay.start(first, BoardPlay.Mode.TABLE, table), "P", "P", "P")
    seat_events._reads.clear()
    before, _ = _drawn_at_the_tables_version(table, east)
    call(BoardPlay.objects.get(board=first, table=table), "P")  # passed out: board 2 comes
    table = JoinTable.objects.select_related("game").get(pk=table.pk)
    html, statements = _drawn_at_the_tables_version(table, east)
    assert "Lead a trump" in before and "Count the trumps" not in before
    assert "Count the trumps" in html and "Lead a trump" not in html
    assert any("games_boardnote" in sql for sql in statements)
    polled = re.sub(r'<div id="table-notes-news" hx-swap-oob.*?</div>', "", _poll(table, east))  # said once
    assert re.sub(r"\s+", " ", TOKEN.sub("", html)) == re.sub(r"\s+", " ", TOKEN.sub("", polled))


FIGURE_STATE = 'MAX("games_boardplay"."finished_at")'  # a club night's figure: its state (games.models.club)


def _figure_states(table: JoinTable, users) -> int:
    """How many times the seats' draws at the table's version worked out a figure's state."""
    drawn = [_drawn_at_the_tables_version(table, user)[1] for user in users]
    return sum(FIGURE_STATE in sql for statements in drawn for sql in statements)


def test_a_movement_tables_figures_hold_while_its_board_is_under_way(host, django_user_model, never_run):
    """In a Mitchell each seat sees its own pair's figure: worked out for each seat at a
    whole read, not again after a call with the board under way, and again once the
    board is over (passed out: the round's next board comes), as each seat's poll shows."""
    game = club(host, 2)
    seat_pairs(game, django_user_model)
    start_movement(game, host)
    table = JoinTable.objects.select_related("game").get(game=game, number=1)
    first = table.board()
    users = [table.seats.get(seat=seat).user for seat in "NESW"]
    seat_events._reads.clear()
    assert _figure_states(table, users) == 4
    play = BoardPlay.start(first, BoardPlay.Mode.TABLE, table)
    _figure_states(table, users)
    for _ in range(3):
        play = call(play, "P")
        assert _figure_states(table, users) == 0
    call(play, "P")
    assert _figure_states(table, users) == 4
    east = users[1]
    html, _ = _drawn_at_the_tables_version(table, east)
    polled = re.sub(r'<div id="table-notes-news" hx-swap-oob.*?</div>', "", _poll(table, east))
    assert re.sub(r"\s+", " ", TOKEN.sub("", html)) == re.sub(r"\s+", " ", TOKEN.sub("", polled))
