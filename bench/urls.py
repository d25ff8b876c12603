"""The site's URLs plus a bare view, for ``bench.web`` alone (it sets ROOT_URLCONF to this
module while it measures): the site itself never serves the bare view."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.http import require_POST

from deckupload.urls import handler400, urlpatterns

__all__ = ["handler400", "urlpatterns"]


@login_required
@require_POST
def ok(request: HttpRequest) -> HttpResponse:
    """What every request of a signed-in user costs before its view does anything: the
    middleware, the session and the user, then "ok"."""
    return HttpResponse("ok")


urlpatterns = [*urlpatterns, path("bench/ok/", ok, name="bench_ok")]
