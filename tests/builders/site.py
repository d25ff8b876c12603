"""The review desk's site at any size, and its list pages fetched as a superuser.

``build_site`` adds users, games, queued decks, uploads and dealt boards with bulk inserts;
``measure`` fetches a page once with its queries counted, then times it. The test that
holds the list pages to the same queries and sizes on a small and a big site
(tests/web/test_admin_scale.py) and ``python -m bench.admin_lists`` both use them.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from datetime import timedelta

SCALE = 20_000
SMALL_USERS, PAGE = 5, 50  # the small site: a handful of users, one page (ReviewAdmin.list_per_page) of each list
BATCH = 2_000
PAGES = [
    ("decks", "/admin/games/deck/"),
    ("decks, searched", "/admin/games/deck/?q=club"),
    ("decks of one uploader", "/admin/games/deck/?uploaded_by=user"),
    ("games", "/admin/games/game/"),
    ("uploads", "/admin/games/upload/"),
    ("uploads, searched", "/admin/games/upload/?q=club"),
    ("uploads with problems", "/admin/games/upload/?problems=yes"),
    ("dealt boards", "/admin/games/dealtboard/"),
]
GOOD = b'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "%s"]\n'
BAD = b'[Board "1"]\n[Deal "N:AKQJ.AKQJ.AKQJ.A 2345.2345.2345.2 6789.6789.6789.3 T.T.T.KQJT98765"]\n'  # West: 12


@dataclass(frozen=True, slots=True)
class Page:
    status: int
    size: int  # bytes of HTML
    queries: int
    seconds: float


def build_site(users: int, rows: int) -> None:
    """Add ``users`` users and ``rows`` games (hosted in turn by them), each with a queued
    deck, an added upload of one file (every tenth with a problem) and a dealt board."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.bridge.cards import random_deal
    from games.formats.stored import result_to_json
    from games.models import DealtBoard, Deck, Game, Upload, UploadFile
    from games.models.upload import read_file

    User = get_user_model()
    start = User.objects.count()
    hosts = User.objects.bulk_create(
        [User(username=f"user{start + i:06d}", password="!") for i in range(users)], batch_size=BATCH
    )
    games = Game.objects.bulk_create(
        [Game(host=hosts[i % users], name=f"Practice {i:06d}") for i in range(rows)], batch_size=BATCH
    )
    now = timezone.now()
    deals = [random_deal() for _ in range(rows)]
    Deck.objects.bulk_create(
        [
            Deck(
                game=game,
                position=0,
                deal=deal,
                dealer="N",
                vul="None",
                board="1",
                board_name="Board 1",
                source_name=f"club-{i:06d}.pbn",
                source_format="pbn",
                source_text=(GOOD % deal.encode()).decode(),
                uploaded_by_id=game.host_id,
                uploaded_at=now,
            )
            for i, (game, deal) in enumerate(zip(games, deals))
        ],
        batch_size=BATCH,
    )
    uploads = Upload.objects.bulk_create(
        [
            Upload(
                game=game,
                host_id=game.host_id,
                created_at=now - timedelta(minutes=1),
                added_at=now,
                added_count=1,
                found_count=1,
                problem_count=int(i % 10 == 9),
            )  # every tenth file has a problem (below)
            for i, game in enumerate(games)
        ],
        batch_size=BATCH,
    )
    good, bad = GOOD % deals[0].encode(), BAD
    results = {data: result_to_json(read_file("club.pbn", data)) for data in (good, bad)}
    files = []
    for i, upload in enumerate(uploads):
        data = bad if i % 10 == 9 else good
        files.append(
            UploadFile(
                upload=upload,
                position=0,
                name=f"club-{i:06d}.pbn",
                size=len(data),
                data=data,
                result={**results[data], "name": f"club-{i:06d}.pbn"},
            )
        )
    UploadFile.objects.bulk_create(files, batch_size=BATCH)
    DealtBoard.objects.bulk_create(
        [
            DealtBoard(game=game, number=1, board_number=1, deal=deal, dealer="N", vul="None", dealt_by_id=game.host_id)
            for game, deal in zip(games, reversed(deals))
        ],
        batch_size=BATCH,
    )


def staff_client():
    from django.contrib.auth import get_user_model
    from django.test import Client

    user, _ = get_user_model().objects.get_or_create(
        username="bench-staff", defaults={"is_staff": True, "is_superuser": True}
    )
    client = Client()
    client.force_login(user)
    return client


def measure(client, url: str, repeat: int = 1) -> Page:
    """The page once with its queries counted, then its median time over ``repeat`` more."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    count = len(queries)  # now: the next request clears the connection's log
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - started)
    return Page(response.status_code, len(response.content), count, statistics.median(times or [0.0]))
