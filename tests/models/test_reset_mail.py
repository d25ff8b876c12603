"""The password-reset mail counts: a sliding window per address and per client, shared by
every worker (real threads, each with its own connection), pruned as they age."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.models import ResetMailCount

WINDOW = timedelta(minutes=60)


@pytest.mark.django_db
def test_the_window_slides(settings):
    settings.PASSWORD_RESET_LIMIT_MINUTES = 60
    start = timezone.now()
    taken = [ResetMailCount.take("alice@example.com", "203.0.113.7", start + timedelta(minutes=m)) for m in (0, 20, 40)]
    assert taken == [True, True, True]
    assert not ResetMailCount.take("alice@example.com", "203.0.113.7", start + timedelta(minutes=59))
    # An hour after the first, one comes free; the other two still count.
    assert ResetMailCount.take("alice@example.com", "203.0.113.7", start + timedelta(minutes=61))
    assert not ResetMailCount.take("alice@example.com", "203.0.113.7", start + timedelta(minutes=62))


@pytest.mark.django_db
def test_a_refusal_by_one_limit_counts_nothing_against_the_other(settings):
    settings.PASSWORD_RESET_MAILS_PER_ADDRESS = 1
    settings.PASSWORD_RESET_MAILS_PER_CLIENT = 2
    assert ResetMailCount.take("alice@example.com", "203.0.113.7")
    assert not ResetMailCount.take("alice@example.com", "203.0.113.7")
    assert not ResetMailCount.take("ALICE@example.com", "203.0.113.7")
    assert ResetMailCount.take("bob@example.com", "203.0.113.7")  # the client's second
    assert not ResetMailCount.take("carol@example.com", "203.0.113.7")


@pytest.mark.django_db
def test_rows_older_than_the_window_are_pruned():
    start = timezone.now()
    ResetMailCount.take("alice@example.com", "203.0.113.7", start)
    assert ResetMailCount.objects.count() == 2
    ResetMailCount.take("bob@example.com", "192.0.2.1", start + WINDOW + timedelta(minutes=1))
    assert ResetMailCount.objects.count() == 2
    assert ResetMailCount.take("alice@example.com", "203.0.113.7", start + WINDOW + timedelta(minutes=1))


@pytest.mark.queue  # run again on PostgreSQL, where select_for_update does the work
@pytest.mark.django_db(transaction=True)
def test_workers_at_once_send_no_more_than_the_limit(settings):
    settings.PASSWORD_RESET_MAILS_PER_ADDRESS = 3
    results: list[bool] = []
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def worker(number: int) -> None:
        try:
            barrier.wait()
            results.append(ResetMailCount.take("alice@example.com", f"198.51.100.{number}"))
        except BaseException as error:  # noqa: BLE001 - reported in the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(number,)) for number in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors
    assert sorted(results) == [False] * 5 + [True] * 3
