"""Passwords are stored with Argon2id; accounts made with PBKDF2 still log in and are upgraded."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import make_password

from deckupload import settings as settings_module

pytestmark = pytest.mark.django_db


@pytest.fixture
def real_hashers(settings):
    """The project's own hashers (the suite's conftest swaps in a fast one)."""
    settings.PASSWORD_HASHERS = settings_module.PASSWORD_HASHERS
    return settings


def test_a_new_account_gets_an_argon2id_hash(real_hashers, client):
    response = client.post(
        "/signup/", {"username": "dana", "password1": "Tuesday-Pa55word-xyz", "password2": "Tuesday-Pa55word-xyz"}
    )
    assert response.status_code == 302
    from django.contrib.auth import get_user_model

    assert get_user_model().objects.get(username="dana").password.startswith("argon2$argon2id$")


def test_an_older_pbkdf2_account_logs_in_and_is_rehashed(real_hashers, client, django_user_model):
    user = django_user_model.objects.create(
        username="old", password=make_password("Old-Pa55word-xyz", hasher="pbkdf2_sha256")
    )
    assert user.password.startswith("pbkdf2_sha256$")
    response = client.post("/login/", {"username": "old", "password": "Old-Pa55word-xyz"})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.password.startswith("argon2$argon2id$")
