"""python manage.py demo: a demo host with a practice game, its decks queued from a demo
upload, and a demo reviewer who may look at every upload in the admin.

The upload is a PBN file of the demo decks plus a board with a card missing and a board
repeated, so the review desk has a problem and a duplicate to show. Safe to run again:
the accounts' passwords are reset and the upload is only added to a game that has no
decks yet.
"""

from __future__ import annotations

import os

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from games.admin.reviewers import GROUP, reviewer_group
from games.models import Game, Upload

USERNAME = "demo"
PASSWORD = "demo-bridge-2026"
REVIEWER = "reviewer"
REVIEWER_PASSWORD = "review-bridge-2026"
GAME_NAME = "Demo practice table"
FILE_NAME = "demo-decks.pbn"


def site_url() -> str:
    """The address scripts/serve.sh serves on: ADDRESS (runserver's addrport: "8001",
    "0.0.0.0:8001") or PORT, the same variables it reads."""
    address = os.environ.get("ADDRESS") or os.environ.get("PORT") or "8000"
    if address.isdigit():
        address = f"127.0.0.1:{address}"
    return f"http://{address}/"


# (board, name, dealer, vul, canonical deal): valid deals, some silent on dealer/vul.
DEMO_DEALS = [
    ("1", "Opening lead problem", "N", "None", "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"),
    ("2", "Stayman or not?", "E", "NS", "N:J42.AJ98.Q852.Q5 KQ97.K43.76.KT92 A53.T2.A93.J8743 T86.Q765.KJT4.A6"),
    ("3", "A two-suiter", "S", "EW", "N:KJ763.Q984.6.A85 AT9542.J3.T9.K97 .AK7652.AJ3.J632 Q8.T.KQ87542.QT4"),
    ("4", "Slam try", "W", "All", "N:A.T98632.74.JT95 KQT96.KQ4.832.K6 853.A7.KQT9.A743 J742.J5.AJ65.Q82"),
    (
        "5",
        "Silent file: board rotation decides",
        None,
        None,
        "N:KQT53.AT7.T96.95 72.Q6543.A85.KJ8 J84.KJ82.J42.Q63 A96.9.KQ73.AT742",
    ),
    ("6", "Count your tricks", "E", "EW", "N:AT96.AQ63.642.AK 7542.97.9873.Q73 Q3.JT854.AKT.J52 KJ8.K2.QJ5.T9864"),
]
# What the reader reports and leaves out: West holds 12 cards (the 4 of clubs is nowhere),
# and board 1 again.
BROKEN = ("7", "A card short", "N", "None", "N:AKQJ.AKQJ.AKQJ.A 2345.2345.2345.2 6789.6789.6789.3 T.T.T.KQJT98765")
REPEATED = ("8", "Board 1 again", "S", "None", DEMO_DEALS[0][4])


def demo_file() -> bytes:
    """The demo upload: one PBN board per deal (the name as its Event), the broken and the
    repeated board last."""
    boards = []
    for board, name, dealer, vul, deal in [*DEMO_DEALS, BROKEN, REPEATED]:
        tags = [("Event", name), ("Board", board), ("Dealer", dealer), ("Vulnerable", vul), ("Deal", deal)]
        boards.append("".join(f'[{tag} "{value}"]\n' for tag, value in tags if value is not None))
    return "\n".join(boards).encode()


def account(username: str, password: str, *, staff: bool = False):
    user, _ = get_user_model().objects.get_or_create(username=username)
    user.set_password(password)
    user.is_staff = staff
    user.save()
    return user


class Command(BaseCommand):
    help = "Create (or refresh) the demo host, its practice game with decks queued, and the demo reviewer."

    def handle(self, *args, **options) -> None:
        with transaction.atomic():
            host = account(USERNAME, PASSWORD)
            game, created = Game.objects.get_or_create(
                host=host, name=GAME_NAME, defaults={"allow_upload": True, "game_type": Game.Type.PRACTICE}
            )
            if not game.decks.exists():
                Upload.stage(game, host, [(FILE_NAME, demo_file())]).add_to_game()
            reviewer = account(REVIEWER, REVIEWER_PASSWORD, staff=True)
            reviewer.groups.add(reviewer_group())
        queued = game.queued().count()
        self.stdout.write(f"Demo game “{GAME_NAME}” {'created' if created else 'ready'}: {queued} decks queued.")
        url = site_url()
        self.stdout.write(f"Open {url} and log in as {USERNAME} / {PASSWORD}")
        self.stdout.write(f"Review uploads at {url}admin/ as {REVIEWER} / {REVIEWER_PASSWORD} (in “{GROUP}”)")
