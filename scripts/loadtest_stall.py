#!/usr/bin/env python
"""Can one user stall the site, or take more than their share of it? ``make loadtest-stall``

    .venv/bin/python scripts/loadtest_stall.py [--cases 0,1,...,7] [--seconds 60] [--pdf 4] [--analysis 8]

Serves the app as production does: gunicorn (scripts/gunicorn.conf.py, 4 sync workers),
the production settings, a throwaway PostgreSQL and three task workers (``run_worker``, one
for each queue: "interactive", "robot" and "bulk"), all on 127.0.0.1, with the settings'
own bounds unless a case says otherwise. Throughout, another user (the bystander) opens
their home page and their game page, one request every 0.1 s. Then, one case after another:

0. flood: one user keeps ``--pdf`` requests for ``queue.pdf`` (500 boards, with the
   double-dummy tables) and ``--analysis`` requests for unsolved boards' analysis in
   flight for ``--seconds``, each as fast as answers come (locust);
1. two users each keep 2 PDFs of 500 unsolved deals queued (``analysis=yes``), and a third
   user's analysis of an unsolved board (its htmx request, asked again until the table is
   there) is timed: each within 10 s;
2. six PDF requests of one user at once make at most ``JOBS_PER_USER`` jobs;
3. the bulk worker is killed (SIGKILL) while it solves a PDF's deals and a new one started:
   the job is done, or said to have failed, within 2 minutes. With smaller bounds, said in
   the output: a lease of 15 s, a look for abandoned jobs every 2 s, 60 deals;
4. an upload of 20 dealer scripts that never match holds the request (and so its slot and
   web worker) no longer than ``DEALER_SECONDS`` and a second; another user's lesson-script
   upload made meanwhile goes through, and so does the first user's next one;
5. the New game form's trial run of a script is refused while the same user's upload runs
   a script, and accepted after it;
6. eight password-reset requests for one address send at most 3 mails (counted in the
   console mail backend's output: gunicorn's stdout, kept apart from its log);
7. a junk DUP file (a real file's first 200 bytes, then 4.9 MB of "A") is answered in
   under a second.

Each case prints its measured outcome beside its target, the bystander's p99 while it ran
and the share of the machine's CPU time that other work took meanwhile (a shared machine
slows the bystander as much as an attacker could); a table sums them up with the bystander
over the whole run (target: p99 < 300 ms, no 5xx or dropped connection) and the machine's
speed. Exits non-zero when any of it fails.
"""

from __future__ import annotations

import argparse
import contextlib
import html
import os
import random
import re
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "scripts"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from cpu_split import postmaster_pid  # noqa: E402
from loadtest import free_port, machine_speed, start_postgres, stop_postgres, wait_until_serving  # noqa: E402

TARGET_P99_MS = 300
BYSTANDER_PAUSE = 0.1
QUEUED = 2_000  # the flood's queue, and each case-1 attacker's
DEALT = 400
PDF_BOARDS = 500
ANALYSED = 8  # case 1: unsolved boards the third user asks to analyse, one after another,
ANALYSIS_PAUSE = 2.0  # this long apart: the bulk worker solves the PDFs' deals throughout
ANALYSIS_SECONDS = 10
BURST = 6
CRASH_DEALS = 60
CRASH_LEASE_SECONDS = 15
CRASH_RECOVER_SECONDS = 2
RECOVERY_SECONDS = 120
SCRIPTS = 20
NEVER = b"condition hcp(north) > 37\n"  # no hand holds more than 37 points: a million hands tried
# Never matches, and the program takes seconds to read it: a run that lasts until it is stopped.
ENDLESS = ("condition " + " + ".join(["hcp(north)"] * 3000) + " > 1000000\n").encode()
NT_SCRIPT = "dealer south\ncondition hcp(south) >= 15 && hcp(south) <= 17 && shape(south, any 4333 + any 4432)\n"
RESET_REQUESTS = 8
RESET_MAILS = 3
RESET_ADDRESS = "stall-reset@example.com"
JUNK_SAMPLE = ROOT / "tests" / "formats" / "club_files" / "bigdeal_32.dup"
JUNK_SECONDS = 1.0
USER_BUSY = "Another of your dealer scripts is still running"
CASES = {
    0: "flood of PDFs and analyses",
    1: "analysis beside 4 PDFs",
    2: f"{BURST} PDF requests at once",
    3: "bulk worker killed mid-PDF",
    4: f"{SCRIPTS} slow dealer scripts",
    5: "trial run while a run goes",
    6: f"{RESET_REQUESTS} reset requests",
    7: "junk DUP file, 4.9 MB",
}
# Each user's queued and dealt decks: unsolved random deals (the database is new every run).
PEOPLE = {
    "attacker": (QUEUED, DEALT),
    "bystander": (20, 1),
    "pdf-a": (QUEUED, 0),
    "pdf-b": (QUEUED, 0),
    "analyst": (ANALYSED, ANALYSED),
    "burst": (BURST * 100, 0),
    "crash": (CRASH_DEALS, 0),
    "scripts": (0, 0),
    "lesson": (0, 0),
    "trial": (0, 0),
    "junk": (0, 0),
}


