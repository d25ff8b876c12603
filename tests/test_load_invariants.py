"""The load test's invariant checker finds broken queues and passes sound ones."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from games.formats.model import Deck as ParsedDeck
from games.models import DealtBoard, Deck, Game

pytestmark = [pytest.mark.django_db, pytest.mark.queue]

_spec = importlib.util.spec_from_file_location(
    "loadtest", Path(__file__).resolve().parent.parent / "scripts" / "loadtest.py"
)
loadtest = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("loadtest", loadtest)  # dataclasses look their module up by name
_spec.loader.exec_module(loadtest)
check_invariants = loadtest.check_invariants


def _deals(n: int, seed: int = 7) -> list[str]:
    _, deals = loadtest.random_pbn(random.Random(seed), n)
    return deals


@pytest.fixture
def dealt_game(game) -> tuple[Game, list[str]]:
    """Six decks uploaded, three dealt: the state a sound run leaves."""
    deals = _deals(6)
    game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(deals)], source_name="a.pbn")
    for _ in range(3):
        game.deal_next()
    return game, deals


def test_a_sound_queue_passes(dealt_game):
    game, deals = dealt_game
    assert check_invariants() == []
    assert check_invariants([game.pk], expected_decks={game.pk: deals}, expected_boards={game.pk: 3}) == []


def test_random_boards_after_the_queue_runs_out_pass(game):
    game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(_deals(2))])
    for _ in range(4):
        game.deal_next()
    assert game.boards.filter(deck__isnull=True).count() == 2
    assert check_invariants() == []


def test_it_reports_a_gap_in_board_numbers(dealt_game):
    game, _ = dealt_game
    DealtBoard.objects.filter(game=game, number=2).delete()
    problems = check_invariants()
    assert any("board numbers are not 1..2 (missing [2])" in p for p in problems)


def test_it_reports_a_wrong_next_board_number(dealt_game):
    game, _ = dealt_game
    Game.objects.filter(pk=game.pk).update(next_board_number=9)
    assert any("next board number is 9, expected 4" in p for p in check_invariants())


def test_it_reports_a_queued_deck_out_of_order(dealt_game):
    game, _ = dealt_game
    first_queued = game.queued().first()
    Deck.objects.filter(pk=first_queued.pk).update(position=100)
    problems = check_invariants()
    assert any("no longer in their upload order" in p for p in problems)


def test_it_reports_a_skipped_deck(dealt_game):
    game, _ = dealt_game
    Deck.objects.filter(game=game, position=1).update(status=Deck.Status.QUEUED)
    problems = check_invariants()
    assert any("yet was dealt as board 2" in p for p in problems)
    assert any("still queued ahead of deck" in p for p in problems)


def test_it_reports_a_deck_marked_dealt_without_a_board(dealt_game):
    game, _ = dealt_game
    deck = game.queued().first()
    Deck.objects.filter(pk=deck.pk).update(status=Deck.Status.DEALT)
    assert any(f"deck {deck.pk} is marked dealt but no board" in p for p in check_invariants())


def test_it_reports_a_board_showing_another_deal(dealt_game):
    game, _ = dealt_game
    DealtBoard.objects.filter(game=game, number=1).update(deal=_deals(1, seed=99)[0])
    assert any("board 1 shows a different deal" in p for p in check_invariants())


def test_it_reports_decks_dealt_out_of_queue_order(dealt_game):
    game, _ = dealt_game
    one, two = DealtBoard.objects.get(game=game, number=1), DealtBoard.objects.get(game=game, number=2)
    deck_one, deck_two = one.deck_id, two.deck_id
    DealtBoard.objects.filter(pk=one.pk).update(deck=None)
    DealtBoard.objects.filter(pk=two.pk).update(deck=deck_one, deal=one.deal)
    DealtBoard.objects.filter(pk=one.pk).update(deck=deck_two, deal=two.deal)
    assert any("dealt out of queue order" in p for p in check_invariants())


def test_it_reports_a_lost_deck(dealt_game):
    game, deals = dealt_game
    game.queued().last().delete()
    problems = check_invariants(expected_decks={game.pk: deals})
    assert any("holds 5 decks where 6 were uploaded; first difference at deck 6" in p for p in problems)


def test_it_reports_a_deal_the_client_saw_but_the_database_lacks(dealt_game):
    game, _ = dealt_game
    assert any("3 boards dealt, the client saw 4" in p for p in check_invariants(expected_boards={game.pk: 4}))


def test_it_checks_only_the_games_asked_for(dealt_game, host):
    game, _ = dealt_game
    other = Game.objects.create(host=host, name="Other")
    DealtBoard.objects.create(game=other, number=5, deal=_deals(1)[0], dealer="N", vul="None")
    assert check_invariants([game.pk]) == []
    assert check_invariants([other.pk]) != []


def test_the_generated_file_reads_back_whole():
    from games.formats import read_decks

    data, deals = loadtest.random_pbn(random.Random(3), 200)
    result = read_decks(data, "load.pbn")
    assert result.problems == []
    assert [d.deal for d in result.decks] == deals
    assert len(set(deals)) == 200


def test_the_load_client_submits_a_form_as_a_browser_would():
    page = """
      <form action="/elsewhere/"><input name="wrong" value="1"></form>
      <form method="post" action="/games/new/">
        <input type="hidden" name="csrfmiddlewaretoken" value="tok&amp;en">
        <input name="name" value='Tuesday practice'>
        <input type="checkbox" name="ticked" value="yes" checked><input type="checkbox" name="unticked">
        <input type="radio" name="missing_info" value="rotation" checked><input type="radio" name="missing_info" value="random">
        <select name="game_type"><option value="practice">Practice<option value="join" disabled>Join</select>
        <select name="scoring"><option value="imps">IMPs</option><option value="mp" selected>MPs</option></select>
        <textarea name="text">ignored</textarea><input type="file" name="files"><button type="submit" name="go">Go</button>
      </form>"""
    assert loadtest.form_fields(page, "/games/new/") == [
        ("csrfmiddlewaretoken", "tok&en"),
        ("name", "Tuesday practice"),
        ("ticked", "yes"),
        ("missing_info", "rotation"),
        ("game_type", "practice"),
        ("scoring", "mp"),
        ("text", ""),
    ]
    with pytest.raises(loadtest.Failed):
        loadtest.form_fields(page, "/nowhere/")


def test_the_steady_state_line_counts_only_deals_after_the_last_sign_in(capsys):
    stats = loadtest.Stats()
    stats.sign_ins = [10.0, 12.0]
    # (when it ended, how long it took, status): the first started before the last sign-in
    stats.deal_ends = [(12.5, 1.0, 200), (13.0, 0.1, 200), (14.0, 0.2, 200), (22.0, 0.3, 500)]
    loadtest.steady_state(stats)
    out = capsys.readouterr().out
    assert "after the last sign-in (10 s): 0.2 deals/s, deal p99 200.0 ms" in out


def test_the_load_client_deals_as_the_page_does(client, game):
    """It sends the board and queue head its page shows, so the server answers with the
    small out-of-band update, and it follows each answer as htmx would."""
    from django.urls import reverse

    decks = game.add_decks([ParsedDeck(deal=d, index=i, line=0) for i, d in enumerate(_deals(13))], source_name="a.pbn")
    client.force_login(game.host)
    state = dict(loadtest.page_state(client.get(reverse("game", args=[game.pk])).content))
    assert state == {"shown": "0", "queue_head": str(decks[0].pk)}
    for n in (1, 2):
        answer = client.post(reverse("deal", args=[game.pk]), state, HTTP_HX_REQUEST="true")
        state.update(loadtest.page_state(answer.content))
        assert state == {"shown": str(n), "queue_head": str(decks[n].pk)}
    assert b'id="history"' not in answer.content  # after the first board: the small answer


def test_the_cpu_sample_finds_the_database_server_and_counts_its_time(tmp_path):
    import os

    assert loadtest.postmaster_pid(tmp_path) is None
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "postmaster.pid").write_text(f"{os.getpid()}\n/some/dir\n")
    assert loadtest.postmaster_pid(tmp_path) == os.getpid()
    sum(i * i for i in range(300_000))  # some CPU time of our own to count
    sample = loadtest.cpu_sample(os.getpid(), loadtest.postmaster_pid(tmp_path))
    assert sample.database > 0 and sample.machine_all >= sample.machine_busy > 0
    assert loadtest.cpu_sample(os.getpid()).database == 0.0  # no server: nothing counted


def test_the_cpu_report_keeps_the_hosts_steal_apart_and_says_when_it_disturbed_the_run():
    """Steal (time the hypervisor gave our CPUs to other machines) is neither ours nor
    'anything else': a run where it is large says its speeds are not the app's."""
    before = loadtest.CpuSample(machine_busy=0, machine_all=0, workers=0, database=0, client=0, steal=0)
    quiet = loadtest.CpuSample(machine_busy=110, machine_all=120, workers=80, database=20, client=6, steal=1)
    lines = loadtest.cpu_lines(before, quiet, requests=8000)
    assert "92% busy and 1% taken by the host" in lines[0]
    assert "anything else 4.0, steal 1.0" in lines[0] and "10.0 ms per request" in lines[0]
    assert len(lines) == 1

    stolen = loadtest.CpuSample(machine_busy=60, machine_all=120, workers=40, database=10, client=4, steal=58)
    lines = loadtest.cpu_lines(before, stolen, requests=4000)
    assert "anything else 6.0, steal 58.0" in lines[0]
    assert lines[1].startswith("DISTURBED: the host held back 48%") and len(lines) == 2

    busy = loadtest.CpuSample(machine_busy=110, machine_all=120, workers=60, database=15, client=5, steal=0)
    lines = loadtest.cpu_lines(before, busy, requests=4000)
    assert "anything else 30.0, steal 0.0" in lines[0]
    assert lines[1:] == ["DISTURBED: other processes in this machine took 25% of its CPU time; run again when nothing else runs"]


