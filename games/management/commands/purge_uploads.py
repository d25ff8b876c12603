"""Delete staged uploads (files sent but not added, or added) once they expire.

Uploads expire ``settings.DECK_UPLOAD_EXPIRY_HOURS`` (default 24) after they
were sent. Run this from cron, for example at minute 17 of every hour:

    17 * * * *  cd /srv/deckupload && .venv/bin/python manage.py purge_uploads -v 0

It prints how many uploads and files it removed (nothing with ``-v 0``);
``--dry-run`` only counts them.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand

from games.models.upload import Upload, UploadFile


class Command(BaseCommand):
    help = "Delete expired staged uploads (see DECK_UPLOAD_EXPIRY_HOURS)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--dry-run", action="store_true", help="count the expired uploads, delete nothing")

    def handle(self, *args, dry_run: bool = False, verbosity: int = 1, **options) -> None:
        expired = Upload.objects.expired()
        uploads, files = expired.count(), UploadFile.objects.filter(upload__in=expired).count()
        if not dry_run:
            expired.delete()
        if verbosity:
            verb = "Would delete" if dry_run else "Deleted"
            plural = "s" if uploads != 1 else "", "s" if files != 1 else ""
            self.stdout.write(f"{verb} {uploads} expired upload{plural[0]} ({files} file{plural[1]}).")
