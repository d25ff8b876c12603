"""The page a user waits on while a task worker makes their PDF, and its download."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from games.models import Job

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def job(host, game):
    return Job.objects.create(
        user=host, game=game, kind=Job.Kind.PDF, title="Hand records of 26 queued decks", filename="tuesday.pdf"
    )


def test_a_queued_job_says_it_waits_and_asks_again_by_itself(host_client, job):
    html = host_client.get(reverse("job", args=[job.pk])).text
    assert "Waiting for a worker" in html
    assert '<noscript><meta http-equiv="refresh"' in html  # without JavaScript; htmx asks otherwise
    assert f'hx-get="{reverse("job", args=[job.pk])}"' in html and "load delay:" in html


def test_a_running_job_tells_how_many_deals_are_solved(host_client, job):
    job.start("Solving deals", total=26)
    for _ in range(5):
        job.advance()
    html = host_client.get(reverse("job", args=[job.pk]), headers=HX).text
    assert "Solving deals: 5 of 26 solved" in html and '<progress max="26" value="5">' in html
    assert "<html" not in html  # the status partial alone


def test_a_finished_job_links_its_file_and_stops_asking(host_client, job):
    job.finish(b"%PDF-1.4 made by the worker")
    html = host_client.get(reverse("job", args=[job.pk])).text
    download = reverse("job_download", args=[job.pk])
    assert "Your PDF is ready" in html and f'href="{download}"' in html
    assert "refresh" not in html and "hx-get" not in html
    response = host_client.get(download)
    assert response.status_code == 200 and response.content == b"%PDF-1.4 made by the worker"
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="tuesday.pdf"'


def test_a_failed_job_says_why(host_client, job):
    job.fail("Hand records need the DejaVu Sans font")
    html = host_client.get(reverse("job", args=[job.pk])).text
    assert "Hand records need the DejaVu Sans font" in html and "refresh" not in html


def test_a_job_whose_worker_died_too_often_says_so_and_stops_asking(host_client, job, settings, never_run):
    settings.JOB_RETRIES = 2
    job.start("Solving deals", total=26)
    Job.objects.filter(pk=job.pk).update(attempts=2, lease_until=timezone.now() - timedelta(seconds=1))
    html = host_client.get(reverse("job", args=[job.pk])).text
    assert "The worker making this stopped before it was done" in html and "refresh" not in html
    job.refresh_from_db()
    assert job.status == "failed" and job.attempts == 3


def test_a_job_whose_worker_died_is_taken_up_again_when_its_page_asks(host_client, job, settings, never_run):
    settings.JOB_RETRIES = 2
    job.start("Solving deals", total=26)
    Job.objects.filter(pk=job.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
    html = host_client.get(reverse("job", args=[job.pk])).text
    job.refresh_from_db()
    assert job.status == "running" and job.attempts == 1 and job.lease_until is None
    assert "waiting for its turn with the solver" in html and "hx-get" in html


def test_a_pdf_between_chunks_says_it_waits_for_its_turn(host_client, job):
    job.start("Solving deals", total=500)
    job.advance(25)
    job.release()
    html = host_client.get(reverse("job", args=[job.pk]), headers=HX).text
    assert "25 of 500 deals solved double dummy; waiting for its turn" in html


def test_a_file_not_ready_is_not_downloaded(host_client, job):
    assert host_client.get(reverse("job_download", args=[job.pk])).status_code == 404


def test_another_users_job_is_404_and_its_file_too(other_client, job):
    job.finish(b"%PDF")
    assert other_client.get(reverse("job", args=[job.pk])).status_code == 404
    assert other_client.get(reverse("job_download", args=[job.pk])).status_code == 404


def test_the_job_pages_need_a_log_in(client, job):
    response = client.get(reverse("job", args=[job.pk]))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_a_users_share_of_the_workers_counts_only_live_jobs(host, settings):
    settings.JOBS_PER_USER = 2
    Job.objects.create(user=host, kind=Job.Kind.PDF)
    Job.objects.create(user=host, kind=Job.Kind.PDF, status=Job.Status.DONE)
    Job.objects.create(user=host, kind=Job.Kind.SOLVE, status=Job.Status.FAILED)
    assert not Job.busy_for(host)
    Job.objects.create(user=host, kind=Job.Kind.SOLVE, status=Job.Status.RUNNING)
    assert Job.busy_for(host)
