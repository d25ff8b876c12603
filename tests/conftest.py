"""Shared fixtures: users, games, the corpus and a real browser.

Parser tests (tests/formats) need none of these and no database.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from tests import corpus

CHROMIUM = "/usr/bin/chromium"
STRICT = os.environ.get("STRICT") == "1"  # CI: a missing browser fails instead of skipping
OUTPUT = Path(__file__).resolve().parent.parent / "test-output"

# Property tests (hypothesis) try a few examples each in the everyday run, and many under
# HYPOTHESIS_PROFILE=ci: the slow run (scripts/test.sh slow) runs them again with it.
settings.register_profile("everyday", max_examples=25)
settings.register_profile("ci", max_examples=400)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "everyday"))


def stale_catalogues() -> list[Path]:
    """The translations' .po files whose compiled .mo is missing or older."""
    locale = Path(__file__).resolve().parent.parent / "locale"
    return [
        po
        for po in sorted(locale.glob("*/LC_MESSAGES/django.po"))
        if not po.with_suffix(".mo").exists() or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime
    ]


def compile_catalogues(stale: list[Path]) -> None:
    import subprocess

    for po in stale:
        subprocess.run(["msgfmt", "--check-format", "-o", str(po.with_suffix(".mo")), str(po)], check=True)


def pytest_configure(config: pytest.Config) -> None:
    """A plain ``pytest`` compiles the catalogues the pages need, as make test does,
    where msgfmt is installed (the tests that need them skip otherwise: the
    ``compiled_catalogues`` fixture). Once, in the process that starts any xdist workers."""
    if hasattr(config, "workerinput"):
        return
    stale = stale_catalogues()
    if stale and shutil.which("msgfmt"):
        compile_catalogues(stale)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser suite runs with the slow tests (make test-slow): a browser test is slow
    unless it is marked smoke, the one the everyday run keeps to drive a real browser."""
    for item in items:
        if item.get_closest_marker("browser") and not item.get_closest_marker("smoke"):
            item.add_marker(pytest.mark.slow)


def skip_or_fail(reason: str) -> None:
    if STRICT:
        pytest.fail(f"{reason} (STRICT=1: required here)")
    pytest.skip(reason)


@pytest.fixture
def corpus_dir() -> Path:
    """The shared corpus's directory (tests/corpus.py reads its files once); skipped without it."""
    return corpus.require()


@pytest.fixture
def password() -> str:
    return "correct-horse-battery-staple-42"


@pytest.fixture
def host(django_user_model, password):
    return django_user_model.objects.create_user("alice", "alice@example.com", password)


@pytest.fixture
def other_user(django_user_model, password):
    return django_user_model.objects.create_user("bob", "bob@example.com", password)


@pytest.fixture
def staff(django_user_model, password):
    return django_user_model.objects.create_user(
        "carol", "carol@example.com", password, is_staff=True, is_superuser=True
    )


@pytest.fixture
def game(host):
    from games.models import Game

    return Game.objects.create(host=host, name="Tuesday practice", allow_upload=True)


@pytest.fixture
def join_table(host):
    """An empty Join table: alice's game "Friday four", nobody seated."""
    from games.models import Game
    from games.models.join import JoinTable

    return JoinTable.for_game(Game.objects.create(host=host, name="Friday four", game_type=Game.Type.JOIN))


@pytest.fixture
def game_without_upload(host):
    from games.models import Game

    return Game.objects.create(host=host, name="No uploads here", allow_upload=False)


@pytest.fixture
def host_client(client, host):
    client.force_login(host)
    return client


@pytest.fixture
def other_client(client, other_user):
    client.force_login(other_user)
    return client


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


@pytest.fixture
def output_dir(request) -> Path:
    """A folder under test-output/ for screenshots and other artefacts of one test."""
    path = OUTPUT / request.node.name.replace("/", "_").replace("[", "_").replace("]", "")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright (never `playwright install`)."""
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        skip_or_fail("Chromium not found at /usr/bin/chromium: apt-get install chromium")
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def queue_decks():
    """queue_decks(game, 3) puts that many valid random decks (boards 1..3 of club.pbn)
    at the end of the game's queue and returns the Deck rows."""
    from games.bridge.cards import random_deal
    from games.formats.model import Deck

    def add(game, count: int = 3, *, source_name: str = "club.pbn", start: int = 1, **fields):
        decks = [
            Deck(deal=random_deal(), index=i, line=1 + 12 * i, board=str(start + i), **fields) for i in range(count)
        ]
        return game.add_decks(decks, source_name=source_name, source_format="pbn")

    return add


