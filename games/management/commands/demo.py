"""python manage.py demo: a demo host and a practice game with a few decks queued.

Safe to run again: the account's password is reset and decks are only added
to a game that has none yet.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from games.formats.model import Deck as ParsedDeck
from games.models import Game

USERNAME = "demo"
PASSWORD = "demo-bridge-2026"
GAME_NAME = "Demo practice table"
URL = "http://127.0.0.1:8000/"

# (board, name, dealer, vul, canonical deal): valid deals, some silent on dealer/vul.
DEMO_DEALS = [
    ("1", "Opening lead problem", "N", "None", "N:J4.KJ732.7.Q9862 Q9873.9.KJ8532.A KT2.A64.QT.KJT74 A65.QT85.A964.53"),
    ("2", "Stayman or not?", "E", "NS", "N:J42.AJ98.Q852.Q5 KQ97.K43.76.KT92 A53.T2.A93.J8743 T86.Q765.KJT4.A6"),
    ("3", "A two-suiter", "S", "EW", "N:KJ763.Q984.6.A85 AT9542.J3.T9.K97 .AK7652.AJ3.J632 Q8.T.KQ87542.QT4"),
    ("4", "Slam try", "W", "All", "N:A.T98632.74.JT95 KQT96.KQ4.832.K6 853.A7.KQT9.A743 J742.J5.AJ65.Q82"),
    ("5", "Silent file: board rotation decides", None, None, "N:KQT53.AT7.T96.95 72.Q6543.A85.KJ8 J84.KJ82.J42.Q63 A96.9.KQ73.AT742"),
    ("6", "Count your tricks", "E", "EW", "N:AT96.AQ63.642.AK 7542.97.9873.Q73 Q3.JT854.AKT.J52 KJ8.K2.QJ5.T9864"),
]


def demo_decks() -> list[ParsedDeck]:
    return [
        ParsedDeck(deal=deal, index=i, line=0, board=board, board_name=name, dealer=dealer, vul=vul)
        for i, (board, name, dealer, vul, deal) in enumerate(DEMO_DEALS)
    ]


class Command(BaseCommand):
    help = "Create (or refresh) the demo host account and a demo practice game with decks queued."

    def handle(self, *args, **options) -> None:
        with transaction.atomic():
            user, _ = get_user_model().objects.get_or_create(username=USERNAME)
            user.set_password(PASSWORD)
            user.save()
            game, created = Game.objects.get_or_create(
                host=user, name=GAME_NAME, defaults={"allow_upload": True, "game_type": Game.Type.PRACTICE}
            )
            if not game.decks.exists():
                game.add_decks(demo_decks(), source_name="demo-decks.pbn", source_format="pbn", uploaded_by=user)
        queued = game.queued().count()
        self.stdout.write(f"Demo game “{GAME_NAME}” {'created' if created else 'ready'}: {queued} decks queued.")
        self.stdout.write(f"Open {URL} and log in as {USERNAME} / {PASSWORD}")
