"""An upload past the limit is refused while the body is read, before it reaches the disk.

The limits are made small (2 KB) so that a 1 MB body stands for a 300 MB one. What
the server read of the body is counted where the test client hands it over (its
FakePayload, the stand-in for the socket); what went to disk, where Django's
temporary-file handler writes it.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadhandler import TemporaryFileUploadHandler
from django.test import Client
from django.test.client import FakePayload
from django.urls import reverse

from games.forms.upload_handlers import FORM_OVERHEAD
from games.models.upload import Upload
from tests.fixtures_upload import fixture, upload_file

pytestmark = pytest.mark.django_db
LIMIT = 2048
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def small_body_limit(settings, tmp_path):
    settings.DECK_UPLOAD_MAX_TOTAL_BYTES = LIMIT
    settings.DECK_UPLOAD_MAX_FILE_BYTES = LIMIT
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 1024  # past this Django would stream to FILE_UPLOAD_TEMP_DIR
    settings.FILE_UPLOAD_TEMP_DIR = str(tmp_path)


@pytest.fixture
def body_read(monkeypatch) -> list[int]:
    """How many bytes of request bodies the server has read, in a one-item list."""
    read = [0]
    original_read, original_readline = FakePayload.read, FakePayload.readline

    def counted(method):
        def wrapper(self, size=-1, /):
            content = method(self, size)
            read[0] += len(content)
            return content

        return wrapper

    monkeypatch.setattr(FakePayload, "read", counted(original_read))
    monkeypatch.setattr(FakePayload, "readline", counted(original_readline))
    return read


@pytest.fixture
def written(monkeypatch) -> list[int]:
    """How many bytes Django's temporary-file handler has written to disk, in a one-item list."""
    written = [0]
    original = TemporaryFileUploadHandler.receive_data_chunk

    def counted(self, raw_data, start):
        written[0] += len(raw_data)
        return original(self, raw_data, start)

    monkeypatch.setattr(TemporaryFileUploadHandler, "receive_data_chunk", counted)
    return written


def post(client: Client, game, *files, **extra):
    return client.post(reverse("upload", args=[game.pk]), {"files": list(files)}, **extra)


@pytest.mark.parametrize("extra", [{}, HTMX], ids=["plain", "htmx"])
def test_a_body_past_the_limit_is_refused_before_its_file_is_read(host_client, game, body_read, written, extra):
    big = upload_file("big.pbn", b"%" * 1_000_000)
    response = post(host_client, game, big, **extra)
    assert response.status_code == 200
    # The size is the body's (Content-Length): the file and the form around it.
    assert "These files total 976.7 KB; the limit is 2 KB per upload." in response.text
    assert "Nothing was uploaded." in response.text
    # One chunk (Django's parser reads 64 KB at a time): the CSRF token and the file's headers.
    assert body_read[0] <= 64 * 1024
    assert written[0] == 0
    assert not Upload.objects.exists()


def test_files_past_the_limit_in_a_small_body_are_not_kept_past_it(host_client, game, body_read, written, tmp_path):
    # Under the Content-Length check (limit + overhead), so the files are streamed:
    # the handler passes on 2 KB and no more, and the form's message names the total.
    files = [upload_file(f"part{i}.pbn", b"%" * 1500) for i in range(3)]
    response = post(host_client, game, *files)
    assert "These files total 4.4 KB; the limit is 2 KB per upload." in response.text
    assert body_read[0] < LIMIT + FORM_OVERHEAD
    assert written[0] <= LIMIT
    assert not Upload.objects.exists()
    assert list(tmp_path.iterdir()) == []  # the temporary files, if any, are gone


@pytest.mark.parametrize("extra", [{}, HTMX], ids=["plain", "htmx"])
def test_an_upload_within_the_limits_still_works(host_client, game, settings, extra):
    settings.DECK_UPLOAD_MAX_TOTAL_BYTES = settings.DECK_UPLOAD_MAX_FILE_BYTES = 64 * 1024
    response = post(host_client, game, upload_file("three_boards.pbn"), **extra)
    staged = Upload.objects.get()
    preview = reverse("upload_preview", args=[game.pk, staged.token])
    if extra:
        assert response.status_code == 200 and response["HX-Push-Url"] == preview
        assert "Add Decks to Game (3)" in response.text
    else:
        assert response.status_code == 302 and response.url == preview


def test_a_file_streamed_to_a_temporary_file_still_works(host_client, game, settings, written):
    # Past FILE_UPLOAD_MAX_MEMORY_SIZE: Django's temporary-file handler, after ours.
    settings.DECK_UPLOAD_MAX_TOTAL_BYTES = settings.DECK_UPLOAD_MAX_FILE_BYTES = 64 * 1024
    settings.FILE_UPLOAD_MAX_MEMORY_SIZE = 256
    data = fixture("three_boards.pbn")
    response = post(host_client, game, upload_file("three_boards.pbn", data), **HTMX)
    assert written[0] == len(data)
    assert "Add Decks to Game (3)" in response.text
    assert bytes(Upload.objects.get().files.get().data) == data


def test_csrf_is_still_checked_on_the_upload(host, game, settings):
    settings.DECK_UPLOAD_MAX_TOTAL_BYTES = settings.DECK_UPLOAD_MAX_FILE_BYTES = 64 * 1024
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    assert post(client, game, upload_file("three_boards.pbn")).status_code == 403
    assert post(client, game, upload_file("big.pbn", b"%" * 1_000_000)).status_code == 403
    client.get(reverse("upload", args=[game.pk]))  # sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    url = reverse("upload", args=[game.pk])
    refused = client.post(url, {"csrfmiddlewaretoken": token, "files": [upload_file("big.pbn", b"%" * 1_000_000)]})
    assert refused.status_code == 200 and "the limit is 64 KB per upload" in refused.text
    accepted = client.post(url, {"csrfmiddlewaretoken": token, "files": [upload_file("three_boards.pbn")]})
    assert accepted.status_code == 302
    assert Upload.objects.count() == 1
