"""Each user's share of the shared task workers (games.models.job, games.tasks): the job
limit under concurrent requests, the cap on deals waiting for the solver, PDFs taken a
chunk at a time in turn across users, and jobs whose worker died taken up again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tasks import default_task_backend

from games.bridge.cards import random_deal
from games.formats.model import Deck as ParsedDeck
from games.formats.stored import deck_from_json, deck_to_json
from games.models import DealAnalysis, Job
from games.models.job import JobRefused
from games.tasks import hand_records_step, open_job, recover_abandoned
from tests.models.test_deal_concurrency import run_threads

pytestmark = pytest.mark.django_db


def pdf_params(count: int, *, analysis: bool = True) -> dict:
    decks = [ParsedDeck(random_deal(), i, i + 1, board=str(i + 1)) for i in range(count)]
    return {
        "decks": [deck_to_json(deck) for deck in decks],
        "per_page": 4,
        "paper": "A4",
        "title": "t",
        "analysis": analysis,
    }


def open_pdf(user, count: int, **kwargs) -> Job:
    params = pdf_params(count, **kwargs)
    return open_job(user, kind=Job.Kind.PDF, deals=count if params["analysis"] else 0, params=params)


@pytest.mark.queue
@pytest.mark.django_db(transaction=True)
def test_concurrent_requests_never_open_more_jobs_than_a_users_share(host, settings, never_run):
    settings.JOBS_PER_USER = 2
    refused = []

    def ask() -> None:
        try:
            open_job(host, kind=Job.Kind.SOLVE, deals=1, params={"deal": random_deal()})
        except JobRefused as error:
            refused.append(error.reason)

    run_threads([ask] * 6)
    assert Job.objects.filter(user=host).count() == 2
    assert refused == ["busy"] * 4


def test_deals_waiting_for_the_solver_are_capped_per_user(host, other_user, settings, never_run):
    settings.SOLVER_DEALS_PER_USER, settings.JOBS_PER_USER = 10, 5
    open_pdf(host, 6)
    with pytest.raises(JobRefused) as refused:
        open_pdf(host, 5)
    assert (refused.value.reason, refused.value.waiting) == ("deals", 6)
    open_pdf(host, 4)  # up to the cap
    open_pdf(host, 30, analysis=False)  # no solver: not counted
    open_pdf(other_user, 10)  # another user's share is their own
    assert Job.deals_waiting(host) == 10


def test_pdfs_are_solved_a_chunk_at_a_time_in_turn_across_users(host, other_user, settings, never_run):
    settings.HAND_RECORD_CHUNK, settings.JOBS_PER_USER = 2, 3
    first, second = open_pdf(host, 5), open_pdf(host, 2)
    later = open_pdf(other_user, 3)
    served = []
    for _ in range(20):
        before = {job.pk: job.done for job in Job.objects.all()}
        hand_records_step.call()
        after = {job.pk: job.done for job in Job.objects.all()}
        served += [pk for pk in after if after[pk] != before[pk]]
        if not Job.objects.live().exists():
            break
    # the host's oldest job, then the other user's, then back: never two chunks of one user
    # while the other waits
    assert served[:4] == [first.pk, later.pk, first.pk, later.pk]
    assert set(Job.objects.values_list("status", flat=True)) == {"done"}
    assert second.pk in served
    for job in Job.objects.all():
        assert (job.done, job.total) == (job.total, job.total) and bytes(job.result).startswith(b"%PDF")


def test_a_chunk_ends_with_the_next_step_queued_and_the_lease_released(host, settings, never_run):
    settings.HAND_RECORD_CHUNK = 2
    job = open_pdf(host, 3)
    queued = len(default_task_backend.results)
    hand_records_step.call()
    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.lease_until) == ("running", 2, 3, None)
    assert job.served_at is not None
    assert len(default_task_backend.results) == queued + 1  # its next turn


def test_a_pdf_without_the_table_needs_no_solver(host, never_run):
    job = open_pdf(host, 4, analysis=False)
    hand_records_step.call()
    job.refresh_from_db()
    assert job.status == "done" and bytes(job.result).startswith(b"%PDF")
    assert not DealAnalysis.objects.exists()


def test_a_job_whose_worker_died_is_taken_up_where_it_stopped(host, settings, never_run):
    settings.HAND_RECORD_CHUNK, settings.JOB_RETRIES = 2, 2
    job = open_pdf(host, 3)
    assert Job.claim_next_bulk() == job  # a worker takes it ...
    DealAnalysis.tables([deck_from_json(row).deal for row in job.params["decks"][:1]], progress=job.advance)
    Job.objects.filter(pk=job.pk).update(lease_until=timezone.now() - timedelta(seconds=1))  # ... and dies
    assert Job.claim_next_bulk() is None  # nobody else takes a job still leased
    queued = len(default_task_backend.results)
    assert recover_abandoned() == [job]
    assert len(default_task_backend.results) == queued + 1
    hand_records_step.call()
    job.refresh_from_db()
    assert (job.done, job.total, job.attempts) == (3, 3, 1)  # the deal solved before counts, not again


def test_a_job_taken_up_too_often_fails_with_a_message(host, settings, never_run):
    settings.JOB_RETRIES = 2
    job = open_pdf(host, 2)
    for _ in range(3):
        assert Job.claim_next_bulk() == job
        Job.objects.filter(pk=job.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
        assert recover_abandoned() == [job]
    job.refresh_from_db()
    assert job.status == "failed" and "stopped before it was done" in job.message
    assert not Job.objects.live().exists()


def test_only_a_lapsed_lease_counts_as_abandoned(host, never_run):
    job = open_pdf(host, 2)
    assert Job.claim_next_bulk() == job
    assert recover_abandoned() == [] and not Job.objects.abandoned().exists()
