"""Log-in throttling with django-axes: the callables its settings name.

Axes counts failed log-ins in its database tables (shared by every gunicorn worker,
listed in the admin) and, past ``AXES_FAILURE_LIMIT`` failures within
``AXES_COOLOFF_TIME``, refuses the log-in before any password check
(``axes.backends.AxesStandaloneBackend``); ``axes.middleware.AxesMiddleware`` then
answers with :func:`lockout_response`. What is counted together is decided here:

- :func:`username`: the name as Django folds it (NFKC, like
  ``AbstractBaseUser.normalize_username`` and the log-in form) and case-folded, so
  ``ｄｅｍｏ``, ``𝐝𝐞𝐦𝐨``, ``DEMO`` and ``demo`` are one counter, not four;
- :func:`client_ip`: the client's address, behind ``TRUSTED_PROXY_COUNT`` proxies;
- :func:`lockout_parameters`: per (username, address), and per username from
  addresses the user has never logged in from.
"""

from __future__ import annotations

import ipaddress
import math
import unicodedata
from datetime import datetime

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_cool_off, get_failure_limit
from axes.models import AccessBase, AccessLog
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

PER_ADDRESS = ["username", "ip_address"]
MAX_USERNAME = 255  # axes' username columns; case folding can lengthen a name (ß -> ss)


def _typed_username(request: HttpRequest | None, credentials: dict | None) -> str | None:
    field = settings.AXES_USERNAME_FORM_FIELD  # type: ignore[misc]  # django-axes' setting, not Django's
    if credentials:
        name = credentials.get(field)
    elif request is not None:
        name = getattr(request, "data", request.POST).get(field)
    else:
        name = None
    # The log-in form has already applied NFKC; a raw POST field has not.
    return unicodedata.normalize("NFKC", str(name)).strip() if name is not None else None


def username(request: HttpRequest | None, credentials: dict | None = None) -> str | None:
    """AXES_USERNAME_CALLABLE: the counter's name for what was typed, NFKC and case-folded."""
    name = _typed_username(request, credentials)
    if name is None:
        return None
    # NFKC again after case folding, as Unicode's NFKC_Casefold does: folding can
    # leave a sequence that is no longer normalised.
    return unicodedata.normalize("NFKC", name.casefold())[:MAX_USERNAME]


def client_ip(request: HttpRequest) -> str | None:
    """AXES_CLIENT_IP_CALLABLE: REMOTE_ADDR, or the address the outermost trusted proxy saw.

    Each proxy appends to X-Forwarded-For the address it was reached from, so behind
    ``TRUSTED_PROXY_COUNT`` proxies the client is that many entries from the right;
    anything further left was sent by the client and may be forged. django-ipware is
    not used: its ``proxy_count`` counts proxies listed in the header, not the ones in
    front of Django, and behind one proxy that appends only the client it finds nothing.
    Django must be reachable only through the proxies (gunicorn binds 127.0.0.1).
    """
    remote = request.META.get("REMOTE_ADDR") or None
    count = settings.TRUSTED_PROXY_COUNT
    if count < 1:
        return remote
    hops = [hop.strip() for hop in request.META.get(settings.TRUSTED_PROXY_HEADER, "").split(",")]
    if len(hops) < count:  # it did not come through every proxy
        return remote
    try:
        return str(ipaddress.ip_address(hops[-count]))
    except ValueError:  # no header (a direct request) or a proxy writing something else
        return remote


def lockout_parameters(
    request_or_attempt: HttpRequest | AccessBase, credentials: dict | None = None
) -> list[str | list[str]]:
    """AXES_LOCKOUT_PARAMETERS: which failures a log-in attempt counts against.

    Never the address alone: behind a proxy that is not configured, or behind a
    carrier's NAT, one address is everybody, and failures for made-up names would
    lock every user out. Per (username, address), so one address guessing many names
    locks out nobody else. Per username too, so that guessing one account's password
    from many addresses is held to the same few tries per window in all; but not from
    an address the user has logged in from before (axes' access log), or anyone could
    lock the admin out by failing at their name: the real user at a known address keeps
    their own per-address allowance while their account is under attack.
    """
    if isinstance(request_or_attempt, AccessBase):  # only axes' cache handler asks with a row
        return [PER_ADDRESS, "username"]
    request = request_or_attempt
    name = _typed_username(request, credentials)
    ip = getattr(request, "axes_ip_address", None) or client_ip(request)
    # AccessLog keeps the name as stored, which a successful log-in typed exactly.
    if name and ip and AccessLog.objects.filter(username=name, ip_address=ip).exists():
        return [PER_ADDRESS]
    return [PER_ADDRESS, "username"]


def retry_minutes(request: HttpRequest, credentials: dict | None) -> int:
    """Whole minutes until this log-in is allowed again (at least 1)."""
    cool_off = get_cool_off(request)
    limit = get_failure_limit(request, credentials)
    until: datetime | None = None
    # The database handler's rows (the one settings name); with another handler there
    # are none and the answer is the whole cool-off.
    for attempts in AxesDatabaseHandler().get_user_attempts(request, credentials):
        # Older failures leave the window first: the lock lifts when the oldest of the
        # newest failures that reach the limit leaves it.
        total = 0
        for failures, at in attempts.order_by("-attempt_time").values_list("failures_since_start", "attempt_time"):
            total += failures
            if total >= limit:
                until = max(until, at + cool_off) if until else at + cool_off
                break
    seconds = (until - timezone.now()).total_seconds() if until else cool_off.total_seconds()
    return max(1, math.ceil(seconds / 60))


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: dict | None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: 429 and a page saying when to try again."""
    minutes = retry_minutes(request, credentials)
    response = render(
        request, "registration/locked_out.html", {"minutes": minutes}, status=settings.AXES_HTTP_RESPONSE_CODE
    )
    response["Retry-After"] = str(minutes * 60)
    return response
