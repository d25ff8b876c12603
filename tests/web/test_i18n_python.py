"""The texts built in Python in the page's language: the table's status line, a form's
error, a view's message, an admin action's message and the printable hand records, in
Polish and Dutch (or French) when the browser asks for it, in English when it asks for
nothing. The language comes from the request's Accept-Language only, as a first visit's.
"""

from __future__ import annotations

import io
import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils.translation import override

from games.bridge.play import IllegalAction
from games.formats.pdf import PdfLabels, fonts
from games.models import BoardPlay
from games.presentation.refusals import refusal
from games.presentation.rules_said import rules_said
from tests.playing import call

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("compiled_catalogues")]


def asked(language: str | None) -> dict:
    return {"headers": {"accept-language": language}} if language else {}


def status_line(html: str) -> str:
    found = re.search(r'<p class="play-status[^"]*"[^>]*>(.*?)</p>', html, re.S)
    assert found, "no status line on the page"
    return unescape(found.group(1)).strip()


def shown_messages(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.mark.parametrize(
    ("language", "to_call", "news"),
    [
        (None, "East to call.", "North bids 1 heart."),
        ("pl", "Licytuje Wschód.", "Północ licytuje 1 kier."),
        ("nl", "Oost moet bieden.", "Noord biedt 1 harten."),
    ],
)
def test_the_status_line_and_the_news_speak_the_page_language(client, seated_table, host, language, to_call, news):
    call(BoardPlay.start(seated_table.game.boards.get(), BoardPlay.Mode.TABLE), "1H")  # North opens
    client.force_login(host)
    html = client.get(f"/games/{seated_table.game.pk}/", **asked(language)).text
    assert status_line(html) == to_call
    assert news in unescape(html)


def test_the_same_table_tells_its_news_in_each_pages_language(client, seated_table, host):
    """The news is made once for a table's state, and once for each language."""
    call(BoardPlay.start(seated_table.game.boards.get(), BoardPlay.Mode.TABLE), "1H")
    client.force_login(host)
    for language, news in ((None, "North bids 1 heart."), ("pl", "Północ licytuje 1 kier."), (None, "North bids")):
        html = unescape(client.get(f"/games/{seated_table.game.pk}/", **asked(language)).text)
        assert news in html and ("Północ licytuje" in html) == (language == "pl")


@pytest.mark.parametrize(
    ("language", "error"),
    [
        (None, "Matchpoints compare the tables of a Join game: a practice game is scored in IMPs."),
        ("pl", "Zapis maksymalny porównuje stoły wspólnej gry: gra treningowa jest liczona w IMP."),
        ("fr", "Les points de match comparent les tables d’une partie à rejoindre : une partie d’entraînement"),
    ],
)
def test_a_form_error_speaks_the_page_language(host_client, language, error):
    rules = {"name": "Tuesday", "game_type": "practice", "scoring": "matchpoints", "allow_upload": "1"}
    rules |= {"missing_info": "rotation", "when_empty": "random"}
    response = host_client.post(reverse("new_game"), rules, **asked(language))
    assert response.status_code == 200
    assert error in unescape(response.text)


@pytest.mark.parametrize(
    ("language", "dealt"),
    [(None, "Board 1 dealt."), ("pl", "Rozdano rozdanie 1."), ("nl", "Spel 1 gedeeld.")],
)
def test_a_view_message_speaks_the_page_language(host_client, game, queue_decks, language, dealt):
    queue_decks(game, 2)
    response = host_client.post(reverse("deal", args=[game.pk]), follow=True, **asked(language))
    assert dealt in shown_messages(response)


@pytest.mark.parametrize(
    ("language", "removed"),
    [
        (None, "Removed 2 deck(s) from the queue; 0 were not queued."),
        ("pl", "Usunięto 2 rozkłady z kolejki; spoza kolejki: 0."),
        ("nl", "2 verdelingen uit de wachtrij gehaald; 0 stonden er niet in."),
    ],
)
def test_an_admin_action_message_speaks_the_page_language(staff_client, game, queue_decks, language, removed):
    decks = queue_decks(game, 2)
    response = staff_client.post(
        "/admin/games/deck/",
        {"action": "remove_from_queue", "_selected_action": [d.pk for d in decks]},
        follow=True,
        **asked(language),
    )
    assert removed in shown_messages(response)
    assert not game.queued().exists()


def hand_records_text(client, game, language: str | None) -> str:
    from pypdf import PdfReader

    started = client.get(reverse("export", args=[game.pk, "queue", "pdf"]), **asked(language))
    assert started.status_code == 302 and started.url.startswith("/jobs/")
    pdf = client.get(started.url + "download/", **asked(language))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)


@pytest.mark.parametrize(
    ("language", "words", "not_there"),
    [
        (None, ["Board 1", "Dealer North", "Vul None", "HCP", "page 1"], ["Rozdanie"]),
        ("pl", ["Rozdanie 1", "Rozdaje Północ", "Założenia: obie przed", " PC", "strona 1"], ["Board 1", "HCP"]),
        ("fr", ["Donne 1", "Donneur Nord", "Vulnérabilité : Personne", "page 1"], ["Board 1", "HCP"]),
    ],
)
def test_the_hand_records_speak_the_language_of_the_page_that_asked(
    host_client, game, queue_decks, language, words, not_there
):
    queue_decks(game, 1, dealer="N", vul="None")
    text = hand_records_text(host_client, game, language)
    for word in words:
        assert word in text
    for word in not_there:
        assert word not in text


