"""A hand-record PDF export: started as a job for a task worker, bounded in boards, and
within the user's share of the workers."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.formats.stored import deck_from_json
from games.models import Job

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def export_url(game, **params) -> str:
    url = reverse("export", args=[game.pk, "queue", "pdf"])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


def test_the_export_starts_a_job_and_answers_with_its_page(host_client, game, queue_decks, never_run):
    decks = queue_decks(game, 26)
    response = host_client.get(export_url(game))
    job = Job.objects.get()
    assert response.status_code == 302 and response.url == reverse("job", args=[job.pk])
    assert job.kind == "pdf" and job.status == "queued" and job.user == game.host and job.game == game
    assert [deck_from_json(row).deal for row in job.params["decks"]] == [d.deal for d in decks]
    assert job.title == "Hand records of 26 queued decks of Tuesday practice"
    assert "Waiting for a worker" in host_client.get(response.url).text


def test_one_and_four_a_page_have_names_of_their_own(host_client, game, queue_decks, never_run):
    queue_decks(game, 2)
    host_client.get(export_url(game))
    host_client.get(export_url(game, per_page=4, paper="Letter"))
    assert sorted(Job.objects.values_list("filename", flat=True)) == [
        "tuesday-practice-queue-1-a-page-a4.pdf",
        "tuesday-practice-queue-4-a-page-letter.pdf",
    ]


def test_more_boards_than_a_pdf_holds_get_ranges_to_choose_from(host_client, game, queue_decks, settings):
    settings.HAND_RECORD_MAX_BOARDS = 10
    queue_decks(game, 25)
    response = host_client.get(export_url(game, per_page=4))
    assert response.status_code == 400 and not Job.objects.exists()
    html = response.text
    assert "This set has 25 boards, and a hand-record PDF holds up to 10" in html and "Choose up to 10 boards" in html
    links = re.findall(r'<a href="([^"]+)">Boards (\d+)–(\d+)</a>', html)
    assert [(a, b) for _, a, b in links] == [("1", "10"), ("11", "20"), ("21", "25")]
    assert all("per_page=4" in url for url, _, _ in links)  # the layout chosen is kept


def test_a_range_makes_a_pdf_of_those_boards(host_client, game, queue_decks, settings, never_run):
    settings.HAND_RECORD_MAX_BOARDS = 10
    decks = queue_decks(game, 25)
    response = host_client.get(export_url(game, boards="11-20"))
    assert response.status_code == 302
    job = Job.objects.get()
    assert [deck_from_json(row).deal for row in job.params["decks"]] == [d.deal for d in decks[10:20]]


@pytest.mark.parametrize("boards", ["1-11", "0-5", "7-3", "x", "-"])
def test_a_range_past_the_cap_or_malformed_is_refused_with_the_choice(host_client, game, queue_decks, settings, boards):
    settings.HAND_RECORD_MAX_BOARDS = 10
    queue_decks(game, 12)
    response = host_client.get(export_url(game, boards=boards))
    assert response.status_code == 400 and not Job.objects.exists()
    assert "is not a range of up to 10 boards" in response.text and "Boards 11–12" in response.text


def test_past_the_users_share_of_the_workers_the_page_asks_to_wait(host_client, game, queue_decks, settings, never_run):
    settings.JOBS_PER_USER = 2
    queue_decks(game, 3)
    for _ in range(2):
        assert host_client.get(export_url(game)).status_code == 302
    response = host_client.get(export_url(game))
    assert response.status_code == 429 and response["Retry-After"] == "1"
    assert "You already have 2 PDFs or analyses under way" in response.text
    assert '<meta http-equiv="refresh"' in response.text  # asks again by itself
    assert Job.objects.count() == 2
    htmx = host_client.get(export_url(game), headers=HX)
    assert htmx.status_code == 200 and 'hx-trigger="load delay:1s"' in htmx.text
    Job.objects.update(status=Job.Status.DONE)
    assert host_client.get(export_url(game)).status_code == 302  # a finished job frees its place


def test_another_users_limit_is_their_own(host_client, other_user, game, queue_decks, settings, never_run):
    settings.JOBS_PER_USER = 1
    queue_decks(game, 3)
    Job.objects.create(user=other_user, kind=Job.Kind.PDF)
    assert host_client.get(export_url(game)).status_code == 302


def test_a_pdf_job_solves_each_deal_and_keeps_it_as_it_goes(host_client, game, queue_decks):
    from games.models import DealAnalysis

    decks = queue_decks(game, 3)
    response = host_client.get(export_url(game))  # tasks run as they are enqueued here
    job = Job.objects.get()
    assert (job.status, job.done, job.total) == ("done", 3, 3) and bytes(job.result).startswith(b"%PDF")
    assert set(DealAnalysis.objects.values_list("deal", flat=True)) == {d.deal for d in decks}
    assert host_client.get(response.url + "download/").content == bytes(job.result)


def test_a_large_set_to_solve_is_offered_without_the_table_first(host_client, game, queue_decks, settings, never_run):
    settings.HAND_RECORD_ASK_ANALYSIS = 5
    queue_decks(game, 6)
    response = host_client.get(export_url(game, per_page=4))
    assert response.status_code == 200 and not Job.objects.exists()
    html = response.text
    assert "This set has 6 boards, and 6 of its deals have not been solved double dummy yet" in html
    without = re.search(r'href="([^"]*analysis=no[^"]*)">Without the double-dummy table', html).group(1)
    assert "per_page=4" in without  # the layout chosen is kept
    assert "With the double-dummy table (6 deals to solve)" in html
    assert host_client.get(without.replace("&amp;", "&")).status_code == 302
    job = Job.objects.get()
    assert job.params["analysis"] is False and job.total == 0


def test_a_small_set_starts_with_the_table_at_once(host_client, game, queue_decks, settings, never_run):
    settings.HAND_RECORD_ASK_ANALYSIS = 5
    queue_decks(game, 5)
    assert host_client.get(export_url(game)).status_code == 302
    job = Job.objects.get()
    assert job.params["analysis"] is True and job.total == 5


def test_past_the_deals_a_user_may_have_waiting_the_page_offers_it_without(
    host_client, game, queue_decks, settings, never_run
):
    settings.SOLVER_DEALS_PER_USER, settings.JOBS_PER_USER = 8, 5
    queue_decks(game, 5)
    assert host_client.get(export_url(game)).status_code == 302
    response = host_client.get(export_url(game, analysis="yes"))
    assert response.status_code == 429 and Job.objects.count() == 1
    assert "Your PDFs under way still have 5 deals to solve, and this one would add 5" in response.text
    assert "up to 8 deals waiting for the solver" in response.text
    without = re.search(r'href="([^"]*analysis=no[^"]*)"', response.text).group(1)
    assert host_client.get(without.replace("&amp;", "&")).status_code == 302 and Job.objects.count() == 2
