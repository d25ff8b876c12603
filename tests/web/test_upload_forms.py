"""The Upload Decks form's checks: limits, empty, binary and garbage files, names, escaping."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.forms.upload import UploadForm, clean_name, human_size
from games.models.upload import Upload
from tests.fixtures_upload import THREE_BOARDS_PBN, fixture, pbn, upload_file

pytestmark = pytest.mark.django_db
MB = 1024 * 1024


def post(client, game, files, text="", **extra):
    return client.post(reverse("upload", args=[game.pk]), {"files": files, "text": text}, **extra)


def errors_of(response) -> str:
    assert response.status_code == 200
    assert "Nothing was uploaded." in response.text
    assert not Upload.objects.exists()  # nothing is staged
    return response.text


def test_too_many_files_names_the_limit(host_client, game, settings):
    settings.DECK_UPLOAD_MAX_FILES = 2
    files = [upload_file(f"d{i}.pbn", fixture("three_boards.pbn")) for i in range(3)]
    html = errors_of(post(host_client, game, files))
    assert "You chose 3 files; the limit is 2 files per upload." in html


def test_a_file_over_the_size_limit_is_named(host_client, game):
    big = upload_file("deals.pbn", b"%" * int(6.2 * MB))
    html = errors_of(post(host_client, game, [upload_file("three_boards.pbn"), big]))
    assert "deals.pbn is 6.2 MB; the limit is 5 MB per file." in html


def test_a_file_just_over_the_limit_says_by_how_much(host_client, game, settings):
    settings.DECK_UPLOAD_MAX_FILE_BYTES = 1000
    html = errors_of(post(host_client, game, [upload_file("deals.pbn", b"x" * 1001)]))
    assert "deals.pbn is 1001 bytes; the limit is 1000 bytes per file." in html


def test_the_total_size_has_a_limit(host_client, game, settings):
    settings.DECK_UPLOAD_MAX_TOTAL_BYTES = len(fixture("three_boards.pbn")) + 10
    files = [upload_file("three_boards.pbn"), upload_file("four_boards.lin")]
    html = errors_of(post(host_client, game, files))
    assert "These files total" in html and "per upload." in html


def test_the_number_of_decks_has_a_limit(host_client, game, settings):
    settings.DECK_UPLOAD_MAX_DECKS = 2
    html = errors_of(post(host_client, game, [upload_file("three_boards.pbn")]))
    assert "three_boards.pbn holds 3 decks; the limit is 2 decks per upload." in html


def test_the_deck_limit_counts_every_file(host_client, game, settings):
    settings.DECK_UPLOAD_MAX_DECKS = 5
    html = errors_of(post(host_client, game, [upload_file("three_boards.pbn"), upload_file("four_boards.lin")]))
    assert "these 2 files hold 7 decks; the limit is 5 decks per upload." in html


def test_pasted_text_has_the_per_file_limit(host_client, game, settings):
    settings.DECK_UPLOAD_MAX_FILE_BYTES = 100
    html = errors_of(post(host_client, game, [], text="x" * 101))
    assert "The pasted text is 101 bytes; the limit is 100 bytes." in html


def test_nothing_chosen_asks_for_files(host_client, game):
    html = errors_of(post(host_client, game, []))
    assert "Choose one or more files, or paste deals, or choose a lesson script." in html


def test_an_empty_file_says_so(host_client, game):
    html = errors_of(post(host_client, game, [upload_file("empty.pbn", b"")]))
    assert "empty.pbn is empty" in html


def test_an_empty_file_beside_good_ones_is_listed_with_its_problem(host_client, game):
    response = post(host_client, game, [upload_file("empty.pbn", b""), upload_file("three_boards.pbn")], follow=True)
    assert "Add Decks to Game (3)" in response.text
    assert "empty.pbn is empty" in response.text


def test_a_binary_file_is_refused_with_the_readers_reason(host_client, game):
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8
    html = errors_of(post(host_client, game, [upload_file("photo.pbn", png)]))
    assert "photo.pbn: this file is binary, not a LIN or PBN text file" in html


def test_garbage_with_a_good_extension_is_refused_with_the_readers_reason(host_client, game):
    html = errors_of(post(host_client, game, [upload_file("not_deals.pbn")]))
    assert "not_deals.pbn: no LIN pairs (like md|...|) or PBN tags (like [Deal &quot;...&quot;]) found" in html


def test_a_file_with_tags_but_no_deals_is_refused(host_client, game):
    html = errors_of(post(host_client, game, [upload_file("header.pbn", b'[Event "Club"]\n[Site "Here"]\n')]))
    assert "header.pbn: " in html


def test_valid_content_with_a_wrong_extension_is_accepted(host_client, game):
    response = post(host_client, game, [upload_file("pbn_inside.csv")], follow=True)
    assert "Add Decks to Game (1)" in response.text
    assert "pbn_inside.csv" in response.text and "PBN" in response.text


def test_lin_in_an_xml_file_and_pbn_in_a_txt_file_are_read(host_client, game):
    files = [
        upload_file("deals.xml", fixture("four_boards.lin")),
        upload_file("deals.txt", fixture("three_boards.pbn")),
    ]
    response = post(host_client, game, files, follow=True)
    assert "Add Decks to Game (7)" in response.text


def test_only_the_bad_boards_are_left_out(host_client, game):
    response = post(host_client, game, [upload_file("board_2_bad.pbn")], follow=True)
    assert "Add Decks to Game (2)" in response.text
    assert "line 11, board 2: North has 12 cards" in response.text
    host_client.post(reverse("upload_add", args=[game.pk, Upload.objects.get().token]))
    assert game.queued().count() == 2


@pytest.mark.parametrize(
    ("sent", "shown"),
    [
        ("../../etc/passwd.pbn", "passwd.pbn"),
        ("C:\\Users\\x\\deals.lin", "deals.lin"),
        ("/home/alice/deals.pbn", "deals.pbn"),
        ("Übung ♠♥ 東京.pbn", "Übung ♠♥ 東京.pbn"),
        ("tab\there\x00\u202enip.pbn", "tabherenip.pbn"),
        ("..", "unnamed file"),
        ("", "unnamed file"),
    ],
)
def test_clean_name_strips_paths_and_control_characters(sent, shown):
    assert clean_name(sent) == shown


def test_clean_name_shortens_very_long_names_keeping_the_extension():
    name = clean_name("a" * 300 + ".pbn")
    assert len(name) == 100 and name.endswith("….pbn")


@pytest.mark.parametrize(
    "sent", ["../../etc/passwd.pbn", "C:\\Users\\x\\deals.lin", "Übung ♠♥ 東京.pbn", "x" * 240 + ".pbn"]
)
def test_odd_file_names_are_stored_and_shown_cleaned(host_client, game, sent):
    response = post(host_client, game, [upload_file(sent, fixture("three_boards.pbn"))], follow=True)
    stored = Upload.objects.get().files.get().name
    assert "/" not in stored and "\\" not in stored and len(stored) <= 100
    assert stored in response.text.replace("&#x27;", "'")
    assert "etc/passwd" not in response.text and "Users" not in response.text


def test_html_in_a_file_name_is_escaped(host_client, game):
    response = post(
        host_client, game, [upload_file("<img src=x onerror=alert(1)>.pbn", fixture("three_boards.pbn"))], follow=True
    )
    assert "<img src=x" not in response.text
    assert "&lt;img src=x onerror=alert(1)&gt;.pbn" in response.text


def test_html_in_pbn_and_lin_tags_is_shown_escaped(host_client, game):
    response = post(host_client, game, [upload_file("script_names.pbn"), upload_file("script_names.lin")], follow=True)
    html = response.text
    assert "Add Decks to Game (2)" in html
    assert "<script>alert(" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(&#x27;event&#x27;)&lt;/script&gt;" in html  # PBN Event
    assert "&lt;script&gt;alert(&#x27;ah&#x27;)&lt;/script&gt;" in html  # LIN ah
    assert "&lt;script&gt;alert(&#x27;south&#x27;)&lt;/script&gt;" in html  # LIN pn
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_html_in_a_problem_message_is_escaped(host_client, game):
    data = b'[Board "<b>9</b>"]\n[Deal "N:<script>.AKQ.AKQ.AKQ - - -"]\n\n' + pbn(THREE_BOARDS_PBN[:1])
    response = post(host_client, game, [upload_file("tricky.pbn", data)], follow=True)
    assert "<script>" not in response.text and "<b>9</b>" not in response.text
    assert "Add Decks to Game (1)" in response.text


def test_the_form_hands_the_view_names_bytes_and_results():
    from django.utils.datastructures import MultiValueDict

    form = UploadForm(data={"text": ""}, files=MultiValueDict({"files": [upload_file("three_boards.pbn")]}))
    assert form.is_valid(), form.errors
    ((name, data),) = form.cleaned_data["staged"]
    assert name == "three_boards.pbn" and data == fixture("three_boards.pbn")
    assert [d.deal for d in form.cleaned_data["results"][0].decks] == THREE_BOARDS_PBN


@pytest.mark.parametrize(
    ("size", "like", "text"),
    [
        (5 * MB, None, "5 MB"),
        (int(6.2 * MB), None, "6.2 MB"),
        (300 * 1024, None, "300 KB"),
        (12, None, "12 bytes"),
        (5 * MB + 1, 5 * MB, "5,242,881 bytes"),
    ],
)
def test_human_size(size, like, text):
    assert human_size(size, like) == text


def test_more_files_than_django_accepts_get_a_page_naming_the_limit(host_client, game, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    count = settings.DATA_UPLOAD_MAX_NUMBER_FILES + 1
    files = [SimpleUploadedFile(f"d{i}.pbn", b'[Deal "N:- - - -"]') for i in range(count)]
    response = host_client.post(reverse("upload", args=[game.pk]), {"files": files})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Too many files at once" in html
    assert f"at most {settings.DECK_UPLOAD_MAX_FILES} files" in html
