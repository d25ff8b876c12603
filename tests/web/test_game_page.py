"""The game page: the table, the queue (host and staff only), exports and the history."""

from __future__ import annotations

import pytest

from games.formats.model import Deck as ParsedDeck
from games.models import Game

pytestmark = pytest.mark.django_db

DEAL = "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"


def page(client, game) -> str:
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    return response.content.decode()


def test_it_shows_the_current_board_in_a_compass_diagram(host_client, game):
    game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, board="7", dealer="S", vul="EW")], source_name="club.pbn")
    game.deal_next()
    html = page(host_client, game)
    assert "Board 7" in html and '<strong class="board-no">7</strong>' in html  # the deck's own number
    assert "Dealer South" in html and "Vul E-W" in html
    assert 'class="suit red" title="hearts">♥' in html and "♠" in html
    assert "10 HCP" in html
    assert "From club.pbn, board 7" in html
    assert "dealt at random" not in html


def test_it_says_when_the_board_was_dealt_at_random(host_client, game):
    game.deal_next()
    assert "No uploaded decks left: this board was dealt at random" in page(host_client, game)


def test_it_invites_the_first_deal_when_nothing_was_dealt(host_client, game, queue_decks):
    queue_decks(game, 2)
    html = page(host_client, game)
    assert "No board dealt yet" in html and "2 uploaded decks waiting" in html


def test_it_lists_the_first_decks_of_the_queue_with_their_buttons(host_client, game, queue_decks):
    decks = queue_decks(game, 12)
    html = page(host_client, game)
    assert '<span class="count" id="queue-count">12</span>' in html
    assert "The first 10 of 12." in html
    assert f"/queue/{decks[9].pk}/move/" in html and f"/queue/{decks[10].pk}/move/" not in html
    assert f'action="/games/{game.pk}/queue/{decks[0].pk}/remove/"' in html
    assert f'action="/games/{game.pk}/queue/clear/"' in html
    assert 'value="front"' in html and 'value="up"' in html and 'value="down"' in html


def test_it_shows_the_deal_history_with_sources(host_client, game, queue_decks):
    queue_decks(game, 1, source_name="monday.lin")
    game.deal_next()
    game.deal_next()
    html = page(host_client, game)
    history = html[html.index("Deal history") :]
    assert "monday.lin, board 1" in history
    assert "<td>random</td>" in history
    assert history.index('id="history-board-2"') < history.index('id="history-board-1"')  # newest first
    assert '<td data-label="Board">2</td>' in history and '<td data-label="Dealer">East</td>' in history


def test_it_has_the_deal_button_as_a_form_and_an_htmx_post(host_client, game):
    html = page(host_client, game)
    assert f'action="/games/{game.pk}/deal/"' in html and f'hx-post="/games/{game.pk}/deal/"' in html
    assert 'hx-target="#felt"' in html and 'hx-include="#shown-board, #queue-head"' in html
    assert "Deal New Cards" in html
    assert "csrfmiddlewaretoken" in html


def test_it_links_upload_decks_only_when_the_game_allows_upload(host_client, game, game_without_upload):
    assert f'href="/games/{game.pk}/upload/"' in page(host_client, game)
    assert "Upload Decks" in page(host_client, game)
    html = page(host_client, game_without_upload)
    assert "Upload Decks" not in html and "/upload/" not in html.replace("/help/uploading-decks/", "")


def test_it_links_the_exports(host_client, game):
    html = page(host_client, game)
    for which in ("queue", "dealt"):
        for fmt in ("pbn", "lin"):
            assert f'href="/games/{game.pk}/export/{which}.{fmt}"' in html


def test_it_renders_only_the_table_partial_for_htmx(host_client, game):
    response = host_client.get(f"/games/{game.pk}/", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="table"')
    assert "<html" not in html and 'id="queue"' in html
    assert "HX-Request" in response["Vary"]


def test_it_escapes_uploaded_text(host_client, game):
    evil = "<script>alert(1)</script>"
    game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, board_name=evil)], source_name=evil + ".pbn")
    game.add_decks([ParsedDeck(deal=DEAL, index=0, line=1, board_name=evil)], source_name=evil + ".pbn")
    game.deal_next()
    html = page(host_client, game)
    assert "<script>alert" not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 4  # source and name: table, queue, history


def test_a_board_name_that_only_repeats_the_number_is_not_shown_twice(host_client, game):
    """BBO's ah|Board 6| and PBN boards named "Board 6" read "Board 6", not "Board 6 · Board 6";
    a name that says more is shown, on the table, in the queue and in the history."""
    names = [("6", "Board 6"), ("07", "board 7"), ("8", "8"), ("9", "Final, segment 2")]
    game.add_decks([ParsedDeck(deal=DEAL, index=i, line=1, board=b, board_name=n) for i, (b, n) in enumerate(names)])
    game.deal_next()
    html = page(host_client, game)
    assert "Board 6 ·" not in html and "board 6 ·" not in html and "· Board 6<" not in html
    assert "Board 07 · board 7" not in html and "Board 8 · 8" not in html
    assert html.count("Final, segment 2") == 1 and "Board 9 · Final, segment 2" in html  # in the queue
    for _ in range(3):
        game.deal_next()
    html = page(host_client, game)
    assert "board 9 · Final, segment 2" in html  # table and history
    assert "board 6 · Board 6" not in html and "board 07 · board 7" not in html


def test_staff_see_any_game(staff_client, game):
    assert "Tuesday practice" in page(staff_client, game)


def test_other_players_get_404(other_client, game):
    assert other_client.get(f"/games/{game.pk}/").status_code == 404


def test_anonymous_visitors_are_sent_to_log_in(client, game):
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 302 and response.url == f"/login/?next=/games/{game.pk}/"


def test_a_missing_game_is_404(host_client):
    assert host_client.get("/games/999999/").status_code == 404


def test_the_host_sees_the_rules(host_client, host):
    game = Game.objects.create(host=host, name="Pairs", missing_info="random")
    html = page(host_client, game)
    assert "Practice · IMPs ·" in html and "random dealer and vulnerability" in html


@pytest.mark.parametrize(
    "how, said",
    [
        ("declare", "Practice · Just Declare: you declare from South, a robot defends · IMPs ·"),
        ("all_four", "Practice · you play all four hands · IMPs ·"),
    ],
)
def test_the_rules_say_how_a_practice_board_is_played(host_client, host, how, said):
    game = Game.objects.create(host=host, name="Declarer play", practice_play=how)
    assert said in " ".join(page(host_client, game).split())
