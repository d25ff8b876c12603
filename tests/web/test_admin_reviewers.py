"""The reviewer role: the "Deck reviewers" group (migration 0008), what it may and may not
do in the admin and on the site's pages, and the demo reviewer."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import Group, Permission
from django.core.management import call_command

from games.admin.reviewers import GROUP, reviewer_group
from games.management.commands.demo import REVIEWER, REVIEWER_PASSWORD
from games.models import Deck, Game, Upload
from tests.fixtures_upload import fixture

pytestmark = pytest.mark.django_db

ROLE = {"view_game", "view_deck", "view_upload", "view_dealtboard", "delete_deck"}


@pytest.fixture
def reviewer(django_user_model, password):
    user = django_user_model.objects.create_user("rita", "rita@example.com", password, is_staff=True)
    user.groups.add(Group.objects.get(name=GROUP))
    return user


@pytest.fixture
def reviewer_client(client, reviewer):
    client.force_login(reviewer)
    return client


@pytest.fixture
def upload(game, host):
    upload = Upload.stage(game, host, [("club.pbn", fixture("three_boards.pbn"))])
    upload.add_to_game()
    return upload


def codenames(group) -> set[str]:
    return set(group.permissions.values_list("codename", flat=True))


def test_the_migration_makes_the_group_with_the_role_s_permissions():
    assert codenames(Group.objects.get(name=GROUP)) == ROLE
    assert not Group.objects.get(name=GROUP).permissions.filter(codename="change_game").exists()


def test_reviewer_group_puts_the_role_right_again():
    group = Group.objects.get(name=GROUP)
    group.permissions.add(Permission.objects.get(codename="change_game"))
    group.permissions.remove(Permission.objects.get(codename="view_upload"))
    assert codenames(reviewer_group()) == ROLE
    Group.objects.filter(name=GROUP).delete()
    assert codenames(reviewer_group()) == ROLE


@pytest.mark.parametrize(
    "path", ["/admin/", "/admin/games/game/", "/admin/games/deck/", "/admin/games/upload/", "/admin/games/dealtboard/"]
)
def test_a_reviewer_opens_the_review_desk(reviewer_client, upload, path):
    assert reviewer_client.get(path).status_code == 200


def test_a_reviewer_reads_games_decks_and_uploads_without_changing_them(reviewer_client, game, upload):
    deck = game.queued().first()
    for path in (
        f"/admin/games/game/{game.pk}/change/",
        f"/admin/games/deck/{deck.pk}/change/",
        f"/admin/games/upload/{upload.pk}/change/",
    ):
        response = reviewer_client.get(path)
        assert response.status_code == 200 and 'name="_save"' not in response.content.decode(), path
    response = reviewer_client.post(f"/admin/games/game/{game.pk}/change/", {"name": "Renamed"})
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.name == "Tuesday practice"


def test_a_reviewer_does_not_manage_games_on_the_site(reviewer_client, game, upload):
    assert reviewer_client.get(f"/games/{game.pk}/").status_code == 404
    assert reviewer_client.post(f"/games/{game.pk}/deal/").status_code == 404
    assert game.queued().count() == 3


def test_a_reviewer_may_remove_decks_but_not_reorder_or_requeue(reviewer_client, game, upload):
    html = reviewer_client.get("/admin/games/deck/").content.decode()
    assert 'value="remove_from_queue"' in html and 'value="export_pbn"' in html
    assert 'value="move_to_front"' not in html and 'value="requeue"' not in html
    first, second, third = game.queued()
    reviewer_client.post("/admin/games/deck/", {"action": "move_to_front", "_selected_action": [third.pk]})
    assert list(game.queued()) == [first, second, third]
    reviewer_client.post("/admin/games/deck/", {"action": "remove_from_queue", "_selected_action": [second.pk]})
    assert list(game.queued()) == [first, third]
    assert 'value="remove_decks"' in reviewer_client.get("/admin/games/upload/").content.decode()


def test_staff_who_change_games_still_manage_them_on_the_site(client, django_user_model, game, upload):
    manager = django_user_model.objects.create_user("max", password="x", is_staff=True)
    manager.user_permissions.add(Permission.objects.get(codename="change_game"))
    client.force_login(manager)
    assert client.get(f"/games/{game.pk}/").status_code == 200


def demo() -> str:
    out = StringIO()
    call_command("demo", stdout=out)
    return out.getvalue()


def test_the_demo_makes_a_reviewer_and_prints_how_to_log_in(rf, django_user_model):
    output = demo()
    assert f"http://127.0.0.1:8000/admin/ as {REVIEWER} / {REVIEWER_PASSWORD}" in output
    user = authenticate(rf.post("/admin/login/"), username=REVIEWER, password=REVIEWER_PASSWORD)
    assert user is not None and user.is_staff and not user.is_superuser
    assert list(user.groups.values_list("name", flat=True)) == [GROUP]
    assert user.has_perm("games.view_upload") and not user.has_perm("games.change_game")


def test_the_demo_queue_comes_from_an_upload_with_a_problem_and_a_duplicate():
    demo()
    upload = Upload.objects.get()
    (result,) = upload.results()
    assert len(result.decks) == 7 and [p.board for p in result.problems] == ["7"]
    assert upload.added_count == 6 == Game.objects.get().queued().count()
    assert set(Deck.objects.values_list("source_name", flat=True)) == {"demo-decks.pbn"}


def test_running_the_demo_again_keeps_one_upload_and_one_reviewer(django_user_model):
    demo()
    demo()
    assert Upload.objects.count() == 1 and django_user_model.objects.filter(username=REVIEWER).count() == 1
