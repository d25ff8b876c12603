"""manage.py check_queues (games/models/queue_check.py) finds broken queues and passes sound ones."""

from __future__ import annotations

import io
import random

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.bridge.cards import random_deal
from games.formats.model import Deck as ParsedDeck
from games.models import DealtBoard, Deck, Game
from games.presentation.result_text import reference_said
from tests.builders.client import page_state

pytestmark = [pytest.mark.django_db, pytest.mark.queue]


def _deals(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(n)]


def check_queues(*game_ids: int) -> list[str]:
    """The problems ``manage.py check_queues`` prints; [] when it says ok."""
    out = io.StringIO()
    try:
        call_command("check_queues", *[str(pk) for pk in game_ids], stdout=out)
    except CommandError as error:
        problems = out.getvalue().splitlines()
        assert error.returncode == 1 and str(error).startswith(f"{len(problems)} problem"), (error, problems)
        return problems
    assert out.getvalue().startswith("ok: "), out.getvalue()
    return []


@pytest.fixture
def dealt_game(game) -> Game:
    """Six decks uploaded, three dealt: the state a sound run leaves."""
    game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(_deals(6))], source_name="a.pbn")
    for _ in range(3):
        game.deal_next()
    return game


def test_a_sound_queue_passes(dealt_game):
    out = io.StringIO()
    call_command("check_queues", stdout=out)
    assert out.getvalue() == "ok: 1 games checked, no stuck job\n"
    assert check_queues(dealt_game.pk) == []


def test_random_boards_after_the_queue_runs_out_pass(game):
    game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(_deals(2))])
    for _ in range(4):
        game.deal_next()
    assert game.boards.filter(deck__isnull=True).count() == 2
    assert check_queues() == []


def test_it_reports_a_gap_in_board_numbers(dealt_game):
    DealtBoard.objects.filter(game=dealt_game, number=2).delete()
    assert f"game {dealt_game.pk}: board numbers are not 1..2 (missing [2])" in check_queues()


def test_it_reports_a_wrong_next_board_number(dealt_game):
    Game.objects.filter(pk=dealt_game.pk).update(next_board_number=9)
    assert f"game {dealt_game.pk}: next board number is 9, expected 4" in check_queues()


def test_it_reports_a_queued_deck_out_of_order(dealt_game):
    Deck.objects.filter(pk=dealt_game.queued().first().pk).update(position=100)
    assert any("no longer in their upload order" in p for p in check_queues())


def test_it_reports_a_skipped_deck(dealt_game):
    Deck.objects.filter(game=dealt_game, position=1).update(status=Deck.Status.QUEUED)
    problems = check_queues()
    assert any("yet was dealt as board 2" in p for p in problems)
    assert any("still queued ahead of deck" in p for p in problems)


def test_it_reports_a_deck_marked_dealt_without_a_board(dealt_game):
    deck = dealt_game.queued().first()
    Deck.objects.filter(pk=deck.pk).update(status=Deck.Status.DEALT)
    assert any(f"deck {deck.pk} is marked dealt but no board" in p for p in check_queues())


def test_it_reports_a_board_showing_another_deal(dealt_game):
    DealtBoard.objects.filter(game=dealt_game, number=1).update(deal=_deals(1, seed=99)[0])
    assert any("board 1 shows a different deal" in p for p in check_queues())


def test_it_reports_decks_dealt_out_of_queue_order(dealt_game):
    one, two = DealtBoard.objects.get(game=dealt_game, number=1), DealtBoard.objects.get(game=dealt_game, number=2)
    deck_one, deck_two = one.deck_id, two.deck_id
    DealtBoard.objects.filter(pk=one.pk).update(deck=None)
    DealtBoard.objects.filter(pk=two.pk).update(deck=deck_one, deal=one.deal)
    DealtBoard.objects.filter(pk=one.pk).update(deck=deck_two, deal=two.deal)
    assert any("dealt out of queue order" in p for p in check_queues())


def test_it_reports_a_board_that_does_not_show_its_decks_number(game):
    game.add_decks([ParsedDeck(deal=d, index=i, line=0, board=str(7 + i)) for i, d in enumerate(_deals(2))])
    for _ in range(2):
        game.deal_next()
    assert check_queues() == []
    DealtBoard.objects.filter(game=game, number=2).update(board_number=2)
    assert f"game {game.pk}: deal 2 shows board 2, expected board 8" in check_queues()


def test_it_reports_a_random_board_that_did_not_take_the_next_free_number(game):
    game.add_decks([ParsedDeck(deal=_deals(1)[0], index=0, line=0, board="7")])
    for _ in range(2):
        game.deal_next()
    assert check_queues() == []
    DealtBoard.objects.filter(game=game, number=2).update(board_number=2, dealer="E", vul="NS")
    assert f"game {game.pk}: deal 2 shows board 2, expected board 8" in check_queues()


