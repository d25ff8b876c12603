"""The production settings pass Django's deployment checklist without a warning."""

from __future__ import annotations

import os
import secrets
import string
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    # (the browser tests set DJANGO_ALLOW_ASYNC_UNSAFE for Playwright's event loop; a deployment never has it)
    environ.update({"DJANGO_SETTINGS_MODULE": "deckupload.settings_production", **env})
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120)


def _secret_key() -> str:
    alphabet = string.ascii_letters + string.digits + "!@#%^&*(-_=+)"
    return "".join(secrets.choice(alphabet) for _ in range(50))


def test_check_deploy_is_clean():
    result = _run(
        "manage.py",
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY=_secret_key(),
        ALLOWED_HOSTS="example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_never_runs_with_debug():
    code = "import django; django.setup(); from django.conf import settings; print(settings.DEBUG)"
    result = _run("-c", code, SECRET_KEY=_secret_key(), ALLOWED_HOSTS="example.org", DEBUG="1")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_production_refuses_to_start_without_a_secret_key():
    result = _run("manage.py", "check", ALLOWED_HOSTS="example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_settings_refuse_debug_even_under_python_o():
    """An exception, not an assert, so that ``python -O`` keeps the check: the settings
    load with DEBUG off, and refuse a DEBUG that is on when they are read."""
    env = {**os.environ, "SECRET_KEY": "x" * 50}
    root = Path(__file__).resolve().parents[2]

    def load(code: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-O", "-c", code], env=env, capture_output=True, text=True, cwd=root)

    assert load("import deckupload.settings_production").returncode == 0
    debug_on = load("from deckupload import settings; settings.DEBUG = True; import deckupload.settings_production")
    assert debug_on.returncode != 0 and "ImproperlyConfigured: The production settings never run with DEBUG on" in (
        debug_on.stderr
    )
