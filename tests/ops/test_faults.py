"""Faults: nothing is ever half-done.

* A worker process killed (SIGKILL) in the middle of "Add Decks to Game": the queue holds all
  of the upload or none of it, the upload is marked added only with its decks, and adding
  again works. On SQLite here, and again on PostgreSQL by scripts/test.sh (``-m queue``).
* The database goes away under a running gunicorn (production settings) and comes back: a
  clear error page meanwhile, then service again without restarting the app.
* The disk fills up (a SQLite file on a tiny tmpfs, or a page-count limit where mounting is
  not allowed): a clear message, nothing staged or added, and it works once there is room.
* A request cut off mid-upload: nothing staged, and the server goes on serving.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client

from games.forms.upload import DISK_FULL
from games.models.upload import Upload, UploadFile
from tests.builders.decks import plain_pbn
from tests.conftest import skip_or_fail

ROOT = Path(__file__).resolve().parents[2]
DECKS = 10_000  # a large upload: as big as tests/web/test_upload_big_file.py's, and quick enough on PostgreSQL
SECRET = "fault-tests-only-not-a-real-secret-key-0123456789"

# Every child process starts with this: Django set up on the database this test uses.
BOOT = r"""
import json, os, sys, time
from pathlib import Path
import django
from django.conf import settings
settings.DATABASES["default"].update(json.loads(os.environ.get("FAULT_DB") or "{}"))
django.setup()
"""


def this_database() -> dict:
    """The test database's connection settings, for a child process to use."""
    keys = ("ENGINE", "NAME", "USER", "PASSWORD", "HOST", "PORT", "OPTIONS")
    return {key: connection.settings_dict[key] for key in keys if key in connection.settings_dict}


def child_env(**extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "deckupload.settings",
        "DEBUG": "0",
        "SECRET_KEY": SECRET,
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
        "PYTHONPATH": str(ROOT),
        **extra,
    }


def run_child(script: str, tmp_path: Path, **env: str) -> subprocess.Popen:
    with (tmp_path / "child.log").open("wb") as log:  # the child keeps its own copy of the file
        return subprocess.Popen(
            [sys.executable, "-c", BOOT + script],
            cwd=ROOT,
            env=child_env(**env),
            stdout=subprocess.PIPE,
            stderr=log,
        )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- a worker killed in the middle of "Add Decks to Game" ------------------------------------

KILL = r"""
from django.db import connection
from games.models.upload import Upload

marker, where = Path(os.environ["FAULT_MARKER"]), os.environ["FAULT_WHERE"]
backend = ""
if connection.vendor == "postgresql":
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = str(cursor.fetchone()[0])

def say(text):
    tmp = marker.with_suffix(".tmp")
    tmp.write_text(text)
    os.replace(tmp, marker)

deck_inserts = []

def hook(execute, sql, params, many, context):
    if not connection.in_atomic_block:
        return execute(sql, params, many, context)
    if where == "anywhere":
        say(backend)  # the transaction has begun: killed wherever the add has got to
    elif where == "mid-insert" and sql.startswith('INSERT INTO "games_deck"'):
        deck_inserts.append(sql)
        if len(deck_inserts) == 2:
            # The first batch of decks is in the database inside the transaction: wait to be killed.
            say(backend)
            time.sleep(120)
    elif where == "before-commit" and sql.startswith("UPDATE") and "games_upload" in sql:
        result = execute(sql, params, many, context)  # every deck in, the upload marked added
        say(backend)
        time.sleep(120)
        return result
    return execute(sql, params, many, context)

with connection.execute_wrapper(hook):
    added = Upload.objects.get(pk=int(os.environ["FAULT_UPLOAD"])).add_to_game()
say("finished " + str(added))
"""


def wait_for_marker(marker: Path, child: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not marker.exists():
        if child.poll() is not None:
            pytest.fail(f"the worker ended before the add began:\n{log.read_text()[-3000:]}")
        if time.monotonic() > deadline:
            child.kill()
            pytest.fail("the worker never began the add")
        time.sleep(0.002)


def wait_until_backend_gone(backend: str) -> None:
    """PostgreSQL ends a killed client's transaction when it sees the socket close."""
    if not backend.isdigit():
        return
    deadline = time.monotonic() + 20
    with connection.cursor() as cursor:
        while True:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [int(backend)])
            if cursor.fetchone()[0] == 0:
                return
            assert time.monotonic() < deadline, "the killed worker's backend never went away"
            time.sleep(0.02)


