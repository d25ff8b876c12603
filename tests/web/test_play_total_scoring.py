"""While a practice board's par is worked out (a task worker solves the deal), its total
says "scoring…" instead of IMPs that lack the board, and the felt asks again until the
worker is done; then the IMPs are shown and the asking stops."""

from __future__ import annotations

import re
from html import unescape

import pytest

from games.bridge import play as rules_of_play
from games.models import BoardPlay, DealAnalysis, Game
from games.tasks import settle_board
from tests.web.test_play_practice import post, practice, state

pytestmark = pytest.mark.django_db

POLL = 'class="scoring-poll" hidden hx-get="/games/{pk}/play/felt/" hx-trigger="load delay:1s"'


def total_line(html: str) -> str:
    found = re.search(r'<p id="play-total" class="play-total">(.*?)</p>', html, flags=re.S)
    assert found, html
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())


def test_the_total_says_scoring_until_par_is_known(host_client, host, never_run):
    game = practice(host, Game.PracticePlay.ALL_FOUR)  # the deck records no result: par is the reference
    for call in ["1NT", "P", "P", "P"]:
        post(host_client, game, "call", call=call)
    post(host_client, game, "card", card=rules_of_play.legal_cards(state(game))[0])
    html = post(host_client, game, "claim", tricks=7).text  # the board is over; par not solved yet
    play = BoardPlay.objects.get()
    assert play.done and play.reference == "" and play.imps is None
    assert total_line(html) == "1 board played · N-S +90 · scoring…"
    assert POLL.format(pk=game.pk) in html
    page = host_client.get(f"/games/{game.pk}/").content.decode()
    assert "scoring…" in total_line(page) and '<meta http-equiv="refresh" content="2">' in page  # without JavaScript
    felt = host_client.get(f"/games/{game.pk}/play/felt/", headers={"HX-Request": "true"}).content.decode()
    assert POLL.format(pk=game.pk) in felt  # still solving: asked again

    settle_board.call(play.pk)  # what the worker does
    play.refresh_from_db()
    assert play.reference and DealAnalysis.objects.exists()
    felt = host_client.get(f"/games/{game.pk}/play/felt/", headers={"HX-Request": "true"}).content.decode()
    assert "scoring…" not in felt and "scoring-poll" not in felt
    assert re.fullmatch(r"1 board played · N-S \+90 · [+-]?\d+ IMPs?", total_line(felt)), total_line(felt)


def test_a_join_tables_pages_look_again_once_par_is_known(seated_table, act, never_run):
    """The seats' poll asks with the table's version: the worker's settling moves it on,
    so that the pages saying "scoring…" fetch the board's IMPs."""
    from games.models.join import JoinTable

    for seat_user, call in (("alice", "1NT"), ("bob", "P"), ("dave", "P"), ("erin", "P")):
        act(seat_user, "call", call=call)
    play = BoardPlay.objects.get()
    for _ in range(52):
        now = play.state()
        if now.phase == rules_of_play.DONE:
            break
        play = play.act(now.actor, "card", play.actions, card=rules_of_play.legal_cards(now)[0])
    play.refresh_from_db()
    assert play.done and play.imps is None  # par not solved yet: the worker has not run
    before = JoinTable.objects.get(pk=seated_table.pk).version
    settle_board.call(play.pk)
    assert JoinTable.objects.get(pk=seated_table.pk).version > before
    play.refresh_from_db()
    assert play.reference_score is not None
