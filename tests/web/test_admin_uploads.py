"""Review by upload: the Uploads list and page, the decks an upload added, and the
moderator's actions (remove those decks, download the files)."""

from __future__ import annotations

import io
import zipfile
from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.utils import timezone

from games.admin.uploads import added_decks
from games.bridge.cards import random_deal
from games.models import Deck, Upload
from tests.fixtures_upload import THREE_BOARDS_PBN, fixture, pbn

pytestmark = pytest.mark.django_db

EVIL = "<script>alert(1)</script>"
LIST = "/admin/games/upload/"


def staged(game, host, files, *, add=True) -> Upload:
    upload = Upload.stage(game, host, files)
    if add:
        assert upload.add_to_game()
        upload.refresh_from_db()
    return upload


def change_url(upload) -> str:
    return f"{LIST}{upload.pk}/change/"


def act(client, action, uploads, **extra):
    return client.post(LIST, {"action": action, "_selected_action": [u.pk for u in uploads], **extra})


@pytest.fixture
def with_problem(game, host):
    """Two files: three boards, and two more around a board 2 where North holds 12 cards."""
    return staged(game, host, [("club.pbn", fixture("three_boards.pbn")), ("bad.pbn", fixture("board_2_bad.pbn"))])


@pytest.fixture
def clean(game_without_upload, other_user):
    return staged(game_without_upload, other_user, [("monday.lin", fixture("four_boards.lin"))])


def test_the_list_shows_who_sent_which_files_to_which_game_and_what_became_of_them(staff_client, with_problem, game):
    waiting = staged(game, with_problem.host, [("later.pbn", pbn([random_deal()]))], add=False)
    html = staff_client.get(LIST).content.decode()
    assert "alice" in html and str(game) in html
    assert "club.pbn (" in html and "bad.pbn (" in html
    assert "added 5 deck(s)" in html and "not added yet" in html
    assert html.index(change_url(waiting)) < html.index(change_url(with_problem))  # newest first


@pytest.mark.parametrize(
    "term, found",
    [
        ("alice", "a"),
        ("bob", "b"),
        ("Tuesday", "a"),
        ("No uploads", "b"),
        ("bad.pbn", "a"),
        ("monday.lin", "b"),
        ("nothing-like-it", ""),
    ],
)
def test_it_searches_uploaders_games_and_file_names(staff_client, with_problem, clean, term, found):
    html = staff_client.get(LIST, {"q": term}).content.decode()
    for name, upload in {"a": with_problem, "b": clean}.items():
        assert (change_url(upload) in html) == (name == found), (term, name)


@pytest.mark.parametrize(
    "query, found",
    [
        ({"problems": "yes"}, "a"),
        ({"problems": "no"}, "bc"),
        ({"state": "added"}, "ab"),
        ({"state": "waiting"}, "c"),
        ({"state": "expired"}, "d"),
        ({"host": "bob"}, "b"),
        ({"game": "tuesday"}, "acd"),
    ],
)
def test_it_filters_by_problems_state_uploader_and_game(staff_client, with_problem, clean, game, host, query, found):
    waiting = staged(game, host, [("later.pbn", pbn([random_deal()]))], add=False)
    expired = staged(game, host, [("old.pbn", b"")], add=False)  # an empty file: a problem, but expired
    Upload.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - timedelta(hours=1))
    if query == {"problems": "yes"}:
        found += "d"
    html = staff_client.get(LIST, query).content.decode()
    for name, upload in {"a": with_problem, "b": clean, "c": waiting, "d": expired}.items():
        assert (change_url(upload) in html) == (name in found), (query, name)


def test_it_filters_by_date(staff_client, with_problem, clean):
    Upload.objects.filter(pk=clean.pk).update(created_at=timezone.now() - timedelta(days=40))
    html = staff_client.get(LIST, {"created_at__gte": (timezone.now() - timedelta(days=7)).isoformat()}).content
    assert change_url(with_problem) in html.decode() and change_url(clean) not in html.decode()