def assert_in_a_transaction(backend: str) -> None:
    """The stalled worker holds an open transaction (so the kill lands inside it)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT xact_start IS NOT NULL FROM pg_stat_activity WHERE pid = %s", [int(backend)])
            assert cursor.fetchone() == (True,)
    else:  # it holds SQLite's write lock
        other = sqlite3.connect(connection.settings_dict["NAME"], timeout=0, isolation_level=None)
        try:
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        finally:
            other.close()


@functools.cache
def big_file() -> bytes:
    return plain_pbn(DECKS)


def kill_the_add(upload: Upload, tmp_path: Path, where: str) -> str:
    """Run the add in a worker process, SIGKILL it at ``where``; what it last said."""
    marker = tmp_path / f"marker-{where}"
    child = run_child(
        KILL,
        tmp_path,
        FAULT_DB=json.dumps(this_database()),
        FAULT_MARKER=str(marker),
        FAULT_WHERE=where,
        FAULT_UPLOAD=str(upload.pk),
    )
    wait_for_marker(marker, child, tmp_path / "child.log")
    if where != "anywhere":
        assert_in_a_transaction(marker.read_text())
    child.send_signal(signal.SIGKILL)
    assert child.wait(timeout=20) == -signal.SIGKILL
    said = marker.read_text()
    wait_until_backend_gone(said)
    return said


@pytest.mark.queue
@pytest.mark.django_db(transaction=True)
def test_a_worker_killed_while_adding_decks_leaves_all_or_nothing(game, host, tmp_path):
    assert Upload.stage(game, host, [("first.pbn", plain_pbn(3, seed=1))]).add_to_game() == 3
    upload = Upload.stage(game, host, [("big.pbn", big_file())])
    # Some decks sent inside the transaction; every deck in and the upload marked, not
    # yet committed; and wherever the add is when the kill comes, as soon as it has begun.
    for where in ("mid-insert", "before-commit", "anywhere"):
        said = kill_the_add(upload, tmp_path, where)
        queued = game.queued().count() - 3
        upload.refresh_from_db()
        assert queued in (0, DECKS), f"killed {where}: {queued} of {DECKS} decks, half-added"
        assert (upload.added_at is not None) == (queued == DECKS), f"killed {where}"
        assert upload.added_count == (DECKS if queued else 0)
        if not said.startswith("finished"):
            assert queued == 0 and upload.added_at is None, f"killed {where} before its commit"

    # The game is usable: adding again works (or says it was done), and the queue is whole.
    again = Upload.objects.get(pk=upload.pk).add_to_game()
    assert again == (None if said.startswith("finished") else DECKS)
    positions = list(game.queued().values_list("position", flat=True))
    assert positions == list(range(DECKS + 3))
    assert [game.deal_next().deck.source_name for _ in range(4)] == ["first.pbn"] * 3 + ["big.pbn"]


# --- the database goes away and comes back --------------------------------------------------------

SETUP = r"""
from django.core.management import call_command
from django.contrib.auth import get_user_model
from django.test import Client
from games.models import Game

