"""Shared fixtures: users, games, the corpus and a real browser.

Parser tests (tests/formats) need none of these and no database.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
CORPUS = SHARED / "corpus"
CHROMIUM = "/usr/bin/chromium"
STRICT = os.environ.get("STRICT") == "1"  # CI: a missing browser fails instead of skipping
OUTPUT = Path(__file__).resolve().parent.parent / "test-output"


def skip_or_fail(reason: str) -> None:
    if STRICT:
        pytest.fail(f"{reason} (STRICT=1: required here)")
    pytest.skip(reason)


@pytest.fixture
def corpus_dir() -> Path:
    if not (CORPUS / "expected.json").exists():
        pytest.skip("../shared/corpus is not present beside the repository")
    return CORPUS


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
    from games.formats.cards import random_deal
    from games.formats.model import Deck

    def add(game, count: int = 3, *, source_name: str = "club.pbn", start: int = 1, **fields):
        decks = [
            Deck(deal=random_deal(), index=i, line=1 + 12 * i, board=str(start + i), **fields) for i in range(count)
        ]
        return game.add_decks(decks, source_name=source_name, source_format="pbn")

    return add


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """PBKDF2's million rounds cost a second per user made; tests need no strong hashes."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
