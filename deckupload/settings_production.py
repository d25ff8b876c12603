"""Production settings: ``DJANGO_SETTINGS_MODULE=deckupload.settings_production``.

Needs SECRET_KEY and ALLOWED_HOSTS in the environment (and DATABASE_URL).
settings.py already turns on secure cookies, HSTS, the SSL redirect and the
proxy header when DEBUG is off, so this module forces DEBUG off *before*
reading it and adds only what a multi-process server needs on top:

- a cache shared by the gunicorn workers, for the login throttle's counters
  (a file cache in CACHE_DIR, default ``tmp/cache`` in the project, which only
  the app's user may write: the file cache unpickles what it reads);
- persistent database connections (CONN_MAX_AGE, default 60 s) with health checks.

Expects TLS to end at a reverse proxy that sets ``X-Forwarded-Proto: https``.
``manage.py check --deploy`` is clean with these settings (tests/test_deploy_check.py).
"""

from __future__ import annotations

import os

os.environ["DEBUG"] = "0"  # before settings.py reads it: production never runs with DEBUG

from .settings import *  # noqa: E402,F403
from .settings import BASE_DIR, DATABASES, DEBUG  # noqa: E402

assert not DEBUG

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": os.environ.get("CACHE_DIR", str(BASE_DIR / "tmp" / "cache")),
    }
}

DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE", "60"))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

# The proxy's address for each client, for the login throttle (empty: REMOTE_ADDR).
LOGIN_THROTTLE_IP_HEADER = os.environ.get("LOGIN_THROTTLE_IP_HEADER", "")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
