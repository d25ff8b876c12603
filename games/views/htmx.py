"""The request as the views read it behind django-htmx's middleware."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request with ``htmx`` (whether htmx sent it, and what it asks), which
    ``django_htmx.middleware.HtmxMiddleware`` sets on every request: for the type checker,
    as django-htmx's documentation has it."""

    htmx: HtmxDetails
