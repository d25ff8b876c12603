"""Deleting a game from the site: a page that counts what goes with it, then a POST that
deletes all of it in one transaction (everything the admin's delete would take), for the
game's manager only; a GET, a refused POST or a delete that fails halfway deletes nothing.

``full`` is a Join game with some of everything: decks added by an upload and by hand,
two dealt boards (one played to the end and revealed), a deck taken out of the queue, an
upload still staged, two seated players and a PDF made for it. ``kept`` is another game
of the same host, which must come through untouched.
"""

from __future__ import annotations

import pytest
from django.contrib.admin.utils import NestedObjects
from django.db import DEFAULT_DB_ALIAS
from django.db.models.signals import post_delete
from django.test import Client
from django.urls import reverse

from games.models import BoardPlay, BoardReveal, DealtBoard, Deck, Game, Job, JoinTable, Seat, Upload, UploadFile
from games.models.removal import contents_of, delete_game
from tests.fixtures_upload import fixture
from tests.playing import call

pytestmark = pytest.mark.django_db


@pytest.fixture
def full(host, other_user, queue_decks) -> Game:
    game = Game.objects.create(host=host, name="Friday four", game_type=Game.Type.JOIN)
    table = JoinTable.for_game(game)
    table.take_seat(host, "N")
    table.take_seat(other_user, "E")
    assert Upload.stage(game, host, [("three.pbn", fixture("three_boards.pbn"))]).add_to_game() == 3
    queue_decks(game, 3, start=4)
    first = game.deal_next(by=host)
    call(BoardPlay.start(first, BoardPlay.Mode.TABLE), "P", "P", "P", "P")
    BoardReveal.objects.create(board=first, table=table, revealed_by=host)
    game.deal_next(by=host)
    game.remove_deck(game.queued().last().pk)
    Upload.stage(game, host, [("later.pbn", fixture("three_boards.pbn")), ("more.lin", fixture("four_boards.lin"))])
    Job.objects.create(user=host, game=game, kind=Job.Kind.PDF, status=Job.Status.DONE, result=b"%PDF")
    return game


@pytest.fixture
def kept(host, queue_decks) -> Game:
    game = Game.objects.create(host=host, name="Kept")
    queue_decks(game, 2)
    game.deal_next(by=host)
    Upload.stage(game, host, [("kept.pbn", fixture("three_boards.pbn"))])
    return game


def rows(game: Game) -> dict[str, int]:
    """Every kind of row that belongs to ``game``, counted."""
    return {
        "game": Game.objects.filter(pk=game.pk).count(),
        "decks": Deck.objects.filter(game_id=game.pk).count(),
        "boards": DealtBoard.objects.filter(game_id=game.pk).count(),
        "played": BoardPlay.objects.filter(board__game_id=game.pk).count(),
        "reveals": BoardReveal.objects.filter(board__game_id=game.pk).count(),
        "uploads": Upload.objects.filter(game_id=game.pk).count(),
        "files": UploadFile.objects.filter(upload__game_id=game.pk).count(),
        "join_table": JoinTable.objects.filter(game_id=game.pk).count(),
        "seats": Seat.objects.filter(game_id=game.pk).count(),
        "jobs": Job.objects.filter(game_id=game.pk).count(),
    }


FULL = {
    "game": 1,
    "decks": 6,
    "boards": 2,
    "played": 1,
    "reveals": 1,
    "uploads": 2,
    "files": 3,
    "join_table": 1,
    "seats": 2,
    "jobs": 1,
}


def url(game: Game) -> str:
    return reverse("game_delete", args=[game.pk])


def test_the_fixture_has_some_of_everything(full):
    assert rows(full) == FULL


def test_the_page_counts_what_goes_with_the_game(host_client, full, kept):
    response = host_client.get(url(full))
    html = response.text
    assert response.status_code == 200 and "Delete “Friday four”?" in html
    assert "3 queued decks (and the 2 uploaded decks already dealt, 1 taken out of the queue)" in html
    assert "2 dealt boards" in html
    assert "1 board played at the table, with its result" in html
    assert "2 staged uploads (3 files)" in html
    assert "the Join table: its 2 seats taken by players, and its invite link" in html
    assert "1 hand-record PDF or analysis made for it" in html
    assert 'method="post"' in html and "csrfmiddlewaretoken" in html
    assert rows(full) == FULL  # looking deletes nothing


