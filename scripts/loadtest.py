#!/usr/bin/env python
"""Load test: simulated hosts against gunicorn and a throwaway PostgreSQL, all on 127.0.0.1.

    make loadtest                                           # 32 hosts for 60 s
    .venv/bin/python scripts/loadtest.py --seconds 15 --hosts 8   # a smoke run

It starts PostgreSQL (scripts/pg_throwaway.sh), migrates, and serves the app with
gunicorn (scripts/gunicorn.conf.py) under the production settings, as if behind a
TLS proxy (the client sends X-Forwarded-Proto: https, so secure cookies, HSTS and
the strict CSRF origin check are all in play). Then each simulated host, a thread
with its own cookies and keep-alive connection, signs up (odd numbers) or logs in
to an account made beforehand (even numbers), and over and over: creates a game,
uploads a 200-board PBN file of random deals, previews it, adds it, deals 50
boards with the htmx button and exports the queue. Each host's first round is cut
short by its own amount so that the hosts do not run in lockstep (Plan.first_deals;
--lockstep keeps them in step). It stops after --seconds or --requests, whichever
comes first. The client speaks HTTP over plain sockets (Wire): it shares the CPUs
with the server it measures.

It prints requests/s and latency per endpoint (as the client saw it, and the
server's own time from gunicorn's access log), the errors with 5xx apart, the
figures beside their targets, then checks the queue's invariants in the database
(``check_invariants``). It exits non-zero on a 5xx, a dropped connection or a
violated invariant; missed speed targets are reported but do not fail the run.
"""

from __future__ import annotations

import argparse
import html
import http.client
import itertools
import os
import random
import re
import resource
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.bench_web import page_state  # noqa: E402 - the deal fields a game page sends, as the web bench reads them

PASSWORD = "load-test-Pa55word-" + "x" * 8
TARGET_DEAL_P99_MS = 150
TARGET_DEALS_PER_S = 200


# --- the invariants ----------------------------------------------------------------------


