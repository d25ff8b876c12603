"""The production settings with the load test's URLs (bench.load_urls: the site's, and the
bare request that scripts/loadtest.py measures against). Only the load test's gunicorn
runs with these: ``DJANGO_SETTINGS_MODULE=bench.load_settings``.
"""

from __future__ import annotations

from deckupload.settings_production import *  # noqa: F403

ROOT_URLCONF = "bench.load_urls"
