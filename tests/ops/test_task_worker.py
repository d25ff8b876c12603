"""The real task worker (``manage.py db_worker``, django-tasks' database backend) does the
work that leaves the request: a hand-record PDF, a deal's analysis, the robot's card. The
pages answer at once and then show the worker's result, as users see them on the site."""

from __future__ import annotations

import time

import pytest
from django.urls import reverse

from games.formats.model import Deck as ParsedDeck
from games.models import BoardPlay, DealAnalysis, Game, Job

pytestmark = [pytest.mark.slow, pytest.mark.serial]
EAST_STRONG = "N:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876"


def wait_for(check, what: str, worker, seconds: float = 60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.1)
    said = worker.log.read_text(errors="replace")[-3000:]
    pytest.fail(f"the worker did not {what} within {seconds:.0f} s; it said:\n{said}")


def test_the_worker_makes_the_pdf_the_page_waits_for(task_worker, client, host, game, queue_decks):
    decks = queue_decks(game, 6)
    client.force_login(host)
    started = client.get(reverse("export", args=[game.pk, "queue", "pdf"]))
    assert started.status_code == 302
    job = Job.objects.get()
    first = client.get(started.url).text
    assert "Your PDF is ready" not in first  # the request only queued it
    wait_for(lambda: "Your PDF is ready" in client.get(started.url).text, "finish the PDF", task_worker)
    job.refresh_from_db()
    assert (job.status, job.done, job.total) == ("done", 6, 6)
    assert client.get(started.url + "download/").content.startswith(b"%PDF")
    assert DealAnalysis.objects.filter(deal__in=[d.deal for d in decks]).count() == 6


def test_the_worker_solves_the_deal_the_analysis_asked_for(task_worker, client, host, game, queue_decks):
    (deck,) = queue_decks(game, 1)
    game.deal_next()
    client.force_login(host)
    url = reverse("board_analysis", args=[game.pk, 1])
    assert "Solving this deal double dummy" in client.get(url, headers={"HX-Request": "true"}).text
    wait_for(lambda: "dd-table" in client.get(url, headers={"HX-Request": "true"}).text, "solve the deal", task_worker)
    assert DealAnalysis.objects.filter(deal=deck.deal).exists()


def test_the_worker_plays_the_robots_lead_while_the_felt_asks_again(task_worker, client, host):
    game = Game.objects.create(host=host, name="Declare", practice_play=Game.PracticePlay.DECLARE)
    game.add_decks(
        [ParsedDeck(EAST_STRONG, 0, 1, dealer="N", vul="None", board="1", contract="3NT", declarer="E")],
        source_name="r.pbn",
    )
    game.deal_next()
    client.force_login(host)
    page = client.get(reverse("game", args=[game.pk])).text
    felt = reverse("play_felt", args=[game.pk])
    assert "West (robot) is choosing a card" in page and f'hx-get="{felt}"' in page
    wait_for(lambda: len(BoardPlay.objects.get().cards) == 1, "play the robot's lead", task_worker)
    answer = client.get(felt, headers={"HX-Request": "true"}).text
    assert "is choosing a card" not in answer and 'id="felt"' in answer


def test_a_pdf_whose_worker_was_killed_is_finished_by_the_next_worker(start_worker, client, host, game, queue_decks):
    """``kill -9`` mid-PDF: the next worker takes the job up where it stopped, once its
    lease (3 s here) has run out."""
    import signal

    bounds = {"JOB_LEASE_SECONDS": "3", "JOB_RECOVER_SECONDS": "0.5", "HAND_RECORD_CHUNK": "4"}
    queue_decks(game, 12)
    client.force_login(host)
    started = client.get(reverse("export", args=[game.pk, "queue", "pdf"]) + "?analysis=yes")
    first = start_worker(**bounds)
    job = Job.objects.get()
    wait_for(lambda: Job.objects.get().done >= 1, "start solving", first)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    job.refresh_from_db()
    assert job.status == "running" and job.done < 12
    second = start_worker(**bounds)
    wait_for(lambda: "Your PDF is ready" in client.get(started.url).text, "finish the killed PDF", second, 120)
    job.refresh_from_db()
    assert (job.status, job.done, job.total, job.attempts) == ("done", 12, 12, 1)


def test_a_stopped_worker_finishes_its_chunk_and_leaves_the_rest_queued(start_worker, client, host, game, queue_decks):
    """SIGTERM: the chunk under way is finished, its deals kept, the next step queued for
    the next worker, and the worker exits."""
    import signal

    bounds = {"HAND_RECORD_CHUNK": "3"}
    queue_decks(game, 12)
    client.force_login(host)
    client.get(reverse("export", args=[game.pk, "queue", "pdf"]) + "?analysis=yes")
    worker = start_worker(**bounds)
    wait_for(lambda: Job.objects.get().done >= 1, "start solving", worker)
    worker.send_signal(signal.SIGTERM)
    assert worker.wait(timeout=60) == 0
    job = Job.objects.get()
    assert job.done % 3 == 0 and job.done < 12 and job.lease_until is None and job.status == "running"
    again = start_worker(**bounds)
    wait_for(lambda: Job.objects.get().status == "done", "finish the PDF", again, 120)
