"""The load test's simulated hosts, for locust. scripts/loadtest.py runs them against its own
gunicorn and PostgreSQL; alone, against a server started by hand (every host signs up then):

    .venv/bin/locust -f scripts/locustfile.py --headless -u 32 -r 32 --run-time 60s --host http://127.0.0.1:8000

Each host (and each table, below) is a browser as seen behind the TLS proxy of production: it sends
``X-Forwarded-Proto: https`` (so secure cookies, HSTS and the strict CSRF origin check are
all in play) and its own ``X-Forwarded-For`` address (10.0.0.N, a header value only: every
request goes to the --host), so the log-in throttle counts each host apart. It signs up
(odd numbers) or logs in to an account made beforehand (even numbers), then over and over:
creates a game, uploads a PBN file of random deals, previews it, adds it, deals with the
htmx button (sending the ``shown`` and ``queue_head`` fields the page shows) and exports
the queue. Forms are submitted as the page fills them, CSRF token included.

Beside the hosts, ``Table`` users play boards: a practice game played all four hands, a
small file of boards with another table's result uploaded and added, then for each board
Deal New Cards, every call and card posted through the play routes with the board and
``at`` (the actions the page shows; ``bench.play.Script`` chooses them), a short pause
between actions as at a quick table, and at the end the dealt boards exported and read
back: each as played, with its result.

An answer with an unexpected status is a failure and abandons the round. An answer that
shows a broken queue (a deal that did not show the next board number, an export that does
not hold exactly the decks left in the queue) or a broken board (a call or card that did not
move the table on by exactly one action, an export without the boards as played) is a
failure raised as :class:`QueueBroken`, which scripts/loadtest.py counts as an invariant
violation.
"""

from __future__ import annotations

import html
import itertools
import re
import secrets
import sys
import time
from dataclasses import dataclass, field
from http.cookiejar import DefaultCookiePolicy
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from locust import FastHttpUser, constant, task
from locust.contrib.fasthttp import LocustBadStatusCode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.play import Script, shown_at, table_pbn  # noqa: E402 - a board played as the play forms post it
from bench.reader_data import plain_pbn  # noqa: E402
from bench.web import page_state  # noqa: E402 - the deal fields a game page sends, as the web bench reads them
from games.formats import read_decks  # noqa: E402

PASSWORD = "load-test-Pa55word-" + "x" * 8


class Failed(Exception):
    """An answer the host did not expect: this round is abandoned, the next one starts."""


class QueueBroken(Exception):
    """An answer showing that the queue lost, doubled or reordered a deck or a board."""


@dataclass
class Plan:
    """What every host does; scripts/loadtest.py makes one before the clock starts."""

    files: list[tuple[bytes, list[str]]]  # (PBN file, its deals in order): made beforehand, the client stays light
    deals: int = 50  # boards dealt per game
    hosts: int = 32
    run: str = field(default_factory=lambda: secrets.token_hex(3))  # accounts are load-{run}-{number}
    premade: bool = False  # the even hosts' accounts exist (scripts/loadtest.py makes them)
    lockstep: bool = False  # every host's first round whole (see first_deals)
    signed_in: list[float] = field(default_factory=list)  # time.monotonic() of each host's sign-in
    tables: int = 0  # Table users, beside the hosts
    # (PBN file, its boards as (deal, dealer, vul)) for the tables: a few boards with a result each
    table_files: list[tuple[bytes, list[tuple[str, str, str]]]] = field(default_factory=list)
    table_boards: int = 1  # boards played per table game
    table_pause: float = 0.2  # seconds between a table's actions

    @classmethod
    def standalone(cls) -> Plan:
        files = [plain_pbn(200, seed) for seed in range(8)]
        plan = cls(files=[(data, [d.deal for d in read_decks(data).decks]) for data in files])
        plan.add_table_files(8)
        return plan

    def add_table_files(self, count: int, seed: int = 1) -> None:
        """Files for the tables, made beforehand like the hosts'."""
        for n in range(count):
            data = table_pbn(self.table_boards, seed=seed * 1000 + n)
            read = read_decks(data, "table.pbn")
            assert len(read.decks) == self.table_boards and not read.problems, read.problems[:3]
            boards = [(d.deal, d.effective_dealer, d.effective_vul or "None") for d in read.decks]
            self.table_files.append((data, boards))

    def first_deals(self, number: int) -> int:
        """How many boards host ``number`` deals in its first round.

        Hosts that start together and then do the same work at the same pace stay in
        lockstep: every few seconds all of them create, upload, preview and add at once, and
        the deals of that moment wait behind 32 uploads. Tables at a club are not in step,
        so the first round is cut short by a different amount for each host (host 0 deals
        them all, the last host a few), which spreads the later rounds over a round's
        length. ``lockstep`` keeps every round whole."""
        if self.lockstep:
            return self.deals
        return self.deals - self.deals * number // max(self.hosts, 1)


