"""Check the queues' invariants in the database (games/models/queue_check.py says which).

    manage.py check_queues            # every game
    manage.py check_queues 12 15      # these games

It prints each problem on a line of its own and exits 1 if there is any, or prints
"ok: N games checked". scripts/loadtest.py runs it after each load test.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from games.models.queue_check import queue_problems


class Command(BaseCommand):
    help = "Check the deck queues' invariants in the database; exit 1 if any is broken."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "game_ids", nargs="*", type=int, metavar="GAME_ID", help="the games to check (default: all)"
        )

    def handle(self, *args, game_ids: list[int], **options) -> None:
        problems, checked = queue_problems(game_ids or None)
        for problem in problems:
            self.stdout.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {checked} games checked")
        self.stdout.write(f"ok: {checked} games checked")
