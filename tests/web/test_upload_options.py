"""Rotation and renumbering chosen on the preview: kept on the staged upload, shown in the
preview, applied by "Add Decks to Game"."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.bridge import rules
from games.bridge.rotate import declarer_of
from games.models import Upload
from tests.fixtures_upload import FOUR_BOARDS_LIN, THREE_BOARDS_PBN, fixture, pbn, upload_file

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def staged(host_client, game) -> Upload:
    response = host_client.post(reverse("upload", args=[game.pk]), {"files": [upload_file("four_boards.lin")]})
    assert response.status_code == 302
    return Upload.objects.get(game=game)


def options_url(upload: Upload) -> str:
    return reverse("upload_options", args=[upload.game_id, upload.token])


def test_the_preview_offers_the_choice_as_a_plain_form(host_client, staged):
    html = host_client.get(reverse("upload_preview", args=[staged.game_id, staged.token])).text
    assert f'action="{options_url(staged)}"' in html and 'name="rotation"' in html and 'name="renumber_from"' in html
    assert "South declares" in html and "This game's next new board would be 1" in html


def test_south_declares_and_renumbering_are_kept_and_added(host_client, staged, game):
    response = host_client.post(
        options_url(staged), {"rotation": "south-declares", "renumber_from": "21", "vul_follows_number": "1"}
    )
    assert response.status_code == 302 and response.url.endswith(f"/upload/{staged.token}/")
    staged.refresh_from_db()
    assert (staged.rotation, staged.renumber_from, staged.vul_follows_number) == ("south-declares", 21, True)
    html = host_client.get(response.url).text
    assert "Board 21" in html and "Board 24" in html and "Board 1<" not in html
    host_client.post(reverse("upload_add", args=[game.pk, staged.token]))
    decks = list(game.queued())
    assert [d.board for d in decks] == ["21", "22", "23", "24"]
    # board 21 of the cycle: North deals, N-S vulnerable; 22: East, E-W
    assert [(d.dealer, d.vul) for d in decks[:2]] == [("N", "NS"), ("E", "EW")]
    for deck, original in zip(decks, FOUR_BOARDS_LIN):
        parsed = deck.to_parsed()
        assert declarer_of(parsed) == "S"
        assert sorted(rules.hands(deck.deal).values()) == sorted(rules.hands(original).values())


def test_htmx_redraws_the_preview_with_the_choice(host_client, staged):
    response = host_client.post(options_url(staged), {"rotation": "180", "vul_follows_number": "0"}, headers=HX)
    html = response.text
    assert response.status_code == 200 and html.lstrip().startswith('<section id="upload-results"')
    assert 'value="180" selected' in html
    staged.refresh_from_db()
    assert staged.rotation == "180" and staged.renumber_from is None


@pytest.mark.parametrize("number", ["0", "-3", "abc", "²", "100000", "99999999999999999999"])
def test_a_bad_number_is_refused_and_nothing_changes(host_client, staged, number):
    response = host_client.post(
        options_url(staged), {"rotation": "90", "renumber_from": number, "vul_follows_number": "0"}
    )
    assert response.status_code == 400 and 'role="alert"' in response.text
    staged.refresh_from_db()
    assert (staged.rotation, staged.renumber_from) == ("0", None)


def test_the_form_as_the_page_shows_it_posts_back_unchanged(host_client, staged):
    """Every field the page renders has a value checked or filled: a plain submit changes nothing."""
    html = host_client.get(reverse("upload_preview", args=[staged.game_id, staged.token])).text
    assert 'name="vul_follows_number" value="0" id="id_vul_follows_number_0" checked' in html
    response = host_client.post(options_url(staged), {"rotation": "0", "renumber_from": ""})
    assert response.status_code == 302
    staged.refresh_from_db()
    assert (staged.rotation, staged.renumber_from, staged.vul_follows_number) == ("0", None, False)


def test_an_unknown_rotation_is_refused(host_client, staged):
    response = host_client.post(options_url(staged), {"rotation": "45", "vul_follows_number": "0"})
    assert response.status_code == 400
    staged.refresh_from_db()
    assert staged.rotation == "0"


def test_decks_without_a_contract_stay_as_they_are_and_the_preview_says_so(host_client, game):
    host_client.post(reverse("upload", args=[game.pk]), {"files": [upload_file("plain.pbn", pbn(THREE_BOARDS_PBN))]})
    staged = Upload.objects.get(game=game)
    host_client.post(options_url(staged), {"rotation": "south-declares", "vul_follows_number": "0"})
    html = host_client.get(reverse("upload_preview", args=[game.pk, staged.token])).text
    assert "3 decks with no contract or auction stay as in the file" in html
    host_client.post(reverse("upload_add", args=[game.pk, staged.token]))
    assert [d.deal for d in game.queued()] == THREE_BOARDS_PBN


def test_only_the_host_chooses(staged, other_user):
    from django.test import Client

    other_client = Client()
    other_client.force_login(other_user)
    response = other_client.post(options_url(staged), {"rotation": "90", "vul_follows_number": "0"})
    assert response.status_code == 404
    staged.refresh_from_db()
    assert staged.rotation == "0"


def test_fixture_is_the_file_the_test_reads():
    assert fixture("four_boards.lin").count(b"md|") == len(FOUR_BOARDS_LIN)
