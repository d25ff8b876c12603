"""Work that leaves the request: run by task workers (``manage.py run_worker``, django-tasks'
database backend), never by a web worker. Three queues, each with a worker of its own, so
that bulk work never holds up what a player waits on:

- ``interactive``: ``solve_deal`` (one deal's double-dummy table, for "Show analysis") and
  ``settle_board`` (a finished board's score against par);
- ``robot``: ``robot_plays``, the robots' cards;
- ``bulk``: ``hand_records_step``, one chunk of a hand-record PDF. Each step serves the job
  whose user waited longest since their last chunk (``Job.claim_next_bulk``), then queues
  the next step while work remains: one step is queued for each unfinished PDF job, so
  users take turns a chunk at a time.

A job's rules (its owner's share, its lease, its turn) are on ``games.models.job.Job``;
this module queues its tasks, in the same transaction as the row they change.

Tasks take ids, never rows: the worker reads the row when it runs.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext_noop
from django_tasks import task

from games.formats.pdf import FontMissing, PdfLabels, hand_records_pdf
from games.formats.stored import deck_from_json
from games.models.analysis import DealAnalysis, hand_records
from games.models.board_play import BoardPlay, par_wanted, robot_cards_due
from games.models.job import Job

log = logging.getLogger(__name__)

PDF_FAILED = gettext_noop("Something went wrong while making the PDF. Please try again later.")


def open_job(user: Any, *, kind: str, deals: int = 0, **fields: Any) -> Job:
    """A new job within ``user``'s share (``Job.open``; JobRefused past it), its task
    queued in the same transaction."""
    with transaction.atomic():
        job = Job.open(user, kind=kind, deals=deals, **fields)
        queue(job)
    return job


def queue(job: Job) -> None:
    if job.kind == Job.Kind.PDF:
        hand_records_step.enqueue()
    else:
        solve_deal.enqueue(job.pk)


def recover_abandoned() -> list[Job]:
    """Every job whose worker died taken up again (its task queued once more), or failed
    after ``JOB_RETRIES`` tries; the jobs handled."""
    handled = []
    for job in Job.objects.abandoned().defer("result", "params"):
        with transaction.atomic():
            if job.take_up():
                queue(job)
            elif job.status != Job.Status.FAILED:
                continue
        handled.append(job)
    return handled


@task(queue_name="bulk")
def hand_records_step() -> None:
    """One chunk of the next PDF job in turn: up to ``HAND_RECORD_CHUNK`` deals solved, or,
    with none left to solve, the PDF drawn."""
    job = Job.claim_next_bulk()
    if job is None:
        return  # every unfinished job is held by a worker already
    try:
        finished = _hand_records_chunk(job)
    except FontMissing as error:
        job.fail(str(error))
        return
    except Exception:
        log.exception("hand records for job %s", job.pk)
        job.fail(PDF_FAILED)
        raise
    if not finished:
        with transaction.atomic():
            job.release()
            hand_records_step.enqueue()


def _hand_records_chunk(job: Job) -> bool:
    """Solve the job's next chunk, or draw its PDF when nothing is left to solve; True
    once the PDF is drawn."""
    job.refresh_from_db(fields=["params", "done", "total", "stage"])
    decks = [deck_from_json(row) for row in job.params["decks"]]
    analysis = job.params.get("analysis", True)
    unsolved = DealAnalysis.unsolved(deck.deal for deck in decks) if analysis else []
    if unsolved:
        total = max(job.total, len(unsolved))
        job.start(gettext_noop("Solving deals"), total=total, done=total - len(unsolved))
        DealAnalysis.tables(unsolved[: settings.HAND_RECORD_CHUNK], progress=job.advance)
        return False
    job.set_stage(gettext_noop("Drawing the PDF"))
    data = hand_records_pdf(
        hand_records(decks, analysis=analysis),
        per_page=job.params["per_page"],
        paper=job.params["paper"],
        title=job.params["title"],
        labels=PdfLabels.from_json(job.params.get("labels")),  # the asking page's language
    )
    job.finish(data)
    return True


@task(queue_name="interactive")
def solve_deal(job_id: int) -> None:
    job = Job.objects.filter(pk=job_id).live().first()
    if job is None or not job.claim():
        return  # finished, or a worker holds it
    job.start(gettext_noop("Solving the deal"), total=1)
    try:
        DealAnalysis.tables([job.params["deal"]], progress=job.advance)
    except Exception:
        log.exception("analysis for job %s", job_id)
        job.fail(gettext_noop("The solver could not analyse this deal."))
        raise
    job.finish()


@task(queue_name="interactive")
def settle_board(board_id: int) -> None:
    """Score a finished board against par once its deal is solved."""
    play = BoardPlay.objects.select_related("board__game", "board__deck").filter(pk=board_id).first()
    if play is None or not play.done:
        return
    DealAnalysis.table(play.deal)
    play.settle()


@task(queue_name="robot")
def robot_plays(board_id: int, actions: int) -> None:
    """The robot's cards at this board, if the table is still where it was when asked."""
    play = BoardPlay.objects.select_related("board__game").filter(pk=board_id, actions=actions).first()
    if play is not None:
        play.robot_moves()


def _queue_robot_cards(sender: Any, *, play_id: int, actions: int, **_: Any) -> None:
    robot_plays.enqueue(play_id, actions)


def _queue_settling(sender: Any, *, play_id: int, **_: Any) -> None:
    settle_board.enqueue(play_id)


robot_cards_due.connect(_queue_robot_cards, dispatch_uid="games.tasks.robot_plays")
par_wanted.connect(_queue_settling, dispatch_uid="games.tasks.settle_board")
