"""The preview: large files paged, duplicates flagged, and the htmx partials."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse

from games.bridge.cards import random_deal
from games.models.upload import Upload
from tests.fixtures_upload import FOUR_BOARDS_LIN, THREE_BOARDS_PBN, fixture, pbn, upload_file

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def deals(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [random_deal(rng) for _ in range(count)]


def send(client, game, *files, **extra):
    return client.post(reverse("upload", args=[game.pk]), {"files": list(files)}, **extra)


def preview_url(game) -> str:
    return reverse("upload_preview", args=[game.pk, Upload.objects.get(game=game).token])


def test_a_large_file_shows_its_first_fifty_decks_and_page_links(host_client, game):
    send(host_client, game, upload_file("big.pbn", pbn(deals(120))))
    response = host_client.get(preview_url(game))
    html = response.text
    assert "Add Decks to Game (120)" in html
    assert html.count('<li class="deck') == 50
    assert "Decks 1–50 of 120" in html
    assert f'href="{preview_url(game)}?file=0&amp;page=2#file-0"' in html
    assert f'hx-get="{preview_url(game)}?file=0&amp;page=3"' in html


def test_page_links_work_without_htmx(host_client, game):
    big = deals(120)
    send(host_client, game, upload_file("small.lin", fixture("four_boards.lin")), upload_file("big.pbn", pbn(big)))
    response = host_client.get(preview_url(game), {"file": 1, "page": 3})
    html = response.text
    assert "<html" in html
    assert "Decks 101–120 of 120" in html and "Decks 1–4 of 4" in html
    assert html.count('<li class="deck') == 4 + 20


def test_page_links_with_htmx_answer_with_that_file_only(host_client, game):
    small, big = upload_file("small.lin", fixture("four_boards.lin")), upload_file("big.pbn", pbn(deals(120)))
    send(host_client, game, small, big)
    response = host_client.get(preview_url(game), {"file": 1, "page": 2}, **HTMX)
    html = response.text
    assert "<html" not in html and "Add Decks to Game" not in html
    assert html.lstrip().startswith('<section id="file-1"')
    assert "Decks 51–100 of 120" in html
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_a_page_for_a_missing_file_is_404(host_client, game):
    send(host_client, game, upload_file("three_boards.pbn"))
    assert host_client.get(preview_url(game), {"file": 5, "page": 1}, **HTMX).status_code == 404


def test_a_page_out_of_range_shows_the_last_page(host_client, game):
    send(host_client, game, upload_file("big.pbn", pbn(deals(60))))
    response = host_client.get(preview_url(game), {"file": 0, "page": 99})
    assert "Decks 51–60 of 60" in response.text


def test_many_problems_are_folded(host_client, game):
    bad = "\n".join(f'[Board "{n}"]\n[Deal "N:AKQ.AKQ.AKQ.AKQ - - -"]\n' for n in range(1, 251))
    data = bad.encode() + b"\n" + pbn(THREE_BOARDS_PBN)
    response = send(host_client, game, upload_file("bad.pbn", data), follow=True)
    assert "Add Decks to Game (3)" in response.text
    assert "… and 150 more problems" in response.text


def test_decks_already_queued_are_flagged_and_left_out(host_client, game):
    from games.formats import read_decks

    game.add_decks(read_decks(fixture("three_boards.pbn"), "earlier.pbn").decks[1:2], source_name="earlier.pbn")
    response = send(host_client, game, upload_file("three_boards.pbn"), follow=True)
    html = response.text
    assert "Add Decks to Game (2)" in html
    assert "Duplicate (already queued in this game): add it anyway" in html
    assert 'name="include" value="0-1"' in html
    host_client.post(reverse("upload_add", args=[game.pk, Upload.objects.get().token]))
    assert list(game.queued().values_list("deal", flat=True)) == [
        THREE_BOARDS_PBN[1],
        THREE_BOARDS_PBN[0],
        THREE_BOARDS_PBN[2],
    ]


def test_a_ticked_duplicate_is_added(host_client, game):
    from games.formats import read_decks

    game.add_decks(read_decks(fixture("three_boards.pbn"), "earlier.pbn").decks[1:2])
    send(host_client, game, upload_file("three_boards.pbn"))
    host_client.post(reverse("upload_add", args=[game.pk, Upload.objects.get().token]), {"include": ["0-1"]})
    assert game.queued().count() == 4
    assert list(game.queued().values_list("deal", flat=True))[1:] == THREE_BOARDS_PBN


def test_decks_repeated_within_the_upload_are_flagged(host_client, game):
    response = send(
        host_client,
        game,
        upload_file("a.pbn", fixture("three_boards.pbn")),
        upload_file("b.pbn", fixture("three_boards.pbn")),
        follow=True,
    )
    html = response.text
    assert "Add Decks to Game (3)" in html
    assert "Duplicate (same deal as board 1 of a.pbn): add it anyway" in html
    assert html.count('name="include"') == 3


def test_add_all_duplicates_too(host_client, game):
    send(
        host_client,
        game,
        upload_file("a.pbn", fixture("three_boards.pbn")),
        upload_file("b.pbn", fixture("three_boards.pbn")),
    )
    host_client.post(reverse("upload_add", args=[game.pk, Upload.objects.get().token]), {"include_all": "on"})
    assert list(game.queued().values_list("deal", flat=True)) == THREE_BOARDS_PBN * 2


def test_only_duplicates_and_none_ticked_adds_nothing_and_says_so(host_client, game):
    from games.formats import read_decks

    game.add_decks(read_decks(fixture("three_boards.pbn"), "earlier.pbn").decks)
    send(host_client, game, upload_file("three_boards.pbn"))
    token = Upload.objects.get().token
    response = host_client.post(reverse("upload_add", args=[game.pk, token]))
    assert "No decks were chosen: every deck is a duplicate." in response.text
    assert "Add Decks to Game (0)" in response.text
    assert game.queued().count() == 3 and Upload.objects.get().added_at is None


def test_ticked_duplicates_on_other_pages_are_kept_while_paging(host_client, game):
    many = deals(60)
    send(host_client, game, upload_file("a.pbn", pbn(many)), upload_file("b.pbn", pbn(many)))
    response = host_client.get(preview_url(game), {"file": 1, "page": 2, "include": ["1-3", "1-55"]}, **HTMX)
    html = response.text
    assert '<input type="hidden" name="include" value="1-3">' in html
    assert 'name="include" value="1-55" checked' in html


def test_a_malformed_choice_is_refused(host_client, game):
    send(host_client, game, upload_file("three_boards.pbn"))
    response = host_client.post(
        reverse("upload_add", args=[game.pk, Upload.objects.get().token]), {"include": ["nonsense"]}
    )
    assert response.status_code == 400
    assert game.queued().count() == 0


def test_with_htmx_the_upload_answers_with_the_results_partial(host_client, game):
    response = send(host_client, game, upload_file("four_boards.lin"), **HTMX)
    assert response.status_code == 200
    html = response.text
    assert "<html" not in html and html.lstrip().startswith('<section id="upload-results"')
    assert "Add Decks to Game (4)" in html
    assert response["HX-Push-Url"] == preview_url(game)


def test_with_htmx_errors_come_in_the_results_partial(host_client, game):
    response = send(host_client, game, upload_file("empty.pbn", b""), **HTMX)
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section id="upload-results"')
    assert "empty.pbn is empty" in response.text
    assert not Upload.objects.exists()


def test_with_htmx_add_answers_with_the_confirmation(host_client, game):
    send(host_client, game, upload_file("four_boards.lin"))
    url = reverse("upload_add", args=[game.pk, Upload.objects.get().token])
    response = host_client.post(url, **HTMX)
    assert response.status_code == 200
    assert "<html" not in response.text
    assert "4 decks added; the next deal uses board 1 of four_boards.lin." in response.text
    assert "These decks were already added." in host_client.post(url, **HTMX).text
    assert list(game.queued().values_list("deal", flat=True)) == FOUR_BOARDS_LIN


def test_a_history_restore_gets_the_whole_page(host_client, game):
    send(host_client, game, upload_file("four_boards.lin"))
    response = host_client.get(preview_url(game), HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in response.text


def test_the_preview_after_adding_shows_the_confirmation(host_client, game):
    send(host_client, game, upload_file("four_boards.lin"))
    host_client.post(reverse("upload_add", args=[game.pk, Upload.objects.get().token]))
    response = host_client.get(preview_url(game))
    assert "4 decks added" in response.text and "Add Decks to Game" not in response.text


def test_each_problem_links_to_its_entry_on_the_help_page(host_client, game):
    send(host_client, game, upload_file("board_2_bad.pbn", fixture("board_2_bad.pbn")))
    html = host_client.get(preview_url(game)).text
    help_page = host_client.get(reverse("help_upload")).text
    links = [part.split('"')[0] for part in html.split('class="problem-help" href="')[1:]]
    assert links, "the problem has no help link"
    for link in links:
        path, anchor = link.split("#")
        assert path == reverse("help_upload")
        assert anchor != "problem-other"  # a specific entry, not the catch-all
        assert f'id="{anchor}"' in help_page
