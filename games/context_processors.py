"""Template context shared by every page."""

from __future__ import annotations

from django.http import HttpRequest


def csp_nonce(request: HttpRequest) -> dict[str, object]:
    """``{{ csp_nonce }}``, the name ``{% htmx_script %}`` reads, for django-csp's per-request
    nonce (lazy: a page that uses it gets it in its Content-Security-Policy header)."""
    return {"csp_nonce": getattr(request, "csp_nonce", "")}
