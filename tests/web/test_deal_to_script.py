"""A game's rule "Deal to this script": chosen with a script on the rules form (tried there),
and each Deal New Cards with an empty queue makes the next board from it with Debian's
real dealer. A script that makes nothing deals nothing and says why."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games import dealer_runs
from games.models import DealtBoard, Deck, Game
from games.models.game import SCRIPT_SOURCE
from tests.dealer_check import hands, hcp, holds

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("site_dealer")]
HX = {"HX-Request": "true"}
NT_SCRIPT = (
    "# 1NT from South\ndealer south\nvulnerable EW\n"
    "condition hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 + any 4432 + any 5332)\n"
)
RULES = {
    "name": "Notrump night",
    "game_type": "practice",
    "allow_upload": "1",
    "scoring": "imps",
    "missing_info": "rotation",
    "when_empty": "script",
}


@pytest.fixture
def script_game(host) -> Game:
    return Game.objects.create(host=host, name="Notrump night", when_empty="script", when_empty_script=NT_SCRIPT)


def deal(client, game, headers=None):
    return client.post(reverse("deal", args=[game.pk]), headers=headers or {}, follow=not headers)


def test_the_rule_and_its_script_are_chosen_on_the_rules_form(host_client):
    form = host_client.get(reverse("new_game")).text
    assert 'value="script"' in form and "Deal to this script" in form and 'name="when_empty_script"' in form
    response = host_client.post(reverse("new_game"), {**RULES, "when_empty_script": NT_SCRIPT}, follow=True)
    game = Game.objects.get()
    assert (game.when_empty, game.when_empty_script) == ("script", NT_SCRIPT.strip())
    assert "makes the next board from the game's dealer script" in response.text


def test_the_rule_needs_a_script_that_makes_a_deal(host_client):
    response = host_client.post(reverse("new_game"), {**RULES, "when_empty_script": ""})
    assert "“Deal to this script” needs a dealer script here." in response.text
    # 20,000 hands, not the million a script may ask for: the same answer in a fiftieth of the time.
    never = "generate 20000\ncondition hcp(north) > 37\n"
    response = host_client.post(reverse("new_game"), {**RULES, "when_empty_script": never})
    assert "The script made no deal: no hand matched in 20,000 tries: loosen the specification." in response.text
    response = host_client.post(reverse("new_game"), {**RULES, "when_empty_script": "condition hcp(north) >\n"})
    assert "The script made no deal: dealer stopped at the end of the script: “syntax error”." in response.text
    assert not Game.objects.exists()


def test_another_rule_keeps_no_script(host_client):
    host_client.post(reverse("new_game"), {**RULES, "when_empty": "random", "when_empty_script": NT_SCRIPT})
    assert Game.objects.get().when_empty_script == ""


def test_an_empty_queue_deals_the_next_board_from_the_script(host_client, script_game):
    for number in (1, 2, 3):
        page = deal(host_client, script_game).text
        board = DealtBoard.objects.get(game=script_game, number=number)
        assert holds(NT_SCRIPT, board.deal) and 15 <= hcp(hands(board.deal)["S"]) <= 17
        assert (board.dealer, board.vul) == ("S", "EW")  # the script's own
        assert board.deck.source_name == SCRIPT_SOURCE and board.deck.source_format == "dlr"
        assert f"Board {number}" in page
    assert len({b.deal for b in DealtBoard.objects.filter(game=script_game)}) == 3
    assert not script_game.queued().exists()


def test_queued_decks_go_first_then_the_script(host_client, script_game, queue_decks):
    queued = queue_decks(script_game, 1)
    deal(host_client, script_game, HX)
    deal(host_client, script_game, HX)
    first, second = DealtBoard.objects.filter(game=script_game).order_by("number")
    assert first.deal == queued[0].deal and holds(NT_SCRIPT, second.deal)


def test_without_a_vulnerability_the_games_rule_gives_it_by_the_board_number(host_client, host):
    game = Game.objects.create(
        host=host, name="G", when_empty="script", when_empty_script="dealer west\ncondition hcp(west) >= 10\n"
    )
    for _ in range(3):
        deal(host_client, game, HX)
    assert [(b.dealer, b.vul) for b in DealtBoard.objects.filter(game=game).order_by("number")] == [
        ("W", "None"),
        ("W", "NS"),
        ("W", "EW"),
    ]


def test_a_script_that_makes_nothing_deals_nothing_and_says_why(host_client, host):
    game = Game.objects.create(
        host=host, name="G", when_empty="script", when_empty_script="generate 20000\ncondition hcp(north) >= 37\n"
    )
    page = deal(host_client, game).text
    said = "The game&#x27;s dealer script made no deal: no hand matched in 20,000 tries: loosen the specification."
    assert said in page
    htmx = deal(host_client, game, HX)
    assert htmx.status_code == 200 and htmx.text.lstrip().startswith('<div id="felt"')
    assert "made no deal: no hand matched in 20,000 tries" in htmx.text
    game.refresh_from_db()
    assert not DealtBoard.objects.filter(game=game).exists() and game.next_board_number == 1
    assert not Deck.objects.filter(game=game).exists()


def test_a_user_with_a_script_under_way_is_told_to_wait(host_client, host, script_game):
    with dealer_runs.slot(str(host.pk)):
        page = deal(host_client, script_game).text
    assert "The game&#x27;s dealer script did not run: Another of your dealer scripts is still running" in page
    assert not DealtBoard.objects.filter(game=script_game).exists()


def test_dealing_by_the_model_takes_the_same_path(script_game, host):
    board = script_game.deal_next(by=host)
    assert holds(NT_SCRIPT, board.deal) and board.number == 1
    with pytest.raises(Game.ScriptFailed):
        never = "generate 20000\ncondition hcp(north) >= 38\n"  # no hand: 20,000 tried, not a million
        Game.objects.filter(pk=script_game.pk).update(when_empty_script=never)
        Game.objects.get(pk=script_game.pk).deal_next(by=host)


def test_the_settings_page_shows_the_script_escaped(host_client, host):
    script = "# <b>bold</b> & co\ncondition hcp(south) >= 12\n"
    game = Game.objects.create(host=host, name="G", when_empty="script", when_empty_script=script)
    page = host_client.get(reverse("game_settings", args=[game.pk])).text
    assert "Deal to this script" in page
    assert "# &lt;b&gt;bold&lt;/b&gt; &amp; co" in page and "<b>bold</b>" not in page


def test_the_rules_forms_trial_run_is_its_users_run(host_client, host, settings):
    settings.DEALER_RUNS_AT_ONCE = 2
    with dealer_runs.slot(str(host.pk)):  # the same user's run in another tab
        response = host_client.post(reverse("new_game"), {**RULES, "when_empty_script": NT_SCRIPT})
    assert "The script could not be tried: Another of your dealer scripts is still running" in response.text
    assert not Game.objects.exists()
    with dealer_runs.slot("someone-else"):  # another user's run leaves the site a slot
        host_client.post(reverse("new_game"), {**RULES, "when_empty_script": NT_SCRIPT})
    assert Game.objects.get().when_empty_script == NT_SCRIPT.strip()


def test_the_trial_run_holds_its_users_lock_while_it_runs(host, settings):
    from games.forms.game import trial_run

    settings.DEALER_RUNS_AT_ONCE = 3
    with dealer_runs.slot(str(host.pk)):
        assert "Another of your dealer scripts" in trial_run(NT_SCRIPT, user_key=str(host.pk))
        assert trial_run(NT_SCRIPT, user_key="another-user") == ""


def test_other_users_uploads_holding_every_slot_never_stop_deal_new_cards(
    host_client, host, script_game, game, settings
):
    settings.DEALER_RUNS_AT_ONCE = 2
    with dealer_runs.slot("uploader-1"), dealer_runs.slot("uploader-2"):
        deal(host_client, script_game, HX)
        upload = host_client.post(reverse("upload", args=[game.pk]), {"library": "weak_two"})
    board = DealtBoard.objects.get(game=script_game)
    assert holds(NT_SCRIPT, board.deal)
    # The slot kept for Deal New Cards is not the uploads': the host's own upload waits.
    assert "The server is running as many dealer scripts as it may at once (2)" in upload.text


def test_the_slot_kept_for_deal_new_cards_is_one_deal_at_a_time(host_client, script_game, settings):
    settings.DEALER_RUNS_AT_ONCE = 1
    with dealer_runs.slot("uploader"), dealer_runs.slot("another-host", for_deal=True):
        page = deal(host_client, script_game).text
    assert "The game&#x27;s dealer script did not run: The server is running as many dealer scripts" in page
    assert "at once (2)" in page and not DealtBoard.objects.filter(game=script_game).exists()
    deal(host_client, script_game, HX)  # and once the other deal is over, it deals
    assert DealtBoard.objects.filter(game=script_game).count() == 1