call_command("migrate", verbosity=0)
host = get_user_model().objects.create_user("alice", "alice@example.com", "x-long-password-1")
game = Game.objects.create(host=host, name="Outage practice")
client = Client()
client.force_login(host)
print(json.dumps({"session": client.cookies["sessionid"].value, "game": game.pk}))
"""


def pg_bindir() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else None


class ThrowawayPostgres:
    """scripts/pg_throwaway.sh's cluster, which this test also stops and starts again."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        # Not under pytest's tmp_path: the postgres user must be able to reach the folder.
        self.dir = Path(tempfile.mkdtemp(prefix="deckupload-faults-pg."))
        self.port = free_port()
        self.url = ""

    def start_cluster(self) -> None:
        done = subprocess.run(
            [str(ROOT / "scripts/pg_throwaway.sh"), "start", str(self.dir), str(self.port)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode:
            skip_or_fail(f"PostgreSQL could not be started: {done.stderr.strip()}")
        self.url = done.stdout.strip()

    def pg_ctl(self, action: str) -> None:
        command = [str(self.bindir / "pg_ctl"), "-D", str(self.dir / "data"), "-w", "-l", str(self.dir / "server.log")]
        if action == "start":
            command += ["-o", f"-h 127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off"]
        else:
            command += ["-m", "fast"]
        if os.getuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run([*command, action], check=True, capture_output=True, timeout=60)

    def remove(self) -> None:
        subprocess.run([str(ROOT / "scripts/pg_throwaway.sh"), "stop", str(self.dir)], capture_output=True, timeout=60)
        shutil.rmtree(self.dir, ignore_errors=True)


def fetch(url: str, session: str) -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Cookie": f"sessionid={session}", "X-Forwarded-Proto": "https"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def wait_for_server(url: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except urllib.error.HTTPError:
            return  # it answers
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"gunicorn did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.1)


def workers(pid: int) -> str:
    """The process ids of gunicorn's workers (Linux), to see that none was replaced."""
    try:
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().strip()
    except OSError:
        return ""


@pytest.mark.slow  # a PostgreSQL cluster and a server of its own, stopped and started again
def test_when_the_database_goes_away_pages_say_so_and_service_resumes_without_a_restart(tmp_path):
    bindir = pg_bindir()
    if bindir is None:
        skip_or_fail("PostgreSQL server binaries not found (apt-get install postgresql)")
    if shutil.which("gunicorn", path=str(Path(sys.executable).parent)) is None:
        skip_or_fail("gunicorn is not installed in the virtualenv")
    pg = ThrowawayPostgres(bindir)
    server = None
    try:
        pg.start_cluster()
        env = dict(
            DATABASE_URL=pg.url,
            DJANGO_SETTINGS_MODULE="deckupload.settings_production",
            CACHE_DIR=str(tmp_path / "cache"),
            CONN_MAX_AGE="60",
        )
        setup = subprocess.run(
            [sys.executable, "-c", BOOT + SETUP],
            cwd=ROOT,
            env=child_env(**env),
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert setup.returncode == 0, setup.stderr[-3000:]
        made = json.loads(setup.stdout.strip().splitlines()[-1])
        port, log = free_port(), tmp_path / "gunicorn.log"
        # Production settings (persistent connections with health checks), one sync worker:
        # every request meets the same kept connection.
        with log.open("wb") as output:
            server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "--bind",
                    f"127.0.0.1:{port}",
                    "--workers",
                    "1",
                    "--access-logfile",
                    "-",
                    "deckupload.wsgi:application",
                ],
                cwd=ROOT,
                env=child_env(**env),
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        base = f"http://127.0.0.1:{port}"
        wait_for_server(f"{base}/help/uploading-decks/", server, log)
        page = f"{base}/games/{made['game']}/"

        status, html = fetch(page, made["session"])
        assert status == 200 and "Outage practice" in html
        worker = workers(server.pid)

        pg.pg_ctl("stop")
        for _ in range(2):
            status, html = fetch(page, made["session"])
            assert status in (500, 503), status
            assert "Sorry, the server could not answer" in html and "try again in a minute" in html
            assert "Traceback" not in html and "OperationalError" not in html and "psycopg" not in html

        pg.pg_ctl("start")
        status, html = fetch(page, made["session"])
        assert status == 200 and "Outage practice" in html, html[:2000]

        # A restart while nobody asks: the worker's kept connection is dead; the next request
        # must notice (CONN_HEALTH_CHECKS) instead of failing once.
        pg.pg_ctl("stop")
        pg.pg_ctl("start")
        for _ in range(3):
            status, html = fetch(page, made["session"])
            assert status == 200 and "Outage practice" in html, html[:2000]
        assert server.poll() is None and workers(server.pid) == worker, "the app was restarted"
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        pg.remove()


# --- the disk is full -----------------------------------------------------------------------------

FULL = r"""
import shutil
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.urls import reverse
from tests.builders.decks import plain_pbn
from games.models import Game
from games.models.upload import Upload, UploadFile

how, folder = os.environ["FAULT_FULL"], Path(os.environ["FAULT_DIR"])
host = get_user_model().objects.create_user("alice", "alice@example.com", "x-long-password-1")
game = Game.objects.create(host=host, name="Full disk")
client = Client()
client.force_login(host)
data = plain_pbn(1500)  # about 180 KB: 1,500 decks, half a megabyte once added
room = 120 * 1024

def fill():
    if how == "tmpfs":  # leave only `room` bytes free on the little file system
        stat = os.statvfs(folder)
        (folder / "filler").write_bytes(b"\0" * max(0, stat.f_bavail * stat.f_frsize - room))
    else:  # let the database grow by `room` bytes at most
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA page_count")
            pages = cursor.fetchone()[0]
            cursor.execute("PRAGMA page_size")
            size = cursor.fetchone()[0]
            cursor.execute(f"PRAGMA max_page_count = {pages + room // size}")

def make_room():
    if how == "tmpfs":
        (folder / "filler").unlink()
    else:
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA max_page_count = 1073741823")

def state(response):
    return {"status": response.status_code, "html": response.content.decode(),
            "uploads": Upload.objects.count(), "files": UploadFile.objects.count(),
            "queued": game.queued().count(), "added": Upload.objects.exclude(added_at=None).count()}

steps = {}
url = reverse("upload", args=[game.pk])
fill()
steps["upload, full"] = state(client.post(url, {"files": [SimpleUploadedFile("big.pbn", data)]}))
steps["upload, full, htmx"] = state(client.post(url, {"files": [SimpleUploadedFile("big.pbn", data)]},
                                                 HTTP_HX_REQUEST="true"))
make_room()
steps["upload, room"] = state(client.post(url, {"files": [SimpleUploadedFile("big.pbn", data)]}))
token = Upload.objects.get().token
fill()
steps["add, full"] = state(client.post(reverse("upload_add", args=[game.pk, token])))
make_room()
steps["add, room"] = state(client.post(reverse("upload_add", args=[game.pk, token])))
print(json.dumps(steps))
"""


def tiny_tmpfs(folder: Path) -> bool:
    folder.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)], capture_output=True)
    return done.returncode == 0


