"""A club night's people, for locust: scripts/loadtest.py runs them against its own gunicorn
and PostgreSQL, with a plan (:class:`Plan`) that names the games, tables and accounts it
made beforehand.

Each is a browser as seen behind the TLS proxy of production: it sends
``X-Forwarded-Proto: https`` (secure cookies, HSTS and the strict CSRF origin check are in
play) and its own ``X-Forwarded-For`` address (10.x.y.z, a header value only), so the log-in
throttle counts each apart. It logs in through the log-in form once (an account made
beforehand; a session kept from an earlier step of the search is used again), opens the game
page, and waits for the plan's start (``Plan.go``).

A page is pushed (``Plan.streams_at``: the stream server's address) or polled (None). A
pushed page keeps its event stream open to the stream server as static/games/table.js has
htmx do (``/games/<pk>/events/``, the session's cookie, ``Last-Event-ID`` on a
reconnection; a greenlet reading the stream off a plain socket, :meth:`Browser.listen`):
on each ``moved`` for its table it asks its poller once (``seat_pushed``,
``tables_pushed``) unless it shows the version the event says, one ask following the one
under way when news comes meanwhile; a seated player's ``seat`` event is its seat view
itself, taken when newer than the one shown (``Plan.pushed_views``); its
timer still ticks every TABLE_POLL_SECONDS but asks only when the stream has been silent
for ``HEARD_SECONDS`` or nothing was asked for ``FALLBACK_SECONDS``. A polled page asks at
every tick. Then:

- ``Player``: one seat at a Join table. The page asks for the seat view (``seat/?v=``
  with the version it shows: 204 while nothing changed). When its page shows that its
  seat is to act, it posts the action the four players of its table share
  (``bench.play.ClubScript``: a short auction, a few cards, declarer's claim and the
  defenders' acceptance), at human pace: the table's next action is due 2-4 s
  (``Plan.pace``) after its last. The answer has no content; while the page's stream is
  heard, the stream brings the table one action on (the poller asks only if it has not
  come within ``PUSH_WAIT_SECONDS``); a polled page asks at once (``redraw``).
- ``Teacher``: the host of a club night (teaching movement), who sits nowhere, with the
  game page open (its stream: every table of the game): it asks for the tables' overview
  (``tables/?v=``; on news, once a second at most, for the moves meanwhile, as the page
  does), and deals the next board to every table (Deal New Cards) once the
  overview shows every table's board over, then asks for the overview at once as the
  page does.
- ``Probe``: a logged-in user asking for ``load/ok/`` (bench.load_urls) a few times a
  second: the bare request that the others' server CPU is measured against.

An answer with an unexpected status, or a call or card refused (its ``seat-error`` alert; the overview's
director-call region is an alert too, and empty while nobody calls), is a
failure. An answer that shows the table where it cannot be (an action that did not move the
table on by one, a page ahead of the actions the table has made) is a failure raised as
:class:`TableBroken`, which scripts/loadtest.py counts as an invariant violation.
"""

from __future__ import annotations

import contextlib
import html
import json
import random
import re
import socket
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookiejar import DefaultCookiePolicy
from pathlib import Path
from urllib.parse import urlencode, urlsplit

import gevent
from gevent import Greenlet
from gevent.event import Event
from gevent.lock import BoundedSemaphore
from locust import FastHttpUser, constant, task
from locust.contrib.fasthttp import LocustBadStatusCode
from locust.exception import CatchResponseError

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.builders.client import ClubScript, page_state, seat_state  # noqa: E402 - a short board, played as the seats' forms post it

PASSWORD = "load-test-Pa55word-" + "x" * 8
PROBE_SECONDS = 0.25  # between the probe's bare requests
# A pushed page's timers, as static/games/table.js has them: while the stream was heard
# within HEARD_SECONDS, a poller's timer asks only when nothing was asked for
# FALLBACK_SECONDS (the page's data-fallback-seconds).
HEARD_SECONDS = 35.0
FALLBACK_SECONDS = 60.0
SPREAD_SECONDS = 1.0  # a page's ask on news of every table (a deal) waits a random part of this
GATHER_SECONDS = 1.0  # a poller of every table (the overview) asks once a second at most on news (table.js)
PUSH_WAIT_SECONDS = 1.5  # an actor's page whose stream is heard asks only if its view has not come by then
EVERY_TABLE = 0  # a ``moved`` event's table after a deal: every table
STREAM_SILENCE_SECONDS = 50.0  # a stream silent this long (three heartbeats of 15 s missed) has failed


