"""A problem on a Polish or French upload page links to its own help entry, as on an
English one: the entry comes from the message's English or key (or the form error's
code), never from the words the page shows, which would fall to the catch-all."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from games.presentation.problem_help import CATCH_ALL
from tests.fixtures_upload import upload_file

pytestmark = pytest.mark.django_db

S, W, N = "SA75HJT5DQ742CA85", "SKQJ986H82D63C642", "S32HK943DKJ9CQJT7"
NO_MATCH = "generate 1000\ncondition hcp(north) > 37\n"
TRICKS = "condition tricks(north, notrump) > 7\n"
LINK = re.compile(r'<li>(.*?) <a class="problem-help" href="(/help/[^"#]+/)#([^"]+)">', re.S)
TWELVE_CARDS = (
    b'[Board "7"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543"]\n\n'
    b'[Board "8"]\n[Deal "N:Q5.AQT94.Q5.QJT8 AK74.76.K642.A94 J982.K53.J87.765 T63.J82.AT93.K32"]\n'
)


@pytest.fixture
def small_limits(settings):
    settings.DECK_UPLOAD_MAX_FILES = 2
    settings.DECK_UPLOAD_MAX_FILE_BYTES = 300


def links(html: str) -> list[tuple[str, str, str]]:
    """(the problem's text, help page, entry) of each problem's help link on a page."""
    return [(unescape(text), page, anchor) for text, page, anchor in LINK.findall(html)]


def post(client, game, language: str, *, files=(), text="", **fields) -> str:
    data = {"files": [upload_file(name, content) for name, content in files], "text": text, **fields}
    return client.post(reverse("upload", args=[game.pk]), data, HTTP_ACCEPT_LANGUAGE=language).text


FORM_CASES = [
    ({"files": [("a.lin", b"md|1|")] * 3}, "problem-too-many-files"),
    ({"files": [("big.pbn", b"x" * 301)]}, "problem-file-too-big"),
    ({"text": "x" * 301}, "problem-file-too-big"),
    ({}, "problem-nothing-chosen"),
    ({"files": [("empty.pbn", b"")]}, "problem-empty-file"),
    ({"files": [("zip.lin", b"PK\x03\x04" + bytes(range(200)))]}, "problem-binary"),
    ({"files": [("prose.txt", b"North deals, nobody vulnerable")]}, "problem-not-deal-file"),
    ({"files": [("results.pbn", b'[Board "1"]\n[Result "9"]\n')]}, "problem-no-deals"),
    ({"files": [("bad.lin", f"md|1SA75HJT5DQ742CA8,{W},{N},|".encode())]}, "problem-card-count"),
    ({"text": "md|1|"}, "problem-hands-missing"),
]


@pytest.mark.parametrize("language", ["pl", "fr"])
@pytest.mark.parametrize(("sent", "expected"), FORM_CASES)
def test_a_form_error_on_a_translated_page_links_its_own_entry(
    host_client, game, small_limits, language, sent, expected
):
    found = links(post(host_client, game, language, **sent))
    assert found, "no problem listed"
    assert [anchor for _, _, anchor in found] == [expected] * len(found), found


@pytest.mark.parametrize(
    ("language", "script", "expected", "said"),
    [
        ("pl", NO_MATCH, "dealer-no-match", "żadna ręka nie pasowała"),
        ("fr", NO_MATCH, "dealer-no-match", "aucune main n’a convenu"),
        ("pl", TRICKS, "dealer-refused", "nie uruchomiono: wiersz 1: tricks()"),
        ("fr", TRICKS, "dealer-refused", "non exécuté : ligne 1 : tricks()"),
    ],
)
def test_a_dealer_scripts_problem_on_a_translated_page_links_its_entry(
    host_client, game, site_dealer, language, script, expected, said
):
    found = links(post(host_client, game, language, text=script))
    assert [(page, anchor) for _, page, anchor in found] == [("/help/dealer-scripts/", expected)]
    assert said in found[0][0]


@pytest.mark.parametrize("language", ["pl", "fr"])
def test_a_readers_problem_on_a_translated_preview_links_its_entry(host_client, game, language):
    response = host_client.post(
        reverse("upload", args=[game.pk]), {"files": [upload_file("deals.pbn", TWELVE_CARDS)]}, follow=True
    )
    assert response.status_code == 200
    html = host_client.get(response.redirect_chain[-1][0], HTTP_ACCEPT_LANGUAGE=language).text
    found = links(html)
    assert [anchor for _, _, anchor in found] == ["problem-card-count"]
    assert "West has 12 cards" not in found[0][0]


@pytest.mark.parametrize("language", ["pl", "fr"])
def test_no_known_problem_links_the_catch_all_on_a_translated_page(host_client, game, small_limits, language):
    anchors = [anchor for sent, _ in FORM_CASES for _, _, anchor in links(post(host_client, game, language, **sent))]
    assert anchors and CATCH_ALL not in anchors
