"""Login throttling: too many failed log-ins answer 429 without trying the password.

Failures are counted in Django's cache per (client IP, username) and per client
IP, in a window of ``LOGIN_THROTTLE_MINUTES`` opened by the first failure. Past
``LOGIN_THROTTLE_FAILURES`` failures for one username from one address (or four
times that from one address over any usernames, so that guessing across many
accounts is slowed too) a POST to the login page gets 429 and a message saying
when to try again. A successful log-in clears that username's counter for the
address; the per-address counter is left to expire, so an attacker cannot reset
it by logging in to an account of their own.

The counts live in the default cache: with several worker processes it must be
a shared one (settings_production uses a file cache) or each process counts alone.
Behind a reverse proxy, ``LOGIN_THROTTLE_IP_HEADER`` (e.g. ``"HTTP_X_REAL_IP"``)
names the header the proxy sets to the client's address; by default REMOTE_ADDR.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.urls import NoReverseMatch, reverse
from django.utils.html import escape

IP_FACTOR = 4  # the per-address limit, as a multiple of the per-username limit


def _limit() -> int:
    return int(getattr(settings, "LOGIN_THROTTLE_FAILURES", 5))


def _window() -> int:
    return int(getattr(settings, "LOGIN_THROTTLE_MINUTES", 15)) * 60


def client_ip(request: HttpRequest) -> str:
    header = getattr(settings, "LOGIN_THROTTLE_IP_HEADER", "") or "REMOTE_ADDR"
    value = request.META.get(header) or request.META.get("REMOTE_ADDR") or "unknown"
    # X-Forwarded-For style lists: the proxy appends the address it saw last.
    return value.split(",")[-1].strip()


def _keys(ip: str, username: str) -> tuple[str, str]:
    digest = hashlib.sha256(f"{ip}\0{username.strip().casefold()}".encode()).hexdigest()
    return f"login-fail:pair:{digest}", f"login-fail:ip:{hashlib.sha256(ip.encode()).hexdigest()}"


def _count(key: str) -> tuple[int, float]:
    """(failures, unix time the window ends) for one counter."""
    values = cache.get_many([key, key + ":until"])
    return int(values.get(key, 0)), float(values.get(key + ":until", 0))


def _bump(key: str) -> None:
    window = _window()
    if cache.add(key + ":until", time.time() + window, window):
        cache.set(key, 1, window)
        return
    try:
        cache.incr(key)
    except ValueError:  # the count expired between the two calls
        cache.set(key, 1, window)


def _username(credentials: dict | None, request: HttpRequest | None) -> str:
    from django.contrib.auth import get_user_model

    field = get_user_model().USERNAME_FIELD
    if credentials and credentials.get(field):
        return str(credentials[field])
    if request is not None and request.method == "POST":
        return request.POST.get(field, "") or request.POST.get("username", "")
    return ""


@receiver(user_login_failed, dispatch_uid="games.throttle.count_failure")
def count_failure(sender, credentials=None, request=None, **kwargs) -> None:
    if request is None:  # authenticate() called outside a request: nothing to key on
        return
    pair, per_ip = _keys(client_ip(request), _username(credentials, request))
    _bump(pair)
    _bump(per_ip)


@receiver(user_logged_in, dispatch_uid="games.throttle.clear_on_success")
def clear_on_success(sender, request=None, user=None, **kwargs) -> None:
    if request is None or user is None:
        return
    ip = client_ip(request)
    names = {user.get_username(), _username(None, request)}
    cache.delete_many([k for name in names if name for k in (_keys(ip, name)[0], _keys(ip, name)[0] + ":until")])


def retry_minutes(request: HttpRequest, username: str) -> int:
    """Minutes until this address may try this username again; 0 when it may now."""
    pair, per_ip = _keys(client_ip(request), username)
    now = time.time()
    wait = 0.0
    for key, limit in ((pair, _limit()), (per_ip, _limit() * IP_FACTOR)):
        failures, until = _count(key)
        if failures >= limit and until > now:
            wait = max(wait, until - now)
    return math.ceil(wait / 60) if wait else 0


class LoginThrottleMiddleware:
    """Answer a throttled POST to the login pages with 429 before any password check."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self._paths: set[str] | None = None

    def login_paths(self) -> set[str]:
        if self._paths is None:
            paths = {reverse("login")}
            try:
                paths.add(reverse("admin:login"))
            except NoReverseMatch:
                pass
            self._paths = paths
        return self._paths

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and request.path_info in self.login_paths():
            minutes = retry_minutes(request, _username(None, request))
            if minutes:
                return too_many(minutes)
        return self.get_response(request)


def too_many(minutes: int) -> HttpResponse:
    unit = "minute" if minutes == 1 else "minutes"
    message = f"Too many failed log-in attempts; try again in {minutes} {unit}."
    login = escape(reverse("login"))
    body = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many attempts</title></head>'
        f'<body><main><h1>Too many attempts</h1><p role="alert">{escape(message)}</p>'
        f'<p><a href="{login}">Back to the log-in page</a></p></main></body></html>'
    )
    response = HttpResponse(body, status=429)
    response["Retry-After"] = str(minutes * 60)
    return response
