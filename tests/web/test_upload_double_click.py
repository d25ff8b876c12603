"""Two "Add Decks to Game" clicks at the same moment add the decks once."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from games.models.upload import Upload
from tests.fixtures_upload import THREE_BOARDS_PBN, fixture


@pytest.mark.queue
@pytest.mark.django_db(transaction=True)
def test_simultaneous_adds_add_the_decks_once(game, host):
    upload = Upload.stage(game, host, [("three_boards.pbn", fixture("three_boards.pbn"))])
    start = threading.Barrier(4)
    outcomes: list[int | None] = []

    def click() -> None:
        try:
            start.wait()
            outcomes.append(Upload.objects.get(pk=upload.pk).add_to_game())
        finally:
            connection.close()

    threads = [threading.Thread(target=click) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes, key=lambda n: n is None) == [3, None, None, None]
    assert list(game.queued().values_list("deal", flat=True)) == THREE_BOARDS_PBN
