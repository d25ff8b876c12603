"""Parser tests need no Django: they run with `-p no:django` too."""

from __future__ import annotations

from typing import Any

import pytest

from tests import corpus


@pytest.fixture
def expected() -> dict[str, Any]:
    """The shared corpus's expected.json: what each file holds, read once (skipped without the corpus)."""
    return corpus.expected()
