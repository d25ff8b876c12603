"""Delete staged uploads that were never added once they expire, and added ones once
reviewers no longer need them.

Uploads not added expire ``settings.DECK_UPLOAD_EXPIRY_HOURS`` (default 24) after
they were sent. An added upload is the review desk's record of where its decks came
from (the files as sent, every problem the reader reported): it is kept for
``settings.DECK_UPLOAD_KEEP_DAYS`` (default 365) after it was added; its decks stay in
their games either way. Finished background jobs (a hand-record PDF kept for its
download, an analysis's progress) go a day after they finished, or a week after they
were asked for if no worker ever finished them. Run this from cron,
for example at minute 17 of every hour:

    17 * * * *  cd /srv/deckupload && .venv/bin/python manage.py purge_uploads -v 0

It prints how many uploads, files and jobs it removed (nothing with ``-v 0``);
``--dry-run`` only counts them.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db.models import Q
from django.utils import timezone

from games.models.job import Job
from games.models.upload import Upload, UploadFile


class Command(BaseCommand):
    help = "Delete expired uploads never added, and added ones past DECK_UPLOAD_KEEP_DAYS."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="count the expired uploads, delete nothing")

    def handle(self, *args, dry_run: bool = False, verbosity: int = 1, **options) -> None:
        added_before = timezone.now() - timedelta(days=settings.DECK_UPLOAD_KEEP_DAYS)
        expired = Upload.objects.expired().filter(Q(added_at=None) | Q(added_at__lt=added_before))
        uploads, files = expired.count(), UploadFile.objects.filter(upload__in=expired).count()
        now = timezone.now()
        old_jobs = Job.objects.filter(
            Q(finished_at__lt=now - timedelta(days=1)) | Q(finished_at=None, created_at__lt=now - timedelta(days=7))
        )
        jobs = old_jobs.count()
        if not dry_run:
            expired.delete()
            old_jobs.delete()
        if verbosity:
            verb = "Would delete" if dry_run else "Deleted"
            plural = "s" if uploads != 1 else "", "s" if files != 1 else "", "s" if jobs != 1 else ""
            self.stdout.write(
                f"{verb} {uploads} expired upload{plural[0]} ({files} file{plural[1]}) and {jobs} old job{plural[2]}."
            )