def test_the_pdf_font_draws_every_polish_letter():
    """The hand records embed DejaVu Sans (reportlab's standard fonts lack ą ę ł ś ż):
    every Polish letter has a glyph of its own in it."""
    from reportlab.pdfbase import pdfmetrics

    regular, bold = fonts()
    for name in (regular, bold):
        glyphs = pdfmetrics.getFont(name).face.charToGlyph
        assert all(glyphs.get(ord(letter)) for letter in "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ"), name


def test_the_labels_a_job_keeps_come_back_as_they_were():
    labels = PdfLabels(title="Protokoły", tricks=tuple(f"{n} lew" for n in range(14)))
    again = PdfLabels.from_json(labels.as_json())
    assert again == labels
    assert PdfLabels.from_json(None) == PdfLabels()  # a job queued before labels were kept: English


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "It is North's turn to call"), ("pl", "Teraz licytuje Północ"), ("sv", "Det är Nords tur att bjuda")],
)
def test_the_rules_refusals_reach_a_player_in_the_page_language(seated_table, language, said):
    play = BoardPlay.start(seated_table.game.boards.get(), BoardPlay.Mode.TABLE)
    with pytest.raises(IllegalAction) as refused:
        play.act("S", "call", play.actions, call="1H")  # North deals: South calls out of turn
    with override(language):
        assert refusal(refused.value) == said


def test_a_refusal_names_its_bids_and_suits_in_the_page_language(seated_table):
    play = BoardPlay.start(seated_table.game.boards.get(), BoardPlay.Mode.TABLE)
    play = play.act("N", "call", play.actions, call="2C")
    with pytest.raises(IllegalAction) as refused:
        play.act("E", "call", play.actions, call="1NT")
    with override("pl"):
        assert refusal(refused.value) == "1BA nie jest wyżej niż 2♣"
    with override("pl"):
        dummy = IllegalAction("You must follow suit: dummy holds hearts", "follow_suit_dummy", suit="H")
        assert rules_said(dummy) == "Trzeba dołożyć do koloru: dziadek ma kiery"


def test_a_refusal_without_a_known_key_stays_as_the_engine_wrote_it():
    with override("pl"):
        assert rules_said(IllegalAction("Something new")) == "Something new"
        assert rules_said(IllegalAction("Something new", "not_a_key_yet")) == "Something new"


def test_every_refusal_of_the_rules_engine_has_its_sentence():
    import re
    from pathlib import Path

    from games.bridge import play as engine
    from games.presentation.rules_said import _SAID

    source = Path(engine.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'IllegalAction\(\s*(?:f?"[^"]*"|\(.*?\)),\s*"([a-z_]+)"', source, re.S))
    keys |= {f"{doing}_{when}" for doing in engine._DOING.values() for when in ("in_auction", "while_claim")}
    keys |= {f"no_claim_to_{answer}" for answer in ("accept", "reject")}
    keys |= {f"{answer}_not_defender" for answer in ("accept", "reject")}
    assert len(keys) > 20
    assert keys - set(_SAID) == set()


def test_a_file_without_decks_is_refused_in_the_page_language():
    from games.forms.upload import file_reason
    from games.models.upload import read_file

    empty = read_file("lekcja.pbn", b'% PBN 2.1\n[Event "Klub"]\n[Result "9"]\n')
    broken = read_file("lekcja.pbn", b'[Board "7"]\n[Deal "N:AKQJT98765432 - - -"]\n')
    english = [file_reason(empty), file_reason(broken)]
    with override("pl"):
        polish = [file_reason(empty), file_reason(broken)]
    assert english[0].startswith("lekcja.pbn: ") and polish[0].startswith("lekcja.pbn: ")
    for said_in_english, said_in_polish in zip(english, polish):
        assert said_in_polish != said_in_english
    assert "7" in polish[1]  # the board the problem is on


def test_the_lesson_scripts_are_named_in_the_page_language():
    from games.formats.dealer import LIBRARY
    from games.presentation import lesson_scripts

    # the catalogue's messages are the files' own first lines, for every script
    assert {s.slug: (s.title, s.description) for s in LIBRARY} == lesson_scripts.WORDS
    assert [s.title for s in lesson_scripts.library()] == [s.title for s in LIBRARY]  # English by default
    with override("fr"):
        french = lesson_scripts.library()
    assert [s.slug for s in french] == [s.slug for s in LIBRARY]
    for script, original in zip(french, LIBRARY):
        assert script.title != original.title and script.description != original.description
        shown, read = script.text.split("\n"), original.text.split("\n")
        assert len(shown) == len(read)
        for line, code in zip(shown, read):  # the code stays as dealer reads it; every comment is French
            assert line.partition("//")[0] == code.partition("//")[0] or code.startswith(("#", "/*"))
            if code.startswith(("# ", "/* ")) or "// " in code:
                assert line != code, f"{original.slug}: {code!r} is shown in English"
