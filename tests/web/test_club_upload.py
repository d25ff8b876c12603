"""The clubs' formats on the site: upload and preview, the decks added, the exports on the
game page and from manage.py, and the help page's reference."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.formats import read_decks
from games.models.upload import Upload

pytestmark = pytest.mark.django_db

FILES = Path(__file__).resolve().parents[1] / "formats" / "club_files"
NOTE = "Dealer and vulnerability follow the board numbers: the file does not state them"
MACHINE = {
    "dup": "application/octet-stream",
    "bri": "application/octet-stream",
    "dge": "application/octet-stream",
    "dlm": "text/plain; charset=utf-8",
    "rbn": "text/plain; charset=utf-8",
}


def send(client, game, name: str, data: bytes | None = None, **extra):
    data = (FILES / name).read_bytes() if data is None else data
    upload = SimpleUploadedFile(name, data, content_type="application/octet-stream")
    return client.post(reverse("upload", args=[game.pk]), {"files": [upload], "text": ""}, **extra)


def test_the_file_picker_offers_the_club_extensions(host_client, game):
    html = host_client.get(reverse("upload", args=[game.pk])).text
    assert 'accept=".lin,.pbn,.txt,.xml,.dup,.bri,.dge,.dlm,.rbn,.rbx,.dlr"' in html


@pytest.mark.parametrize(
    ("name", "fmt", "decks"),
    [
        ("bigdeal_32.dup", "DUP", 32),
        ("bigdeal_32.bri", "BRI", 32),
        ("bigdeal_32.dge", "DGE", 32),
        ("bigdeal_5_20.dlm", "DLM", 16),
    ],
)
def test_the_preview_names_the_format_and_shows_every_deck(host_client, game, name, fmt, decks):
    html = send(host_client, game, name, follow=True).text
    assert f"{fmt} · {decks} decks" in html
    assert f"Add Decks to Game ({decks})" in html
    assert (NOTE in html) == (fmt in ("DUP", "BRI", "DGE", "DLM"))


def test_a_machine_files_boards_are_dealt_by_the_board_number_rule(host_client, game):
    html = send(host_client, game, "bigdeal_32.bri", follow=True).text
    # board 2 of the 16-board cycle: East deals, N-S vulnerable (the game's rule is the rotation)
    second = html.split('<li class="deck')[2]
    assert "Board 2" in second and "Dealer East" in second and "Vul N-S" in second


def test_adding_a_dup_keeps_its_format_and_deals(host_client, game):
    send(host_client, game, "bigdeal_32.dup")
    host_client.post(reverse("upload_add", args=[game.pk, Upload.objects.get(game=game).token]))
    queued = list(game.queued())
    assert [d.deal for d in queued] == [d.deal for d in read_decks((FILES / "bigdeal_32.pbn").read_bytes()).decks]
    assert {d.source_format for d in queued} == {"dup"} and queued[0].dealer == "" and queued[0].vul == ""


def test_a_sealed_dlm_is_refused_with_the_reason(host_client, game):
    data = (FILES / "bigdeal_32.dlm").read_bytes().replace(b"Crypto key=0", b"Crypto key=12345")
    html = send(host_client, game, "sealed.dlm", data).text
    assert "sealed.dlm: this DLM file is sealed: its boards are encrypted (Crypto key=12345) and cannot be read" in html
    assert not game.queued().exists()


def test_a_dlm_with_a_damaged_board_lists_it_and_keeps_the_others(host_client, game):
    text = (FILES / "bigdeal_32.dlm").read_text()
    line = next(line for line in text.splitlines() if line.startswith("Board 03="))
    damaged = line[:-3] + f"{(int(line[-3:]) + 1) % 1000:03d}"
    html = send(host_client, game, "club.dlm", text.replace(line, damaged).encode(), follow=True).text
    assert "Add Decks to Game (31)" in html
    assert re.search(r"line \d+, board 3: the check digits \d{3} do not match the board&#x27;s cards", html)


@pytest.mark.parametrize("fmt", list(MACHINE))
def test_each_club_format_exports_the_queue_in_order(host_client, game, queue_decks, fmt):
    decks = queue_decks(game, 3, start=5)
    response = host_client.get(f"/games/{game.pk}/export/queue.{fmt}")
    assert response.status_code == 200 and response["Content-Type"] == MACHINE[fmt]
    assert response["Content-Disposition"] == f'attachment; filename="tuesday-practice-queue.{fmt}"'
    result = read_decks(response.content, f"queue.{fmt}")
    assert result.format == fmt and result.problems == []
    assert [d.deal for d in result.decks] == [d.deal for d in decks]
    if fmt in ("dup", "dlm", "rbn"):  # the boards run on from 5: the format keeps them
        assert [d.board for d in result.decks] == ["5", "6", "7"]


def test_the_dealt_boards_export_as_dup_with_the_numbers_the_table_showed(host_client, game, queue_decks):
    queue_decks(game, 2, start=17)
    first, second = game.deal_next(), game.deal_next()
    result = read_decks(host_client.get(f"/games/{game.pk}/export/dealt.dup").content, "dealt.dup")
    assert [(d.deal, d.board) for d in result.decks] == [(first.deal, "17"), (second.deal, "18")]


def test_a_set_a_dlm_cannot_hold_is_refused_with_the_reason(host_client, game, queue_decks):
    queue_decks(game, 100)
    response = host_client.get(f"/games/{game.pk}/export/queue.dlm")
    assert response.status_code == 400
    assert response.text == "a DLM file holds at most 99 boards; this set has 100: export it as DUP, or in parts"


def test_the_game_page_links_every_export(host_client, game):
    html = host_client.get(reverse("game", args=[game.pk])).text
    for which in ("queue", "dealt"):
        for fmt in ("pbn", "lin", "pdf", *MACHINE):
            assert f'href="/games/{game.pk}/export/{which}.{fmt}"' in html, (which, fmt)


def test_export_decks_writes_a_binary_format_to_a_file(game, queue_decks, tmp_path):
    decks = queue_decks(game, 2)
    target = tmp_path / "set.bri"
    call_command(
        "export_decks", str(game.pk), "--format", "bri", "-o", str(target), stdout=StringIO(), stderr=StringIO()
    )
    assert [d.deal for d in read_decks(target.read_bytes()).decks] == [d.deal for d in decks]


def test_export_decks_writes_rbn_to_standard_output(game, queue_decks):
    decks = queue_decks(game, 2)
    out = StringIO()
    call_command("export_decks", str(game.pk), "--format", "rbn", stdout=out, stderr=StringIO())
    assert [d.deal for d in read_decks(out.getvalue().encode()).decks] == [d.deal for d in decks]


def test_export_decks_wants_a_file_for_a_binary_format(game, queue_decks):
    queue_decks(game, 1)
    with pytest.raises(CommandError, match="DUP is binary: give -o FILE"):
        call_command("export_decks", str(game.pk), "--format", "dup", stdout=StringIO(), stderr=StringIO())


def test_export_decks_says_why_a_set_does_not_fit(game, queue_decks, tmp_path):
    queue_decks(game, 100)
    with pytest.raises(CommandError, match="a DLM file holds at most 99 boards"):
        call_command(
            "export_decks",
            str(game.pk),
            "--format",
            "dlm",
            "-o",
            str(tmp_path / "x.dlm"),
            stdout=StringIO(),
            stderr=StringIO(),
        )


def test_the_help_page_has_a_reference_for_each_club_format(client):
    html = client.get(reverse("help_upload")).text
    for anchor in ("club-formats", "dup", "bri", "dge", "dlm", "rbn"):
        assert f'id="{anchor}"' in html
    assert 'href="#club-formats"' in html


def test_the_help_pages_rbn_example_reads_as_the_page_says(client):
    html = client.get(reverse("help_upload")).text
    section = html.split('id="rbn"')[1].split("</section>")[0]
    example = re.search(r"<pre class=\"code\"><code>(.*?)</code></pre>", section, re.S)[1]
    (deck,) = read_decks(("% RBN\n" + example + "\n").encode()).decks
    assert (deck.board, deck.dealer, deck.vul, deck.contract, deck.declarer, deck.result) == (
        "1",
        "N",
        "None",
        "3NT",
        "N",
        "9",
    )
    assert [c.call for c in deck.auction] == ["1D", "1S", "2H", "P", "3NT", "P", "P", "P"]


def test_an_rbn_team_matchs_other_tables_are_decks_flagged_as_duplicates(host_client, game):
    data = (Path(__file__).resolve().parents[1] / "fixtures_upload" / "two_tables.rbn").read_bytes()
    html = send(host_client, game, "two_tables.rbn", data, follow=True).text
    assert "RBN · 4 decks" in html and "Add Decks to Game (2)" in html
    assert "Duplicate (same deal as board 1 of two_tables.rbn): add it anyway" in html
    assert "Duplicate (same deal as board 2 of two_tables.rbn): add it anyway" in html
