"""Check the queues' invariants in the database (games/models/queue_check.py says which),
and list the stuck background jobs: live jobs whose worker's lease ran out (the worker
died, and no worker has taken the job up again yet).

    manage.py check_queues            # every game, and the jobs
    manage.py check_queues 12 15      # these games, and the jobs

It prints each problem on a line of its own and exits 1 if there is any, or prints
"ok: N games checked, no stuck job". scripts/loadtest.py runs it after each load test.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from games.models.job import Job
from games.models.queue_check import queue_problems


class Command(BaseCommand):
    help = "Check the deck queues' invariants and list stuck jobs; exit 1 if there is any problem."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "game_ids", nargs="*", type=int, metavar="GAME_ID", help="the games to check (default: all)"
        )

    def handle(self, *args: Any, game_ids: list[int], **options: Any) -> None:
        problems, checked = queue_problems(game_ids or None)
        now = timezone.now()
        for job in Job.objects.abandoned().select_related("user").defer("result", "params").order_by("pk"):
            assert job.lease_until is not None
            problems.append(
                f"job {job.pk} ({job.kind} for {job.user}, {job.status}, {job.done} of {job.total} deals): "
                f"its worker's lease ran out {int((now - job.lease_until).total_seconds())} s ago, "
                f"taken up again {job.attempts} times"
            )
        for problem in problems:
            self.stdout.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} problem{'s' if len(problems) != 1 else ''} in {checked} games checked")
        self.stdout.write(f"ok: {checked} games checked, no stuck job")
