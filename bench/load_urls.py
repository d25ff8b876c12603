"""The load test's URLs: the site's own, and ``load/ok/``, the bare request the load test
measures every other request against (scripts/loadtest.py).

Only bench.load_settings names this module; the site's settings route through
deckupload.urls, which does not include it (tests/ops/test_loadtest_smoke.py checks).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_safe

from deckupload.urls import handler400  # noqa: F401 - the site's error page, as under its own URLs


@login_required
@require_safe
def ok(request: HttpRequest) -> HttpResponse:
    """ "ok" for a logged-in user: the middleware, the session read and the user lookup
    that every page pays, and nothing else."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("load/ok/", ok, name="load_ok"),
    path("", include("deckupload.urls")),
]