def check_invariants(
    game_ids: Iterable[int] | None = None,
    expected_decks: dict[int, list[str]] | None = None,
    expected_boards: dict[int, int] | None = None,
) -> list[str]:
    """What is wrong with the queues of these games (all games by default); [] when nothing.

    - a deck is dealt at most once (DealtBoard.deck unique), and a deck marked dealt
      has its board, showing the deck's deal, while a queued or removed deck has none;
    - board numbers run 1..n without gaps, and ``next_board_number`` is n + 1;
    - decks were dealt in queue order, none skipped: the queued decks all stand behind
      the dealt ones, and board numbers rise with the dealt decks' positions;
    - the queued decks are still in their original (upload) order. This assumes nobody
      reordered the queue, which the load test never does;
    - ``expected_decks[game]``, when given: the game's decks, dealt then queued, are
      exactly these deals in this order (nothing lost, doubled or reordered);
    - ``expected_boards[game]``, when given: exactly that many boards were dealt.
    """
    from django.db.models import Count

    from games.models import DealtBoard, Deck, Game

    games = Game.objects.order_by("pk")
    if game_ids is not None:
        games = games.filter(pk__in=list(game_ids))
    problems: list[str] = []
    doubled = (
        DealtBoard.objects.filter(game__in=games, deck__isnull=False)
        .values("deck")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    for row in doubled:
        problems.append(f"deck {row['deck']} was dealt {row['n']} times")

    for game in games.only("pk", "next_board_number"):
        where = f"game {game.pk}"
        boards = list(DealtBoard.objects.filter(game=game).order_by("number").values_list("number", "deck_id", "deal"))
        numbers = [number for number, _, _ in boards]
        if numbers != list(range(1, len(numbers) + 1)):
            missing = sorted(set(range(1, max(numbers, default=0) + 1)) - set(numbers))
            problems.append(f"{where}: board numbers are not 1..{len(numbers)} (missing {missing[:10]})")
        if game.next_board_number != len(numbers) + 1:
            problems.append(f"{where}: next board number is {game.next_board_number}, expected {len(numbers) + 1}")

        by_deck = {deck_id: (number, deal) for number, deck_id, deal in boards if deck_id is not None}
        decks = list(game.decks.order_by("position").values_list("pk", "position", "status", "deal"))
        dealt, queued = [], []
        for pk, position, status, deal in decks:
            board = by_deck.get(pk)
            if status == Deck.Status.DEALT:
                dealt.append((position, pk))
                if board is None:
                    problems.append(f"{where}: deck {pk} is marked dealt but no board was dealt from it")
                elif board[1] != deal:
                    problems.append(f"{where}: board {board[0]} shows a different deal from its deck {pk}")
            else:
                if board is not None:
                    problems.append(f"{where}: deck {pk} is {status} yet was dealt as board {board[0]}")
                if status == Deck.Status.QUEUED:
                    queued.append((position, pk))

        queued_pks = [pk for _, pk in queued]
        if queued_pks != sorted(queued_pks):
            problems.append(f"{where}: the queued decks are no longer in their upload order")
        if dealt and queued and max(dealt)[0] > queued[0][0]:
            problems.append(
                f"{where}: deck {queued[0][1]} is still queued ahead of deck {max(dealt)[1]}, which was dealt"
            )
        position_of = {pk: position for position, pk in dealt}
        dealt_in_board_order = [position_of[deck_id] for _, deck_id, _ in boards if deck_id in position_of]
        if dealt_in_board_order != sorted(dealt_in_board_order):
            problems.append(f"{where}: decks were dealt out of queue order")

        if expected_decks and game.pk in expected_decks:
            have = [deal for _, _, status, deal in decks if status != Deck.Status.REMOVED]
            want = expected_decks[game.pk]
            if have != want:
                first = next((i for i, (a, b) in enumerate(zip(have, want)) if a != b), min(len(have), len(want)))
                problems.append(
                    f"{where}: holds {len(have)} decks where {len(want)} were uploaded; first difference at deck {first + 1}"
                )
        if expected_boards and game.pk in expected_boards and len(numbers) != expected_boards[game.pk]:
            problems.append(f"{where}: {len(numbers)} boards dealt, the client saw {expected_boards[game.pk]} deals")
    return problems


# --- deal files ----------------------------------------------------------------------------


def random_pbn(rng: random.Random, boards: int) -> tuple[bytes, list[str]]:
    """A PBN file of ``boards`` random deals, and their canonical texts in file order."""
    from games.formats import write_pbn
    from games.formats.cards import canonical
    from games.formats.model import SEATS, Deck, dealer_for_board, vul_for_board

    decks = []
    cards = list(range(52))
    for i in range(boards):
        rng.shuffle(cards)
        hands = {}
        for s, seat in enumerate(SEATS):
            masks = [0, 0, 0, 0]
            for card in cards[s * 13 : (s + 1) * 13]:
                masks[card // 13] |= 1 << (card % 13)
            hands[seat] = tuple(masks)
        number = i + 1
        decks.append(
            Deck(deal=canonical(hands), index=i, line=0, board=str(number),
                 dealer=dealer_for_board(number), vul=vul_for_board(number))
        )
    return write_pbn(decks).encode(), [d.deal for d in decks]


# --- the client ------------------------------------------------------------------------------


class Stop(Exception):
    """The time or the request budget is used up."""


class Failed(Exception):
    """An answer the host did not expect: this round is abandoned, the next one starts."""


class Budget:
    def __init__(self, seconds: float, requests: int) -> None:
        self.start = time.monotonic()
        self.deadline = self.start + seconds
        self.left = requests
        self.lock = threading.Lock()

    def take(self) -> bool:
        with self.lock:
            if self.left <= 0 or time.monotonic() >= self.deadline:
                self.left = 0
                return False
            self.left -= 1
            return True


@dataclass
class Stats:
    lock: threading.Lock = field(default_factory=threading.Lock)
    latency: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    unexpected: Counter = field(default_factory=Counter)
    dropped: Counter = field(default_factory=Counter)
    retried: int = 0
    samples: list[str] = field(default_factory=list)  # the first few failures, for the report
    expected_decks: dict[int, list[str]] = field(default_factory=dict)
    expected_boards: dict[int, int] = field(default_factory=dict)
    unsure_games: set[int] = field(default_factory=set)  # a request of theirs failed: counts unknown
    exports: list[tuple[int, bytes, list[str]]] = field(default_factory=list)
    deal_ends: list[tuple[float, float, int]] = field(default_factory=list)  # (when, seconds, status)
    sign_ins: list[float] = field(default_factory=list)  # when each host was signed in

    def record(self, label: str, seconds: float, status: int) -> None:
        with self.lock:
            self.latency[label].append(seconds)
            self.statuses[label][status] += 1
            if label == "deal":
                self.deal_ends.append((time.monotonic(), seconds, status))

    def signed_in(self) -> None:
        with self.lock:
            self.sign_ins.append(time.monotonic())

    def note(self, text: str) -> None:
        with self.lock:
            if len(self.samples) < 12:
                self.samples.append(text)


_FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S | re.I)
_ATTR = re.compile(r"""([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
_FIELD = re.compile(r"<(?:(input|textarea)\b([^>]*)>|(select)\b([^>]*)>(.*?)</select>)", re.S | re.I)
_OPTION = re.compile(r"<option\b([^>]*)>", re.I)


def _attrs(text: str) -> dict[str, str]:
    return {m[1].lower(): html.unescape(m[2] or m[3] or m[4] or "") for m in _ATTR.finditer(text)}


def form_fields(page: str, *actions: str) -> list[tuple[str, str]]:
    """What a browser would submit, unedited, from the first form posting to one of ``actions``
    ("" is the page itself). Regular expressions rather than an HTML parser: the client must
    stay light, or its own delays pollute the figures; our templates are regular enough."""
    forms = [(_attrs(m[1]).get("action", ""), m[2]) for m in _FORM.finditer(page)]
    for action in actions:
        for form_action, body in forms:
            if form_action == action:
                return _fields(body)
    raise Failed(f"no form posting to {' or '.join(actions)}")


def _fields(body: str) -> list[tuple[str, str]]:
    fields = []
    for m in _FIELD.finditer(body):
        tag, a = (m[1] or m[3]).lower(), _attrs(m[2] or m[4] or "")
        name = a.get("name")
        if not name or "disabled" in a:
            continue
        if tag == "input":
            kind = a.get("type", "text").lower()
            if kind in {"checkbox", "radio"}:
                if "checked" in a:
                    fields.append((name, a.get("value", "on")))
            elif kind not in {"submit", "button", "file", "image", "reset"}:
                fields.append((name, a.get("value", "")))
        elif tag == "textarea":
            fields.append((name, ""))
        else:
            options = [_attrs(o[1]) for o in _OPTION.finditer(m[5])]
            chosen = [o for o in options if "selected" in o] or options[:1]
            fields.extend((name, o.get("value", "")) for o in chosen)
    return fields


def _multipart(fields: list[tuple[str, str]], files: list[tuple[str, str, bytes]]) -> tuple[bytes, str]:
    boundary = "----loadtest" + secrets.token_hex(12)
    out = []
    for name, value in fields:
        out.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
    for name, filename, data in files:
        out.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            f"Content-Type: application/octet-stream\r\n\r\n".encode() + data + b"\r\n"
        )
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out), f"multipart/form-data; boundary={boundary}"


_HX_TOKEN = re.compile(rb'"X-CSRFToken":\s*"([^"]+)"')


@dataclass
class Answer:
    status: int
    location: str
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")


class Closed(ConnectionError):
    """The server closed the connection before answering (a kept-alive one it had dropped)."""


class Headers:
    """Response headers by lower-case name, in order (Set-Cookie comes several times)."""

    def __init__(self, lines: list[str]) -> None:
        self.values: dict[str, list[str]] = {}
        for line in lines:
            name, sep, value = line.partition(":")
            if not sep:
                raise http.client.HTTPException(f"not a header line: {line[:80]!r}")
            self.values.setdefault(name.strip().lower(), []).append(value.strip())

    def get(self, name: str) -> str | None:
        found = self.values.get(name.lower())
        return found[0] if found else None

    def get_all(self, name: str) -> list[str]:
        return self.values.get(name.lower(), [])


class Wire:
    """HTTP/1.1 over one socket, as lean as the load client can make it: the client shares
    the two CPUs with the server it measures, and http.client (its header parsing goes
    through the email package) cost twice the CPU a request for the same exchange."""

    def __init__(self, port: int, timeout: float = 60) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buffer = b""

    def close(self) -> None:
        self.sock.close()

    def exchange(self, method: str, path: str, headers: dict[str, str], body: bytes | None) -> tuple[int, Headers, bytes, bool]:
        """(status, headers, body, whether the server closes the connection)."""
        head = [f"{method} {path} HTTP/1.1"] + [f"{k}: {v}" for k, v in headers.items()]
        if body is not None:
            head.append(f"Content-Length: {len(body)}")
        self.sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + (body or b""))
        while b"\r\n\r\n" not in self.buffer:
            if not self._fill():
                if self.buffer:
                    raise http.client.HTTPException("the answer stopped in its headers")
                raise Closed("closed before answering")
        raw, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ", 2)
        if len(parts) < 2 or not parts[0].startswith("HTTP/1.") or not parts[1].isdigit():
            raise http.client.HTTPException(f"not a status line: {lines[0][:80]!r}")
        status, response_headers = int(parts[1]), Headers(lines[1:])
        closes = (response_headers.get("Connection") or "").lower() == "close" or parts[0] == "HTTP/1.0"
        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            data = b""
        elif (response_headers.get("Transfer-Encoding") or "").lower() == "chunked":
            data = self._chunked()
        elif response_headers.get("Content-Length") is not None:
            data = self._exactly(int(response_headers.get("Content-Length") or 0))
        else:  # the body runs to the end of the connection
            while self._fill():
                pass
            data, self.buffer, closes = self.buffer, b"", True
        return status, response_headers, data, closes

    def _fill(self) -> bool:
        chunk = self.sock.recv(262144)
        self.buffer += chunk
        return bool(chunk)

    def _exactly(self, n: int) -> bytes:
        while len(self.buffer) < n:
            if not self._fill():
                raise http.client.IncompleteRead(self.buffer, n - len(self.buffer))
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _line(self) -> bytes:
        while b"\r\n" not in self.buffer:
            if not self._fill():
                raise http.client.IncompleteRead(self.buffer)
        line, _, self.buffer = self.buffer.partition(b"\r\n")
        return line

    def _chunked(self) -> bytes:
        pieces = []
        while True:
            size = int(self._line().split(b";")[0], 16)
            if size == 0:
                while self._line():  # trailers, then the empty line
                    pass
                return b"".join(pieces)
            pieces.append(self._exactly(size))
            self._exactly(2)  # the CRLF after each chunk


class Browser:
    """One host's browser: cookies, a keep-alive connection, the page it is on."""

    def __init__(self, port: int, budget: Budget, stats: Stats) -> None:
        self.port = port
        self.origin = f"https://127.0.0.1:{port}"
        self.budget = budget
        self.stats = stats
        self.cookies: dict[str, str] = {}
        self.conn: Wire | None = None
        self.used = 0  # requests on the current connection
        self.page = "/"
        self.csrf = ""

    def get(self, label: str, path: str, **kw) -> Answer:
        return self.request(label, "GET", path, **kw)

    def post(self, label: str, path: str, fields=(), **kw) -> Answer:
        return self.request(label, "POST", path, fields=list(fields), **kw)

    def request(self, label, method, path, *, fields=(), files=(), htmx=False, expect=(200,)) -> Answer:
        if not self.budget.take():
            raise Stop
        headers = {
            "Host": f"127.0.0.1:{self.port}",
            "X-Forwarded-Proto": "https",  # as the TLS proxy in front would send
            "User-Agent": "deckupload-loadtest",
            "Accept": "text/html",
        }
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if method == "POST":
            headers["Origin"] = self.origin
            headers["Referer"] = self.origin + self.page
            if files:
                body, headers["Content-Type"] = _multipart(list(fields), list(files))
            else:
                body, headers["Content-Type"] = urlencode(list(fields)).encode(), "application/x-www-form-urlencoded"
        if htmx:
            headers["HX-Request"] = "true"
            headers["HX-Current-URL"] = self.origin + self.page
            headers["X-CSRFToken"] = self.csrf
        status, response_headers, data, seconds = self._send(label, method, path, body, headers)
        self.stats.record(label, seconds, status)
        self._keep_cookies(response_headers.get_all("Set-Cookie") or [])
        if status not in expect:
            with self.stats.lock:
                self.stats.unexpected[label] += 1
            self.stats.note(f"{method} {path} ({label}): {status} {data[:200]!r}")
            raise Failed(f"{label}: {status}")
        if not htmx and "text/html" in (response_headers.get("Content-Type") or ""):
            match = _HX_TOKEN.search(data)
            if match:
                self.csrf = match.group(1).decode()
        if method == "GET" and not htmx:
            self.page = path
        location = urlsplit(response_headers.get("Location") or "")
        return Answer(status, location.path + (f"?{location.query}" if location.query else ""), data)

    def _send(self, label, method, path, body, headers):
        for attempt in (1, 2):
            reused = self.used > 0
            start = time.perf_counter()
            try:
                if self.conn is None:
                    self.conn = Wire(self.port)
                    self.used = 0
                status, response_headers, data, closes = self.conn.exchange(method, path, headers, body)
            except (OSError, http.client.HTTPException) as error:
                if self.conn is not None:
                    self.conn.close()
                self.conn = None
                # A browser retries once when a kept-alive connection turns out to be closed.
                if attempt == 1 and reused and isinstance(error, (Closed, BrokenPipeError, ConnectionResetError)):
                    with self.stats.lock:
                        self.stats.retried += 1
                    continue
                with self.stats.lock:
                    self.stats.dropped[label] += 1
                self.stats.note(f"{method} {path} ({label}): {type(error).__name__}: {error}")
                raise Failed(f"{label}: {error}") from error
            seconds = time.perf_counter() - start
            self.used += 1
            if closes:
                self.conn.close()
                self.conn = None
            return status, response_headers, data, seconds
        raise AssertionError("unreachable")

    def _keep_cookies(self, headers: list[str]) -> None:
        for header in headers:
            try:
                jar = SimpleCookie(header)
            except CookieError:
                continue
            for name, morsel in jar.items():
                if morsel["max-age"] in {"0", "-1"} or (morsel["expires"] and "1970" in morsel["expires"]):
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value


# --- one host ---------------------------------------------------------------------------------


@dataclass
class Plan:
    port: int
    deals: int
    files: list[tuple[bytes, list[str]]]  # made before the clock starts: the client must stay light
    hosts: int = 1
    lockstep: bool = False  # every host's first round as long as the others (see first_deals)

    def first_deals(self, number: int) -> int:
        """How many boards host ``number`` deals in its first round.

        Hosts that start together and then do the same work at the same pace stay in
        lockstep: every few seconds all of them create, upload, preview and add at once, and
        the deals of that moment wait behind 32 uploads. Tables at a club are not in step,
        so by default the first round is cut short by a different amount for each host
        (host 0 deals them all, the last host a few), which spreads the later rounds over a
        round's length. All hosts still run from the first second to the last; --lockstep
        keeps every round whole."""
        if self.lockstep:
            return self.deals
        return self.deals - self.deals * number // max(self.hosts, 1)


def _path_pk(path: str) -> int:
    from django.urls import resolve

    return int(resolve(urlsplit(path).path).kwargs["pk"])


def sign_in(b: Browser, number: int, run: str, attempt: int = 0) -> None:
    """Even hosts log in to an account made beforehand, odd ones sign up; after a failed
    sign-up (the account may exist even so, if only the answer was lost) they try logging in."""
    from django.urls import reverse

    if number % 2 == 0 or attempt % 2 == 1:
        page = b.get("login", reverse("login"))
        fields = dict(form_fields(page.text, "", reverse("login")))
        fields.update(username=f"load-{run}-{number}", password=PASSWORD)
        b.post("login", reverse("login"), fields.items(), expect=(302,))
        return
    page = b.get("signup", reverse("signup"))
    fields = dict(form_fields(page.text, "", reverse("signup")))
    fields.update(username=f"load-{run}-{number}", email="", password1=PASSWORD, password2=PASSWORD)
    b.post("signup", reverse("signup"), fields.items(), expect=(302,))


def one_round(b: Browser, plan: Plan, number: int, round_: int) -> None:
    """New game, upload, preview, add, deal, export: what one host does over and over."""
    deal_count = plan.first_deals(number) if round_ == 1 else plan.deals
    from django.urls import reverse

    stats = b.stats
    page = b.get("new_game", reverse("new_game"))
    fields = dict(form_fields(page.text, reverse("new_game"), ""))
    fields.update(name=f"Load host {number} round {round_}", game_type="practice", allow_upload="1")
    created = b.post("new_game", reverse("new_game"), fields.items(), expect=(302,))
    pk = _path_pk(created.location)
    b.get("game", created.location)

    upload_url = reverse("upload", args=[pk])
    page = b.get("upload", upload_url)
    data, deals = plan.files[(number * 7 + round_) % len(plan.files)]
    fields = [(k, v) for k, v in form_fields(page.text, upload_url) if k not in {"files", "text"}]
    staged = b.request("upload", "POST", upload_url, fields=fields,
                       files=[("files", f"load-{number}-{round_}.pbn", data)], expect=(302, 303))
    preview = b.get("upload_preview", staged.location)
    token = staged.location.rstrip("/").split("/")[-1]
    add_url = reverse("upload_add", args=[pk, token])
    try:
        b.post("upload_add", add_url, form_fields(preview.text, add_url), expect=(200, 302, 303))
    except Failed:
        with stats.lock:
            stats.unsure_games.add(pk)
        raise
    with stats.lock:
        stats.expected_decks[pk] = deals
        stats.expected_boards[pk] = 0
    page = b.get("game", reverse("game", args=[pk]))
    shown = dict(page_state(page.body))  # what the page's Deal button sends (hx-include)

    deal_url = reverse("deal", args=[pk])
    for _ in range(deal_count):
        try:
            answer = b.post("deal", deal_url, shown.items(), htmx=True, expect=(200,))
            shown.update(page_state(answer.body))
        except Failed:
            with stats.lock:
                stats.unsure_games.add(pk)
            raise
        with stats.lock:
            stats.expected_boards[pk] += 1

    exported = b.get("export", reverse("export", args=[pk, "queue", "pbn"]))
    with stats.lock:  # read back after the run, off the clock
        stats.exports.append((pk, exported.body, deals[deal_count:]))


def check_exports(exports: list[tuple[int, bytes, list[str]]]) -> list[str]:
    """Each queue export holds exactly the decks still queued when it was taken."""
    from games.formats import read_decks

    problems = []
    for pk, body, expected in exports:
        result = read_decks(body, "queue.pbn")
        if [d.deal for d in result.decks] != expected or result.problems:
            problems.append(f"game {pk}: the queue export holds {len(result.decks)} decks "
                            f"({len(result.problems)} unreadable), expected the {len(expected)} left in the queue")
    return problems


def run_host(number: int, plan: Plan, budget: Budget, stats: Stats, run: str) -> None:
    b = Browser(plan.port, budget, stats)
    try:
        for attempt in itertools.count():
            try:
                sign_in(b, number, run, attempt)
                stats.signed_in()
                break
            except Failed:
                b.cookies.clear()
                time.sleep(0.2)
        round_ = 0
        while True:
            round_ += 1
            try:
                one_round(b, plan, number, round_)
            except Failed:
                time.sleep(0.05)
    except Stop:
        pass
    finally:
        if b.conn is not None:
            b.conn.close()


# --- servers ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_postgres(folder: Path) -> str:
    port = free_port()
    result = subprocess.run(
        [str(ROOT / "scripts" / "pg_throwaway.sh"), "start", str(folder), str(port)],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        sys.exit(f"PostgreSQL did not start: {result.stderr.strip()}")
    return result.stdout.strip()


def stop_postgres(folder: Path) -> None:
    subprocess.run([str(ROOT / "scripts" / "pg_throwaway.sh"), "stop", str(folder)], check=False)


def wait_until_serving(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/login/", headers={"Host": f"127.0.0.1:{port}", "X-Forwarded-Proto": "https"})
            if conn.getresponse().status == 200:
                conn.close()
                return
        except OSError:
            pass
        time.sleep(0.2)
    sys.exit("gunicorn did not answer within 30 s")


def server_times(access_log: Path) -> dict[str, list[float]]:
    """Seconds per route name from gunicorn's access log (last field: microseconds)."""
    from django.urls import Resolver404, resolve

    times: dict[str, list[float]] = defaultdict(list)
    line_re = re.compile(r'"(?P<method>[A-Z]+) (?P<path>\S+) [^"]*" (?P<status>\d+) \S+ (?P<us>\d+)$')
    for line in access_log.read_text(errors="replace").splitlines():
        match = line_re.search(line)
        if not match:
            continue
        try:
            name = resolve(urlsplit(match["path"]).path).url_name or "?"
        except Resolver404:
            name = "?"
        times[name].append(int(match["us"]) / 1e6)
    return times


@dataclass
class CpuSample:
    """CPU seconds so far: the whole machine (busy, all), gunicorn's workers, PostgreSQL,
    this process (the load client), and the time the hypervisor gave our CPUs to other
    machines (steal: the CPUs were wanted here but not ours to use)."""

    machine_busy: float
    machine_all: float
    workers: float
    database: float
    client: float
    steal: float = 0.0


def _process_cpu(pid: int | str, tick: int, reaped: bool = False) -> float:
    """A process's CPU seconds, with its reaped children's when ``reaped`` (0 if gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    used = int(fields[11]) + int(fields[12])  # utime, stime
    return (used + (int(fields[13]) + int(fields[14]) if reaped else 0)) / tick  # cutime, cstime


def _children(pid: int) -> list[str]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return f.read().split()
    except OSError:
        return []


def cpu_sample(master_pid: int, postmaster_pid: int | None = None) -> CpuSample:
    tick = os.sysconf("SC_CLK_TCK")
    with open("/proc/stat") as f:
        # user nice system idle iowait irq softirq steal (guest and guest_nice, after
        # these, are already counted in user and nice)
        ticks = [int(x) for x in f.readline().split()[1:9]]
    idle = ticks[3] + ticks[4]  # idle + iowait
    steal = ticks[7] if len(ticks) > 7 else 0
    workers = sum(_process_cpu(pid, tick) for pid in _children(master_pid))
    database = 0.0
    if postmaster_pid:  # the server, its backends, and the backends that have ended
        database = _process_cpu(postmaster_pid, tick, reaped=True) + sum(
            _process_cpu(pid, tick) for pid in _children(postmaster_pid))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return CpuSample((sum(ticks) - idle - steal) / tick, sum(ticks) / tick, workers, database,
                     usage.ru_utime + usage.ru_stime, steal / tick)


def postmaster_pid(folder: Path) -> int | None:
    """The PID of the PostgreSQL server that scripts/pg_throwaway.sh started in this folder."""
    try:
        return int((folder / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


# --- the report ------------------------------------------------------------------------------------


def pct(values: list[float], p: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered) + 0.5)) - 1))] * 1000


ORDER = ["signup", "login", "new_game", "game", "upload", "upload_preview", "upload_add", "deal", "export"]


def report(stats: Stats, elapsed: float, server: dict[str, list[float]], problems: list[str], setup: str,
           cpu: tuple[CpuSample, CpuSample] | None = None, load_before: float = 0.0) -> bool:
    labels = [x for x in ORDER if x in stats.latency] + sorted(set(stats.latency) - set(ORDER))
    total = sum(len(v) for v in stats.latency.values())
    five = sum(n for c in stats.statuses.values() for s, n in c.items() if s >= 500)
    dropped = sum(stats.dropped.values())
    unexpected = sum(stats.unexpected.values())
    deals = stats.statuses["deal"][200]
    deal_p99 = pct(stats.latency["deal"], 99)
    print()
    print(f"Load test: {setup}")
    print(f"{elapsed:.1f} s, {total} requests, {total / elapsed:.0f} requests/s; "
          f"latency in ms as the client saw it (server's own p50/p99 from gunicorn's log)")
    head = f"{'endpoint':<15}{'requests':>9}{'req/s':>8}{'p50':>8}{'p95':>8}{'p99':>8}{'max':>8}" \
           f"{'srv p50':>9}{'srv p99':>9}{'errors':>8}{'5xx':>6}"
    print(head)
    print("-" * len(head))
    for label in labels:
        v = stats.latency[label]
        s = server.get(label, [])
        five_here = sum(n for st, n in stats.statuses[label].items() if st >= 500)
        errors = stats.unexpected[label] + stats.dropped[label]
        print(f"{label:<15}{len(v):>9}{len(v) / elapsed:>8.1f}{pct(v, 50):>8.1f}{pct(v, 95):>8.1f}{pct(v, 99):>8.1f}"
              f"{max(v) * 1000:>8.1f}{pct(s, 50):>9.1f}{pct(s, 99):>9.1f}{errors:>8}{five_here:>6}")
    every = [x for v in stats.latency.values() for x in v]
    print(f"{'all':<15}{total:>9}{total / elapsed:>8.1f}{pct(every, 50):>8.1f}{pct(every, 95):>8.1f}"
          f"{pct(every, 99):>8.1f}{max(every, default=0) * 1000:>8.1f}{'':>9}{'':>9}{unexpected + dropped:>8}{five:>6}")
    print()

    def line(name: str, value: str, target: str, ok: bool) -> None:
        print(f"  {name:<28}{value:>14}   target {target:<10} {'ok' if ok else 'MISSED'}")

    print("Targets")
    line("5xx answers", str(five), "0", five == 0)
    line("dropped connections", str(dropped), "0", dropped == 0)
    line("invariant violations", str(len(problems)), "0", not problems)
    line("deal p99 (client)", f"{deal_p99:.1f} ms", f"< {TARGET_DEAL_P99_MS} ms", deal_p99 < TARGET_DEAL_P99_MS)
    line("deals per second", f"{deals / elapsed:.1f}", f">= {TARGET_DEALS_PER_S}", deals / elapsed >= TARGET_DEALS_PER_S)
    steady_state(stats)
    hosts = len(stats.sign_ins)
    if total and hosts:  # a closed loop: each host waits for its answer before the next request
        print(f"  {hosts} hosts without pauses: mean latency = hosts / throughput = {hosts / (total / elapsed) * 1000:.0f} ms "
              f"at {total / elapsed:.0f} requests/s (Little's law), so deal p99 < {TARGET_DEAL_P99_MS} ms needs "
              f"well over {hosts * 1000 / TARGET_DEAL_P99_MS:.0f} requests/s")
    print(f"  other unexpected answers (4xx): {unexpected - five}; connections retried after keep-alive close: "
          f"{stats.retried}; games checked: {len(stats.expected_decks)}")
    if cpu:
        for text in cpu_lines(*cpu, requests=total, load_before=load_before):
            print(f"  {text}")
    for sample in stats.samples:
        print(f"  failure: {sample}")
    for problem in problems[:30]:
        print(f"  INVARIANT: {problem}")
    if len(problems) > 30:
        print(f"  ... and {len(problems) - 30} more")
    return five == 0 and dropped == 0 and not problems


STEAL_WARNING = 0.05  # above this share of the CPUs' time taken by the host, a run says it was disturbed


def cpu_lines(a: CpuSample, b: CpuSample, requests: int, load_before: float = 0.0) -> list[str]:
    """Where the machine's CPU time went between two samples: our processes, anything
    else in this machine, and the hypervisor's steal. On a shared host the steal can take
    half of both CPUs (seen here); such a run measures the host, so it says so."""
    span = b.machine_all - a.machine_all
    if span <= 0:
        return []
    busy, steal = b.machine_busy - a.machine_busy, b.steal - a.steal
    workers, database, client = b.workers - a.workers, b.database - a.database, b.client - a.client
    other = max(busy - workers - database - client, 0)
    lines = [
        f"CPU: the machine was {busy / span:.0%} busy and {steal / span:.0%} taken by the host (steal) "
        f"(load average {load_before:.1f} before the run): gunicorn's workers {workers:.1f} CPU-s "
        f"({workers / max(requests, 1) * 1000:.1f} ms per request), PostgreSQL {database:.1f}, the load client "
        f"{client:.1f}, anything else {other:.1f}, steal {steal:.1f}"
    ]
    if steal / span > STEAL_WARNING:
        lines.append(f"DISTURBED: the host held back {steal / span:.0%} of this machine's CPU time, so these "
                     f"speeds are the host's, not the app's; run again when `vmstat 1` shows st near 0")
    if other / span > STEAL_WARNING:
        lines.append(f"DISTURBED: other processes in this machine took {other / span:.0%} of its CPU time; "
                     f"run again when nothing else runs")
    return lines


def steady_state(stats: Stats) -> None:
    """The deal figures again, counting only what ended after the last host signed in: the
    32 sign-ins each hash a password (about a third of a second of CPU), so the first
    seconds are slower for everyone. Shown for information; the targets are the lines above."""
    if len(stats.sign_ins) < 2 or not stats.deal_ends:
        return
    since = max(stats.sign_ins)
    later = [(when, seconds) for when, seconds, status in stats.deal_ends if when - seconds >= since and status == 200]
    span = max(when for when, _, _ in stats.deal_ends) - since
    if later and span > 0:
        print(f"  after the last sign-in ({span:.0f} s): {len(later) / span:.1f} deals/s, "
              f"deal p99 {pct([s for _, s in later], 99):.1f} ms (information, not the targets)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--hosts", type=int, default=32)
    parser.add_argument("--requests", type=int, default=100_000, help="request budget (default 100000)")
    parser.add_argument("--boards", type=int, default=200, help="boards per uploaded file")
    parser.add_argument("--deals", type=int, default=50, help="deals per game")
    parser.add_argument("--workers", type=int, default=int(os.environ.get("GUNICORN_WORKERS", "4")))
    parser.add_argument("--worker-class", default=os.environ.get("GUNICORN_WORKER_CLASS", "sync"),
                        choices=["sync", "gthread"])
    parser.add_argument("--threads", type=int, default=int(os.environ.get("GUNICORN_THREADS", "4")),
                        help="threads per gthread worker")
    parser.add_argument("--conn-max-age", type=int, default=int(os.environ.get("CONN_MAX_AGE", "60")))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lockstep", action="store_true",
                        help="every host's first round whole: hosts in step all run (see Plan.first_deals)")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="deckupload-load."))
    pg_dir = Path(tempfile.mkdtemp(prefix="deckupload-loadpg."))
    url = start_postgres(pg_dir)
    gunicorn = None
    try:
        port = free_port()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "deckupload.settings_production",
            "SECRET_KEY": secrets.token_urlsafe(48),
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": url,
            "CONN_MAX_AGE": str(args.conn_max_age),
            "CACHE_DIR": str(work / "cache"),
            "GUNICORN_BIND": f"127.0.0.1:{port}",
            "GUNICORN_WORKERS": str(args.workers),
            "GUNICORN_WORKER_CLASS": args.worker_class,
            "GUNICORN_THREADS": str(args.threads),
            "GUNICORN_ACCESSLOG": str(work / "access.log"),
        }
        env.pop("DEBUG", None)
        python = sys.executable
        subprocess.run([python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)

        # This process reads the same database: accounts for the log-in hosts, then the checks.
        os.environ.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="deckupload.settings_production",
                          SECRET_KEY=env["SECRET_KEY"], ALLOWED_HOSTS="127.0.0.1", CACHE_DIR=env["CACHE_DIR"])
        import django

        django.setup()
        from django.contrib.auth import get_user_model
        from django.contrib.auth.hashers import make_password

        run = secrets.token_hex(3)
        hashed = make_password(PASSWORD)  # one slow hash for all of them
        User = get_user_model()
        User.objects.bulk_create(
            User(username=f"load-{run}-{n}", password=hashed) for n in range(0, args.hosts, 2)
        )
        with open(work / "gunicorn.log", "wb") as log:
            gunicorn = subprocess.Popen(
                [str(Path(python).parent / "gunicorn"), "-c", str(ROOT / "scripts" / "gunicorn.conf.py")],
                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            )
        wait_until_serving(port)
        (work / "access.log").write_text("")  # the warm-up request is not part of the figures

        # The files, made beforehand; the reader must find every deal of the first one.
        from games.formats import read_decks

        rng = random.Random(args.seed)
        files = [random_pbn(rng, args.boards) for _ in range(max(8, args.hosts))]
        read = read_decks(files[0][0], "sample.pbn")
        assert [d.deal for d in read.decks] == files[0][1] and not read.problems, read.problems[:3]

        stats = Stats()
        plan = Plan(port=port, deals=args.deals, files=files, hosts=args.hosts, lockstep=args.lockstep)
        load_before = os.getloadavg()[0]
        cpu_before = cpu_sample(gunicorn.pid, postmaster_pid(pg_dir))
        budget = Budget(args.seconds, args.requests)  # the clock starts now
        threads = [
            threading.Thread(target=run_host, args=(n, plan, budget, stats, run), daemon=True)
            for n in range(args.hosts)
        ]
        print(f"Driving 127.0.0.1:{port} with {args.hosts} hosts for up to {args.seconds:.0f} s "
              f"or {args.requests} requests ...", flush=True)
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - budget.start
        cpu_after = cpu_sample(gunicorn.pid, postmaster_pid(pg_dir))

        gunicorn.terminate()
        gunicorn.wait(timeout=30)
        gunicorn = None

        known = {pk: d for pk, d in stats.expected_decks.items() if pk not in stats.unsure_games}
        boards = {pk: n for pk, n in stats.expected_boards.items() if pk not in stats.unsure_games}
        problems = check_invariants(expected_decks=known, expected_boards=boards) + check_exports(stats.exports)
        setup = (f"{args.hosts} hosts, gunicorn {args.workers} x {args.worker_class}"
                 f"{f' ({args.threads} threads)' if args.worker_class == 'gthread' else ''}, "
                 f"CONN_MAX_AGE={args.conn_max_age}, PostgreSQL on 127.0.0.1, {os.cpu_count()} CPUs, "
                 f"{'hosts in lockstep' if args.lockstep else 'first rounds cut short to spread the hosts'}")
        ok = report(stats, elapsed, server_times(work / "access.log"), problems, setup,
                    (cpu_before, cpu_after), load_before)
        if not ok:
            log_lines = (work / "gunicorn.log").read_text(errors="replace").splitlines()
            print("\nLast lines of gunicorn's log:")
            print("\n".join(log_lines[-60:]))
        return 0 if ok else 1
    finally:
        if gunicorn is not None:
            gunicorn.terminate()
            try:
                gunicorn.wait(timeout=30)
            except subprocess.TimeoutExpired:
                gunicorn.kill()
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # noqa: BLE001 - Django may never have been set up
            pass
        stop_postgres(pg_dir)
        subprocess.run(["rm", "-rf", str(work)], check=False)


if __name__ == "__main__":
    sys.exit(main())
