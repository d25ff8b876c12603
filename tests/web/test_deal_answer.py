"""The htmx answer to Deal New Cards: the new board, and only what changed beside it.

The page sends the board it shows and the first deck of its queue; when they are what the
server expects, the answer drops the dealt deck, adds the deck that comes into view and one
history row. Otherwise it sends the queue and history panels whole, so a page that fell
behind (another tab dealt or reordered) is put right.
"""

from __future__ import annotations

import re

import pytest

from games.models import DealtBoard, Game
from games.views.table import HISTORY_SHOWN, QUEUE_SHOWN

pytestmark = pytest.mark.django_db

HX = {"HX-Request": "true"}


def deal(client, game, **fields):
    return client.post(f"/games/{game.pk}/deal/", fields, headers=HX).content.decode()


def page_state(html: str) -> dict[str, str]:
    """What the deal button would send next: the inputs it includes."""
    return dict(re.findall(r'name="(shown|queue_head)" value="(\d*)"', html))


def test_it_drops_the_dealt_deck_and_adds_the_one_coming_into_view(host_client, game, queue_decks):
    decks = queue_decks(game, QUEUE_SHOWN + 5)
    state = page_state(host_client.get(f"/games/{game.pk}/").content.decode())
    assert state == {"shown": "0", "queue_head": str(decks[0].pk)}
    deal(host_client, game, **state)  # board 1: the history panel is new, so it comes whole

    html = deal(host_client, game, shown="1", queue_head=str(decks[1].pk))
    assert f'hx-swap-oob="delete:#queue-deck-{decks[1].pk}"' in html
    assert f'<li id="queue-deck-{decks[QUEUE_SHOWN + 1].pk}">' in html  # the 10th of the list now
    assert html.count('<li id="queue-deck-') == 1  # not the whole list again
    assert f'id="queue-count" hx-swap-oob="true">{QUEUE_SHOWN + 3}</span>' in html
    assert f'name="queue_head" value="{decks[2].pk}" hx-swap-oob="true"' in html
    assert '<section id="queue"' not in html and '<section id="history"' not in html
    assert 'hx-swap-oob="afterbegin:#history-rows"' in html and '<tr id="history-board-2"' in html


def test_it_sends_the_whole_queue_when_the_page_shows_another_first_deck(host_client, game, queue_decks):
    decks = queue_decks(game, QUEUE_SHOWN + 5)
    game.move_deck(decks[3].pk, "front")  # in another tab: this page still shows decks[0] first
    html = deal(host_client, game, shown="0", queue_head=str(decks[0].pk))
    assert DealtBoard.objects.get().deck_id == decks[3].pk
    assert '<section id="queue"' in html and html.count('<li id="queue-deck-') == QUEUE_SHOWN
    assert f'id="queue-deck-{decks[3].pk}"' not in html and f'id="queue-deck-{decks[0].pk}"' in html


def test_a_short_queue_only_loses_its_first_row(host_client, game, queue_decks):
    decks = queue_decks(game, QUEUE_SHOWN)
    page = host_client.get(f"/games/{game.pk}/").content.decode()
    assert page.count("disabled>▼") == 1  # the page's last row, the queue's last deck, stays so
    html = deal(host_client, game, shown="0", queue_head=str(decks[0].pk))
    assert f'hx-swap-oob="delete:#queue-deck-{decks[0].pk}"' in html
    assert '<section id="queue"' not in html and '<li id="queue-deck-' not in html  # no deck comes into view
    assert f'id="queue-count" hx-swap-oob="true">{QUEUE_SHOWN - 1}</span>' in html
    assert f'name="queue_head" value="{decks[1].pk}" hx-swap-oob="true"' in html


def test_it_sends_the_whole_queue_when_it_empties_or_the_page_sent_no_head(host_client, game, queue_decks):
    decks = queue_decks(game, 2)
    html = deal(host_client, game)  # no queue_head: the page's list is not known
    assert '<section id="queue"' in html and html.count('<li id="queue-deck-') == 1
    html = deal(host_client, game, shown="1", queue_head=str(decks[1].pk))
    assert '<section id="queue"' in html and "The queue is empty" in html


def test_it_sends_the_whole_history_when_the_page_missed_a_board(host_client, game, queue_decks):
    queue_decks(game, 3)
    game.deal_next()
    game.deal_next()  # boards 1 and 2 were dealt in another tab; this page shows board 1
    html = deal(host_client, game, shown="1")
    assert '<section id="history"' in html
    assert all(f'<tr id="history-board-{n}"' in html for n in (1, 2, 3))


