"""Background work a user asked for: a hand-record PDF, or a deal's double-dummy analysis.

The work itself runs in a task worker (``games.tasks``); the row says how far it got, so
the page the user waits on can tell them ("Solving deals: 5 of 26"), and holds the PDF
once it is drawn.

The workers are shared, so the row also holds each user's share of them:

- ``Job.open`` starts a job only within the user's share: at most ``JOBS_PER_USER`` under
  way, and at most ``SOLVER_DEALS_PER_USER`` deals waiting for the solver. The user's row
  is locked while it counts, so concurrent requests cannot both pass the count.
- A worker holds a job by a lease (``lease_until``) that it renews with every deal it
  solves. A worker that dies leaves its lease to run out; ``Job.take_up`` then
  takes the job up again where it stopped (each deal is kept as soon as it is solved), at
  most ``JOB_RETRIES`` times, and after that marks it failed with a message its owner sees.
- Hand records go in chunks of ``HAND_RECORD_CHUNK`` deals on the bulk queue, taken in
  turn across users (``Job.claim_next_bulk``): a second user's PDF starts after at most one
  chunk of the first's.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.db.models import F, Max, OuterRef, Q, Subquery, Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

GAVE_UP = gettext_noop(
    "The worker making this stopped before it was done, and so did the workers that took it up again. "
    "Please try again later; if it happens again, tell the site's staff."
)


class JobRefused(Exception):
    """The user's share of the workers is taken: ``reason`` is "busy" (as many jobs as one
    user may have under way) or "deals" (as many deals waiting for the solver as one user may)."""

    def __init__(self, reason: str, waiting: int = 0) -> None:
        super().__init__(reason)
        self.reason, self.waiting = reason, waiting


class JobQuerySet(models.QuerySet["Job"]):
    def live(self) -> JobQuerySet:
        """Queued or running."""
        return self.filter(status__in=(Job.Status.QUEUED, Job.Status.RUNNING))

    def abandoned(self) -> JobQuerySet:
        """Live, with a lease that ran out: the worker holding it died."""
        return self.live().filter(lease_until__lt=timezone.now())


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
    lease_until = models.DateTimeField(null=True, blank=True)  # a worker holds the job until then
    served_at = models.DateTimeField(null=True, blank=True)  # its last chunk ended then
    attempts = models.PositiveSmallIntegerField(default=0)  # times taken up again after a worker died

    objects = JobQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "status"], name="job_user_status")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for {self.user} ({self.get_status_display().lower()})"

    @classmethod
    def busy_for(cls, user: Any) -> bool:
        """Whether ``user`` already has as many jobs under way as one user may."""
        return cls.objects.live().filter(user=user).count() >= settings.JOBS_PER_USER

    @classmethod
    def deals_waiting(cls, user: Any) -> int:
        """The deals ``user``'s live jobs still have to solve."""
        left = cls.objects.live().filter(user=user).aggregate(left=Sum(F("total") - F("done")))["left"]
        return max(0, left or 0)

    @classmethod
    def open(cls, user: Any, *, kind: str, deals: int = 0, **fields: Any) -> Job:
        """A new job for ``user`` that will solve ``deals`` deals; JobRefused past the
        user's share. The count and the new row are one transaction under the user's row
        lock; the caller queues the job's task inside it (``games.tasks.open_job``)."""
        with transaction.atomic():
            get_user_model().objects.select_for_update().filter(pk=user.pk).first()
            if cls.busy_for(user):
                raise JobRefused("busy")
            waiting = cls.deals_waiting(user)
            if deals and waiting + deals > settings.SOLVER_DEALS_PER_USER:
                raise JobRefused("deals", waiting)
            return cls.objects.create(user=user, kind=kind, total=deals, **fields)

    @classmethod
    def claim_next_bulk(cls) -> Job | None:
        """The next PDF job in turn, leased to the caller: of the jobs no worker holds, one
        of the user whose last chunk ended longest ago (a user never served first), their
        oldest job first. None when every live job is held."""
        last_served = (
            cls.objects.filter(user=OuterRef("user"), kind=cls.Kind.PDF)
            .values("user")
            .annotate(last=Max("served_at"))
            .values("last")
        )
        free = cls.objects.live().filter(kind=cls.Kind.PDF).filter(Q(lease_until__isnull=True))
        candidates = free.annotate(turn=Subquery(last_served)).order_by(
            F("turn").asc(nulls_first=True), "created_at", "pk"
        )
        for job in candidates[:10]:
            if job.claim():
                return job
        return None

    def claim(self) -> bool:
        """Lease the job to this worker if no worker holds it; False if another one does."""
        until = timezone.now() + timedelta(seconds=settings.JOB_LEASE_SECONDS)
        taken = (
            Job.objects.live()
            .filter(pk=self.pk, lease_until__isnull=True)
            .update(lease_until=until, status=self.Status.RUNNING)
        )
        if taken:
            self.lease_until, self.status = until, self.Status.RUNNING
        return bool(taken)

    def release(self) -> None:
        """The chunk is done and the job waits for its next turn (the caller queues its next
        task in the same transaction, so a worker that dies between the two loses nothing)."""
        self.lease_until, self.served_at = None, timezone.now()
        Job.objects.filter(pk=self.pk).update(lease_until=None, served_at=self.served_at)

    def take_up(self) -> bool:
        """This abandoned job (``Job.objects.abandoned``) taken up again: True if it needs
        its task queued again, False if another process took it up first or it was taken
        up ``JOB_RETRIES`` times already, and is marked failed now."""
        again = Job.objects.filter(pk=self.pk, lease_until=self.lease_until).update(
            lease_until=None, attempts=F("attempts") + 1
        )
        if not again:
            return False
        self.refresh_from_db(fields=["attempts", "lease_until", "status"])
        if self.attempts > settings.JOB_RETRIES:
            self.fail(GAVE_UP)
            return False
        return True

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)

    def start(self, stage: str, total: int = 0, done: int = 0) -> None:
        self.status, self.stage, self.total, self.done = self.Status.RUNNING, stage, total, done
        Job.objects.filter(pk=self.pk).update(status=self.status, stage=stage, total=total, done=done)

    def advance(self, by: int = 1) -> None:
        """One more deal solved (written at once, for the page that polls), and the lease
        renewed: the worker is alive."""
        self.done += by
        self.lease_until = timezone.now() + timedelta(seconds=settings.JOB_LEASE_SECONDS)
        Job.objects.filter(pk=self.pk).update(done=F("done") + by, lease_until=self.lease_until)

    def set_stage(self, stage: str) -> None:
        self.stage = stage
        Job.objects.filter(pk=self.pk).update(stage=stage)

    def finish(self, result: bytes | None = None) -> None:
        self.status, self.finished_at, self.result = self.Status.DONE, timezone.now(), result
        self.lease_until = None
        self.save(update_fields=["status", "finished_at", "result", "lease_until"])

    def fail(self, message: str) -> None:
        self.status, self.finished_at, self.message = self.Status.FAILED, timezone.now(), message[:300]
        self.lease_until = None
        self.save(update_fields=["status", "finished_at", "message", "lease_until"])