@pytest.fixture
def site_dealer(settings, tmp_path) -> str:
    """Debian's dealer as the site's dealer program (skipped without it, failed with
    STRICT=1), its run slots in a folder of the test's own."""
    from tests.dealer_check import dealer_program

    settings.DEALER_LOCK_DIR = str(tmp_path / "dealer-slots")
    settings.DEALER_PROGRAM = dealer_program()
    return settings.DEALER_PROGRAM


@pytest.fixture(autouse=True)
def fast_password_hashing(request):
    """PBKDF2's million rounds cost a second per user made; tests need no strong hashes.
    (Nothing to set when the parser tests run without Django: ``-p no:django``.)"""
    if request.config.pluginmanager.has_plugin("django"):
        settings = request.getfixturevalue("settings")
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def english_after_each_test(request):
    """A request in another language leaves that language active in the thread (the
    test client answers in the test's own): the next test starts in English again."""
    yield
    if request.config.pluginmanager.has_plugin("django"):
        from django.utils.translation import deactivate

        deactivate()


QUEUES = ["interactive", "robot", "bulk"]
IMMEDIATE_TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend", "QUEUES": QUEUES}}
DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": QUEUES}}


@pytest.fixture(autouse=True)
def tasks_run_where_enqueued(request):
    """Tasks run as they are enqueued (django-tasks' ImmediateBackend), so a test sees
    their work at once; ``task_worker`` runs them in the real database worker instead."""
    if request.config.pluginmanager.has_plugin("django"):
        request.getfixturevalue("settings").TASKS = IMMEDIATE_TASKS


@pytest.fixture
def never_run(settings):
    """Tasks wait in the queue (django-tasks' dummy backend), as they do until a worker
    takes them: what a page shows meanwhile."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.dummy.DummyBackend", "QUEUES": QUEUES}}


@pytest.fixture
def start_worker(settings, transactional_db, tmp_path):
    """start_worker(**env) runs ``manage.py run_worker`` on every queue in a process of its
    own, on the test database (a file), with ``env`` added to its environment (a test's
    own bounds: ``JOB_LEASE_SECONDS="3"``); each is stopped at the test's end. Tasks leave
    the request as they do on the site. Needs committed rows, hence ``transactional_db``
    (and SQLite: the PostgreSQL runs hold only the queue tests)."""
    import subprocess
    import sys

    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the worker fixture runs on the SQLite test database")
    settings.TASKS = DATABASE_TASKS
    root = Path(__file__).resolve().parent.parent
    started = []

    def start(**extra: str) -> subprocess.Popen:
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{connection.settings_dict['NAME']}",
            "TASKS_BACKEND": "django_tasks_db.DatabaseBackend",
            "DJANGO_SETTINGS_MODULE": "deckupload.settings",
            **extra,
        }
        command = [sys.executable, "manage.py", "run_worker", "--queue-name", "*", "--interval", "0.1", "-v", "3"]
        log = tmp_path / f"worker-{len(started)}.log"
        with open(log, "wb") as out:
            worker = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=out)
        worker.log = log  # what it printed, for a test's failure message
        started.append(worker)
        return worker

    yield start
    for worker in started:
        if worker.poll() is None:
            worker.terminate()
    for worker in started:
        try:
            worker.wait(timeout=10)
        except subprocess.TimeoutExpired:
            worker.kill()


@pytest.fixture
def task_worker(start_worker):
    """One task worker on every queue (``start_worker``)."""
    return start_worker()


@pytest.fixture(scope="session")
def compiled_catalogues() -> None:
    """The translations' .mo files, compiled from locale/*/LC_MESSAGES/django.po where
    missing or older (scripts/test.sh and make run compile them first; this serves a
    pytest run on its own). Without msgfmt (Debian's gettext) the test is skipped."""
    stale = stale_catalogues()
    if stale and not shutil.which("msgfmt"):
        skip_or_fail("msgfmt not found: apt-get install gettext to compile the translations")
    compile_catalogues(stale)