def test_an_uploads_page_counts_what_was_found_added_and_left_out_and_lists_every_problem(
    staff_client, game, host, queue_decks
):
    (queued,) = queue_decks(game, 1)
    files = [("club.pbn", pbn([*THREE_BOARDS_PBN, queued.deal])), ("bad.pbn", fixture("board_2_bad.pbn"))]
    upload = staged(game, host, files)
    html = staff_client.get(change_url(upload)).content.decode()
    # 4 + 2 decks found; the one already queued left out; board 2 of bad.pbn reported, with its help entry
    assert "2 file(s); 6 deck(s) found; 5 added; 1 left out as duplicates; 1 problem(s)" in html
    assert "line 11, board 2: North has 12 cards" in html
    assert '<a href="/help/uploading-decks/#problem-card-count">' in html
    assert "<td>club.pbn</td>" in html and "<td>bad.pbn</td>" in html and "<td>PBN</td>" in html
    assert f'<a href="/admin/games/deck/?upload={upload.pk}">5 deck(s)</a>: 5 queued' in html
    assert f"{LIST}{upload.pk}/download/" in html
    assert "Remove its 5 queued decks from the queue" in html


def test_a_waiting_upload_says_nothing_was_added(staff_client, game, host):
    upload = staged(game, host, [("later.pbn", pbn(THREE_BOARDS_PBN))], add=False)
    html = staff_client.get(change_url(upload)).content.decode()
    assert "3 deck(s) found; 0 problem(s); nothing added" in html
    assert "Remove its" not in html


def test_uploaded_names_and_problems_are_escaped(staff_client, game, host):
    upload = staged(game, host, [(f"{EVIL}.pbn", pbn(THREE_BOARDS_PBN)), (EVIL, f'[Board "{EVIL}"]\n'.encode())])
    for url in (LIST, change_url(upload), f"/admin/games/deck/?upload={upload.pk}"):
        html = staff_client.get(url).content.decode()
        assert "<script>alert(1)" not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url


def test_the_decks_an_upload_added_are_exactly_its_own(game, host, staff, with_problem, queue_decks):
    """Other adds to the same game by the same host, before and after, and a staff requeue,
    are not the upload's."""
    before = staged(game, host, [("before.pbn", pbn([random_deal()]))])
    queue_decks(game, 2)  # Game.add_decks, no host
    waiting = Upload.stage(game, host, [("second.pbn", pbn([random_deal(), random_deal()]))])
    after = staged(game, host, [("after.pbn", pbn([random_deal()]))])
    waiting.add_to_game()
    waiting.refresh_from_db()
    for upload, count in ((with_problem, 5), (before, 1), (after, 1), (waiting, 2)):
        decks = list(added_decks(upload))
        assert len(decks) == upload.added_count == count
        assert {d.source_name for d in decks} <= {f.name for f in upload.files.all()}
    assert not added_decks(staged(game, host, [("x.pbn", pbn([random_deal()]))], add=False)).exists()


def test_the_deck_list_shows_an_uploads_decks(staff_client, with_problem, clean):
    html = staff_client.get("/admin/games/deck/", {"upload": with_problem.pk}).content.decode()
    mine, theirs = added_decks(with_problem), added_decks(clean)
    assert all(f"/admin/games/deck/{d.pk}/change/" in html for d in mine)
    assert not any(f"/admin/games/deck/{d.pk}/change/" in html for d in theirs)
    assert 'data-filter-title="upload"' in html and f"#{with_problem.pk}: alice to" in html


@pytest.mark.parametrize("value", ["99999999999999999999", "9" * 5000, "²", "-1", "", "\x00", "x"])
def test_a_nonsense_upload_filter_shows_no_decks(staff_client, with_problem, value):
    response = staff_client.get("/admin/games/deck/", {"upload": value})
    assert response.status_code == 200
    assert "/admin/games/deck/" + str(added_decks(with_problem).first().pk) not in response.content.decode()


def test_remove_asks_first_and_counts_what_goes(staff_client, game, with_problem, clean):
    game.deal_next()  # the first of with_problem's five decks: dealt, it stays
    response = act(staff_client, "remove_decks", [with_problem, clean])
    html = response.content.decode()
    assert response.status_code == 200
    assert "8 queued decks will leave their game's queue" in html
    assert "1 already dealt or removed stay as they are" in html
    assert 'name="post" value="yes"' in html and "Yes, remove 8 decks" in html
    assert Deck.objects.filter(status=Deck.Status.QUEUED).count() == 8  # nothing gone yet


def test_remove_takes_only_the_uploads_queued_decks_out(staff_client, staff, game, host, with_problem, queue_decks):
    others = queue_decks(game, 2)
    game.deal_next()
    response = act(staff_client, "remove_decks", [with_problem], post="yes")
    assert response.status_code == 302
    assert "Removed 4 deck(s) from the queue." in staff_client.get(response.url).content.decode()
    assert sorted(added_decks(with_problem).values_list("status", flat=True)) == ["dealt", *["removed"] * 4]
    assert list(game.queued()) == others
    entry = LogEntry.objects.get()
    assert entry.user == staff and entry.object_id == str(with_problem.pk)
    assert "Removed its 4 queued decks" in entry.get_change_message()


