"""Hostile files through the real upload view: a clear answer in bounded time and memory,
and nothing from a file ever rendered as markup (preview, game page, admin).

The inputs are made by tests/hostile.py. Times are a safety net (10 s a request, far above
what any of them needs), not a benchmark.
"""

from __future__ import annotations

import re
import time
import tracemalloc
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Deck, Game
from games.models.queue_check import queue_problems
from games.models.upload import Upload
from tests import hostile
from tests.fixtures_upload import upload_file

pytestmark = pytest.mark.django_db

SECONDS = 10.0  # per request
MEMORY_FACTOR = 20  # tracemalloc peak of a request, in sizes of what was sent
MEMORY_SAMPLE = 256 * 1024  # heavier files are measured at this size (tracemalloc slows them down a lot)


def upload_url(game: Game) -> str:
    return reverse("upload", args=[game.pk])


def timed(action: Callable[[], object], *, sent: int | None = None):
    """``action()``, asserting it took under SECONDS and, when ``sent`` is given, that
    its tracemalloc peak stayed under MEMORY_FACTOR times ``sent`` bytes."""
    if sent is not None:
        tracemalloc.start()
    start = time.perf_counter()
    try:
        result = action()
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] if sent is not None else 0
    finally:
        if sent is not None:
            tracemalloc.stop()
    assert seconds < SECONDS, f"took {seconds:.1f} s"
    if sent is not None:
        assert peak < MEMORY_FACTOR * max(sent, 64 * 1024), f"peak {peak:,} bytes for {sent:,} sent"
    return result


def check_answer(response, case: hostile.Case) -> None:
    """The page says what happened: the decks offered, or why nothing was uploaded."""
    assert response.status_code in (200, 302, 400), response.status_code
    if response.status_code == 302:
        return
    html = response.content.decode()
    assert "Traceback" not in html
    if case.decks is None:
        assert "Nothing was uploaded." in html
        text = re.sub(r"<[^>]+>", "", html).replace("&#x27;", "'").replace("&quot;", '"')
        assert re.search(case.message, text), f"no {case.message!r} in the errors"
        assert not Upload.objects.exists()


def send(client: Client, game: Game, case: hostile.Case, size: int, *, measure: bool):
    data = case.make(size)
    assert len(data) <= hostile.per_file(), "the file must pass the size check to reach the reader"
    file = upload_file(case.name, data)
    response = timed(lambda: client.post(upload_url(game), {"files": [file]}), sent=len(data) if measure else None)
    check_answer(response, case)
    if case.decks is not None:
        assert response.status_code == 302, response.content.decode()[:2000]
        preview = timed(lambda: client.get(response["Location"]), sent=len(data) if measure else None)
        assert preview.status_code == 200
        assert f"Add Decks to Game ({case.decks})" in preview.content.decode()
        hostile.assert_inert(preview.content.decode())
    return response


# Cheap to read even under tracemalloc: sent at full size once, timed and measured.
LIGHT = {
    "pbn_5mb_line",
    "lin_5mb_line",
    "5mb_line_of_nothing",
    "nested_comments",
    "nul_bytes",
    "utf16_lone_surrogate",
    "truncated_utf8",
    "invalid_utf8",
    "nul_in_a_value",
    "huge_pbn_numbers",
    "huge_lin_numbers",
    "lin_board_of_5000_digits",
    "handviewer_odd_boards",
}


# 5 MB of boards takes seconds to read and preview: those two run with the slow tests.
SLOW = ("pbn_boards_filling_the_file", "lin_boards_filling_the_file")
assert set(SLOW) <= {c.id for c in hostile.CASES}, "a slow case is missing from hostile.CASES"