@pytest.mark.django_db
def test_a_full_disk_stages_and_adds_nothing_and_says_so(tmp_path, record_property):
    if connection.vendor != "sqlite":
        pytest.skip("copies the SQLite test database onto a small file system")
    folder = tmp_path / "tiny"
    how = "tmpfs" if tiny_tmpfs(folder) else "pragma"  # mounting needs root (or CAP_SYS_ADMIN)
    record_property("full_disk", how)
    try:
        database = folder / "db.sqlite3"
        # The migrated test database, compacted (this test's own rows are not committed, and
        # the free pages earlier tests left would otherwise take the inserts).
        source = sqlite3.connect(connection.settings_dict["NAME"])
        try:
            source.execute("VACUUM INTO ?", (str(database),))
        finally:
            source.close()
        child = run_child(
            FULL, tmp_path, FAULT_DB=json.dumps({"NAME": str(database)}), FAULT_FULL=how, FAULT_DIR=str(folder)
        )
        out, _ = child.communicate(timeout=120)
        assert child.returncode == 0, (tmp_path / "child.log").read_text()[-3000:]
    finally:
        if how == "tmpfs":
            subprocess.run(["umount", str(folder)], capture_output=True)
    steps = json.loads(out.decode().strip().splitlines()[-1])

    full = steps["upload, full"]
    assert full["status"] == 503
    assert DISK_FULL in full["html"].replace("&#x27;", "'") and "Nothing was uploaded." in full["html"]
    assert full["uploads"] == full["files"] == 0  # nothing staged
    assert steps["upload, full, htmx"]["status"] == 200  # htmx swaps 2xx answers only
    assert DISK_FULL in steps["upload, full, htmx"]["html"] and steps["upload, full, htmx"]["uploads"] == 0
    assert steps["upload, room"]["status"] == 302 and steps["upload, room"]["uploads"] == 1

    add = steps["add, full"]
    assert add["status"] == 503 and DISK_FULL in add["html"]
    assert "Add Decks to Game (1500)" in add["html"]  # the preview again, to try later
    assert add["queued"] == 0 and add["added"] == 0  # nothing added, the upload still open
    assert steps["add, room"]["status"] == 302 and steps["add, room"]["queued"] == 1500
    assert steps["add, room"]["added"] == 1