class Failed(Exception):
    """An answer the page did not expect."""


class TableBroken(Exception):
    """An answer showing a table that lost, doubled or skipped an action or a board."""


@dataclass
class Table:
    """One table as its four players' browsers know it: the board they play, played by
    ``ClubScript``, and when its next action is due (shared by the four, in this process)."""

    game: int
    number: int
    boards: list[tuple[str, str, str]]  # the game's boards in dealing order: (deal, dealer, vul)
    cards: int
    pace: tuple[float, float]
    rng: random.Random
    script: ClubScript | None = None
    due: float = 0.0  # time.monotonic() of the next action
    # (deal, actions made) -> (time.monotonic() of the action's answer, the seat that made it)
    answered: dict = field(default_factory=dict)
    shown: Counter = field(default_factory=Counter)  # (deal, actions made) -> the other pages that showed it

    def board(self, number: int) -> ClubScript | None:
        """The script of deal ``number`` (made when a page first shows it); None for an
        older board than the table's."""
        if self.script is not None and number < self.script.number:
            return None
        if self.script is None or number > self.script.number:
            if number > len(self.boards):
                raise TableBroken(f"table {self.number} shows deal {number}: only {len(self.boards)} were queued")
            if self.script is not None and not self.script.over:
                raise TableBroken(f"table {self.number} shows deal {number} before deal {self.script.number} is over")
            deal, dealer, vul = self.boards[number - 1]
            self.script = ClubScript(deal, dealer, vul, number, cards=self.cards, seed=self.game * 1000 + self.number)
            self.due = time.monotonic() + self.rng.uniform(*self.pace)
        return self.script

    def acted(self) -> None:
        self.script.done()
        self.due = time.monotonic() + self.rng.uniform(*self.pace)


@dataclass
class Plan:
    """Who is who: made by scripts/loadtest.py before each step of its search."""

    run: str  # accounts are load-{run}-...
    games: list[int]  # the club nights, one teacher each
    tables: list[Table]  # every table of every game, in the order players are handed out
    poll_seconds: float
    boards: int  # boards queued per game
    deal_pause: tuple[float, float] = (1.0, 3.0)  # the teacher's reaction once every table is over
    sessions: dict[str, list] = field(default_factory=dict)  # username -> cookies, kept across steps
    go: Event = field(default_factory=Event)
    arriving: BoundedSemaphore = field(default_factory=lambda: BoundedSemaphore(4))  # log-ins under way
    started: float = float("inf")  # time.monotonic() of go
    signed_in: int = 0
    handed: dict[str, int] = field(default_factory=dict)  # users handed out, per kind
    updates: list[float] = field(default_factory=list)  # seconds from an action's answer to another seat showing it
    whole: list[float] = field(default_factory=list)  # ... to the last of the other three seats showing it
    streams_at: tuple[str, int] | None = None  # the stream server's (host, port); None: the pages poll
    streams: int = 0  # event streams open now
    pushed_views: int = 0  # seat views a stream brought, drawn by the stream server
    listeners: list[Greenlet] = field(default_factory=list)  # the pages' stream readers, ended with the step
    errors: list[str] = field(default_factory=list)  # exceptions in the stream readers

    def hand(self, kind: str) -> int:
        number = self.handed.get(kind, 0)
        self.handed[kind] = number + 1
        return number


SEATS = "NESW"


@dataclass(frozen=True)
class StreamAnswer:
    """An event stream's answer as locust's request event reports it: its status."""

    status_code: int


