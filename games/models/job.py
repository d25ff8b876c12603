"""Background work a user asked for: a hand-record PDF, or a deal's double-dummy analysis.

The work itself runs in a task worker (``games.tasks``); the row says how far it got, so
the page the user waits on can tell them ("Solving deals: 5 of 26"), and holds the PDF
once it is drawn. A user has at most ``settings.JOBS_PER_USER`` jobs queued or running at
once (``Job.busy_for``): one user cannot fill the workers for everyone else.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class JobQuerySet(models.QuerySet):
    def live(self) -> JobQuerySet:
        """Queued or running, and not stale (a worker that died leaves its job running)."""
        since = timezone.now() - timedelta(minutes=settings.JOB_STALE_MINUTES)
        return self.filter(status__in=(Job.Status.QUEUED, Job.Status.RUNNING), created_at__gte=since)


class Job(models.Model):
    class Kind(models.TextChoices):
        PDF = "pdf", _("Hand records (PDF)")
        SOLVE = "solve", _("Double-dummy analysis")

    class Status(models.TextChoices):
        QUEUED = "queued", _("Waiting for a worker")
        RUNNING = "running", _("Working")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="jobs")
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="jobs", null=True, blank=True)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    params = models.JSONField(default=dict)  # what to make: the deal, or the PDF's set and layout
    title = models.CharField(max_length=200, blank=True)
    done = models.PositiveIntegerField(default=0)  # deals solved so far
    total = models.PositiveIntegerField(default=0)  # deals to solve
    stage = models.CharField(max_length=40, blank=True)  # "Solving deals", "Drawing the PDF"
    message = models.CharField(max_length=300, blank=True)  # why it failed
    filename = models.CharField(max_length=120, blank=True)
    result = models.BinaryField(null=True, blank=True, editable=False)  # the PDF
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    objects = JobQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "status"], name="job_user_status")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.user} ({self.get_status_display().lower()})"

    @classmethod
    def busy_for(cls, user) -> bool:
        """Whether ``user`` already has as many jobs under way as one user may."""
        return cls.objects.live().filter(user=user).count() >= settings.JOBS_PER_USER

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    @property
    def stale(self) -> bool:
        """Still queued or running long after any worker would have finished it."""
        age = timezone.now() - self.created_at
        return not self.finished and age > timedelta(minutes=settings.JOB_STALE_MINUTES)

    def start(self, stage: str, total: int = 0) -> None:
        self.status, self.stage, self.total, self.done = self.Status.RUNNING, stage, total, 0
        Job.objects.filter(pk=self.pk).update(status=self.status, stage=stage, total=total, done=0)

    def advance(self, by: int = 1) -> None:
        """One more deal solved (written at once, for the page that polls)."""
        self.done += by
        Job.objects.filter(pk=self.pk).update(done=F("done") + by)

    def set_stage(self, stage: str) -> None:
        self.stage = stage
        Job.objects.filter(pk=self.pk).update(stage=stage)

    def finish(self, result: bytes | None = None) -> None:
        self.status, self.finished_at, self.result = self.Status.DONE, timezone.now(), result
        self.save(update_fields=["status", "finished_at", "result"])

    def fail(self, message: str) -> None:
        self.status, self.finished_at, self.message = self.Status.FAILED, timezone.now(), message[:300]
        self.save(update_fields=["status", "finished_at", "message"])