def test_the_cpu_sample_reads_the_steal_column(tmp_path):
    import os

    sample = loadtest.cpu_sample(os.getpid())
    with open("/proc/stat") as f:
        steal_ticks = int(f.readline().split()[8])
    assert abs(sample.steal - steal_ticks / os.sysconf("SC_CLK_TCK")) < 5  # read seconds apart
    assert sample.machine_busy + sample.steal <= sample.machine_all


def test_first_rounds_are_cut_short_by_a_different_amount_for_each_host():
    """Hosts started together would stay in step (every upload in the same second): the
    first round of each host is shorter by its own amount, later rounds are whole."""
    plan = loadtest.Plan(port=0, deals=50, files=[], hosts=32)
    first = [plan.first_deals(n) for n in range(32)]
    assert first[0] == 50 and all(1 <= d <= 50 for d in first)
    assert first == sorted(first, reverse=True) and len(set(first)) == 32  # spread over a whole round
    lockstep = loadtest.Plan(port=0, deals=50, files=[], hosts=32, lockstep=True)
    assert {lockstep.first_deals(n) for n in range(32)} == {50}


# --- the load client's HTTP: a real socket, canned answers ---------------------------------


def _serve_once(answers: list[bytes]):
    """A server on 127.0.0.1 that reads one request per answer on one connection, sends the
    answer, and closes after the last; returns (port, requests seen)."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    seen: list[bytes] = []

    def run() -> None:
        conn, _ = server.accept()
        with conn:
            buffer = b""
            for answer in answers:
                while b"\r\n\r\n" not in buffer:
                    buffer += conn.recv(65536)
                head, _, buffer = buffer.partition(b"\r\n\r\n")
                length = [int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")]
                while len(buffer) < (length[0] if length else 0):
                    buffer += conn.recv(65536)
                body, buffer = buffer[: length[0] if length else 0], buffer[length[0] if length else 0 :]
                seen.append(head + b"\r\n\r\n" + body)
                conn.sendall(answer)
        server.close()

    threading.Thread(target=run, daemon=True).start()
    return server.getsockname()[1], seen


def test_the_load_clients_http_reads_lengths_chunks_cookies_and_the_end_of_the_connection():
    port, seen = _serve_once([
        b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\n\r\nhello",
        b"HTTP/1.1 302 Found\r\nTransfer-Encoding: chunked\r\nLocation: /next/\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n",
        b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nto the end",
    ])
    wire = loadtest.Wire(port, timeout=5)
    status, headers, body, closes = wire.exchange("POST", "/deal/", {"Host": "x"}, b"shown=1")
    assert (status, body, closes, headers.get_all("Set-Cookie")) == (200, b"hello", False, ["a=1", "b=2"])
    assert seen[0].startswith(b"POST /deal/ HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n") and seen[0].endswith(b"shown=1")
    status, headers, body, closes = wire.exchange("GET", "/", {"Host": "x"}, None)
    assert (status, body, headers.get("location"), closes) == (302, b"abcde", "/next/", False)
    status, headers, body, closes = wire.exchange("GET", "/", {"Host": "x"}, None)
    assert (status, body, closes) == (200, b"to the end", True)
    wire.close()


def test_the_load_client_tells_a_dropped_connection_from_a_broken_answer():
    port, _ = _serve_once([b""])  # reads the request, answers nothing, closes
    with pytest.raises(loadtest.Closed):
        loadtest.Wire(port, timeout=5).exchange("GET", "/", {"Host": "x"}, None)
    port, _ = _serve_once([b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort"])
    with pytest.raises(loadtest.http.client.IncompleteRead):
        loadtest.Wire(port, timeout=5).exchange("GET", "/", {"Host": "x"}, None)
    port, _ = _serve_once([b"SMTP ready\r\n\r\n"])
    with pytest.raises(loadtest.http.client.HTTPException):
        loadtest.Wire(port, timeout=5).exchange("GET", "/", {"Host": "x"}, None)