def seed_database() -> dict[str, dict]:
    """Each user of the cases with a game (decks queued and dealt as ``PEOPLE`` says) and a
    logged-in session cookie; the reset case's account, with no session."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model

    from games.bridge.cards import random_deal
    from games.formats.model import Deck
    from games.models import Game

    rng = random.Random(20261127)
    users = {}
    for name, (count, dealt) in PEOPLE.items():
        user = get_user_model().objects.create_user(f"stall-{name}", password=secrets.token_urlsafe(12))
        game = Game.objects.create(host=user, name=f"{name}'s game", allow_upload=True)
        if count:
            decks = [Deck(deal=random_deal(rng), index=i, line=1, board=str(i + 1)) for i in range(count)]
            game.add_decks(decks, source_name="random.pbn", source_format="pbn")
        for _ in range(dealt):
            game.deal_next()
        store = import_module(settings.SESSION_ENGINE).SessionStore()
        store[SESSION_KEY], store[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        users[name] = {"pk": user.pk, "game": game.pk, "cookie": f"{settings.SESSION_COOKIE_NAME}={store.session_key}"}
    get_user_model().objects.create_user("stall-reset", RESET_ADDRESS, secrets.token_urlsafe(12))
    return users


# --- the servers ------------------------------------------------------------------------------


class Site:
    """gunicorn and the task workers, started and stopped by name."""

    def __init__(self, env: dict[str, str], work: Path) -> None:
        self.env, self.work = env, work
        self.log = open(work / "servers.log", "wb")  # noqa: SIM115 - open for the servers' lifetime
        self.mail = work / "mail.log"  # gunicorn's stdout: the console mail backend writes there
        self.processes: dict[str, subprocess.Popen] = {}

    def start_gunicorn(self) -> None:
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        out = open(self.mail, "wb")  # noqa: SIM115 - the child holds it
        self.processes["gunicorn"] = subprocess.Popen(
            [gunicorn, "-c", "scripts/gunicorn.conf.py"], cwd=ROOT, env=self.env, stdout=out, stderr=self.log
        )
        out.close()

    def start_worker(self, queue: str, **bounds: str) -> subprocess.Popen:
        """``run_worker`` for ``queue`` at the niceness of scripts/serve.sh (the bulk
        queue's below the others'), with these settings in its environment."""
        level = "15" if queue == "bulk" else "5"
        command = ["nice", "-n", level, sys.executable, "manage.py", "run_worker", "--queue-name", queue]
        process = subprocess.Popen(command, cwd=ROOT, env={**self.env, **bounds}, stdout=self.log, stderr=self.log)
        self.processes[queue] = process
        return process

    def stop(self, name: str, timeout: float = 90) -> None:
        """SIGTERM (a worker finishes its task first), SIGKILL after ``timeout``."""
        process = self.processes.pop(name)
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def stop_all(self) -> None:
        for name in list(self.processes):
            self.processes[name].terminate()
        for name in list(self.processes):
            self.stop(name, timeout=15)
        self.log.close()

    def mails_to(self, address: str) -> int:
        return self.mail.read_text(errors="replace").count(f"\nTo: {address}\n") if self.mail.exists() else 0


# --- the browsers -----------------------------------------------------------------------------


class Browser:
    """One person's browser behind the production TLS proxy: ``X-Forwarded-Proto: https``,
    its own ``X-Forwarded-For`` address, its cookies kept by hand (they are Secure, the
    connection is not), forms posted with their CSRF token and the site's Origin."""

    ORIGIN = "https://127.0.0.1"

    def __init__(self, port: int, cookie: str = "", address: str = "10.9.0.1") -> None:
        self.base, self.address = f"http://127.0.0.1:{port}", address
        self.cookies = dict([cookie.split("=", 1)]) if cookie else {}

    def send(self, method: str, path: str, *, htmx: bool = False, data=None, files=None, timeout: float = 120):
        import requests

        headers = {"X-Forwarded-Proto": "https", "X-Forwarded-For": self.address, "Host": "127.0.0.1"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        if htmx:
            headers["HX-Request"] = "true"
        if method == "POST":
            headers.update(Origin=self.ORIGIN, Referer=self.ORIGIN + path)
        answer = requests.request(
            method,
            self.base + path,
            headers=headers,
            data=data,
            files=files,
            allow_redirects=False,
            timeout=timeout,
        )
        for raw in answer.raw.headers.getlist("Set-Cookie"):
            name, _, rest = raw.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return answer

    def get(self, path: str, **options):
        return self.send("GET", path, **options)

    def submit(self, page: str, action: str, files=None, **fields: str):
        """The form posting to ``action`` on ``page``, as the browser would send it (its
        CSRF token among its fields), with ``fields`` changed: (answer, seconds the POST took)."""
        from locustfile import form_fields

        sent = dict(form_fields(self.get(page).text, action))
        sent.update(fields)
        began = time.monotonic()
        answer = self.send("POST", action, data=list(sent.items()), files=files)
        return answer, time.monotonic() - began

    def upload(self, game: int, files: list[tuple[str, bytes]] = (), **fields: str):
        path = f"/games/{game}/upload/"
        parts = [("files", (name, data, "application/octet-stream")) for name, data in files] or None
        return self.submit(path, path, files=parts, **fields)


class Bystander:
    """The other user: their home page and game page in turn, every ``BYSTANDER_PAUSE`` s,
    each answer's (start, seconds, status) kept for the cases' windows."""

    def __init__(self, browser: Browser, game: int) -> None:
        self.browser, self.game = browser, game
        self.samples: list[tuple[float, float, int | str]] = []
        self.running = True

    def run(self) -> None:
        import gevent

        paths = ("/", f"/games/{self.game}/")
        turn = 0
        while self.running:
            began = time.monotonic()
            try:
                status: int | str = self.browser.get(paths[turn % 2], timeout=30).status_code
            except Exception:  # noqa: BLE001 - a dropped or timed-out request is counted, not raised
                status = "dropped"
            self.samples.append((began, time.monotonic() - began, status))
            turn += 1
            gevent.sleep(BYSTANDER_PAUSE)

    def during(self, start: float, end: float) -> tuple[float, int, int]:
        """(p99 in ms, requests, 5xx or dropped) of the requests started in [start, end]."""
        inside = [(took, status) for began, took, status in self.samples if start <= began <= end]
        bad = sum(1 for _, status in inside if status == "dropped" or status >= 500)
        return p([took for took, _ in inside], 0.99) * 1000, len(inside), bad


class CpuWatch:
    """How much of the machine's CPU time went to work other than this run's: its process
    tree (this client, gunicorn, the task workers, the dealer runs) and its PostgreSQL
    cluster, from /proc. Other work on a shared machine slows the servers and the client
    alike, so each case says how much there was."""

    def __init__(self, postmaster: int | None) -> None:
        self.roots = [os.getpid()] + ([postmaster] if postmaster else [])

    def sample(self) -> tuple[int, int, int]:
        """(machine busy ticks, machine ticks, this run's ticks) so far."""
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:9]]  # user nice system idle iowait irq softirq steal
        return sum(ticks) - ticks[3] - ticks[4], sum(ticks), self._tree(self.roots)

    @staticmethod
    def _tree(roots: list[int]) -> int:
        """The processes' ticks and their descendants' (a reaped child's in its parent's)."""
        total, seen, stack = 0, set(), [str(pid) for pid in roots]
        while stack:
            pid = stack.pop()
            if pid in seen:
                continue
            seen.add(pid)
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                tasks = list(Path(f"/proc/{pid}/task").iterdir())
            except OSError:
                continue
            total += sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
            for task in tasks:
                with contextlib.suppress(OSError):  # a thread that ended meanwhile
                    stack.extend((task / "children").read_text().split())
        return total

    @staticmethod
    def others(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
        """The share of the machine's CPU time between two samples that other work took."""
        span = b[1] - a[1]
        return max(0.0, (b[0] - a[0]) - (b[2] - a[2])) / span if span > 0 else 0.0


# --- the cases --------------------------------------------------------------------------------


@dataclass
class Outcome:
    result: str
    target: str
    passed: bool
    notes: list[str] = field(default_factory=list)


@dataclass
class Run:
    """What the cases share: the servers, the people, the options."""

    site: Site
    port: int
    users: dict[str, dict]
    args: argparse.Namespace
    bystander: Bystander

    def browser(self, who: str, address: str = "10.9.0.1") -> Browser:
        return Browser(self.port, self.users[who]["cookie"], address)

    def game(self, who: str) -> int:
        return self.users[who]["game"]


def end_jobs(*user_pks: int) -> None:
    """Mark the users' live jobs failed, so that what a case left queued takes no worker
    from the next case; looked at again until none is live (a worker in the middle of a
    chunk marks its job running once more when it starts it)."""
    import gevent
    from django.utils import timezone

    from games.models import Job

    for _ in range(30):
        live = Job.objects.live().filter(user__in=user_pks)
        live.update(status=Job.Status.FAILED, lease_until=None, finished_at=timezone.now(), message="load test over")
        gevent.sleep(1)
        if not Job.objects.live().filter(user__in=user_pks).exists():
            return


def pdf_path(game: int, first: int, count: int) -> str:
    return f"/games/{game}/export/queue.pdf?boards={first}-{first + count - 1}&analysis=yes"


def case_flood(run: Run) -> Outcome:
    began = time.monotonic()
    latency, statuses = drive(run.port, run.users, run.args.seconds, run.args.pdf, run.args.analysis)
    p99, _, _ = run.bystander.during(began, time.monotonic())
    notes = [f"{'request':<12} {'count':>6} {'median':>9} {'p99':>9} {'max':>9}  statuses"]
    for name in sorted(statuses):
        times = latency[name]
        median = statistics.median(times) * 1000 if times else 0
        shown = ", ".join(f"{status}: {n}" for status, n in sorted(statuses[name].items(), key=str))
        notes.append(
            f"{name:<12} {sum(statuses[name].values()):>6} {median:>6.1f} ms {p(times, 0.99) * 1000:>6.1f} ms "
            f"{max(times, default=0) * 1000:>6.1f} ms  {shown}"
        )
    errors = sum(
        n
        for counts in statuses.values()
        for status, n in counts.items()
        if status == "dropped" or (isinstance(status, int) and status >= 500)
    )
    end_jobs(run.users["attacker"]["pk"])
    requests = sum(sum(counts.values()) for counts in statuses.values())
    return Outcome(
        f"{requests:,} attack requests in {run.args.seconds:.0f} s, {errors} 5xx/dropped",
        f"0 5xx, bystander p99 < {TARGET_P99_MS} ms",
        p99 < TARGET_P99_MS and errors == 0,
        notes,
    )


def case_analysis_beside_pdfs(run: Run) -> Outcome:
    import gevent
    from gevent.event import Event

    from games.models import Job

    attackers = ("pdf-a", "pdf-b")
    stop, answers = Event(), Counter()

    def keep_two_queued(who: str) -> None:
        browser, game = run.browser(who), run.game(who)
        firsts = iter(range(1, QUEUED + 1, PDF_BOARDS))
        first = next(firsts)
        while not stop.is_set():
            status = browser.get(pdf_path(game, first, PDF_BOARDS)).status_code
            answers[status] += 1
            if status == 302:  # a job made: the next range's PDF asked for at once
                first = next(firsts, None)
                if first is None:
                    return
            else:  # the busy page, which asks again by itself every second
                stop.wait(1)

    pks = [run.users[who]["pk"] for who in attackers]
    pushing = [gevent.spawn(keep_two_queued, who) for who in attackers]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        pdfs = Job.objects.live().filter(user__in=pks, kind=Job.Kind.PDF)
        if pdfs.count() >= 2 * len(attackers) and pdfs.filter(done__gt=0).exists():
            break
        gevent.sleep(0.5)
    queued = Job.objects.live().filter(user__in=pks, kind=Job.Kind.PDF).count()
    browser, game = run.browser("analyst"), run.game("analyst")
    times = []
    for board in range(1, ANALYSED + 1):
        path, began = f"/games/{game}/boards/{board}/analysis/", time.monotonic()
        while "dd-table" not in browser.get(path, htmx=True).text and time.monotonic() - began < 60:
            gevent.sleep(0.2)
        times.append(time.monotonic() - began)
        gevent.sleep(ANALYSIS_PAUSE)
    solved = sum(Job.objects.filter(user__in=pks, kind=Job.Kind.PDF).values_list("done", flat=True))
    stop.set()
    gevent.joinall(pushing)
    end_jobs(*pks)
    said = ", ".join(f"{t:.1f}" for t in times)
    return Outcome(
        f"slowest {max(times):.1f} s of {ANALYSED}, {queued} PDFs queued",
        f"each ≤ {ANALYSIS_SECONDS} s, 4 PDFs queued",
        max(times) <= ANALYSIS_SECONDS and queued == 2 * len(attackers),
        [
            f"the third user's analyses, each of an unsolved board, shown after {said} s",
            f"two users kept {queued} PDFs of {PDF_BOARDS} unsolved deals queued (analysis=yes; answers "
            + ", ".join(f"{status}: {n}" for status, n in sorted(answers.items()))
            + f"), {solved} of their deals solved meanwhile",
        ],
    )


def case_burst(run: Run) -> Outcome:
    import gevent
    from django.conf import settings

    from games.models import Job

    browser, game, pk = run.browser("burst"), run.game("burst"), run.users["burst"]["pk"]
    asked = [gevent.spawn(browser.get, pdf_path(game, 1 + 100 * n, 100)) for n in range(BURST)]
    gevent.joinall(asked)
    answers = Counter(g.value.status_code if g.successful() else "dropped" for g in asked)
    made = Job.objects.filter(user=pk).count()
    end_jobs(pk)
    shown = ", ".join(f"{status}: {n}" for status, n in sorted(answers.items(), key=str))
    return Outcome(
        f"{made} jobs made (answers {shown})",
        f"≤ JOBS_PER_USER ({settings.JOBS_PER_USER})",
        made <= settings.JOBS_PER_USER and "dropped" not in answers,
    )


def case_worker_killed(run: Run) -> Outcome:
    import gevent

    from games.models import Job

    bounds = {"JOB_LEASE_SECONDS": str(CRASH_LEASE_SECONDS), "JOB_RECOVER_SECONDS": str(CRASH_RECOVER_SECONDS)}
    said = (
        f"smaller bounds: JOB_LEASE_SECONDS={CRASH_LEASE_SECONDS}, JOB_RECOVER_SECONDS={CRASH_RECOVER_SECONDS} "
        f"for these two bulk workers, a PDF of {CRASH_DEALS} unsolved deals"
    )
    run.site.stop("bulk")  # the settings' worker finishes its chunk; this case's two replace it
    first = run.site.start_worker("bulk", **bounds)
    browser = run.browser("crash")
    answer = browser.get(pdf_path(run.game("crash"), 1, CRASH_DEALS))
    found = re.search(r"/jobs/(\d+)/", answer.headers.get("Location", ""))
    if found is None:
        run.site.stop("bulk")
        run.site.start_worker("bulk")
        return Outcome(f"no job made: {answer.status_code}", "a job", False, [said])
    job = Job.objects.defer("result", "params").get(pk=int(found.group(1)))
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        job.refresh_from_db(fields=["done", "status"])
        if job.done >= 5 or job.finished:
            break
        gevent.sleep(0.1)
    first.send_signal(signal.SIGKILL)
    first.wait()
    job.refresh_from_db(fields=["done", "total", "status", "lease_until"])
    killed_at = f"killed at {job.done} of {job.total} deals ({job.status})"
    run.site.start_worker("bulk", **bounds)
    started = time.monotonic()
    while time.monotonic() - started < RECOVERY_SECONDS + 60:
        job.refresh_from_db(fields=["status", "done", "attempts", "message"])
        if job.finished:
            break
        gevent.sleep(0.5)
    took = time.monotonic() - started
    page = browser.get(f"/jobs/{job.pk}/").text
    shown = "the download" if f"/jobs/{job.pk}/download/" in page else "no download"
    run.site.stop("bulk")
    run.site.start_worker("bulk")  # the settings' bounds again for the cases after this one
    result = (
        f"{job.status} {took:.0f} s after the new worker started"
        if job.finished
        else f"still {job.status} at {took:.0f} s"
    )
    return Outcome(
        f"{result}, taken up {job.attempts} time(s)",
        f"done or failed ≤ {RECOVERY_SECONDS} s",
        job.finished and took <= RECOVERY_SECONDS,
        [said, f"{killed_at}; its page shows {shown}"],
    )


def case_slow_scripts(run: Run) -> Outcome:
    import gevent
    from django.conf import settings

    scripts, lesson = run.browser("scripts", "10.9.0.4"), run.browser("lesson", "10.9.0.5")
    files = [(f"never{n}.dlr", NEVER) for n in range(SCRIPTS)]
    slow = gevent.spawn(scripts.upload, run.game("scripts"), files)
    gevent.sleep(1.0)
    other, other_took = lesson.upload(run.game("lesson"), library="weak_two", count="16")
    answer, took = slow.get()
    after, after_took = scripts.upload(run.game("scripts"), library="weak_two", count="16")
    said = html.unescape(answer.text)
    unrun = len(re.findall(r"never\d+\.dlr was not run", said))
    ran = SCRIPTS - unrun
    budget = settings.DEALER_SECONDS
    return Outcome(
        f"{took:.1f} s; other user's upload {other.status_code}; its next {after.status_code}",
        f"≤ {budget + 1:.0f} s; 302; 302",
        took <= budget + 1 and other.status_code == 302 and after.status_code == 302,
        [
            f"{SCRIPTS} scripts ({NEVER.decode().strip()}): {ran} ran, {unrun} not run (the budget spent), "
            f"answered {answer.status_code} in {took:.2f} s (DEALER_SECONDS {budget:g})",
            f"another user's lesson-script upload, sent 1 s into it: {other.status_code} in {other_took:.2f} s; "
            f"the same user's next upload: {after.status_code} in {after_took:.2f} s",
        ],
    )


def case_trial_run(run: Run) -> Outcome:
    import gevent

    browser, began = run.browser("trial", "10.9.0.6"), time.monotonic()
    running = gevent.spawn(browser.upload, run.game("trial"), [("endless.dlr", ENDLESS)])
    gevent.sleep(1.0)
    fields = {"name": "Stall trial", "when_empty": "script", "when_empty_script": NT_SCRIPT}
    refused, _ = browser.submit("/games/new/", "/games/new/", **fields)
    refused_at = time.monotonic() - began
    _, upload_took = running.get()
    upload_end = time.monotonic() - began
    accepted, _ = browser.submit("/games/new/", "/games/new/", **fields)
    told = USER_BUSY in html.unescape(refused.text)
    first = f"{refused.status_code}, told to wait" if told else f"{refused.status_code}, not told to wait"
    return Outcome(
        f"during: {first}; after: {accepted.status_code}",
        "during: refused; after: 302",
        told and refused.status_code == 200 and refused_at < upload_end and accepted.status_code == 302,
        [f"the trial answered {refused_at:.1f} s into the user's upload, which ran {upload_took:.1f} s"],
    )


def case_reset_mail(run: Run) -> Outcome:
    browser = Browser(run.port, address="198.51.100.7")
    before = run.site.mails_to(RESET_ADDRESS)
    answers = Counter()
    for _ in range(RESET_REQUESTS):
        answer, _ = browser.submit("/password_reset/", "/password_reset/", email=RESET_ADDRESS)
        answers[(answer.status_code, answer.headers.get("Location", ""))] += 1
    time.sleep(0.5)
    mails = run.site.mails_to(RESET_ADDRESS) - before
    shown = ", ".join(f"{status} {where}: {n}" for (status, where), n in answers.items())
    return Outcome(
        f"{mails} mails from {RESET_REQUESTS} requests",
        f"1-{RESET_MAILS} mails",
        0 < mails <= RESET_MAILS and set(answers) == {(302, "/password_reset/done/")},
        [f"answers: {shown}"],
    )


def case_junk_file(run: Run) -> Outcome:
    browser = run.browser("junk", "10.9.0.7")
    data = JUNK_SAMPLE.read_bytes()[:200] + b"A" * 4_900_000
    answer, took = browser.upload(run.game("junk"), [("junk.dup", data)])
    where = answer.headers.get("Location", "")
    preview = html.unescape(browser.get(where).text) if answer.status_code == 302 else ""
    stopped = "the file is read no further" in preview
    return Outcome(
        f"{took * 1000:.0f} ms ({answer.status_code})",
        f"< {JUNK_SECONDS * 1000:.0f} ms",
        took < JUNK_SECONDS and answer.status_code in (200, 302),
        [f"{len(data):,} bytes; the preview {'says' if stopped else 'does not say'} it read no further"],
    )


CASE_RUNS: dict[int, Callable[[Run], Outcome]] = {
    0: case_flood,
    1: case_analysis_beside_pdfs,
    2: case_burst,
    3: case_worker_killed,
    4: case_slow_scripts,
    5: case_trial_run,
    6: case_reset_mail,
    7: case_junk_file,
}


def drive(port: int, users: dict, seconds: float, pdfs: int, analyses: int) -> tuple[dict, dict]:
    """Run the flood's locust users for ``seconds``: (latencies in s, statuses) per kind of request."""
    import gevent
    from locust import FastHttpUser, constant, task
    from locust.env import Environment

    latency: dict[str, list[float]] = defaultdict(list)
    statuses: dict[str, Counter] = defaultdict(Counter)
    headers = {"X-Forwarded-Proto": "https", "Host": "127.0.0.1", "Cookie": users["attacker"]["cookie"]}
    game = users["attacker"]["game"]

    class Attacker(FastHttpUser):
        abstract = True
        wait_time = constant(0)

        def get(self, path: str, name: str, **extra) -> None:
            with self.client.get(path, name=name, headers={**headers, **extra}, catch_response=True) as response:
                response.success()  # statuses are counted below, not judged by locust

    class PdfAttacker(Attacker):
        fixed_count = pdfs

        @task
        def pdf(self) -> None:
            self.get(pdf_path(game, random.randrange(1, QUEUED - PDF_BOARDS), PDF_BOARDS), "queue.pdf")

    class AnalysisAttacker(Attacker):
        fixed_count = analyses

        @task
        def analysis(self) -> None:
            board = random.randrange(1, DEALT + 1)
            self.get(f"/games/{game}/boards/{board}/analysis/", "analysis", **{"HX-Request": "true"})

    def on_request(name: str, response_time: float, response=None, exception=None, **_) -> None:
        if exception is not None and response is None:
            statuses[name]["dropped"] += 1
            return
        latency[name].append(response_time / 1000)
        statuses[name][response.status_code] += 1

    env = Environment(user_classes=[PdfAttacker, AnalysisAttacker], host=f"http://127.0.0.1:{port}")
    env.events.request.add_listener(on_request)
    runner = env.create_local_runner()
    runner.start(pdfs + analyses, spawn_rate=pdfs + analyses)
    gevent.spawn_later(seconds, runner.quit)
    runner.greenlet.join()
    return latency, statuses


def p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def check_queues(env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", "check_queues"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    lines = (done.stdout + done.stderr).strip().splitlines()
    return lines[-1] if lines else f"exit {done.returncode}"


def chosen_cases(text: str) -> list[int]:
    try:
        cases = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(f"cases are numbers from {min(CASES)} to {max(CASES)}") from None
    if not cases or any(case not in CASES for case in cases):
        raise argparse.ArgumentTypeError(f"cases are numbers from {min(CASES)} to {max(CASES)}")
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], epilog="cases: " + "; ".join(f"{n} {t}" for n, t in CASES.items())
    )
    parser.add_argument("--cases", type=chosen_cases, default=sorted(CASES), help="e.g. 1,3 (default: all)")
    parser.add_argument("--seconds", type=float, default=60, help="the flood's length (case 0)")
    parser.add_argument("--pdf", type=int, default=4, help="PDF requests the flood keeps in flight")
    parser.add_argument("--analysis", type=int, default=8, help="analysis requests the flood keeps in flight")
    args = parser.parse_args(argv)
    os.environ.setdefault("GEVENT_RESOLVER", "block")
    import locust  # noqa: F401 - gevent patches the standard library before anything uses it

    work = Path(tempfile.mkdtemp(prefix="deckupload-stall."))
    pg_dir = Path(tempfile.mkdtemp(prefix="deckupload-stallpg."))
    url = start_postgres(pg_dir)
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "deckupload.settings_production",
        "SECRET_KEY": secrets.token_urlsafe(48),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": url,
        "CACHE_DIR": str(work / "cache"),
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "DEALER_LOCK_DIR": str(work / "dealer-slots"),  # this run's slots, apart from any other on the machine
        "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
    }
    env.pop("DEBUG", None)
    site = Site(env, work)
    outcomes: list[tuple[int, Outcome, tuple[float, int, int]]] = []
    try:
        subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
        os.environ.update({k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "SECRET_KEY", "CACHE_DIR")})
        import django

        django.setup()
        from django.db import connections

        users = seed_database()
        connections.close_all()
        site.start_gunicorn()
        for queue in ("interactive", "robot", "bulk"):
            site.start_worker(queue)
        wait_until_serving(port)
        speed_before = machine_speed()
        print(
            f"Cases {', '.join(map(str, args.cases))}; another user browses throughout "
            f"(gunicorn 4 sync workers, 3 task workers, PostgreSQL, {os.cpu_count()} CPUs)",
            flush=True,
        )
        import gevent

        bystander = Bystander(Browser(port, users["bystander"]["cookie"], "10.9.0.2"), users["bystander"]["game"])
        browsing = gevent.spawn(bystander.run)
        run = Run(site, port, users, args, bystander)
        cpu = CpuWatch(postmaster_pid(pg_dir))
        began, first = time.monotonic(), cpu.sample()
        for case in args.cases:
            start, before = time.monotonic(), cpu.sample()
            outcome = CASE_RUNS[case](run)
            window = (*bystander.during(start, time.monotonic()), CpuWatch.others(before, cpu.sample()))
            outcomes.append((case, outcome, window))
            verdict = "pass" if outcome.passed else "FAIL"
            print(f"\n{case} {CASES[case]}: {outcome.result} (target {outcome.target}): {verdict}", flush=True)
            for note in outcome.notes:
                print(f"    {note}", flush=True)
            print(
                f"    bystander: p99 {window[0]:.1f} ms over {window[1]} requests, {window[2]} 5xx/dropped; "
                f"other work on the machine: {window[3]:.0%} of its CPU time",
                flush=True,
            )
        elapsed, others = time.monotonic() - began, CpuWatch.others(first, cpu.sample())
        bystander.running = False
        browsing.join()
        queues = check_queues(env)
        speed_after = machine_speed()
    finally:
        site.stop_all()
        stop_postgres(pg_dir)

    overall = bystander.during(0, float("inf"))
    bystander_ok = overall[1] > 0 and overall[0] < TARGET_P99_MS and overall[2] == 0
    row = "{:<30} {:<58} {:<34} {:<4} {:>13} {:>10}"
    print("\n" + row.format("case", "result", "target", "", "bystander p99", "other work"))
    for case, outcome, (p99, _, _, share) in outcomes:
        verdict = "pass" if outcome.passed else "FAIL"
        name = f"{case} {CASES[case]}"
        print(row.format(name, outcome.result, outcome.target, verdict, f"{p99:.1f} ms", f"{share:.0%}"))
    whole = f"p99 {overall[0]:.1f} ms, {overall[2]} 5xx/dropped of {overall[1]}"
    target = f"p99 < {TARGET_P99_MS} ms, 0 5xx/dropped"
    print(row.format("bystander, whole run", whole, target, "pass" if bystander_ok else "FAIL", "", f"{others:.0%}"))
    speeds = f"{speed_before:.1f} ms before, {speed_after:.1f} ms after"
    print(f"Run: {elapsed:.0f} s. Machine speed (bench.machine_speed): {speeds}. check_queues: {queues}")
    return 0 if bystander_ok and all(outcome.passed for _, outcome, _ in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