def test_it_drops_the_oldest_history_row_past_the_limit(host_client, game):
    for _ in range(HISTORY_SHOWN):
        game.deal_next()
    html = deal(host_client, game, shown=str(HISTORY_SHOWN))
    assert f'<tr id="history-board-{HISTORY_SHOWN + 1}"' in html
    assert 'hx-swap-oob="delete:#history-board-1"' in html


def test_it_answers_a_join_game_out_of_band_and_the_page_polls_its_tables(host_client, host):
    """The seat view and the tables' overview redraw through their polls, asked at once
    (games.views.join.TABLE_MOVED); the answer swaps nothing in place."""
    game = Game.objects.create(host=host, name="j", game_type=Game.Type.JOIN)
    answer = host_client.post(f"/games/{game.pk}/deal/", headers=HX)
    html = answer.content.decode()
    assert answer["HX-Reswap"] == "none" and answer["HX-Trigger"] == '{"table-moved": {}}'
    assert 'id="seat-view"' not in html and 'id="overview"' not in html
    assert 'id="seating"' not in html  # a deal seats nobody: the panel stays as it is
    assert '<section id="queue" class="panel queue" aria-labelledby="queue-title" hx-swap-oob="true">' in html
    assert '<input type="hidden" id="shown-board" name="shown" value="1" hx-swap-oob="true">' in html


def test_a_join_deal_sends_one_history_row_when_the_page_shows_the_board_before(host_client, host, queue_decks):
    game = Game.objects.create(host=host, name="j", game_type=Game.Type.JOIN)
    decks = queue_decks(game, 30)
    first = deal(host_client, game)
    state = page_state(first)
    assert state == {"shown": "1", "queue_head": str(decks[1].pk)}
    html = deal(host_client, game, **state)
    assert 'hx-swap-oob="afterbegin:#history-rows"' in html and 'id="history-title"' not in html
    assert f'hx-swap-oob="delete:#queue-deck-{decks[1].pk}"' in html and page_state(html)["shown"] == "2"


def test_the_record_in_the_file_is_shown_without_another_query(host_client, game, queue_decks):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    plain = queue_decks(game, 2)
    played = queue_decks(game, 2, start=3, contract="4H", declarer="S", claim=11)
    deal(host_client, game)  # board 1: the history comes whole
    with CaptureQueriesContext(connection) as plain_queries:
        html = deal(host_client, game, shown="1", queue_head=str(plain[1].pk))
    assert "in the file:" not in html
    with CaptureQueriesContext(connection) as played_queries:
        html = deal(host_client, game, shown="2", queue_head=str(played[0].pk))
    assert "in the file: 4♥ by S, 11 tricks, claimed" in html
    assert "4♥ by S, 11 tricks, claimed" in html.split('id="history-board-3"')[1]
    assert len(played_queries) == len(plain_queries)
    page = host_client.get(f"/games/{game.pk}/").content.decode()
    assert page.count("4♥ by S, 11 tricks, claimed") == 2  # the table and its history row


def test_a_join_game_that_stops_answers_with_the_whole_table_in_its_place(host_client, host):
    game = Game.objects.create(host=host, name="j", game_type=Game.Type.JOIN, when_empty=Game.WhenEmpty.STOP)
    response = host_client.post(f"/games/{game.pk}/deal/", headers=HX)
    assert response["HX-Retarget"] == "#table" and response["HX-Reswap"] == "outerHTML"
    assert response.text.lstrip().startswith('<div id="table"')
    assert "Every uploaded deck has been dealt" in response.text


@pytest.mark.parametrize("game_type", [Game.Type.PRACTICE, Game.Type.JOIN])
def test_the_first_deal_sends_a_history_of_that_board_without_reading_it_back(host_client, host, game_type):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = Game.objects.create(host=host, name="g", game_type=game_type)
    with CaptureQueriesContext(connection) as queries:
        html = deal(host_client, game, shown="0")
    assert '<section id="history"' in html and html.count('<tr id="history-board-') == 1
    assert '<tr id="history-board-1"' in html and "No boards dealt yet." not in html
    assert not [q for q in queries if q["sql"].startswith('SELECT "games_dealtboard"."id"')]  # the board just made
