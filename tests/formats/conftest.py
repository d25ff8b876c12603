"""Parser tests need no Django: they run with `-p no:django` too."""

from __future__ import annotations

import json

import pytest

from tests.corpus import CORPUS


@pytest.fixture(scope="session")
def expected() -> dict:
    """The shared corpus's expected.json: what each file holds (skipped without the corpus)."""
    path = CORPUS / "expected.json"
    if not path.exists():
        pytest.skip("../shared/corpus is not present beside the repository")
    return json.loads(path.read_text(encoding="utf-8"))
