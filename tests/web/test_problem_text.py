"""The readers' messages keep a stable key, have one template each (English, marked for
the catalogues), are each given by a real or small file, and show in the page's language."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from games.formats import read_decks
from games.formats.messages import TEMPLATES, THOUSANDS, Message, Part, Plural, names
from games.formats.stored import result_from_json, result_to_json
from games.models.upload import Upload
from games.presentation.problem_text import problem_text, say
from games.views.help import PROBLEM_SAMPLES
from tests.builders.message_files import SMALL_FILES
from tests.catalogues import extract
from tests.corpus import CORPUS, contents, files
from tests.fixtures_upload import upload_file
from tests.web.test_problem_help import BROKEN

ROOT = Path(__file__).resolve().parents[2]
READERS = [*sorted((ROOT / "games" / "formats").rglob("*.py")), ROOT / "games" / "bridge" / "cards.py"]
# What the readers say only when one of them has a bug, or a check that an earlier one
# always pre-empts: no file gives these. Each is made and said below all the same.
UNREACHABLE = {
    "deal.not_full_deck": {},  # _explain names the card given twice or the hand's size first
    "dup.disagree": {},  # two deals that differ differ in some seat's hand
    "lin.suit_unreadable": {"seat": "N", "suit": "S", "ranks": "AK"},  # _rank_trouble finds the rank first
    "lin.board_unreadable": {"error": "KeyError: 'x'"},
    "lin.unreadable": {"error": "KeyError: 'x'"},
    "handviewer.unreadable": {"error": "KeyError: 'x'"},
    "pbn.game_unreadable": {"error": "KeyError"},
    "file.internal": {"error": "KeyError: 'x'"},
}
_FAMILIES = (
    "at|more_notes|tag_not_understood"
    "|(?:where|deal|pbn|lin|handviewer|file|club|bri|dge|dup|dlm|rbn|rbx|record|commentary)\\.\\w+"
)
KEY_IN_SOURCE = re.compile(rf'"({_FAMILIES})"')


def keys_in_sources() -> set[str]:
    found = set()
    for path in READERS:
        text = path.read_text(encoding="utf-8")
        found |= set(KEY_IN_SOURCE.findall(text))
        if 'Message(f"pbn.{what}_too_long"' in text:
            found |= {"pbn.auction_too_long", "pbn.play_too_long"}
    return found - {"games.formats", "games.bridge"}


def keys_of(result) -> set[str]:
    found: set[str] = set()

    def walk(part) -> None:
        if isinstance(part, Message):
            part = part.part
        if isinstance(part, Part):
            found.add(part.key)
            for value in part.values:
                walk(value)

    for problem in result.problems:
        walk(problem.part)
    for note in [*result.notes, *(note for deck in result.decks for note in deck.notes)]:
        walk(note)
    return found


def test_every_key_the_readers_use_has_an_english_template():
    used = keys_in_sources()
    assert len(used) > 100
    assert not used - set(TEMPLATES), "keys without an English template"


def test_every_form_of_a_template_names_all_of_its_parameters():
    for key, template in TEMPLATES.items():
        forms = template if isinstance(template, Plural) else (template,)
        values = {name: f"<{name}>" for name in names(key)}
        for form in forms:
            said = form % values
            for value in values.values():
                assert value in said, (key, form)
        assert not isinstance(template, Plural) or "count" in values, f"{key}: a plural is chosen by its count"
    for key, grouped in THOUSANDS.items():
        assert set(grouped) <= set(names(key)), key


def test_every_template_is_marked_for_the_catalogues():
    if not shutil.which("xgettext"):
        pytest.skip("xgettext not found: apt-get install gettext")
    found = {(entry.msgid, entry.plural) for entry in extract(["games/formats/messages.py"])}
    for key, template in TEMPLATES.items():
        wanted = (template.singular, template.plural) if isinstance(template, Plural) else (template, "")
        assert wanted in found, f"{key} is not extracted as makemessages would: {wanted}"


def test_a_plural_and_a_large_number_are_written_in_english():
    assert Message("deal.hand_size", seat="S", count=1) == "South has 1 card"
    assert Message("deal.hand_size", seat="S", count=12) == "South has 12 cards"
    assert Message("dealer.no_match", count=12000) == "no hand matched in 12,000 tries: loosen the specification"
    assert Message("where.line", line=12000) == "line 12000"
    assert Message("dealer.signal_fpe") == "a division by zero (/ or % by 0)"
    assert Message("pbn.unclosed_comment") == "a '{' comment is never closed: read to the end of its line"


def test_every_key_is_given_by_a_real_or_small_file():
    read = [(path.name, contents(path)) for path in files()]
    for folder in ("formats/club_files", "formats/commentary_files", "fixtures_upload"):
        read += [(p.name, p.read_bytes()) for p in (ROOT / "tests" / folder).iterdir() if p.is_file()]
    read += [(name, data) for name, data, _ in BROKEN.values()]
    read += list(PROBLEM_SAMPLES.values())
    given = set().union(*(keys_of(read_decks(data, name)) for name, data in read))
    for key, (name, data) in SMALL_FILES.items():
        found = keys_of(read_decks(data, name))
        assert key in found, f"{name} for {key} gives {sorted(found)}"
        given |= found
    if not CORPUS.is_dir():  # the small files are checked above; some keys only real files give
        pytest.skip("../shared/corpus is not present beside the repository")
    run_keys = {key for key in TEMPLATES if key.startswith("dealer.")}  # runs give them: test_dealer_messages
    assert not set(TEMPLATES) - given - set(UNREACHABLE) - run_keys, "keys no file gives"


@pytest.mark.parametrize("key", sorted(UNREACHABLE))
def test_a_message_no_file_gives_is_still_said(key):
    message = Message(key, **UNREACHABLE[key])
    assert message.key == key and message.text and "{" not in message.text
    with translation.override("pl"):
        assert say(message) != message.text


def test_an_unknown_key_or_a_missing_parameter_fails_at_once():
    with pytest.raises(KeyError):
        Message("deal.no_such_thing")
    with pytest.raises(TypeError):
        Message("deal.hand_size", seat="S")


def test_a_problem_keeps_its_english_text_and_its_pieces():
    problem = read_decks(b"md|1SA75HJT5DQ742CA8,SKQJ986H82D63C642,S32HK943DKJ9CQJT7,|ah|Board 7|", "a.lin").problems[0]
    assert problem.message == "board 7: South has 12 cards"
    assert type(problem.message) is str
    assert problem.key == "at"
    where, reason = problem.params["where"], problem.params["message"]
    assert (where.key, where.params) == ("where.board", {"board": "7"})
    assert (reason.key, reason.params) == ("deal.hand_size", {"seat": "S", "count": 12})


def test_a_stored_result_keeps_the_keys_of_its_problems_and_notes():
    result = read_decks(SMALL_FILES["pbn.hand_inferred"][1], "a.pbn")
    result.problems += read_decks(b"md|1SA75HJT5DQ742CA8,,,|", "b.lin").problems
    result.notes.append(Message("file.handviewer"))
    again = result_from_json(json.loads(json.dumps(result_to_json(result))))
    assert [p.part for p in again.problems] == [p.part for p in result.problems]
    assert [getattr(n, "key", None) for n in again.notes] == ["file.handviewer"]
    assert again.problems == result.problems and again.notes == result.notes


def test_the_cli_json_gives_each_problem_its_key_and_params(tmp_path):
    from games.formats.__main__ import file_dict

    path = tmp_path / "a.lin"
    path.write_bytes(b"md|1SA75HJT5DQ742CA8,SKQJ986H82D63C642,S32HK943DKJ9CQJT7,|sv|q|")
    entry = file_dict(str(path), read_decks(path.read_bytes(), path.name))
    (problem,) = entry["problems"]
    assert problem["message"] == "deal 1 (line 1): South has 12 cards"
    assert problem["key"] == "at"
    assert problem["params"]["message"] == {"key": "deal.hand_size", "params": {"seat": "S", "count": 12}}


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "line 1, board 7: South has 12 cards"),
        ("pl", "wiersz 1, rozdanie 7: Południe ma 12 kart"),
        ("nl", "regel 1, spel 7: Zuid heeft 12 kaarten"),
        ("fr", "ligne 1, donne 7 : Sud a 12 cartes"),
        ("it", "riga 1, board 7: Sud ha 12 carte"),
        ("sv", "rad 1, bricka 7: Syd har 12 kort"),
    ],
)
def test_a_problem_is_said_in_the_page_language_with_its_words(language, text):
    problem = read_decks(b"md|1SA75HJT5DQ742CA8,SKQJ986H82D63C642,S32HK943DKJ9CQJT7,|ah|Board 7|", "a.lin").problems[0]
    with translation.override(language):
        assert problem_text(problem) == text


def test_a_card_and_two_seats_are_said_in_the_language():
    data = b"md|1SA75HJT5DQ742CA85,SAQJ986H82D63C642,S32HK943DKJ9CQJT7,|"
    problem = read_decks(data, "a.lin").problems[0]
    assert problem.message.endswith("the ace of spades is in both South and West")
    with translation.override("nl"):
        assert problem_text(problem).endswith("schoppen aas zit zowel bij Zuid als bij West")


def test_values_from_the_file_stay_as_written():
    problem = read_decks(b'[Board "3"]\n[Deal "<b>:AKQ"]\n', "a.pbn").problems[0]
    with translation.override("fr"):
        said = problem_text(problem)
    assert "'<b>'" in said and said.startswith("ligne 2, donne 3 : la distribution commence par")


# --- the upload preview ------------------------------------------------------------------------

GOOD_BOARD = b'[Board "8"]\n[Deal "N:Q5.AQT94.Q5.QJT8 AK74.76.K642.A94 J982.K53.J87.765 T63.J82.AT93.K32"]\n'
WEST_HAS_12 = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543"
TWELVE_CARDS = f'[Board "7"]\n[Deal "{WEST_HAS_12}"]\n\n'.encode() + GOOD_BOARD


@pytest.mark.django_db
def test_the_preview_says_a_problem_in_polish_and_in_english_by_default(host_client, game):
    host_client.post(reverse("upload", args=[game.pk]), {"files": [upload_file("deals.pbn", TWELVE_CARDS)]})
    url = reverse("upload_preview", args=[game.pk, Upload.objects.get(game=game).token])

    polish = host_client.get(url, HTTP_ACCEPT_LANGUAGE="pl").text
    assert "wiersz 2, rozdanie 7: Zachód ma 12 kart" in polish
    assert "West has 12 cards" not in polish

    english = host_client.get(url).text
    assert "line 2, board 7: West has 12 cards" in english
    assert 'href="/help/uploading-decks/#problem-card-count"' in polish


@pytest.mark.django_db
def test_a_note_on_the_preview_is_said_in_the_language(host_client, game):
    name, data = SMALL_FILES["handviewer.dealer"]
    host_client.post(reverse("upload", args=[game.pk]), {"files": [upload_file(name, data)]})
    url = reverse("upload_preview", args=[game.pk, Upload.objects.get(game=game).token])
    assert "Odczytano jako linki BBO handviewer" in host_client.get(url, HTTP_ACCEPT_LANGUAGE="pl").text
    assert "Read as BBO handviewer links" in host_client.get(url).text


@pytest.mark.django_db
def test_a_file_value_in_a_message_is_escaped_on_the_page(host_client, game):
    data = b'[Board "3"]\n[Deal "<script>:AKQ"]\n\n' + GOOD_BOARD
    host_client.post(reverse("upload", args=[game.pk]), {"files": [upload_file("deals.pbn", data)]})
    url = reverse("upload_preview", args=[game.pk, Upload.objects.get(game=game).token])
    html = host_client.get(url, HTTP_ACCEPT_LANGUAGE="it").text
    assert "&#x27;&lt;script&gt;&#x27;" in html and "<script>:" not in html


def test_the_help_samples_are_said_in_the_language(client):
    html = client.get(reverse("help_upload"), HTTP_ACCEPT_LANGUAGE="sv").text
    assert "Syd har 12 kort" in html