def test_it_reports_a_dealer_or_vulnerability_that_is_not_the_board_numbers(game):
    game.add_decks([ParsedDeck(deal=_deals(1)[0], index=0, line=0, board="7")])
    game.deal_next()
    DealtBoard.objects.filter(game=game).update(dealer="E", vul="EW")
    problems = check_queues()
    assert f"game {game.pk}: deal 1: board 7 is dealt by E, not S" in problems
    assert f"game {game.pk}: deal 1: board 7 has vulnerability EW, not All" in problems


def test_it_checks_only_the_games_asked_for(dealt_game, host):
    other = Game.objects.create(host=host, name="Other")
    DealtBoard.objects.create(game=other, number=5, board_number=5, deal=_deals(1)[0], dealer="N", vul="None")
    assert check_queues(dealt_game.pk) == []
    assert check_queues(other.pk) != []
    assert check_queues() != []


def test_the_load_client_deals_as_the_page_does(client, game):
    """scripts/locustfile.py sends the board and queue head its page shows (page_state), so
    the server answers with the small out-of-band update, and follows each answer as htmx would."""
    decks = game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(_deals(13))], source_name="a.pbn")
    client.force_login(game.host)
    state = dict(page_state(client.get(reverse("game", args=[game.pk])).content))
    assert state == {"shown": "0", "queue_head": str(decks[0].pk)}
    for n in (1, 2):
        answer = client.post(reverse("deal", args=[game.pk]), state, HTTP_HX_REQUEST="true")
        state.update(page_state(answer.content))
        assert state == {"shown": str(n), "queue_head": str(decks[n].pk)}
    assert b'id="history"' not in answer.content  # after the first board: the small answer


# --- played boards ------------------------------------------------------------------------------


@pytest.fixture
def played_game(game) -> Game:
    """Three boards played at a practice table: to the end, passed out, and one in play."""
    from games.models import BoardPlay
    from tests.playing import call, cards

    game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(_deals(3))], source_name="p.pbn")
    for passes, played in ((0, 52), (4, 0), (0, 7)):
        play = BoardPlay.start(game.deal_next(), BoardPlay.Mode.ALL_FOUR)
        play = call(play, *(["P"] * 4 if passes else ["1C", "P", "P", "P"]))
        cards(play, played)
    return game


def test_played_boards_that_replay_legally_pass(played_game):
    from games.models import BoardPlay

    assert BoardPlay.objects.filter(finished_at__isnull=False).count() == 2
    assert check_queues() == []


def test_it_reports_a_card_the_rules_do_not_allow(played_game):
    from games.models import BoardPlay

    play = BoardPlay.objects.get(board__number=3)
    BoardPlay.objects.filter(pk=play.pk).update(cards=[*play.cards, play.cards[-1]], actions=12)  # played twice
    (problem,) = check_queues()
    assert problem.startswith(f"game {played_game.pk}: board 3: the stored calls and cards do not replay:")


def test_it_reports_a_call_out_of_the_box(played_game):
    from games.models import BoardPlay

    BoardPlay.objects.filter(board__number=2).update(calls=[{"call": "8NT"}])
    assert any("board 2: the stored calls and cards do not replay" in p for p in check_queues())


def test_it_reports_fewer_actions_than_calls_and_cards(played_game):
    from games.models import BoardPlay

    BoardPlay.objects.filter(board__number=3).update(actions=3)
    assert f"game {played_game.pk}: board 3: 3 actions counted for 11 calls and cards" in check_queues()


def test_it_reports_a_result_the_play_does_not_give(played_game):
    from games.models import BoardPlay

    play = BoardPlay.objects.get(board__number=1)
    BoardPlay.objects.filter(pk=play.pk).update(tricks=(play.tricks + 1) % 14)
    assert any("board 1: the result stored" in p for p in check_queues())
    BoardPlay.objects.filter(board__number=3).update(finished_at=play.finished_at)
    assert any("board 3: the board is play but marked finished" in p for p in check_queues())


def test_the_load_clients_table_plays_a_board_through_the_play_routes(client, host):
    """scripts/locustfile.py's tables play as the page does (bench.play.Script): each call
    and card posted with the board and the number of actions its page shows, each answer
    showing the table one action on."""
    from games.formats import read_decks
    from games.models import BoardPlay
    from tests.builders.client import Script, shown_at, table_pbn

    game = Game.objects.create(host=host, name="t", practice_play=Game.PracticePlay.ALL_FOUR)
    (deck,) = read_decks(table_pbn(1), "t.pbn").decks
    game.add_decks([deck], source_name="t.pbn")
    client.force_login(host)
    client.post(reverse("deal", args=[game.pk]), HTTP_HX_REQUEST="true")
    script = Script(deck.deal, deck.effective_dealer, deck.effective_vul, 1)
    for route, fields in script.moves():
        answer = client.post(reverse(route, args=[game.pk]), fields, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200
        assert shown_at(answer.content) in (None, script.at + 1), answer.content.decode()[:3000]
    play = BoardPlay.objects.get(board__game=game)
    assert play.done and play.contract == "3NT" and play.calls[0]["explanation"] == "2+ clubs"
    assert (
        play.actions == script.at == 62 and reference_said(play.reference) == "at the other table: 3NT by N, 9 tricks"
    )
    assert check_queues(game.pk) == []
