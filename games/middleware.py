"""Security headers Django 5.2 does not set by itself: a Content Security Policy.

Every response carries ``settings.CSP_POLICY`` with ``{nonce}`` replaced by a
fresh value per request. Scripts run only from our own origin or with that
nonce (``{% htmx_script %}`` reads it from the ``csp_nonce`` template variable
that :func:`csp_nonce` provides); styles only from our own stylesheets, so
templates carry no ``style`` attributes or ``<style>`` blocks.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

DEFAULT_POLICY = (
    "default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)


class ContentSecurityPolicyMiddleware:
    """Give each request a nonce (``request.csp_nonce``) and each response the policy."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = getattr(settings, "CSP_POLICY", DEFAULT_POLICY)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.csp_nonce = secrets.token_urlsafe(18)
        response = self.get_response(request)
        # A view that needs a different policy (none does yet) sets its own header.
        if "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = self.policy.replace("{nonce}", request.csp_nonce)
        return response


def csp_nonce(request: HttpRequest) -> dict[str, str]:
    """Template context processor: ``{{ csp_nonce }}`` for ``<script nonce=...>``."""
    return {"csp_nonce": getattr(request, "csp_nonce", "")}