def test_the_uploads_page_sends_its_removal_through_the_confirmation(staff_client, with_problem):
    html = staff_client.get(change_url(with_problem)).content.decode()
    assert 'name="action" value="remove_decks"' in html and f'name="_selected_action" value="{with_problem.pk}"' in html
    response = staff_client.post(LIST, {"action": "remove_decks", "_selected_action": with_problem.pk})
    assert "Yes, remove 5 decks" in response.content.decode()


def test_staff_without_the_removal_permission_cannot_remove(client, django_user_model, with_problem):
    from django.contrib.auth.models import Permission

    viewer = django_user_model.objects.create_user("vera", password="x", is_staff=True)
    viewer.user_permissions.set(Permission.objects.filter(codename__in=["view_upload", "view_deck"]))
    client.force_login(viewer)
    html = client.get(change_url(with_problem)).content.decode()
    assert "Remove its" not in html and 'value="remove_decks"' not in client.get(LIST).content.decode()
    act(client, "remove_decks", [with_problem], post="yes")
    assert added_decks(with_problem).filter(status=Deck.Status.QUEUED).count() == 5
    assert client.get(f"{LIST}{with_problem.pk}/download/").status_code == 200  # viewing is theirs


def test_uploads_are_read_only(staff_client, with_problem):
    html = staff_client.get(change_url(with_problem)).content.decode()
    assert 'name="_save"' not in html and 'value="delete_selected"' not in staff_client.get(LIST).content.decode()
    assert staff_client.get(f"{LIST}add/").status_code == 403
    assert staff_client.post(f"{LIST}{with_problem.pk}/delete/", {"post": "yes"}).status_code == 403
    assert Upload.objects.filter(pk=with_problem.pk).exists()


def test_one_file_downloads_as_sent(staff_client, clean):
    response = staff_client.get(f"{LIST}{clean.pk}/download/")
    assert response["Content-Type"] == "application/octet-stream"
    assert response["Content-Disposition"] == 'attachment; filename="monday.lin"'
    assert b"".join(response.streaming_content) == fixture("four_boards.lin")


def test_several_files_download_as_a_zip(staff_client, with_problem):
    response = staff_client.get(f"{LIST}{with_problem.pk}/download/")
    assert response["Content-Type"] == "application/zip"
    assert f'filename="upload-{with_problem.pk}.zip"' in response["Content-Disposition"]
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    assert archive.namelist() == ["club.pbn", "bad.pbn"]
    assert archive.read("bad.pbn") == fixture("board_2_bad.pbn")


def test_the_download_action_puts_each_upload_in_its_folder(staff_client, game, host, with_problem, clean):
    twice = staged(game, host, [("same.pbn", pbn([random_deal()])), ("same.pbn", pbn([random_deal()]))])
    response = act(staff_client, "download_files", [with_problem, clean, twice])
    archive = zipfile.ZipFile(io.BytesIO(b"".join(response.streaming_content)))
    assert sorted(archive.namelist()) == sorted(
        [
            f"upload-{with_problem.pk}/club.pbn",
            f"upload-{with_problem.pk}/bad.pbn",
            f"upload-{clean.pk}/monday.lin",
            f"upload-{twice.pk}/same.pbn",
            f"upload-{twice.pk}/2-same.pbn",
        ]
    )
    assert archive.read(f"upload-{clean.pk}/monday.lin") == fixture("four_boards.lin")


def test_a_download_action_on_one_single_file_upload_gives_the_file(staff_client, clean):
    response = act(staff_client, "download_files", [clean])
    assert response["Content-Disposition"] == 'attachment; filename="monday.lin"'


def test_a_download_past_the_limit_is_refused_with_a_message(staff_client, with_problem, monkeypatch):
    monkeypatch.setattr("games.admin.uploads.DOWNLOAD_LIMIT", 100)
    response = staff_client.get(f"{LIST}{with_problem.pk}/download/", follow=True)
    assert "one download holds at most 100 bytes" in response.content.decode()


@pytest.mark.parametrize("object_id", ["99999999999999999999", "9" * 5000, "²", "0", "x"])
def test_downloading_no_upload_is_a_404(staff_client, object_id):
    assert staff_client.get(f"{LIST}{object_id}/download/").status_code == 404


def test_players_cannot_download(other_client, clean):
    response = other_client.get(f"{LIST}{clean.pk}/download/")
    assert response.status_code == 302 and "/admin/login/" in response.url
