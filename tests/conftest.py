"""Shared fixtures. Parser tests need none of these and no database."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
CORPUS = SHARED / "corpus"


@pytest.fixture
def corpus_dir() -> Path:
    if not (CORPUS / "expected.json").exists():
        pytest.skip("../shared/corpus is not present beside the repository")
    return CORPUS
