"""The rules of bridge are tested without the database."""

import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing():
    """No users are made here (overrides the web tests' fixture of the same name)."""
    yield
