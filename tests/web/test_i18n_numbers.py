"""Numbers in the page's language: the limits the help pages name and the sizes forms
name are grouped and pointed as the language writes them, while the numbers htmx reads
(polling delays) stay as machines read them whatever the language."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.forms.upload import human_size


@pytest.mark.parametrize("language", ["en", "pl", "nl", "fr", "it", "sv"])
def test_polling_delays_stay_machine_readable(language):
    with translation.override(language):
        analysis = render_to_string("games/partials/analysis.html", {"solving": True, "poll": 1.5, "url": "/x"})
        busy = render_to_string("games/job.html#busy", {"poll": 1.5, "retry_url": "/y", "limit": 2})
    assert 'hx-trigger="load delay:1.5s"' in analysis
    assert 'hx-trigger="load delay:1.5s"' in busy


@pytest.mark.parametrize(
    "language, decks", [("en", "20,000"), ("pl", "20 000"), ("nl", "20.000"), ("it", "20.000"), ("sv", "20 000")]
)
@pytest.mark.django_db
def test_the_help_page_writes_its_limits_as_the_language_does(client, settings, language, decks):
    settings.DECK_UPLOAD_MAX_DECKS = 20000
    html = client.get("/help/uploading-decks/", headers={"accept-language": language}).text
    shown = re.search(r'<td id="limit-decks">([^<]*)</td>', html)[1]
    assert shown.replace("\xa0", " ").replace("\u202f", " ") == decks


@pytest.mark.parametrize(
    "language, size, exact",
    [("en", "6.2 MB", "5,242,883 bytes"), ("pl", "6,2 MB", "5 242 883 bytes"), ("nl", "6,2 MB", "5.242.883 bytes")],
)
def test_sizes_follow_the_language(language, size, exact):
    with translation.override(language):
        assert human_size(6_500_000) == size
        assert human_size(5 * 1024 * 1024) == "5 MB"  # no ",0"
        assert human_size(5 * 1024 * 1024 + 3, like=5 * 1024 * 1024).replace("\xa0", " ") == exact
