"""Production settings: ``DJANGO_SETTINGS_MODULE=deckupload.settings_production``.

Needs SECRET_KEY and ALLOWED_HOSTS in the environment (and DATABASE_URL).
settings.py already turns on secure cookies, HSTS, the SSL redirect and the
proxy header when DEBUG is off, so this module forces DEBUG off *before*
reading it and adds only what a multi-process server needs on top:

- a cache shared by the gunicorn workers (a file cache in CACHE_DIR, default
  ``tmp/cache`` in the project, which only the app's user may write: the file
  cache unpickles what it reads); the log-in throttle no longer uses it
  (django-axes keeps its counts in the database);
- the client's address for the log-in throttle from the proxy's X-Forwarded-For
  (TRUSTED_PROXY_COUNT, default 1: the one TLS proxy of the README);
- persistent database connections (CONN_MAX_AGE, default 60 s) with health checks.

Expects TLS to end at a reverse proxy that sets ``X-Forwarded-Proto: https``.
``manage.py check --deploy`` is clean with these settings (tests/ops/test_deploy_check.py).
"""

from __future__ import annotations

import os

os.environ["DEBUG"] = "0"  # before settings.py reads it: production never runs with DEBUG

from django.core.exceptions import ImproperlyConfigured  # noqa: E402

from .settings import *  # noqa: E402,F403
from .settings import BASE_DIR, CACHES, DATABASES, DEBUG  # noqa: E402

if DEBUG:  # an exception, not an assert: python -O leaves asserts out
    raise ImproperlyConfigured("The production settings never run with DEBUG on.")

CACHES = {  # a new mapping: settings.py's own stays as it is
    **CACHES,
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": os.environ.get("CACHE_DIR", str(BASE_DIR / "tmp" / "cache")),
    },
}

DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE", "60"))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

# gunicorn sees only the proxy's address (127.0.0.1); the client's is the one the proxy
# appended to TRUSTED_PROXY_HEADER (settings.py: X-Forwarded-For). Without it every client
# would share one address in the log-in throttle's counts. N proxies in a chain: N; none: 0.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "1"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
