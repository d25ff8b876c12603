"""manage.py purge_uploads: expired staged uploads go, live ones stay."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.models.upload import Upload, UploadFile

pytestmark = pytest.mark.django_db


def stage(game, host, *, hours_left: float) -> Upload:
    upload = Upload.stage(game, host, [("a.pbn", b"[Deal ...]"), ("b.lin", b"md|...")])
    Upload.objects.filter(pk=upload.pk).update(expires_at=timezone.now() + timedelta(hours=hours_left))
    return upload


def purge(*args: str) -> str:
    out = StringIO()
    call_command("purge_uploads", *args, stdout=out)
    return out.getvalue()


def test_it_deletes_expired_uploads_and_their_files(game, host):
    stage(game, host, hours_left=-1)
    live = stage(game, host, hours_left=5)
    assert purge() == "Deleted 1 expired upload (2 files) and 0 old jobs.\n"
    assert list(Upload.objects.all()) == [live]
    assert UploadFile.objects.count() == 2


def test_an_added_upload_is_kept_for_review_until_its_days_are_up(game, host, settings):
    settings.DECK_UPLOAD_KEEP_DAYS = 30
    recent, old = stage(game, host, hours_left=-1), stage(game, host, hours_left=-1)
    Upload.objects.filter(pk=recent.pk).update(added_at=timezone.now() - timedelta(days=29))
    Upload.objects.filter(pk=old.pk).update(added_at=timezone.now() - timedelta(days=31))
    assert purge() == "Deleted 1 expired upload (2 files) and 0 old jobs.\n"
    assert list(Upload.objects.all()) == [recent]


def test_a_dry_run_only_counts(game, host):
    stage(game, host, hours_left=-1)
    stage(game, host, hours_left=-2)
    assert purge("--dry-run") == "Would delete 2 expired uploads (4 files) and 0 old jobs.\n"
    assert Upload.objects.count() == 2


def test_it_is_quiet_with_verbosity_zero(game, host):
    stage(game, host, hours_left=-1)
    assert purge("-v", "0") == ""
    assert not Upload.objects.exists()


def test_uploads_expire_after_the_configured_hours(game, host, settings):
    settings.DECK_UPLOAD_EXPIRY_HOURS = 3
    upload = Upload.stage(game, host, [("a.pbn", b"x")])
    left = upload.expires_at - timezone.now()
    assert timedelta(hours=2, minutes=59) < left <= timedelta(hours=3)


def test_the_docstring_gives_a_cron_line():
    from games.management.commands import purge_uploads

    assert "manage.py purge_uploads" in purge_uploads.__doc__ and "* * * *" in purge_uploads.__doc__


def test_it_deletes_jobs_a_day_after_they_finished_and_jobs_no_worker_finished(game, host, settings):
    from games.models import Job

    now = timezone.now()
    kept = Job.objects.create(user=host, kind=Job.Kind.PDF, status=Job.Status.DONE, finished_at=now, result=b"%PDF")
    Job.objects.create(user=host, kind=Job.Kind.PDF, status=Job.Status.DONE, finished_at=now - timedelta(days=2))
    stale = now - timedelta(days=7, minutes=1)
    Job.objects.create(user=host, kind=Job.Kind.SOLVE, created_at=stale)
    running = Job.objects.create(user=host, kind=Job.Kind.SOLVE, status=Job.Status.RUNNING)
    assert purge() == "Deleted 0 expired uploads (0 files) and 2 old jobs.\n"
    assert set(Job.objects.values_list("pk", flat=True)) == {kept.pk, running.pk}
