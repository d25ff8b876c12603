"""An upload is read once, when it arrives: the preview pages and "Add Decks to Game" use
what the reader found then, and the add's transaction only writes rows.

The stored bytes are overwritten after the upload in these tests: whatever still shows
the original decks cannot have read the file again.
"""

from __future__ import annotations

import threading

import pytest
from django.db import close_old_connections, connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.formats.writers import write_pbn
from games.models import Deck, Game
from games.models.upload import Upload, UploadFile
from tests.builders.decks import full_decks

pytestmark = pytest.mark.django_db

GARBAGE = b"this is not a deal file any more"


def _upload(client, game, name: str, data: bytes) -> Upload:
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(reverse("upload", args=[game.pk]), {"files": [SimpleUploadedFile(name, data)]})
    assert response.status_code == 302, response.content[:500]
    return Upload.objects.get(game=game)


def _overwrite_bytes(upload: Upload) -> None:
    UploadFile.objects.filter(upload=upload).update(data=GARBAGE)


def test_the_preview_shows_what_was_read_at_upload_not_the_bytes_again(host_client, game):
    decks = full_decks(3)
    upload = _upload(host_client, game, "three.pbn", write_pbn(decks).encode())
    _overwrite_bytes(upload)
    page = host_client.get(reverse("upload_preview", args=[game.pk, upload.token]))
    assert page.status_code == 200
    assert "3 decks" in page.content.decode() or "Add Decks to Game (3)" in page.content.decode()
    assert "not a deal file" not in page.content.decode()


def test_add_decks_adds_what_was_read_at_upload(host_client, game):
    decks = full_decks(5)
    upload = _upload(host_client, game, "five.pbn", write_pbn(decks).encode())
    _overwrite_bytes(upload)
    response = host_client.post(reverse("upload_add", args=[game.pk, upload.token]))
    assert response.status_code == 302
    assert list(game.queued().values_list("deal", flat=True)) == [d.deal for d in decks]


def test_the_stored_result_keeps_problems_and_notes(host_client, game):
    text = write_pbn(full_decks(2)) + '\n[Board "9"]\n[Deal "N:AKQ.. .. .."]\n'
    upload = _upload(host_client, game, "two_and_bad.pbn", text.encode())
    _overwrite_bytes(upload)
    (result,) = upload.results()
    assert len(result.decks) == 2 and result.name == "two_and_bad.pbn" and result.format == "pbn"
    assert result.problems and result.problems[0].board == "9"


def test_a_file_kept_without_a_result_is_read_again(host_client, game):
    decks = full_decks(2)
    upload = _upload(host_client, game, "two.pbn", write_pbn(decks).encode())
    UploadFile.objects.filter(upload=upload).update(result=None)
    (result,) = upload.results()
    assert [d.deal for d in result.decks] == [d.deal for d in decks]


def test_the_add_transaction_reads_no_upload_file(host_client, game):
    """Inside the add's transaction the only reads are the locks and the queue's deals."""
    upload = _upload(host_client, game, "four.pbn", write_pbn(full_decks(4)).encode())
    with CaptureQueriesContext(connection) as queries:
        assert upload.add_to_game() == 4
    sql = [q["sql"] for q in queries.captured_queries]
    upload_table = f'"{Upload._meta.db_table}"'
    # The transaction opens by locking the upload's row (FROM "games_upload" WHERE ... id).
    begin = next(i for i, s in enumerate(sql) if f"FROM {upload_table}" in s)
    inside = sql[begin:]
    assert not any(UploadFile._meta.db_table in s for s in inside), inside
    assert any("INSERT" in s for s in inside)


@pytest.mark.django_db(transaction=True)
@pytest.mark.queue
def test_another_host_deals_while_a_big_upload_is_added(django_user_model, queue_decks):
    """The add's write lock lasts as long as its insert: a deal in another game during it
    answers, never 'database is locked'."""
    alice = django_user_model.objects.create_user("alice2", password="x")
    bob = django_user_model.objects.create_user("bob2", password="x")
    big_game = Game.objects.create(host=alice, name="Big", allow_upload=True)
    other = Game.objects.create(host=bob, name="Other")
    queue_decks(other, 30)
    decks = full_decks(3000)
    upload = Upload.stage(big_game, alice, [("season.pbn", write_pbn(decks).encode())])
    errors: list[BaseException] = []
    dealt: list[int] = []
    adding = threading.Event()

    def deal_during_add() -> None:
        try:
            adding.wait(10)
            for _ in range(20):
                dealt.append(other.deal_next(bob).number)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            close_old_connections()

    thread = threading.Thread(target=deal_during_add)
    thread.start()
    adding.set()
    added = upload.add_to_game()
    thread.join(30)
    close_old_connections()
    assert not errors, errors
    assert added == 3000 and Deck.objects.filter(game=big_game).count() == 3000
    assert dealt == list(range(1, 21))
