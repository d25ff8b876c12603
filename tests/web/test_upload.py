"""The Upload Decks page: who may use it, and upload -> preview -> add without JavaScript."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Deck
from games.models.upload import Upload
from tests.fixtures_upload import FOUR_BOARDS_LIN, THREE_BOARDS_PBN, upload_file

pytestmark = pytest.mark.django_db


def send(client, game, *names, text: str = "", **extra):
    files = [upload_file(name) for name in names]
    return client.post(reverse("upload", args=[game.pk]), {"files": files, "text": text}, **extra)


def staged(game) -> Upload:
    return Upload.objects.get(game=game)


def test_the_host_sees_the_upload_panel(host_client, game):
    response = host_client.get(reverse("upload", args=[game.pk]))
    assert response.status_code == 200
    html = response.text
    assert "Upload Decks" in html
    assert "Click to Choose File(s)…" in html
    assert 'type="file"' in html and "multiple" in html
    assert 'accept=".lin,.pbn,.txt,.xml,.dup,.bri,.dge,.dlm,.rbn,.rbx,.dlr"' in html
    assert 'enctype="multipart/form-data"' in html and 'hx-encoding="multipart/form-data"' in html
    assert "<progress" in html and "games/upload.js" in html
    assert "Up to 20 files, 5 MB per file" in html


def test_it_sends_anonymous_visitors_to_log_in(client, game):
    response = client.get(reverse("upload", args=[game.pk]))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert client.post(reverse("upload", args=[game.pk])).status_code == 302


def test_it_checks_ownership(other_client, game):
    assert other_client.get(reverse("upload", args=[game.pk])).status_code == 404
    assert send(other_client, game, "three_boards.pbn").status_code == 404
    assert not Upload.objects.exists()


def test_it_hides_another_hosts_upload(host_client, other_user, game):
    send(host_client, game, "three_boards.pbn")
    token = staged(game).token
    other_client = Client()  # host_client and other_client share pytest-django's one client
    other_client.force_login(other_user)
    assert other_client.get(reverse("upload_preview", args=[game.pk, token])).status_code == 404
    assert other_client.post(reverse("upload_add", args=[game.pk, token])).status_code == 404
    assert game.queued().count() == 0


def test_an_upload_belongs_to_its_game(host_client, host, game):
    from games.models import Game

    other_game = Game.objects.create(host=host, name="Another", allow_upload=True)
    send(host_client, game, "three_boards.pbn")
    token = staged(game).token
    assert host_client.get(reverse("upload_preview", args=[other_game.pk, token])).status_code == 404
    assert host_client.post(reverse("upload_add", args=[other_game.pk, token])).status_code == 404


def test_staff_may_upload_to_any_game(staff_client, game):
    response = send(staff_client, game, "three_boards.pbn", follow=True)
    assert "Add Decks to Game (3)" in response.text


def test_it_refuses_a_game_whose_rules_do_not_allow_upload(host_client, game_without_upload):
    response = host_client.get(reverse("upload", args=[game_without_upload.pk]))
    assert response.status_code == 403
    assert "Deck upload is not allowed in this game" in response.text
    assert "“Allow deck upload” set to No" in response.text
    response = send(host_client, game_without_upload, "three_boards.pbn")
    assert response.status_code == 403
    assert not Upload.objects.exists()


def test_it_refuses_to_add_once_the_rules_forbid_upload(host_client, game):
    send(host_client, game, "three_boards.pbn")
    game.allow_upload = False
    game.save()
    response = host_client.post(reverse("upload_add", args=[game.pk, staged(game).token]))
    assert response.status_code == 403
    assert game.queued().count() == 0


def test_it_checks_csrf_on_every_post(host, game):
    client = Client(enforce_csrf_checks=True)
    client.force_login(host)
    assert send(client, game, "three_boards.pbn").status_code == 403
    assert not Upload.objects.exists()
    upload = Upload.stage(game, host, [("a.pbn", b"")])
    assert client.post(reverse("upload_add", args=[game.pk, upload.token])).status_code == 403


def test_upload_stages_the_files_and_redirects_to_the_preview(host_client, game):
    response = send(host_client, game, "four_boards.lin", "three_boards.pbn")
    upload = staged(game)
    assert response.status_code == 302
    assert response["Location"] == reverse("upload_preview", args=[game.pk, upload.token])
    assert [(f.name, f.size > 0) for f in upload.files.all()] == [("four_boards.lin", True), ("three_boards.pbn", True)]
    assert game.queued().count() == 0  # nothing joins the queue before "Add Decks to Game"


def test_the_preview_lists_each_file_and_every_deck(host_client, game):
    response = send(host_client, game, "four_boards.lin", "three_boards.pbn", "board_2_bad.pbn", follow=True)
    html = response.text
    assert "Add Decks to Game (9)" in html
    assert "four_boards.lin" in html and "three_boards.pbn" in html and "board_2_bad.pbn" in html
    assert html.count('<li class="deck') == 9
    assert "line 11, board 2: North has 12 cards" in html
    assert "Auction: 1NT P 3NT P P P" in html
    assert "Dealer East" in html and "Vul E-W" in html


def test_a_deal_without_a_board_number_is_named_by_its_place_once(host_client, game):
    """A deal with no [Board] tag is "deal 2" of its file, said once beside its line."""
    text = (
        '[Deal "N:AKQ2.J2.T98.7654 JT9.AK8.AKQ7.J32 8765.QT9.J65.AKQ 43.76543.432.T98"]\n\n'
        '[Deal "N:AKQ2.J2.T98.765 JT9.AK8.AKQ7.J32 8765.QT9.J65.AKQ 43.76543.432.T98"]\n'
    )
    html = send(host_client, game, text=text, follow=True).text
    assert "line 3, deal 2: North has 12 cards" in html
    assert "(line 3)" not in html


def test_adding_puts_the_decks_at_the_end_of_the_queue_in_file_order(host_client, host, game):
    from games.formats import read_decks
    from tests.fixtures_upload import fixture

    game.add_decks(read_decks(fixture("pbn_inside.csv"), "pbn_inside.csv").decks, source_name="first.pbn")
    send(host_client, game, "four_boards.lin", "three_boards.pbn")
    response = host_client.post(reverse("upload_add", args=[game.pk, staged(game).token]), follow=True)
    assert response.status_code == 200
    deals = list(game.queued().values_list("deal", flat=True))
    assert deals[1:] == FOUR_BOARDS_LIN + THREE_BOARDS_PBN
    assert "7 decks added; the next deal uses board 7 of first.pbn." in response.text
    names = list(game.queued().values_list("source_name", flat=True))
    assert names[1:] == ["four_boards.lin"] * 4 + ["three_boards.pbn"] * 3
    assert set(Deck.objects.filter(source_name="four_boards.lin").values_list("uploaded_by", flat=True)) == {host.pk}


def test_the_added_page_names_the_next_board_and_links_back(host_client, game):
    send(host_client, game, "three_boards.pbn")
    response = host_client.post(reverse("upload_add", args=[game.pk, staged(game).token]), follow=True)
    assert "3 decks added; the next deal uses board 1 of three_boards.pbn." in response.text
    assert f'href="{reverse("game", args=[game.pk])}"' in response.text


def test_a_double_click_adds_the_decks_once(host_client, game):
    send(host_client, game, "three_boards.pbn")
    url = reverse("upload_add", args=[game.pk, staged(game).token])
    host_client.post(url)
    second = host_client.post(url)
    assert second.status_code == 200
    assert "These decks were already added." in second.text
    assert game.queued().count() == 3
    assert staged(game).added_count == 3


def test_add_needs_post(host_client, game):
    send(host_client, game, "three_boards.pbn")
    assert host_client.get(reverse("upload_add", args=[game.pk, staged(game).token])).status_code == 405


def test_an_expired_upload_is_gone(host_client, game):
    from datetime import timedelta

    from django.utils import timezone

    send(host_client, game, "three_boards.pbn")
    Upload.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    token = staged(game).token
    assert host_client.get(reverse("upload_preview", args=[game.pk, token])).status_code == 404
    assert host_client.post(reverse("upload_add", args=[game.pk, token])).status_code == 404
    assert game.queued().count() == 0


def test_a_missing_upload_is_404(host_client, game):
    token = "00000000-0000-0000-0000-000000000000"
    assert host_client.get(reverse("upload_preview", args=[game.pk, token])).status_code == 404


def test_pasted_deals_are_read_like_a_file(host_client, game):
    text = "md|3SAKQJHAKQJDAKQJCA,S2345H2345D2345C2,S6789H6789D6789C3,|\n"
    response = host_client.post(reverse("upload", args=[game.pk]), {"text": text}, follow=True)
    assert "pasted deals" in response.text and "Add Decks to Game (1)" in response.text


def test_a_pasted_handviewer_link_is_read(host_client, game):
    link = (
        "https://www.bridgebase.com/tools/handviewer.html?lin=md%7C3SAKQJHAKQJDAKQJCA%2C"
        "S2345H2345D2345C2%2CS6789H6789D6789C3%2C%7C"
    )
    response = host_client.post(reverse("upload", args=[game.pk]), {"text": link}, follow=True)
    assert "Add Decks to Game (1)" in response.text, response.text


def test_files_and_pasted_text_go_together(host_client, game):
    text = '[Deal "N:AKQJ.AKQJ.AKQJ.A 2345.2345.2345.2 6789.6789.6789.3 T.T.T.KQJT987654"]\n'
    response = send(host_client, game, "three_boards.pbn", text=text, follow=True)
    assert "Add Decks to Game (4)" in response.text


def test_the_panel_links_back_to_uploads_not_added_yet(host_client, game):
    send(host_client, game, "three_boards.pbn", "four_boards.lin")
    response = host_client.get(reverse("upload", args=[game.pk]))
    assert "Uploaded but not added yet:" in response.text
    assert f'href="{reverse("upload_preview", args=[game.pk, staged(game).token])}"' in response.text
    assert "three_boards.pbn, four_boards.lin" in response.text
    host_client.post(reverse("upload_add", args=[game.pk, staged(game).token]))
    assert "Uploaded but not added yet:" not in host_client.get(reverse("upload", args=[game.pk])).text


def test_adding_reads_the_game_and_the_host_once_and_makes_no_savepoint_of_its_own(host_client, game):
    """The request's game and host are the upload's (no query for either), the game's row is
    locked once, and the append joins the add's transaction instead of a savepoint."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    send(host_client, game, "three_boards.pbn")
    url = reverse("upload_add", args=[game.pk, staged(game).token])
    with CaptureQueriesContext(connection) as queries:
        response = host_client.post(url, HTTP_HX_REQUEST="true")
    assert "3 decks added" in response.text and game.queued().count() == 3
    sql = [q["sql"] for q in queries.captured_queries]
    assert sum('FROM "games_game"' in s for s in sql) == 2, sql  # the host's check, then the lock
    assert sum('FROM "auth_user"' in s for s in sql) == 1, sql  # the signed-in user, once
    assert sum(s.startswith("SAVEPOINT") for s in sql) <= 1, sql  # (the test's own transaction makes add's one)