class Browser(FastHttpUser):
    """What hosts and tables share: signing in, and requests as the browser makes them."""

    abstract = True
    plan: Plan | None = None  # set by scripts/loadtest.py; Plan.standalone() otherwise
    wait_time = constant(0)  # a closed loop: the next request as soon as the answer is in
    kind = "host"  # accounts are load-{run}-{number}, a table's load-{run}-table-{number}
    first_address = 0  # tables' X-Forwarded-For addresses follow the hosts'

    def on_start(self) -> None:
        if Browser.plan is None:
            Browser.plan = Plan.standalone()
        self.plan = Browser.plan
        self.number = next(self.numbers)
        at = self.first_address + self.number
        self.address = f"10.0.{at // 250}.{at % 250 + 1}"
        self.origin = "https://" + urlsplit(self.host).netloc
        self.page, self.csrf, self.round = "/", "", 0
        # The app answers as if over TLS (Secure cookies); the browser it stands for is on https.
        self.client.cookiejar.set_policy(DefaultCookiePolicy(secure_protocols=("https", "http")))
        for attempt in itertools.count():
            try:
                self.sign_in(attempt)
                break
            except Failed:
                self.client.cookiejar.clear()
                time.sleep(0.2)
        self.plan.signed_in.append(time.monotonic())

    @property
    def username(self) -> str:
        middle = "" if self.kind == "host" else "table-"
        return f"load-{self.plan.run}-{middle}{self.number}"

    @task
    def one_round(self) -> None:
        self.round += 1
        try:
            self.play_round()
        except Failed:
            time.sleep(0.05)

    def play_round(self) -> None:
        raise NotImplementedError

    def sign_in(self, attempt: int) -> None:
        """Even hosts log in, odd ones sign up (tables log in when their accounts were made);
        after a failed sign-up (the account may exist even so, if only the answer was lost)
        they try logging in."""
        username = self.username
        premade = self.plan.premade and (self.number % 2 == 0 or self.kind == "table")
        log_in = premade or attempt % 2 == 1
        name, path = ("login", "/login/") if log_in else ("signup", "/signup/")
        _, _, page = self.get(name, path)
        fields = dict(form_fields(page.decode(), "", path))
        if log_in:
            fields.update(username=username, password=PASSWORD)
        else:
            fields.update(username=username, email="", password1=PASSWORD, password2=PASSWORD)
        self.send(name, "POST", path, fields.items(), expect=(302,))

    def new_game(self, **fields: str) -> str:
        """Create a practice game that allows upload; its page's path."""
        _, _, page = self.get("new_game", "/games/new/")
        form = dict(form_fields(page.decode(), "/games/new/", ""))
        form.update(game_type="practice", allow_upload="1", **fields)
        _, game_url, _ = self.send("new_game", "POST", "/games/new/", form.items(), expect=(302,))
        self.get("game", game_url)
        return game_url

    def upload(self, game_url: str, data: bytes) -> None:
        """Upload ``data`` as a PBN file, preview it and add its decks to the game."""
        upload_url = game_url + "upload/"
        _, _, page = self.get("upload", upload_url)
        fields = [(k, v) for k, v in form_fields(page.decode(), upload_url) if k not in {"files", "text"}]
        _, preview_url, _ = self.send(
            "upload",
            "POST",
            upload_url,
            fields,
            files=[("files", f"load-{self.number}-{self.round}.pbn", data)],
            expect=(302, 303),
        )
        _, _, page = self.get("upload_preview", preview_url)
        add_url = preview_url + "add/"
        self.send("upload_add", "POST", add_url, form_fields(page.decode(), add_url), expect=(200, 302, 303))

    def get(self, name: str, path: str) -> tuple[int, str, bytes]:
        return self.send(name, "GET", path)

    def send(self, name, method, path, fields=(), *, files=(), htmx=False, expect=(200,), check=None):
        """One request as the browser would make it; (status, Location's path, body).

        ``check(body)``, when given, returns what is wrong with an expected answer, if anything."""
        headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": self.address, "Accept": "text/html"}
        body = None
        if method == "POST":
            headers.update(Origin=self.origin, Referer=self.origin + self.page)
            if files:
                body, headers["Content-Type"] = _multipart(list(fields), list(files))
            else:
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
            wrong = check(content) if check else None
            if wrong:
                answer.failure(QueueBroken(f"{method} {path}: {wrong}"))
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