def test_only_a_lack_of_space_counts_as_a_full_disk():
    from django.db import DatabaseError, IntegrityError, OperationalError

    from games.models.upload import storage_full

    def wrapped(cause: Exception, as_: type[DatabaseError] = OperationalError) -> DatabaseError:
        error = as_(str(cause))
        error.__cause__ = cause
        return error

    database = sqlite3.connect(":memory:")
    database.execute("CREATE TABLE t (x)")
    database.execute("PRAGMA max_page_count = 2")
    with pytest.raises(sqlite3.OperationalError) as full:
        database.executemany("INSERT INTO t VALUES (?)", [("x" * 1000,)] * 100)
    with pytest.raises(sqlite3.OperationalError) as locked:
        database.execute("SELECT * FROM missing")
    database.close()

    class PostgresError(Exception):
        def __init__(self, sqlstate: str) -> None:
            super().__init__(sqlstate)
            self.sqlstate = sqlstate

    assert storage_full(wrapped(full.value))
    assert storage_full(wrapped(PostgresError("53100")))  # disk_full
    assert not storage_full(wrapped(locked.value))
    assert not storage_full(wrapped(PostgresError("53200")))  # out_of_memory: not the disk
    assert not storage_full(wrapped(PostgresError("23505"), IntegrityError))
    assert not storage_full(OperationalError("no cause"))


# --- a request cut off mid-upload -------------------------------------------------------------------


def raw_upload(live_server, game, session: str, csrf: str, data: bytes, *, cut: bool, half_close: bool = True) -> bytes:
    """POST an upload over a raw socket; when ``cut``, promise 2 MB but send only 300 KB and
    stop: shut the sending side (the server reads the end of the stream and may answer) or
    hang up altogether. The server's answer, if any."""
    boundary = "----hostile-cut-boundary"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut.pbn"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    length = 2 * 1024 * 1024 if cut else len(body)
    if cut:
        body = body[: 300 * 1024]
    host, port = live_server.thread.host, live_server.thread.port
    head = (
        f"POST /games/{game.pk}/upload/ HTTP/1.1\r\nHost: {host}:{port}\r\n"
        f"Cookie: sessionid={session}; csrftoken={csrf}\r\nX-CSRFToken: {csrf}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {length}\r\n"
        "Connection: close\r\n\r\n"
    ).encode()
    with socket.create_connection((host, port), timeout=30) as sock:
        sock.sendall(head + body)
        if not half_close:
            return b""
        sock.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
        return answer


@pytest.mark.django_db(transaction=True)
def test_an_upload_cut_off_midway_stages_nothing_and_the_server_goes_on(live_server, host, game):
    client = Client()
    client.force_login(host)
    session = client.cookies["sessionid"].value
    jar = urllib.request.HTTPCookieProcessor()
    opener = urllib.request.build_opener(jar)
    opener.addheaders = [("Cookie", f"sessionid={session}")]
    assert "Upload Decks" in opener.open(f"{live_server.url}/games/{game.pk}/upload/").read().decode()
    csrf = next(cookie.value for cookie in jar.cookiejar if cookie.name == "csrftoken")
    data = plain_pbn(3000)

    answer = raw_upload(live_server, game, session, csrf, data, cut=True)
    assert b" 500 " not in answer.split(b"\r\n", 1)[0] and b"Traceback" not in answer
    raw_upload(live_server, game, session, csrf, data, cut=True, half_close=False)  # hangs up
    time.sleep(0.5)  # (best effort for the hang-up; the shut-down request above was answered)
    assert not Upload.objects.exists() and not UploadFile.objects.exists()

    # The server goes on: the whole file is staged and previewed.
    answer = raw_upload(live_server, game, session, csrf, data, cut=False)
    assert answer.startswith(b"HTTP/1.1 302"), answer[:500]
    location = next(
        line.split(b": ", 1)[1].decode() for line in answer.split(b"\r\n") if line.lower().startswith(b"location: ")
    )
    assert "Add Decks to Game (3000)" in opener.open(f"{live_server.url}{location}").read().decode()
    assert Upload.objects.count() == 1