@pytest.mark.parametrize(
    "case", [pytest.param(c, id=c.id, marks=pytest.mark.slow if c.id in SLOW else ()) for c in hostile.CASES]
)
def test_a_hostile_file_gets_a_clear_answer_in_bounded_time_and_memory(host_client, game, settings, case):
    full = hostile.per_file()
    if case.id in LIGHT:
        send(host_client, game, case, full, measure=True)
        return
    send(host_client, game, case, full, measure=False)  # the real size: the time
    Upload.objects.all().delete()
    # A smaller copy for the memory, with the deck limit scaled alike so it takes the same path.
    settings.DECK_UPLOAD_MAX_DECKS = max(1, settings.DECK_UPLOAD_MAX_DECKS * MEMORY_SAMPLE // full)
    send(host_client, game, case, MEMORY_SAMPLE, measure=True)


def test_a_file_of_boards_that_are_not_deals_is_refused_in_bounded_memory(host_client, game):
    case = hostile.Case(
        "empty_lin_boards",
        "empty.lin",
        hostile.empty_lin_boards,
        message=r"empty\.lin: deal 1 \(line 1\): md gives no hands \(and [\d,]+ more problems\)",
    )
    send(host_client, game, case, 64 * 1024, measure=True)


@pytest.mark.parametrize(("sent", "stored"), hostile.NAMES, ids=[f"name{i}" for i in range(len(hostile.NAMES))])
def test_path_like_and_odd_file_names_are_stored_cleaned(host_client, game, sent, stored):
    response = host_client.post(upload_url(game), {"files": [upload_file(sent, hostile.PBN_DEAL)]}, follow=True)
    assert response.status_code == 200
    name = Upload.objects.get().files.get().name
    if stored is not None:
        assert name == stored
    assert "/" not in name and "\\" not in name and len(name) <= 100
    assert not any(ch in name for ch in "\x00\r\n\u202e\u2067\u2069")
    html = response.content.decode()
    assert "Add Decks to Game (1)" in html
    assert hostile.shown(name) in html
    hostile.assert_inert(html)
    assert "<b>x</b>" not in html


def test_huge_numbers_are_added_and_dealt(host_client, game):
    """Board numbers longer than any integer column go through add, deal, the game page and export."""
    files = [
        upload_file("numbers.pbn", hostile.huge_numbers(0)),
        upload_file("numbers.lin", hostile.huge_lin_numbers(0)),
        upload_file("digits.lin", hostile.lin_board_of_5000_digits(0)),
        upload_file("links.txt", hostile.handviewer_odd_boards(0)),
    ]
    response = host_client.post(upload_url(game), {"files": files}, follow=True)
    assert "Add Decks to Game (10)" in response.content.decode()
    added = host_client.post(reverse("upload_add", args=[game.pk, Upload.objects.get().token]), follow=True)
    assert "10 decks added" in added.content.decode()
    for _ in range(11):
        dealt = host_client.post(reverse("deal", args=[game.pk]), follow=True)
        board = game.boards.order_by("-number").first()
        assert dealt.status_code == 200 and f"Board {board.board_number} dealt." in dealt.content.decode()
    assert game.boards.count() == 11 and not game.queued().exists()
    # a number past the column's range counts as none: the board takes the next free number
    assert max(game.boards.values_list("board_number", flat=True)) < 100
    assert queue_problems([game.pk]) == ([], 1)
    assert Deck.objects.get(board="\u00b2").board_number is None  # "²" names no board
    assert Deck.objects.get(board="\u0663").board_number == 3  # Arabic-Indic three does
    assert max(len(b) for b in Deck.objects.values_list("board", flat=True)) <= 20
    for fmt in ("pbn", "lin"):
        assert host_client.get(reverse("export", args=[game.pk, "dealt", fmt])).status_code == 200


# --- script and HTML in every field -------------------------------------------------------------

PAYLOAD_NAMES = ('"><img src=x onerror=alert(1)>.lin', "'><svg onload=alert(1)>.pbn")


def pages_after_dealing(client: Client, staff_client: Client, game: Game) -> dict[str, str]:
    """Every page a hostile upload's text reaches: preview, added, game after each deal,
    the upload panel's list of uploads not added yet, admin lists and change pages."""
    files = [
        upload_file(PAYLOAD_NAMES[0], hostile.payload_lin(hostile.PAYLOADS)),
        upload_file(PAYLOAD_NAMES[1], hostile.payload_pbn(hostile.PAYLOADS)),
        upload_file("broken.pbn", b"\n".join(hostile.broken_pbn_with(p) for p in hostile.PAYLOADS)),
    ]
    pages = {}
    response = client.post(upload_url(game), {"files": files}, follow=True)
    pages["preview"] = response.content.decode()
    pages["upload panel"] = client.get(upload_url(game)).content.decode()
    token = Upload.objects.get().token
    pages["added"] = client.post(reverse("upload_add", args=[game.pk, token]), follow=True).content.decode()
    pages["game, queued"] = client.get(game.get_absolute_url()).content.decode()
    for n in range(3):
        pages[f"deal {n + 1}"] = client.post(reverse("deal", args=[game.pk]), follow=True).content.decode()
    pages["deal htmx"] = client.post(reverse("deal", args=[game.pk]), HTTP_HX_REQUEST="true").content.decode()
    for _ in range(6):
        client.post(reverse("deal", args=[game.pk]))
    pages["game, history"] = client.get(game.get_absolute_url()).content.decode()
    pages["admin decks"] = staff_client.get("/admin/games/deck/").content.decode()
    pages["admin decks search"] = staff_client.get("/admin/games/deck/", {"q": "script"}).content.decode()
    pages["admin game"] = staff_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    pages["admin boards"] = staff_client.get("/admin/games/dealtboard/").content.decode()
    for deck in Deck.objects.order_by("position"):
        pages[f"admin deck {deck.pk}"] = staff_client.get(f"/admin/games/deck/{deck.pk}/change/").content.decode()
    return pages


def test_script_in_every_field_is_shown_as_text_on_every_page(host_client, staff, game, never_run):
    # never_run: the admin's deck pages queue their deal for the solver and show it waiting;
    # ten deals solved here would only add numbers to the pages, no uploaded text.
    staff_client = Client()
    staff_client.force_login(staff)
    pages = pages_after_dealing(host_client, staff_client, game)
    assert "Add Decks to Game (10)" in pages["preview"]
    assert "10 decks added" in pages["added"]
    for name, html in pages.items():
        hostile.assert_inert(html, name)
    # ...and the text did reach the pages, escaped (else the checks above prove nothing).
    shown = hostile.shown
    for payload in hostile.PAYLOADS:
        assert shown(payload) in pages["preview"]  # headings, events, players
        assert shown(f"{payload} North") in pages["game, history"] or shown(payload) in pages["game, history"]
    for name in PAYLOAD_NAMES:
        assert shown(name) in pages["preview"] and shown(name) in pages["upload panel"]
        assert shown(name) in pages["admin decks"] and shown(name) in pages["game, queued"]
    assert "broken.pbn" in pages["preview"] and shown(f"board {hostile.SCRIPT}") in pages["preview"]
    change_pages = "".join(html for name, html in pages.items() if name.startswith("admin deck "))
    for payload in hostile.PAYLOADS:
        assert shown(payload) in change_pages  # players, contract, result, the text as uploaded


def test_script_in_a_refused_file_is_escaped_in_the_errors(host_client, game):
    data = b'[Event "' + hostile.pbn_value(hostile.SCRIPT).encode() + b'"]\n'
    response = host_client.post(upload_url(game), {"files": [upload_file(PAYLOAD_NAMES[0], data)]})
    html = response.content.decode()
    assert "Nothing was uploaded." in html and hostile.shown(PAYLOAD_NAMES[0]) in html
    hostile.assert_inert(html)


def test_script_in_pasted_text_is_escaped(host_client, game):
    pasted = hostile.payload_pbn(hostile.PAYLOADS[:2]).decode()
    response = host_client.post(upload_url(game), {"text": pasted}, follow=True)
    html = response.content.decode()
    assert "Add Decks to Game (2)" in html
    hostile.assert_inert(html)


def test_exports_of_hostile_text_are_plain_text_attachments(host_client, game):
    host_client.post(upload_url(game), {"files": [upload_file("x.pbn", hostile.payload_pbn(hostile.PAYLOADS))]})
    host_client.post(reverse("upload_add", args=[game.pk, Upload.objects.get().token]))
    for fmt in ("pbn", "lin"):
        response = host_client.get(reverse("export", args=[game.pk, "queue", fmt]))
        assert response["Content-Type"] == "text/plain; charset=utf-8"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Content-Disposition"].startswith("attachment;")
    assert hostile.SCRIPT in response.content.decode()  # kept as sent: it is the host's own data


def test_the_inertness_check_catches_what_it_looks_for():
    """assert_inert would fail on a page that showed any payload as markup."""
    for html in [f"<p>{p}</p>" for p in (*hostile.PAYLOADS, *hostile.PWN_PAYLOADS) if "<" in p] + [
        '<a href=" javascript:alert(1)">x</a>',
        "<p onclick=x>a</p>",
        "<script>x()</script>",
        '<button hx-on:click="x()">b</button>',
        "<script>alert(1)</s",
    ]:
        with pytest.raises(AssertionError):
            hostile.assert_inert(html)
    hostile.assert_inert(
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; javascript:alert(1)</p><script src="/static/a.js"></script>'
    )
