"""Background work a user waits on (``games.models.job``): starting it within the user's
share of the workers, the page that tells its progress, and the finished PDF.

The waiting page refreshes itself: by htmx (the status partial asks again every
``JOB_POLL_SECONDS``) or, without JavaScript, by a ``<meta http-equiv="refresh">``.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from games.models import Job
from games.models.job import JobRefused
from games.tasks import open_job, recover_abandoned
from games.views.htmx import HtmxHttpRequest

PAGE = "games/job.html"


def busy_answer(request: HtmxHttpRequest, retry_url: str) -> HttpResponse:
    """429 and a page that says why (and asks again by itself): the user has as many
    jobs under way as one user may."""
    context = {"retry_url": retry_url, "limit": settings.JOBS_PER_USER, "poll": settings.JOB_POLL_SECONDS}
    status = 200 if request.htmx else 429  # htmx swaps only 2xx answers
    template = "games/job.html#busy" if request.htmx else "games/job_busy.html"
    response = render(request, template, context, status=status)
    response["Retry-After"] = str(max(1, round(settings.JOB_POLL_SECONDS)))
    return response


def refused_answer(request: HtmxHttpRequest, refused: JobRefused, to_solve: int, retry_url: str) -> HttpResponse:
    """The page for a job past the user's share: as many jobs as they may have (it asks
    again by itself), or as many deals waiting for the solver (it offers the PDF without
    the double-dummy tables)."""
    if refused.reason == "busy":
        return busy_answer(request, retry_url)
    query = request.GET.copy()
    query["analysis"] = "no"
    context = {
        "waiting": refused.waiting,
        "asked": to_solve,
        "limit": settings.SOLVER_DEALS_PER_USER,
        "without": f"{request.path}?{query.urlencode()}",
    }
    return render(request, "games/job_too_many_deals.html", context, status=429)


def solve_in_background(user, deal: str) -> Job | None:
    """The job solving ``deal``: one already under way for anybody, or a new one for
    ``user``; None when the user may not start another one now."""
    running = Job.objects.live().filter(kind=Job.Kind.SOLVE, params__deal=deal).first()
    if running is not None:
        return running
    try:
        return open_job(
            user, kind=Job.Kind.SOLVE, deals=1, params={"deal": deal}, title=gettext("Double-dummy analysis")
        )
    except JobRefused:
        return None


def _own_job(request: HttpRequest, pk: int) -> Job:
    return get_object_or_404(Job.objects.defer("result", "params"), pk=pk, user=request.user)


@login_required
@require_safe
@vary_on_headers("HX-Request")
def job(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """How far the job got; the download once it is done."""
    found = _own_job(request, pk)
    if found.lease_until is not None and not found.finished and found.lease_until < timezone.now():
        recover_abandoned()  # its worker died: taken up again (or failed) before the page says
        found = _own_job(request, pk)
    # Stored in English by a worker that answers no request (games.tasks marks them): said here
    # in the page's language; a message it does not know (a reader's own) stays as stored.
    found.stage, found.message = (
        gettext(found.stage) if found.stage else "",
        gettext(found.message) if found.message else "",
    )
    template = f"{PAGE}#status" if request.htmx else PAGE
    return render(request, template, {"job": found, "poll": settings.JOB_POLL_SECONDS})


@login_required
@require_safe
def download(request: HttpRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(Job, pk=pk, user=request.user, status=Job.Status.DONE, kind=Job.Kind.PDF)
    if found.result is None:
        raise Http404("This job kept no file")
    return HttpResponse(
        bytes(found.result),
        content_type="application/pdf",
        headers={"Content-Disposition": content_disposition_header(True, found.filename or "hand-records.pdf")},
    )
