"""Dealer scripts on the Upload Decks page: a .dlr file, a pasted script or a lesson script
makes decks (Debian's real dealer), the preview says how, and they are added, turned and
numbered like any file's. Bad and hostile scripts are messages; nothing is staged."""

from __future__ import annotations

import html
import re
import resource
import time

import pytest
from django.urls import reverse

from games import dealer_runs
from games.formats.dealer import LIBRARY
from games.formats.stored import result_from_json
from games.models import Deck
from games.models.upload import Upload
from tests.dealer_check import FIXTURES, holds
from tests.fixtures_upload import upload_file

pytestmark = pytest.mark.django_db

WEAK_TWO = (FIXTURES / "own" / "Basic_Weak_2.dlr").read_bytes()
# Never matches, and reading it takes the program seconds: a run that lasts until it is stopped.
ENDLESS = ("condition " + " + ".join(["hcp(north)"] * 3000) + " > 1000000\n").encode()


@pytest.fixture(autouse=True)
def own_slots(settings, tmp_path):
    """Each test's runs are counted apart from any other test run on the machine."""
    settings.DEALER_LOCK_DIR = str(tmp_path / "dealer-slots")


def send(client, game, *, files=(), text="", **fields):
    data = {"files": [upload_file(name, content) for name, content in files], "text": text, **fields}
    return client.post(reverse("upload", args=[game.pk]), data)


def made(game) -> tuple[Upload, list]:
    upload = Upload.objects.get(game=game)
    return upload, [result_from_json(f.result) for f in upload.files.order_by("position")]


def test_the_page_offers_the_lesson_scripts_each_readable_before_it_runs(host_client, game, site_dealer):
    page = host_client.get(reverse("upload", args=[game.pk])).text
    assert 'accept=".lin,.pbn,.txt,.xml,.dup,.bri,.dge,.dlm,.rbn,.rbx,.dlr"' in page
    for script in LIBRARY:
        assert f'value="{script.slug}"' in page
        assert html.escape(script.title, quote=False) in page and html.escape(script.description, quote=False) in page
        assert html.escape(script.text, quote=False) in page  # the whole script, escaped ("&&" as "&amp;&amp;")
    assert page.count("Show the script") == len(LIBRARY)
    assert 'name="count"' in page and 'value="16"' in page and 'name="seed"' in page
    assert 'href="/help/dealer-scripts/"' in page


def test_a_dlr_file_makes_decks_and_the_preview_says_how(host_client, game, site_dealer):
    response = send(host_client, game, files=[("Basic_Weak_2.dlr", WEAK_TWO)], count="12", seed="4321")
    upload, (result,) = made(game)
    assert response.status_code == 302 and response["Location"].endswith(f"/upload/{upload.token}/")
    assert result.format == "dlr" and len(result.decks) == 12
    page = host_client.get(response["Location"]).text
    tried = re.search(r"12 decks made by Basic_Weak_2\.dlr \(dealer script\): ([\d,]+) hands tried", page)
    assert tried and int(tried.group(1).replace(",", "")) >= 12
    assert "Seed 4321: the same script, number of decks and seed make the same deals again" in page
    assert "The script&#x27;s produce 12" not in page  # it asked for 12: nothing replaced
    assert page.count('<li class="deck') == 12 and "Add Decks to Game (12)" in page
    assert "dealer script · 12 decks" in page
    for deck in result.decks:
        assert holds(WEAK_TWO.decode(), deck.deal) and (deck.dealer, deck.vul) == ("S", "None")