class Browser(FastHttpUser):
    """What the club night's people share: signing in, requests as the browser makes them,
    and a pushed page's event stream."""

    abstract = True
    plan: Plan  # set by scripts/loadtest.py
    wait_time = constant(0)
    kind = "player"
    first_address = 0

    def on_start(self) -> None:
        self.number = self.plan.hand(self.kind)
        at = self.first_address + self.number
        self.address = f"10.{at // 62500}.{at // 250 % 250}.{at % 250 + 1}"
        self.origin = "https://" + urlsplit(self.host).netloc
        self.page, self.csrf = "/", ""
        self.news, self.opened = Event(), Event()  # a ``moved`` for this page; the stream's first event
        self.heard = self.asked = float("-inf")  # time.monotonic() of the stream's last event, of the last ask
        # The app answers as if over TLS (Secure cookies); the browser it stands for is on https.
        self.client.cookiejar.set_policy(DefaultCookiePolicy(secure_protocols=("https", "http")))
        with self.plan.arriving:  # a few at a time: hundreds of Argon2 log-ins at once would time out
            self.sign_in()
            self.open()
        self.plan.signed_in += 1

    def open(self) -> None:
        """The page this person has open, loaded before the measured window."""

    @property
    def username(self) -> str:
        return f"load-{self.plan.run}-{self.kind}-{self.number}"

    def sign_in(self) -> None:
        """The log-in form, once per account: a session from an earlier step is used again."""
        kept = self.plan.sessions.get(self.username)
        if kept:
            for cookie in kept:
                self.client.cookiejar.set_cookie(cookie)
            return
        for attempt in range(5):
            try:
                _, _, page = self.get("login", "/login/")
                fields = dict(form_fields(page.decode(), "", "/login/"))
                fields.update(username=self.username, password=PASSWORD)
                self.send("login", "POST", "/login/", fields.items(), expect=(302,))
                break
            except Failed:
                self.client.cookiejar.clear()
                time.sleep(0.5 * (attempt + 1))
        else:
            raise Failed(f"{self.username} could not log in")
        self.plan.sessions[self.username] = list(self.client.cookiejar)

    @task
    def live(self) -> None:
        self.plan.go.wait()
        self.play()

    def play(self) -> None:
        raise NotImplementedError

    def get(self, name: str, path: str, *, htmx: bool = False, expect=(200,), check=None) -> tuple[int, str, bytes]:
        return self.send(name, "GET", path, htmx=htmx, expect=expect, check=check)

    def send(self, name, method, path, fields=(), *, htmx=False, expect=(200,), check=None):
        """One request as the browser would make it; (status, Location's path, body).

        ``check(body)``, when given, returns what is wrong with an expected answer, if anything."""
        headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": self.address, "Accept": "text/html"}
        body = None
        if method == "POST":
            headers.update(Origin=self.origin, Referer=self.origin + self.page)
            body, headers["Content-Type"] = urlencode(list(fields)).encode(), "application/x-www-form-urlencoded"
        if htmx:
            headers.update({"HX-Request": "true", "HX-Current-URL": self.origin + self.page, "X-CSRFToken": self.csrf})
        with self.client.request(
            method, path, name=name, data=body, headers=headers, allow_redirects=False, catch_response=True
        ) as answer:
            failed = answer.request_meta["exception"]
            if failed is not None and not isinstance(failed, LocustBadStatusCode):  # no whole answer came
                answer.failure(failed)
                raise Failed(name)
            status, content = answer.status_code, answer.content or b""
            if status not in expect:
                answer.failure(f"{method} {path}: {status} {content[:200]!r}")
                raise Failed(name)
            try:
                wrong = check(content) if check else None
            except TableBroken as broken:
                wrong = broken
            if isinstance(wrong, TableBroken):
                answer.failure(wrong)
                raise Failed(name)
            if wrong:
                answer.failure(f"{method} {path}: {wrong}")
                raise Failed(name)
            answer.success()
        if not htmx and "text/html" in (answer.headers.get("Content-Type") or ""):
            token = _HX_TOKEN.search(content)
            if token:
                self.csrf = token.group(1).decode()
        if method == "GET" and not htmx:
            self.page = path
        location = urlsplit(answer.headers.get("Location") or "")
        return status, location.path + (f"?{location.query}" if location.query else ""), content

    def open_stream(self, path: str) -> None:
        """A pushed page's event stream, opened once the page is loaded; on the stream's
        first event (a fresh stream's ``moved``: the page may be older than the stream) the
        page asks once, as it does in the browser."""
        if self.plan.streams_at is None:
            return
        listener = gevent.spawn(self.listen, path)
        listener.link_exception(lambda g: self.plan.errors.append(f"{self.username}'s stream: {g.exception!r}"))
        self.plan.listeners.append(listener)
        self.opened.wait(10)
        if self.news.is_set():
            self.news.clear()
            self.ask(pushed=True)

    def concerns(self, table: int) -> bool:
        """Whether a ``moved`` of ``table`` has this page's poller ask."""
        return True

    def pushed_view(self, html: str) -> None:
        """The stream brought this page's view itself (a seated player's ``seat`` event)."""

    def told(self, version: int | None) -> None:
        """A ``moved`` this page concerns came (``version``: the one its table moved to,
        when the event says it): the page's poller asks at its next wake."""
        self.news.set()

    def ask(self, *, pushed: bool = False) -> None:
        """The page's poller: asked by its timer, or on a ``moved`` (``pushed``)."""
        raise NotImplementedError

    def timer_asks(self) -> bool:
        """Whether the poller's timer asks at this tick: a polled page's always; a pushed
        page's when its stream has gone quiet or nothing was asked for FALLBACK_SECONDS."""
        now = time.monotonic()
        return now - self.heard >= HEARD_SECONDS or now - self.asked >= FALLBACK_SECONDS

    def listen(self, path: str) -> None:
        """The page's event stream (a greenlet, killed with the step): each event has the
        stream heard, each ``moved`` this page concerns sets ``news``. The opening is
        locust's request ``events``; a refused connection, an answer other than 200 or a
        stream that ends or stays silent past three heartbeats is its failure, and the page
        connects again after the stream's ``retry``, with ``Last-Event-ID``, as a browser's
        EventSource does."""
        assert self.plan.streams_at is not None
        host, port = self.plan.streams_at
        last, retry = "", self.plan.poll_seconds
        while True:
            began = time.perf_counter()
            try:
                with socket.create_connection((host, port), timeout=STREAM_SILENCE_SECONDS) as sock:
                    sock.sendall(self.stream_request(path, last))
                    answer = sock.makefile("rb")
                    status, headers = _head(answer)
                    took = (time.perf_counter() - began) * 1000
                    if status != 200:
                        body = answer.read(min(int(headers.get("content-length") or 0), 2000))
                        failed = CatchResponseError(f"GET {path}: {status} {body[:200]!r}")
                        self.stream_answered(path, took, status, failed)
                    else:
                        self.stream_answered(path, took, status, None)
                        self.plan.streams += 1
                        try:
                            for name, data, id, wait in _sse(answer, _chunked(headers)):
                                last, retry = id or last, wait or retry
                                self.heard = time.monotonic()
                                table, version = _moved(data) if name == "moved" else (None, None)
                                if name == "seat":
                                    self.pushed_view(data)
                                elif table == EVERY_TABLE and not self.opened.is_set():
                                    self.told(None)  # the page's ask as it opens, before the window
                                elif table == EVERY_TABLE:  # spread over SPREAD_SECONDS, as table.js does
                                    gevent.spawn_later(random.uniform(0, SPREAD_SECONDS), self.told, None)
                                elif table is not None and self.concerns(table):
                                    self.told(version)
                                self.opened.set()
                        finally:
                            self.plan.streams -= 1
                        raise ConnectionError(f"GET {path}: the server ended the stream")
            except OSError as error:
                self.stream_answered(path, (time.perf_counter() - began) * 1000, 0, error)
            gevent.sleep(retry)

    def stream_request(self, path: str, last: str) -> bytes:
        """The stream's request as the browser sends it, behind the TLS proxy."""
        assert self.plan.streams_at is not None
        host, port = self.plan.streams_at
        cookies = "; ".join(f"{cookie.name}={cookie.value}" for cookie in self.client.cookiejar)
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {host}:{port}",
            "Accept: text/event-stream",
            "Cache-Control: no-cache",
            "X-Forwarded-Proto: https",
            f"X-Forwarded-For: {self.address}",
            f"Cookie: {cookies}",
        ]
        if last:
            lines.append(f"Last-Event-ID: {last}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode()

    def stream_answered(self, path: str, took_ms: float, status: int, exception: Exception | None) -> None:
        self.environment.events.request.fire(
            request_type="GET",
            name="events",
            response_time=took_ms,
            response_length=0,
            response=StreamAnswer(status),
            exception=exception,
            context={},
            url=path,
        )

    def every(self, seconds: float, first: float):
        """time.monotonic() of each tick of a poller started ``first`` seconds after go: as
        htmx's ``every``, a tick missed while a request was out is not made up."""
        due = self.plan.started + first
        while True:
            yield due
            due = max(due + seconds, time.monotonic())


class Player(Browser):
    """One seat at a table: polls the seat view, and acts when the page shows its turn."""

    def open(self) -> None:
        self.table = self.plan.tables[self.number // 4]
        self.seat = SEATS[self.number % 4]
        self.game_url = f"/games/{self.table.game}/"
        self.pushed_to: float = 0  # the newest version the stream said the table moved to, since the last ask
        self.seen(self.get("game", self.game_url)[2])
        self.open_stream(f"{self.game_url}events/?table={self.table.number}")

    def concerns(self, table: int) -> bool:
        return table in (EVERY_TABLE, self.table.number)  # the seat poll's data-table

    def pushed_view(self, html: str) -> None:
        # As table.js: swapped in when newer than the view shown; no ask.
        if _tag(seat_state(html.encode())[0] or "") > _tag(self.version):
            self.plan.pushed_views += 1
            self.seen(html.encode())

    def told(self, version: int | None) -> None:
        # As table.js: a poller already showing the version its table moved to does not ask.
        self.pushed_to = max(self.pushed_to, float("inf") if version is None else version)
        self.news.set()

    def seen(self, body: bytes) -> None:
        """What the seat view in ``body`` shows: its version, the deal and the actions made."""
        version, board, at = seat_state(body)
        if version is None:
            raise TableBroken(f"table {self.table.number}: a seat view without its poll link")
        if _tag(version) < _tag(getattr(self, "version", "")):
            return  # older than the view pushed meanwhile: kept out, as table.js does
        before = (getattr(self, "board", None), getattr(self, "at", None) or 0)
        self.version, self.board, self.at = version, board, at
        if board is None:  # no board dealt yet
            return
        self.note_updates(board, before[1] + 1 if before[0] == board else 1, at)
        script = self.table.board(board)
        if script is not None and board == script.number and at > script.at + 1:
            # One action may be in flight (posted, not yet answered): never two.
            raise TableBroken(f"table {self.table.number}, deal {board}: a page shows {at} actions, made {script.at}")

    def note_updates(self, board: int, first: int, last: int) -> None:
        """How long after their answers the actions ``first`` to ``last`` of ``board``
        reached this page, when another seat made them in the window."""
        now = time.monotonic()
        for made in range(first, last + 1):
            answered = self.table.answered.get((board, made))
            if answered is None or answered[1] == self.seat or (answered[0] or now) < self.plan.started:
                continue  # none, this page's own, or before the window
            waited = max(0.0, now - answered[0]) if answered[0] is not None else 0.0
            self.plan.updates.append(waited)
            self.table.shown[board, made] += 1
            if self.table.shown[board, made] == 3:
                self.plan.whole.append(waited)

    def my_turn(self) -> tuple[str, str, dict[str, str]] | None:
        """The action this seat's page shows it is to make now, if any."""
        script = self.table.script
        if script is None or self.board != script.number or self.at != script.at:
            return None
        action = script.next()
        return action if action is not None and action[0] == self.seat else None

    def play(self) -> None:
        ticks = self.every(self.plan.poll_seconds, random.uniform(0, self.plan.poll_seconds))
        poll_at = next(ticks)
        while True:
            action = self.my_turn()
            wake = min(poll_at, self.table.due) if action else poll_at
            self.news.wait(max(0.0, wake - time.monotonic()))
            try:
                if self.news.is_set():
                    self.news.clear()
                    if _tag(self.version)[1] < self.pushed_to:  # the page's redraw may show it already
                        self.ask(pushed=True)
                    self.pushed_to = 0
                if action and time.monotonic() >= self.table.due and self.my_turn() == action:
                    self.act(action)
                if time.monotonic() >= poll_at:
                    poll_at = next(ticks)
                    if self.timer_asks():
                        self.ask()
            except Failed:
                gevent.sleep(0.2)

    def ask(self, *, pushed: bool = False) -> None:
        self.asked = time.monotonic()
        path = f"{self.game_url}seat/?v={self.version}"
        name = "seat_pushed" if pushed else "seat_poll"
        self.get(name, path, htmx=True, expect=(200, 204), check=lambda body: body and self.seen(body))

    def act(self, action: tuple[str, str, dict[str, str]]) -> None:
        _, route, fields = action
        path = self.game_url + {"play_call": "play/call/", "play_card": "play/card/"}.get(
            route, f"play/{route.removeprefix('play_')}/"
        )
        at, board = int(fields["at"]), int(fields["board"])

        def refused(body: bytes) -> str | None:
            return f"refused: {_alert(body)}" if body else None  # done: no content

        def redrawn(body: bytes) -> None:
            self.seen(body)
            if self.board == board and self.at < at + 1:
                raise TableBroken(f"table {self.table.number}: an action posted at {at}, the page then shows {self.at}")

        self.table.answered[board, at + 1] = (None, self.seat)  # a page that shows it before the answer: 0
        expected = _tag(self.version)[1] + 1  # the version the action moves the table to, at least
        self.send(route, "POST", path, fields.items(), htmx=True, expect=(204,), check=refused)
        self.table.answered[board, at + 1] = (time.monotonic(), self.seat)
        self.table.acted()
        if self.plan.streams_at is not None and time.monotonic() - self.heard < HEARD_SECONDS:
            # As table.js: the stream brings the view; the poller asks if it has not come in time.
            gevent.spawn_later(PUSH_WAIT_SECONDS, lambda: _tag(self.version)[1] < expected and self.told(expected))
            return
        # The page's poll, asked at once on the answer's event (static/games/table.js).
        self.asked = time.monotonic()
        self.get("redraw", f"{self.game_url}seat/?v={self.version}", htmx=True, check=redrawn)


class Teacher(Browser):
    """A club night's host off the tables with the game page open: the overview of every
    table polled (a director's page shows no one table's felt), the next board dealt to
    every table once all of them are over."""

    kind = "teacher"
    first_address = 60000

    def open(self) -> None:
        self.game = self.plan.games[self.number]
        self.game_url = f"/games/{self.game}/"
        self.tables = sum(1 for table in self.plan.tables if table.game == self.game)
        self.dealt, self.deal_at = 0, float("inf")  # deal_at: time.monotonic() of the next Deal New Cards
        page = self.get("game", self.game_url)[2]
        self.seen_overview(page)
        self.page_state = dict(page_state(page))  # what Deal New Cards sends, as the page's button does
        self.open_stream(f"{self.game_url}events/")

    def seen_overview(self, body: bytes) -> None:
        version = _TABLES_VERSION.search(body)
        if version is None:
            raise TableBroken(f"game {self.game}: the overview without its poll link")
        self.version = version.group(1).decode()
        self.over = body.count(b'class="phase-over"')
        rows = body.count(b'<tr id="overview-table-')
        if rows != self.tables:
            raise TableBroken(f"game {self.game}: the overview shows {rows} tables of {self.tables}")

    def play(self) -> None:
        self.deal()
        ticks = self.every(self.plan.poll_seconds, random.uniform(0, self.plan.poll_seconds))
        poll_at, gather_at = next(ticks), float("inf")
        while True:
            wake = min(poll_at, self.deal_at, gather_at)
            if gather_at == float("inf"):
                self.news.wait(max(0.0, wake - time.monotonic()))
            else:
                gevent.sleep(max(0.0, wake - time.monotonic()))
            try:
                if time.monotonic() >= self.deal_at:
                    self.deal_at = float("inf")
                    self.deal()
                if self.news.is_set():  # the overview asks for the moves of GATHER_SECONDS at once
                    self.news.clear()
                    gather_at = min(gather_at, time.monotonic() + GATHER_SECONDS)
                if time.monotonic() >= gather_at:
                    gather_at = float("inf")
                    self.ask(pushed=True)
                if time.monotonic() >= poll_at:
                    poll_at = next(ticks)
                    if self.timer_asks():
                        self.ask()
            except Failed:
                gevent.sleep(0.2)

    def ask(self, *, pushed: bool = False) -> None:
        """The overview's poller; once it shows every table's board over, the next deal is
        due after the teacher's pause."""
        self.asked = time.monotonic()
        overview = f"{self.game_url}tables/?v={self.version}"
        name = "tables_pushed" if pushed else "tables_poll"
        self.get(name, overview, htmx=True, expect=(200, 204), check=lambda b: b and self.seen_overview(b))
        if self.over == self.tables and self.deal_at == float("inf") and self.dealt < self.plan.boards:
            self.deal_at = time.monotonic() + random.uniform(*self.plan.deal_pause)

    def deal(self) -> None:
        number = self.dealt + 1

        def check(body: bytes) -> str | None:
            if REFUSED in body:
                return f"refused: {_alert(body)}"
            shown = dict(page_state(body)).get("shown")
            if shown != str(number):
                raise TableBroken(f"game {self.game}: Deal New Cards showed deal {shown}, not {number}")
            return None

        fields = list(self.page_state.items())
        _, _, body = self.send("deal", "POST", self.game_url + "deal/", fields, htmx=True, check=check)
        self.dealt = number
        self.page_state.update(page_state(body))
        self.ask()  # the overview's poll, asked at once on the answer's event (static/games/table.js)


class Probe(Browser):
    """A logged-in user asking for the bare request, a few times a second."""

    kind = "probe"
    first_address = 61000

    def play(self) -> None:
        while True:
            gevent.sleep(PROBE_SECONDS)
            with contextlib.suppress(Failed):  # counted by the load test; the probe goes on
                self.get("load_ok", "/load/ok/", check=lambda body: None if body == b"ok" else "not ok")


def _head(answer) -> tuple[int, dict[str, str]]:
    """The status and the headers (lower-cased names) of an HTTP answer read from ``answer``."""
    status_line = answer.readline()
    parts = status_line.split()
    if len(parts) < 2 or not parts[1].isdigit():
        raise ConnectionError(f"no HTTP answer: {status_line[:200]!r}")
    headers = {}
    while (line := answer.readline()) not in (b"\r\n", b"\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(parts[1]), headers


def _chunked(headers: dict[str, str]) -> bool:
    return "chunked" in headers.get("transfer-encoding", "").lower()


def _sse(answer, chunked: bool) -> Iterator[tuple[str, str, str, float]]:
    """(event, data, id, retry seconds or 0) of each event of a stream's body, until it ends."""
    buffer = b""
    while True:
        if chunked:
            size = answer.readline()
            if not size.strip() or int(size.split(b";")[0], 16) == 0:
                return
            data = answer.read(int(size.split(b";")[0], 16))
            answer.readline()  # the chunk's CRLF
        else:
            data = answer.readline()
            if not data:
                return
        buffer += data.replace(b"\r\n", b"\n")
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            fields: dict[str, str] = {}
            for line in block.decode().split("\n"):
                name, _, value = line.partition(":")
                value = value.removeprefix(" ")
                fields[name] = fields[name] + "\n" + value if name == "data" and name in fields else value
            retry = fields.get("retry", "")
            wait = int(retry) / 1000 if retry.isdigit() else 0.0
            yield fields.get("event", "message"), fields.get("data", ""), fields.get("id", ""), wait


def _moved(data: str) -> tuple[int, int | None]:
    """A ``moved`` event's table (EVERY_TABLE when it says none) and the version it moved
    to (None when it says none)."""
    try:
        said = json.loads(data)
        version = said.get("version")
        return int(said.get("table") or EVERY_TABLE), version if isinstance(version, int) else None
    except (ValueError, AttributeError, TypeError):
        return EVERY_TABLE, None


def _tag(version: str) -> tuple[int, int]:
    """A seat view's version ("<next board>.<version>.<table>", ".t" while the teacher
    watches), to compare at one table: (-1, -1) when it says none."""
    parts = version.split(".")
    if len(parts) < 2 or not (parts[0].isdigit() and parts[1].isdigit()):
        return (-1, -1)
    return int(parts[0]), int(parts[1])


_TABLES_VERSION = re.compile(rb'/tables/\?v=([^"&]+)')
REFUSED = b'class="seat-error" role="alert"'  # a refusal's message (templates/games/partials)
_ALERT = re.compile(rb'class="seat-error" role="alert">([^<]*)<')


def _alert(body: bytes) -> str:
    found = _ALERT.search(body)
    return found.group(1).decode(errors="replace") if found else "?"


# --- forms, as the browser submits them -----------------------------------------------------

_FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S | re.I)
_ATTR = re.compile(r"""([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
_FIELD = re.compile(r"<(?:(input|textarea)\b([^>]*)>|(select)\b([^>]*)>(.*?)</select>)", re.S | re.I)
_OPTION = re.compile(r"<option\b([^>]*)>", re.I)
_HX_TOKEN = re.compile(rb'"X-CSRFToken":\s*"([^"]+)"')


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