def test_a_practice_game_has_no_table_to_mention(host_client, game, queue_decks):
    queue_decks(game, 1)
    html = host_client.get(url(game)).text
    assert "1 queued deck<" in html and "0 dealt boards" in html and "Join table" not in html


def test_the_host_deletes_the_game_and_everything_in_it(host_client, full, kept):
    before_kept = rows(kept)
    response = host_client.post(url(full), follow=True)
    assert response.redirect_chain == [("/", 302)]
    assert "Game “Friday four” deleted, with its 6 decks and 2 dealt boards." in response.text
    assert rows(full) == dict.fromkeys(FULL, 0)
    assert rows(kept) == before_kept
    assert "Kept" in response.text and "Friday four" not in response.text.split("</ul>", 1)[1]


def test_it_deletes_all_that_the_admins_delete_would(host_client, full):
    """The admin lists what its delete takes with Django's NestedObjects: none of it is left."""
    collector = NestedObjects(using=DEFAULT_DB_ALIAS)
    collector.collect([full])
    admin_would = [(type(obj), obj.pk) for obj in collector.nested(lambda obj: obj) for obj in _flat(obj)]
    assert len(admin_would) >= sum(FULL.values())
    host_client.post(url(full))
    for model, pk in admin_would:
        assert not model.objects.filter(pk=pk).exists(), f"{model.__name__} {pk} is left"


def _flat(nested):
    if isinstance(nested, list):
        for item in nested:
            yield from _flat(item)
    else:
        yield nested


def test_a_delete_that_fails_halfway_deletes_nothing(full, kept):
    """The game's row goes last: a failure right after it must bring back the decks, the
    boards, the uploads, the table and all else deleted before it."""
    deleted = []

    def fail(sender, instance, **kwargs):
        deleted.append(rows(full))
        raise RuntimeError("the disk is full")

    post_delete.connect(fail, sender=Game)
    try:
        with pytest.raises(RuntimeError):
            delete_game(full)
    finally:
        post_delete.disconnect(fail, sender=Game)
    assert deleted == [dict.fromkeys(FULL, 0)]  # all of it had gone when the failure came
    assert rows(full) == FULL


def test_staff_who_may_change_games_delete_any(client, full, game_manager):
    client.force_login(game_manager)
    assert client.get(url(full)).status_code == 200
    response = client.post(url(full))
    assert response.status_code == 302 and response.url == "/"
    assert rows(full) == dict.fromkeys(FULL, 0)


def test_staff_without_the_permission_get_404_and_delete_nothing(client, full, django_user_model):
    client.force_login(django_user_model.objects.create_user("rita", password="x", is_staff=True))
    assert client.get(url(full)).status_code == 404
    assert client.post(url(full)).status_code == 404
    assert rows(full) == FULL


def test_another_user_gets_404_and_deletes_nothing(client, full, other_user):
    """other_user sits at the table, and still may not delete it."""
    client.force_login(other_user)
    assert client.get(url(full)).status_code == 404
    assert client.post(url(full)).status_code == 404
    assert rows(full) == FULL


def test_anonymous_visitors_are_sent_to_log_in(client, full):
    for response in (client.get(url(full)), client.post(url(full))):
        assert response.status_code == 302 and response.url.startswith("/login/?next=")
    assert rows(full) == FULL


def test_a_post_without_the_csrf_token_deletes_nothing(host, full):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(host)
    assert strict.post(url(full)).status_code == 403
    assert rows(full) == FULL


def test_a_game_deleted_in_another_tab_is_404(host_client, full):
    assert host_client.post(url(full)).status_code == 302
    assert host_client.post(url(full)).status_code == 404
    assert host_client.get(url(full)).status_code == 404


def test_the_counts_are_the_rows_that_go(full):
    contents = contents_of(full)
    assert (contents.queued, contents.dealt_decks, contents.removed, contents.decks) == (3, 2, 1, 6)
    assert (contents.boards, contents.played, contents.uploads, contents.upload_files) == (2, 1, 2, 3)
    assert (contents.join_table, contents.seats, contents.jobs) == (True, 2, 1)