def children_cpu() -> float:
    """Processor seconds used so far by this process's finished children (the program's runs)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


@pytest.mark.parametrize("path", sorted((FIXTURES / "public").glob("*.dlr")), ids=lambda p: p.name)
def test_the_programs_public_example_scripts_run_on_the_page(host_client, game, site_dealer, settings, path):
    # A wall clock no busy machine runs out of; what a run costs is its processor time.
    settings.DEALER_SECONDS = 60
    before = children_cpu()
    response = send(host_client, game, files=[(path.name, path.read_bytes())], count="3")
    assert children_cpu() - before < 2
    assert response.status_code == 302, response.text[-2000:]
    upload, (result,) = made(game)
    text = path.read_text()
    assert len(result.decks) == 3 and all(holds(text, deck.deal) for deck in result.decks)
    if path.name in ("hm1dr2d.dlr", "test_dealer.dlr"):  # their own generate: 50 and 10 million hands
        page = html.unescape(host_client.get(reverse("upload_preview", args=[game.pk, upload.token])).text)
        assert "is above this site's cap: at most 1,000,000 hands were tried" in page
    if path.name == "you_hold.dlr":  # dealer west, vulnerable ew, South's hand predealt
        assert {(d.dealer, d.vul, d.deal.split(" ")[2]) for d in result.decks} == {("W", "EW", "AQ542.KJ87.32.AK")}


def test_the_same_seed_shows_the_same_deals_again(host_client, game, site_dealer):
    send(host_client, game, files=[("a.dlr", WEAK_TWO)], seed="77")
    send(host_client, game, files=[("b.dlr", WEAK_TWO)], seed="77")
    first, second = (result_from_json(u.files.get().result) for u in Upload.objects.filter(game=game))
    assert [d.deal for d in first.decks] == [d.deal for d in second.decks] and len(first.decks) == 16


def test_a_pasted_script_is_run_and_named_so(host_client, game, site_dealer):
    send(host_client, game, text="dealer north\ncondition hcp(north) >= 20\n", count="3")
    upload, (result,) = made(game)
    assert upload.files.get().name == "pasted script" and len(result.decks) == 3
    assert result.notes[0].startswith("3 decks made by pasted script (dealer script): ")


def test_a_lesson_script_is_chosen_and_run(host_client, game, site_dealer):
    response = send(host_client, game, library="slam", count="4", seed="5")
    upload, (result,) = made(game)
    assert response.status_code == 302 and upload.files.get().name == "slam.dlr"
    script = next(s for s in LIBRARY if s.slug == "slam")
    assert len(result.decks) == 4 and all(holds(script.text, d.deal) for d in result.decks)


def test_a_script_and_a_file_upload_together(host_client, game, site_dealer):
    send(host_client, game, files=[("three_boards.pbn", None)], library="weak_two", count="2")
    upload, results = made(game)
    assert [r.format for r in results] == ["pbn", "dlr"] and [len(r.decks) for r in results] == [3, 2]


def test_added_decks_are_dealt_with_the_scripts_dealer_and_the_games_rule_for_the_rest(host_client, game, site_dealer):
    send(host_client, game, text="dealer west\ncondition hcp(west) >= 12\n", count="3", seed="9")
    upload, (result,) = made(game)
    host_client.post(reverse("upload_add", args=[game.pk, upload.token]))
    assert game.queued().count() == 3
    for number, parsed in enumerate(result.decks, start=1):
        board = game.deal_next()
        assert board.deal == parsed.deal and board.dealer == "W"
        assert board.vul == ["None", "NS", "EW"][number - 1]  # board rotation: the game's rule for the rest
    assert Deck.objects.filter(game=game, source_format="dlr", source_name="pasted script").count() == 3


def test_made_decks_turn_and_renumber_like_any_others(host_client, game, site_dealer):
    send(host_client, game, text="dealer south\nvulnerable NS\ncondition hcp(south) >= 12\n", count="2", seed="3")
    upload, (result,) = made(game)
    host_client.post(
        reverse("upload_options", args=[game.pk, upload.token]),
        {"rotation": "180", "renumber_from": "21", "vul_follows_number": "0"},
    )
    turned, _ = Upload.objects.get(pk=upload.pk).results_as_chosen()
    first = turned[0].decks[0]
    north, east, south, west = result.decks[0].deal[2:].split(" ")
    assert first.deal == f"N:{south} {west} {north} {east}" and first.dealer == "N" and first.board == "21"


def test_a_script_that_makes_nothing_is_said_and_nothing_is_staged(host_client, game, site_dealer):
    response = send(host_client, game, text="generate 50000\ncondition hcp(north) >= 21 && hcp(south) >= 20\n")
    assert response.status_code == 200 and not Upload.objects.exists()
    assert "Nothing was uploaded." in response.text
    assert "pasted script: no hand matched in 50,000 tries: loosen the specification" in response.text
    assert 'href="/help/dealer-scripts/#dealer-no-match"' in response.text


def test_a_syntax_error_gives_the_line_and_the_programs_message(host_client, game, site_dealer):
    response = send(host_client, game, files=[("bad.dlr", b"dealer south\ncondition hcp(south) >= 15\nx = = 2\n")])
    assert "bad.dlr: dealer stopped at line 3: “syntax error”" in response.text
    assert 'href="/help/dealer-scripts/#dealer-errors"' in response.text and not Upload.objects.exists()


@pytest.mark.parametrize(
    ("script", "said"),
    [
        ("condition tricks(south, notrumps) >= 9\n", "not run: line 1: tricks() writes each deal to a temporary file"),
        ("condition hcp(north) % (hcp(east) - hcp(east)) > 1\n", "dealer crashed while running this script"),
    ],
    ids=["tricks", "crash"],
)
def test_hostile_scripts_are_messages_never_errors(host_client, game, site_dealer, script, said):
    response = send(host_client, game, text=script)
    assert response.status_code == 200 and said in html.unescape(response.text)
    assert not Upload.objects.exists()


def test_a_generate_above_the_cap_makes_decks_and_the_preview_says_it_was_capped(host_client, game, site_dealer):
    response = send(host_client, game, text="generate 5000000\ncondition hcp(north) > 5\n", count="3")
    upload, (result,) = made(game)
    assert response.status_code == 302 and len(result.decks) == 3
    page = html.unescape(host_client.get(response["Location"]).text)
    assert (
        "Line 1: the script's generate 5,000,000 is above this site's cap: at most 1,000,000 hands were tried" in page
    )


def test_an_uploads_scripts_share_one_time_budget_and_those_left_are_named(host_client, game, site_dealer, settings):
    settings.DEALER_SECONDS = 2  # the budget of the whole upload, small: an endless script spends it
    files = [("first.dlr", WEAK_TWO), ("endless.dlr", ENDLESS), ("later.dlr", WEAK_TWO), ("last.dlr", WEAK_TWO)]
    response = send(host_client, game, files=files, count="4")
    upload, results = made(game)
    assert response.status_code == 302 and [len(r.decks) for r in results] == [4, 0, 0, 0]
    page = html.unescape(host_client.get(response["Location"]).text)
    assert "stopped when the 2 seconds that one upload's dealer scripts share ran out" in page
    for name in ("later.dlr", "last.dlr"):
        said = f"{name} was not run: the dealer scripts before it used up the 2 seconds that one upload's scripts share"
        assert said in page
    assert 'href="/help/dealer-scripts/#dealer-limits"' in page


def test_twenty_endless_scripts_hold_the_request_for_one_budget_not_twenty(
    host_client, host, game, site_dealer, settings
):
    settings.DEALER_SECONDS = 0.5  # one run each would be 10 seconds at least
    started = time.monotonic()
    response = send(host_client, game, files=[(f"s{n}.dlr", ENDLESS) for n in range(20)])
    assert time.monotonic() - started < 5
    said = html.unescape(response.text)
    assert "s0.dlr: stopped after 0.5 seconds: the script takes too long" in said
    assert "s19.dlr was not run: the dealer scripts before it used up the 0.5 seconds" in said
    assert not Upload.objects.exists()
    settings.DEALER_RUNS_AT_ONCE = 1
    with dealer_runs.slot(str(host.pk)):  # the user's lock and the site's one slot are free again
        pass


def test_a_failed_script_beside_a_good_file_is_that_files_problem(host_client, game, site_dealer):
    never = b"generate 20000\ncondition hcp(north) > 40\n"  # not a million hands: the same answer, sooner
    response = send(host_client, game, files=[("three_boards.pbn", None), ("none.dlr", never)])
    page = host_client.get(response["Location"]).text
    assert "Add Decks to Game (3)" in page
    assert "no hand matched in 20,000 tries: loosen the specification" in page
    assert "line 0" not in page


def test_names_and_messages_from_a_script_are_escaped(host_client, game, site_dealer):
    name = "<img src=x onerror=alert(1)>.dlr"
    response = send(host_client, game, files=[(name, b"condition hcp(north) >\n")])
    assert "<img src=x" not in response.text and "&lt;img src=x onerror=alert(1)&gt;.dlr" in response.text


def test_the_number_of_decks_is_bounded_by_the_upload_limit(host_client, game, site_dealer, settings):
    settings.DECK_UPLOAD_MAX_DECKS = 50
    response = send(host_client, game, library="weak_two", count="51")
    assert "Decks to make: at most 50, the limit of decks per upload." in response.text
    assert not Upload.objects.exists()


def test_a_user_runs_one_script_at_a_time(host_client, host, game, site_dealer):
    with dealer_runs.slot(str(host.pk)):  # another tab's run, under way
        response = send(host_client, game, library="weak_two")
    assert "weak_two.dlr was not run: Another of your dealer scripts is still running" in response.text
    assert not Upload.objects.exists()
    assert send(host_client, game, library="weak_two").status_code == 302  # and once it is over, it runs


def test_the_site_runs_a_bounded_number_of_scripts_at_once(host_client, game, site_dealer, settings):
    settings.DEALER_RUNS_AT_ONCE = 2
    with dealer_runs.slot("someone"), dealer_runs.slot("someone-else"):
        response = send(host_client, game, library="weak_two")
    assert "The server is running as many dealer scripts as it may at once (2) for other users" in response.text
    assert 'href="/help/dealer-scripts/#dealer-busy"' in response.text


def test_without_the_program_the_page_says_how_to_install_it_and_files_still_work(host_client, game, settings):
    settings.DEALER_PROGRAM = "/nonexistent/dealer"
    page = host_client.get(reverse("upload", args=[game.pk])).text
    assert "Dealer scripts need Debian's <code>dealer</code> program" in page
    assert "sudo apt-get install dealer" in page and 'name="library"' not in page
    response = send(host_client, game, files=[("w.dlr", WEAK_TWO)])
    assert "w.dlr: dealer scripts need Debian&#x27;s dealer program" in response.text
    assert send(host_client, game, files=[("three_boards.pbn", None)]).status_code == 302


def test_the_upload_is_refused_without_its_csrf_token(host, game, site_dealer):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    response = client.post(reverse("upload", args=[game.pk]), {"library": "slam"})
    assert response.status_code == 403 and not Upload.objects.exists()
