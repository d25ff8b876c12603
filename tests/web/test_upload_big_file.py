"""A 10,000-board PBN file goes through upload -> preview -> add (timings: bench/web.py)."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from games.models.upload import Upload
from tests.builders.decks import plain_pbn
from tests.fixtures_upload import upload_file

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
BOARDS = 10_000


def timed(action):
    start = time.perf_counter()
    result = action()
    return result, time.perf_counter() - start


@pytest.fixture
def big_upload(host_client, game):
    """Upload a 10,000-board file (no JavaScript: post, redirect, preview); the response and its time."""
    upload_url = reverse("upload", args=[game.pk])
    host_client.post(upload_url, {"files": [upload_file("three_boards.pbn")]}, follow=True)  # warm up
    Upload.objects.all().delete()
    data = plain_pbn(BOARDS)
    return timed(lambda: host_client.post(upload_url, {"files": [upload_file("big.pbn", data)]}, follow=True))


def test_a_10000_board_file_previews_one_page_of_decks(big_upload):
    response, _seconds = big_upload
    assert f"Add Decks to Game ({BOARDS})" in response.text
    assert response.text.count('<li class="deck') == 50  # one page, not 10,000 rows


def test_all_10000_decks_are_added_at_once(big_upload, host_client, game):
    token = Upload.objects.get().token
    response, _seconds = timed(lambda: host_client.post(reverse("upload_add", args=[game.pk, token]), follow=True))
    assert f"{BOARDS} decks added" in response.text
    assert game.queued().count() == BOARDS
