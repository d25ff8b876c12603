"""A dealer script's run says its problems and notes as keyed messages: English with a
stable key where files and the command line read them, the page's language on the pages
(Debian's real dealer makes the decks)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from games.formats.dealer import Limits, run_script
from games.formats.messages import TEMPLATES, Message, Part, names
from games.formats.stored import result_to_json
from games.models import Game
from games.models.upload import Upload
from games.presentation.problem_text import say
from tests.fixtures_upload import upload_file

SETS_BOTH = "dealer north\nvulnerable ns\nproduce 5\ncondition hcp(north) >= 10\n"
NO_MATCH = "generate 1000\ncondition hcp(north) > 37\n"
# English words of the dealer runs' messages that no language's text shares with it.
ENGLISH = re.compile(
    r"\b(?:decks?|made by|hands tried|the same script|sets the dealer|vulnerability|the game's rule|"
    r"matched|tries|loosen|stopped|is replaced by|asked for|North|South|nobody vulnerable)\b"
)
LANGUAGES = ["pl", "nl", "fr", "it", "sv"]
DEALER_KEYS = sorted(key for key in TEMPLATES if key.startswith("dealer."))


def sample(key: str) -> Message:
    """A message of ``key`` with values of the right kinds."""
    values = {"seat": "N", "vul": "NS", "count": 3, "made": 2, "tried": 1200, "tries": 1000, "size": 70000}
    pieces = {"problem": Message("dealer.no_match", count=1000), "why": Message("dealer.signal_bus")}
    pieces |= {"reason": Message("dealer.refused_csvrpt", line=4), "first": Message("dealer.refused_csvrpt", line=4)}
    pieces["then"] = Message("dealer.refused_tricks", line=5)
    return Message(
        key,
        **{
            n: pieces.get(n) or values.get(n, 7 if n in ("line", "most", "produce", "seed") else "x")
            for n in names(key)
        },
    )


def keys(message) -> set[str]:
    part = message.part if isinstance(message, Message) else message
    found = {part.key}
    for value in part.values:
        if isinstance(value, Part):
            found |= keys(value)
    return found


@pytest.fixture
def program(settings):
    from tests.dealer_check import dealer_program

    return dealer_program()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", DEALER_KEYS)
def test_every_dealer_message_is_said_in_each_language(key, language):
    message = sample(key)
    with translation.override(language):
        said = say(message)
    assert said and "%(" not in said and "{" not in said
    if key != "dealer.signal":  # "signal SIGILL" is French and Swedish too
        assert said != message.text
    assert not ENGLISH.search(said), said


def test_a_runs_notes_and_problem_keep_their_keys_and_english(program):
    made = run_script(SETS_BOTH, name="two.dlr", count=3, seed=99, program=program)
    notes = made.file_result().notes
    assert [n.key for n in notes] == ["dealer.summary", "dealer.seed", "dealer.sets_both", "dealer.produce"]
    assert notes[0] == f"3 decks made by two.dlr (dealer script): {made.tried:,} hands tried"
    assert notes[2] == "the script sets the dealer (North) and the vulnerability (N-S vulnerable)"
    assert notes[2].params == {"seat": "N", "vul": "NS"}
    stored = result_to_json(made.file_result())
    assert stored["note_keys"][2] == {"key": "dealer.sets_both", "params": {"seat": "N", "vul": "NS"}}

    failed = run_script(NO_MATCH, count=2, seed=1, program=program).file_result()
    (problem,) = failed.problems
    assert problem.message == "no hand matched in 1,000 tries: loosen the specification"
    assert problem.key == "dealer.no_match" and problem.params == {"count": 1000}


def test_a_refusal_and_a_timeout_are_keyed(program):
    refused = run_script("condition tricks(north, notrump) > 7\ncsvrpt(hcp(north))\n", program=program).problem
    assert keys(refused) == {"dealer.not_run", "dealer.reasons", "dealer.refused_tricks", "dealer.refused_csvrpt"}
    assert refused.startswith("not run: line 1: tricks() writes each deal") and "; line 2: csvrpt" in refused
    slow = run_script("condition hcp(north) > 37\n", count=1, limits=Limits(seconds=0.05), program=program)
    assert slow.problem.key in ("dealer.too_slow", "dealer.no_match")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "wanted"),
    [
        (
            "pl",
            ["3 rozkłady utworzone przez two.dlr (skrypt dealera)", "ustala rozdającego (Północ) i założenia (NS po)"],
        ),
        (
            "fr",
            ["3 distributions faites par two.dlr (script dealer)", "fixe le donneur (Nord) et la vulnérabilité (N-S)"],
        ),
    ],
)
def test_the_preview_says_a_runs_notes_in_the_page_language(host_client, host, site_dealer, language, wanted):
    game = Game.objects.create(host=host, name="Script night", allow_upload=True)
    host_client.post(
        reverse("upload", args=[game.pk]), {"files": [upload_file("two.dlr", SETS_BOTH.encode())], "count": "3"}
    )
    url = reverse("upload_preview", args=[game.pk, Upload.objects.get(game=game).token])
    html = unescape(host_client.get(url, HTTP_ACCEPT_LANGUAGE=language).text)
    notes = html[html.index('<ul class="file-notes') :]
    notes = notes[: notes.index("</ul>")]
    for text in wanted:
        assert text in notes
    assert not ENGLISH.search(re.sub(r"<[^>]+>", " ", notes).replace("two.dlr", "")), notes


@pytest.mark.django_db
def test_a_failed_run_on_a_polish_page_has_no_english_words(host_client, game, site_dealer):
    html = host_client.post(reverse("upload", args=[game.pk]), {"text": NO_MATCH}, HTTP_ACCEPT_LANGUAGE="pl").text
    errors = unescape(html[html.index('<ul class="errorlist">') :])
    errors = errors[: errors.index("</ul>")]
    assert "żadna ręka nie pasowała w 1000 próbach: złagodź warunki" in errors
    assert not ENGLISH.search(re.sub(r"<[^>]+>", " ", errors)), errors


@pytest.mark.django_db
def test_a_game_whose_script_made_no_deal_says_why_in_the_page_language(host_client, host, site_dealer):
    game = Game.objects.create(
        host=host, name="Script rule", when_empty=Game.WhenEmpty.SCRIPT, when_empty_script=NO_MATCH
    )
    response = host_client.post(reverse("deal", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr", follow=True)
    html = unescape(response.text)
    assert "aucune main n’a convenu en 1000 essais" in html
    assert "no hand matched" not in html