class Host(Browser):
    numbers = itertools.count()

    def play_round(self) -> None:
        """New game, upload, preview, add, deal, export: what a host does over and over."""
        plan, number = self.plan, self.number
        deal_count = plan.first_deals(number) if self.round == 1 else plan.deals
        game_url = self.new_game(name=f"Load host {number} round {self.round}")
        data, deals = plan.files[(number * 7 + self.round) % len(plan.files)]
        self.upload(game_url, data)

        _, _, page = self.get("game", game_url)
        shown = dict(page_state(page))  # what the page's Deal button sends (hx-include)
        for n in range(1, deal_count + 1):
            _, _, answer = self.send(
                "deal",
                "POST",
                game_url + "deal/",
                shown.items(),
                htmx=True,
                check=lambda body, n=n: _shows_board(body, n, shown),
            )
            shown.update(page_state(answer))

        self.send("export", "GET", game_url + "export/queue.pbn", check=lambda body: _holds(body, deals[deal_count:]))


class Table(Browser):
    """A practice table played all four hands, board after board (see the module's docstring)."""

    numbers = itertools.count()
    kind = "table"
    first_address = 1000

    def play_round(self) -> None:
        plan, number = self.plan, self.number
        game_url = self.new_game(name=f"Load table {number} round {self.round}", practice_play="all_four")
        data, boards = plan.table_files[(number * 5 + self.round) % len(plan.table_files)]
        self.upload(game_url, data)
        _, _, page = self.get("game", game_url)
        shown = dict(page_state(page))
        for n, (deal, dealer, vul) in enumerate(boards, start=1):
            check = lambda body, n=n: _shows_board(body, n, shown)  # noqa: E731 - as the hosts' check
            _, _, answer = self.send("deal", "POST", game_url + "deal/", shown.items(), htmx=True, check=check)
            shown.update(page_state(answer))
            script = Script(deal, dealer, vul, n, seed=number)
            for route, fields in script.moves():
                time.sleep(plan.table_pause)
                path = game_url + ("play/call/" if route == "play_call" else "play/card/")
                self.send(
                    route,
                    "POST",
                    path,
                    fields.items(),
                    htmx=True,
                    check=lambda body, at=script.at: _moved_on(body, at),
                )
        self.send("export_dealt", "GET", game_url + "export/dealt.pbn", check=lambda body: _as_played(body, boards))


def _shows_board(body: bytes, number: int, shown: dict[str, str]) -> str | None:
    now = dict(page_state(body)).get("shown")
    if now != str(number):
        return f"the deal after board {shown.get('shown')} shows board {now}, expected {number}"
    return None


def _moved_on(body: bytes, at: int) -> str | None:
    """A call or card posted at ``at`` must show the table one action on (the last card's
    answer may show no form: the board is over)."""
    now = shown_at(body)
    if now is not None and now != at + 1:
        return f"the action posted at {at} answered with the table at {now}, expected {at + 1}"
    return None


def _as_played(body: bytes, boards: list[tuple[str, str, str]]) -> str | None:
    exported = read_decks(body, "dealt.pbn")
    found = [(d.deal, d.contract, bool(d.result), len(d.play)) for d in exported.decks]
    expected = [(deal, "3NT", True, 13) for deal, _, _ in boards]
    if found != expected or exported.problems:
        return f"the dealt boards' export holds {found[:2]}..., expected each board as played with its result"
    return None


def _holds(body: bytes, deals: list[str]) -> str | None:
    exported = read_decks(body, "queue.pbn")  # a few milliseconds for 200 decks
    if [d.deal for d in exported.decks] != deals or exported.problems:
        return (
            f"the queue export holds {len(exported.decks)} decks ({len(exported.problems)} unreadable), "
            f"expected the {len(deals)} left in the queue"
        )
    return None


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


def _multipart(fields: list[tuple[str, str]], files: list[tuple[str, str, bytes]]) -> tuple[bytes, str]:
    boundary = "----loadtest" + secrets.token_hex(12)
    out = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields
    ]
    for name, filename, data in files:
        out.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            f"Content-Type: application/octet-stream\r\n\r\n".encode()
            + data
            + b"\r\n"
        )
    out.append(f"--{boundary}--\r\n".encode())
    return b"".join(out), f"multipart/form-data; boundary={boundary}"
