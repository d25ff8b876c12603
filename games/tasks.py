"""Work that leaves the request: run by ``manage.py db_worker`` (django-tasks' database
backend), never by a web worker.

- ``make_hand_records``: a hand-record PDF. Each deal not solved yet is solved and stored
  at once (a retry starts where the last one stopped), the job counting them for the
  page that waits on it; then the PDF is drawn and kept on the job.
- ``solve_deal``: one deal's double-dummy table, for "Show analysis".
- ``settle_board``: a finished board's score against par, once its deal is solved.
- ``robot_plays``: the Just Declare robot's cards (``BoardPlay.robot_moves``), on a queue
  of its own so that a long PDF never holds up a player.

Tasks take ids, never rows: the worker reads the row when it runs.
"""

from __future__ import annotations

import logging

from django.utils.translation import gettext_noop
from django_tasks import task

from games.formats.pdf import FontMissing, PdfLabels, hand_records_pdf
from games.formats.stored import deck_from_json
from games.models.analysis import DealAnalysis, hand_records
from games.models.board_play import BoardPlay
from games.models.job import Job

log = logging.getLogger(__name__)


@task(queue_name="solver")
def make_hand_records(job_id: int) -> None:
    job = Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).first()
    if job is None:
        return  # already taken, or its user is gone
    decks = [deck_from_json(row) for row in job.params["decks"]]
    try:
        unsolved = DealAnalysis.unsolved(deck.deal for deck in decks)
        job.start(gettext_noop("Solving deals"), total=len(unsolved))
        DealAnalysis.tables(unsolved, progress=job.advance)
        job.set_stage(gettext_noop("Drawing the PDF"))
        records = hand_records(decks)
        data = hand_records_pdf(
            records,
            per_page=job.params["per_page"],
            paper=job.params["paper"],
            title=job.params["title"],
            labels=PdfLabels.from_json(job.params.get("labels")),  # the asking page's language
        )
    except FontMissing as error:
        job.fail(str(error))
        return
    except Exception:
        log.exception("hand records for job %s", job_id)
        job.fail(gettext_noop("Something went wrong while making the PDF. Please try again later."))
        raise
    job.finish(data)


@task(queue_name="solver")
def solve_deal(job_id: int) -> None:
    job = Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).first()
    if job is None:
        return
    job.start(gettext_noop("Solving the deal"), total=1)
    try:
        DealAnalysis.tables([job.params["deal"]], progress=job.advance)
    except Exception:
        log.exception("analysis for job %s", job_id)
        job.fail(gettext_noop("The solver could not analyse this deal."))
        raise
    job.finish()


@task(queue_name="solver")
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
