"""The help page "Dealer scripts": every entry the upload preview links to is there, the
limits are the settings', the lesson scripts are shown (escaped), and the messages it
quotes are the ones a real run gives."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from games.formats.dealer import LIBRARY, Limits, budget_spent, run_script
from games.formats.messages import Message
from games.presentation.problem_help import ANCHORS, DEALER_ANCHORS, help_anchor
from games.templatetags.help_links import problem_help_url
from tests.dealer_check import dealer_program

pytestmark = pytest.mark.django_db


@pytest.fixture
def dealer_help_page(client) -> str:
    response = client.get(reverse("help_dealer"))
    assert response.status_code == 200
    return response.text


def test_every_entry_a_script_problem_links_to_is_on_the_page(dealer_help_page):
    for anchor in DEALER_ANCHORS:
        assert f'id="{anchor}"' in dealer_help_page, anchor
    assert not set(DEALER_ANCHORS) & set(ANCHORS)  # the upload page's entries stay its own


def test_the_limits_are_the_settings_in_force(client, settings):
    settings.DEALER_MAX_TRIES, settings.DEALER_SECONDS, settings.DEALER_RUNS_AT_ONCE = 250_000, 3, 4
    text = client.get(reverse("help_dealer")).text
    assert '<td id="limit-tries">250,000</td>' in text and '<td id="limit-seconds">3 seconds</td>' in text
    assert '<td id="limit-at-once">4 (one for each user)</td>' in text
    assert "no hand matched in 250,000 tries: loosen the specification" in text


def test_the_lesson_scripts_are_the_examples(dealer_help_page):
    for script in LIBRARY:
        assert f'id="lesson-{script.slug}"' in dealer_help_page
        assert html.escape(script.text, quote=False) in dealer_help_page


@pytest.mark.parametrize(
    ("script", "anchor"),
    [
        ("generate 20000\ncondition hcp(north) >= 38\n", "dealer-no-match"),
        ("condition hcp(north) > 10 # strong\n", "dealer-errors"),
        ("condition hcp(north) / 0 > 1\n", "dealer-errors"),
        ("condition tricks(north, spades) > 7\n", "dealer-refused"),
    ],
)
def test_a_real_runs_message_links_to_its_entry(script, anchor):
    made = run_script(script, program=dealer_program(), limits=Limits())
    assert made.problem and help_anchor(made.problem, made.kind) == anchor
    assert problem_help_url(f"x.dlr: {made.problem}") == f"/help/dealer-scripts/#{anchor}"


def test_the_shared_time_of_an_uploads_scripts_and_unread_deals_link_to_their_entries():
    left = budget_spent("later.dlr", count=16, seed=1, seconds=5).problem
    assert help_anchor(left, "dealer_limit") == "dealer-limits"
    hit = Message("dealer.budget_hit", seconds="5")
    assert problem_help_url(f"x.dlr: {hit}") == "/help/dealer-scripts/#dealer-limits"
    unread = Message("dealer.unread", printed=12, made=0)
    assert problem_help_url(f"x.dlr: {unread}") == "/help/dealer-scripts/#dealer-errors"


def test_the_quoted_messages_are_what_a_run_says(dealer_help_page, settings):
    said = html.unescape(dealer_help_page)
    left = budget_spent("later.dlr", count=16, seed=1, seconds=settings.DEALER_SECONDS).problem
    assert left in " ".join(said.split())  # the page's lines wrap where the message has a space
    syntax = run_script("dealer south\ncondition hcp(south) >= 15\n\nweak = = 3\n", program=dealer_program())
    assert syntax.problem in said  # "dealer stopped at line 4: “syntax error”"
    crash = run_script("condition hcp(north) / 0 > 1\n", program=dealer_program())
    assert crash.problem in said


def test_the_upload_help_points_to_it(client):
    text = client.get(reverse("help_upload")).text
    assert 'id="dealer-scripts"' in text and text.count('href="/help/dealer-scripts/"') >= 2
