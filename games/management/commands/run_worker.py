"""A task worker: django-tasks' ``db_worker`` on the queues named, beside a thread that
takes up the jobs of workers that died (``games.tasks.recover_abandoned``) when it starts
and every ``JOB_RECOVER_SECONDS``.

    manage.py run_worker --queue-name bulk          # hand-record PDFs
    manage.py run_worker --queue-name interactive   # analyses, settling finished boards
    manage.py run_worker --queue-name robot         # the robots' cards

On SIGTERM or Ctrl-C it finishes the task it is running (one chunk of a PDF at most) and
exits. Other options go to ``db_worker`` as they are (``--interval``, ``-v``, ...).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection

from games.tasks import recover_abandoned

log = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Run a task worker on the named queues, taking up the jobs of workers that died."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--queue-name", required=True, help="the queues, comma-separated, or *")
        parser.add_argument("--interval", type=float, default=1.0, help="seconds between looks at an empty queue")

    def handle(self, *args: Any, queue_name: str, interval: float, verbosity: int, **options: Any) -> None:
        stop = threading.Event()
        watcher = threading.Thread(target=self.watch, args=(stop,), name="job-recovery", daemon=True)
        watcher.start()
        try:
            call_command(
                "db_worker",
                queue_name=queue_name,
                interval=interval,
                reload=False,
                startup_delay=False,
                verbosity=verbosity,
            )
        finally:
            stop.set()

    def watch(self, stop: threading.Event) -> None:
        """Take up abandoned jobs now and every ``JOB_RECOVER_SECONDS`` until ``stop``."""
        try:
            while True:
                try:
                    for job in recover_abandoned():
                        log.warning("job %s: its worker died; %s", job.pk, job.status)
                except Exception:
                    log.exception("taking up abandoned jobs")
                if stop.wait(settings.JOB_RECOVER_SECONDS):
                    return
        finally:
            connection.close()
