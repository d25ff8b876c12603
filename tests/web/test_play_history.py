"""The game page's history shows each played board's result, and the running total partial
adds them up (templates/games/partials/play_total.html)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test.utils import CaptureQueriesContext

from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, Game
from games.models.board_play import running_total
from tests.playing import call, cards, claim

pytestmark = pytest.mark.django_db

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def text_of(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def history_row(page: str, number: int) -> str:
    row = page.split(f'<tr id="history-board-{number}"')[1].split("</tr>")[0]
    return text_of("<tr " + row)


@pytest.fixture
def played(host) -> Game:
    """Board 1: 3NT by North, 13 tricks claimed, against 9 tricks at the other table; board
    2: passed out against the same; board 3: dealt, not played."""
    game = Game.objects.create(host=host, name="Practice", practice_play=Game.PracticePlay.ALL_FOUR)
    record = {"dealer": "N", "vul": "None", "contract": "3NT", "declarer": "N", "result": "9"}
    game.add_decks([ParsedDeck(DEAL, i, 1, board=str(i + 1), **record) for i in range(3)], source_name="r.pbn")
    one = BoardPlay.start(game.deal_next(), BoardPlay.Mode.ALL_FOUR)
    claim(cards(call(one, "1NT", "P", "3NT", "P", "P", "P"), 1), 13)
    two = BoardPlay.start(game.deal_next(), BoardPlay.Mode.ALL_FOUR)
    call(two, "P", "P", "P", "P")
    game.deal_next()
    return game


def test_each_played_boards_row_shows_its_result_against_the_file(host_client, played):
    page = host_client.get(f"/games/{played.pk}/").content.decode()
    assert "Result (N-S)" in text_of(page.split("<thead>")[-1].split("</thead>")[0])
    assert "3NT by N, 13 tricks, claimed, +520, +3 IMPs" in history_row(page, 1)
    assert "Passed out, 0, −9 IMPs" in history_row(page, 2)
    assert "IMP" not in history_row(page, 3) and "Passed out" not in history_row(page, 3)


def test_a_board_in_play_shows_no_result_yet(host_client, played):
    board = played.deal_next()
    call(BoardPlay.start(board, BoardPlay.Mode.ALL_FOUR), "1NT", "P")
    page = host_client.get(f"/games/{played.pk}/").content.decode()
    assert "IMP" not in history_row(page, 4)


def test_the_history_asks_no_query_per_played_board(host_client, played):
    with CaptureQueriesContext(connection) as few:
        host_client.get(f"/games/{played.pk}/")
    for _ in range(3):
        call(BoardPlay.start(played.deal_next(), BoardPlay.Mode.ALL_FOUR), "P", "P", "P", "P")
    with CaptureQueriesContext(connection) as more:
        page = host_client.get(f"/games/{played.pk}/").content.decode()
    assert sum("Passed out, 0" in history_row(page, n) for n in (2, 4, 5, 6)) == 4
    # No more queries with more boards played; one fewer here, since the newest boards are
    # random deals, which have no deck whose lesson text the felt would read.
    assert len(more) <= len(few), [q["sql"] for q in more]


def test_a_join_games_history_shows_results_too(host_client, host):
    game = Game.objects.create(host=host, name="Friday four", game_type=Game.Type.JOIN)
    play = BoardPlay.start(game.deal_next(), BoardPlay.Mode.TABLE)
    call(play, "P", "P", "P", "P")
    page = host_client.get(f"/games/{game.pk}/").content.decode()
    assert "Passed out, 0" in history_row(page, 1)


def test_the_running_total_adds_up_the_boards_played(played):
    total = running_total(played)
    assert total == {"boards": 2, "score": 520, "imps": -6, "unfinished": 0, "scoring": 0}  # both settled
    html = text_of(render_to_string("games/partials/play_total.html", {"total": total, "game": played}))
    assert html == "2 boards played · N-S +520 · −6 IMPs"


def test_the_running_total_says_nothing_before_any_board_is_over(game):
    html = text_of(render_to_string("games/partials/play_total.html", {"total": running_total(game), "game": game}))
    assert html == ""  # no news of nothing on the felt while the first board is played
    one = {"boards": 1, "score": -100, "imps": 1}
    assert text_of(render_to_string("games/partials/play_total.html", {"total": one, "game": game})).endswith(
        "N-S −100 · +1 IMP"
    )


def test_the_htmx_answer_that_ends_a_board_updates_its_history_row(host_client, host):
    game = Game.objects.create(host=host, name="Practice", practice_play=Game.PracticePlay.ALL_FOUR)
    play = call(BoardPlay.start(game.deal_next(), BoardPlay.Mode.ALL_FOUR), "P", "P", "P")
    url = f"/games/{game.pk}/play/call/"
    answer = host_client.post(url, {"board": "1", "at": play.actions, "call": "P"}, HTTP_HX_REQUEST="true")
    html = answer.content.decode()
    assert '<tr id="history-board-1"' in html and 'hx-swap-oob="true"' in html.split('id="history-board-1"')[1]
    assert "Passed out, 0" in history_row(html, 1)
