"""Printable hand records: a 16-board export as PDF, one or four boards a page, A4 or Letter,
read back with pypdf; a page looked at as a picture (pdftoppm)."""

from __future__ import annotations

import io
import shutil
import subprocess
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.bridge import rules
from games.bridge.dd import solve
from games.models import DealAnalysis
from tests.builders.decks import full_decks
from tests.conftest import skip_or_fail

pytestmark = pytest.mark.django_db
BOARDS = 16


def pdf_text(data: bytes) -> list[str]:
    from pypdf import PdfReader

    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def pdf_of(client, game, params: dict | None = None):
    """The PDF the queue's export makes: the export starts a job (tasks run as they are
    enqueued in these tests), whose page links the finished file."""
    started = client.get(reverse("export", args=[game.pk, "queue", "pdf"]), params or {})
    assert started.status_code == 302 and started.url.startswith("/jobs/")
    assert "Your PDF is ready" in client.get(started.url).text
    return client.get(started.url + "download/")


@pytest.fixture
def sixteen(game):
    decks = full_decks(BOARDS)
    game.add_decks(decks, source_name="club.pbn", source_format="pbn")
    return game, decks


@pytest.fixture(scope="module")
def tables() -> dict:
    """The sixteen deals' double-dummy tables, solved once for the module (a quarter of a
    second a deal)."""
    deals = [deck.deal for deck in full_decks(BOARDS)]
    return dict(zip(deals, solve(deals)))


@pytest.fixture
def sixteen_solved(sixteen, tables):
    """``sixteen`` with its deals' tables stored, as after a first export: the tests of the
    pages need not wait on the solver (tests/web/test_export_pdf.py has the job solve them)."""
    DealAnalysis.objects.bulk_create(
        [DealAnalysis(deal=deal, tricks=solved.tricks, pars=solved.pars_json()) for deal, solved in tables.items()]
    )
    return sixteen


def test_one_board_a_page_with_its_diagram_table_par_auction_and_result(host_client, sixteen_solved):
    game, decks = sixteen_solved
    response = pdf_of(host_client, game)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert 'filename="tuesday-practice-queue-1-a-page-a4.pdf"' in response["Content-Disposition"]
    pages = pdf_text(response.content)
    assert len(pages) == BOARDS
    tables = [solved.tricks for solved in solve([decks[0].deal])]
    first = pages[0]
    assert "Board 1" in first and "Dealer North" in first and "Vul None" in first
    assert "♠" in first and "♥" in first and "HCP" in first and "Double dummy" in first and "Par:" in first
    assert "West" in first and "Contract:" in first  # the record's auction and result
    north = rules.hands(decks[0].deal)["N"]
    assert " ".join("10" if c == "T" else c for c in north.split(".")[0]) in first
    nt_row = " ".join(str(tables[0][seat]["NT"]) for seat in "N")
    assert nt_row in first
    assert DealAnalysis.objects.count() == BOARDS  # nothing solved twice (test_export_pdf.py: solved as it goes)


def test_par_is_written_in_the_pages_language(host_client, sixteen_solved, tables):
    game, decks = sixteen_solved
    par = tables[decks[0].deal].par(decks[0].effective_vul, decks[0].effective_dealer)
    assert par.contracts  # the first deal makes something: par names a contract and a side
    polish = {"HTTP_ACCEPT_LANGUAGE": "pl"}
    started = host_client.get(reverse("export", args=[game.pk, "queue", "pdf"]), **polish)
    first = pdf_text(host_client.get(started.url + "download/", **polish).content)[0]
    assert "Par: " in first and ", rozgrywa " in first.split("Par: ")[1].split("\n")[0]
    assert " by " not in first


@pytest.mark.parametrize("paper, size", [("A4", (595, 842)), ("Letter", (612, 792))])
def test_four_boards_a_page_on_either_paper(host_client, sixteen_solved, paper, size):
    from pypdf import PdfReader

    game, _ = sixteen_solved
    response = pdf_of(host_client, game, {"per_page": "4", "paper": paper})
    reader = PdfReader(io.BytesIO(response.content))
    assert len(reader.pages) == BOARDS // 4
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size
    text = reader.pages[1].extract_text()
    assert all(f"Board {n}" in text for n in (5, 6, 7, 8))


def test_the_suit_font_is_embedded(host_client, sixteen_solved):
    game, _ = sixteen_solved
    data = pdf_of(host_client, game).content
    assert b"/FontFile2" in data and b"DejaVuSans" in data


def test_the_page_looks_like_a_hand_record(host_client, sixteen_solved, output_dir):
    if shutil.which("pdftoppm") is None:
        skip_or_fail("pdftoppm is not installed (apt-get install poppler-utils)")
    game, _ = sixteen_solved
    data = pdf_of(host_client, game, {"per_page": "4"}).content
    (output_dir / "hand-records.pdf").write_bytes(data)
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "50",
            "-f",
            "1",
            "-l",
            "1",
            str(output_dir / "hand-records.pdf"),
            str(output_dir / "page"),
        ],
        check=True,
        timeout=60,
    )
    from PIL import Image

    raw = Image.open(next(output_dir.glob("page*.png"))).convert("RGB").tobytes()
    pixels = list(zip(raw[0::3], raw[1::3], raw[2::3]))
    reds = sum(1 for r, g, b in pixels if r > 150 and g < 80 and b < 80)
    darks = sum(1 for r, g, b in pixels if r < 80 and g < 80 and b < 80)
    assert reds > 200 and darks > 2000  # red hearts and diamonds, black text: a page with boards on it


def test_export_decks_writes_the_same_hand_records(sixteen_solved, tmp_path):
    game, _ = sixteen_solved
    out = tmp_path / "records.pdf"
    call_command(
        "export_decks",
        str(game.pk),
        "--format",
        "pdf",
        "--per-page",
        "4",
        "--paper",
        "Letter",
        "-o",
        str(out),
        stdout=StringIO(),
        stderr=StringIO(),
    )
    pages = pdf_text(out.read_bytes())
    assert len(pages) == 4 and "Board 16" in pages[-1]


def test_a_pdf_needs_a_file_on_the_command_line(sixteen):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="give -o FILE"):
        call_command("export_decks", str(sixteen[0].pk), "--format", "pdf", stdout=StringIO())


def test_only_the_host_prints(other_client, sixteen):
    game, _ = sixteen
    assert other_client.get(reverse("export", args=[game.pk, "queue", "pdf"])).status_code == 404


def test_the_contract_is_written_with_suit_symbols(host_client, game):
    """A doubled heart contract from the file: "3♥X", as the auction writes its bids."""
    from games.formats.model import Deck

    deal = full_decks(1)[0].deal
    game.add_decks(
        [Deck(deal=deal, index=0, line=1, board="4", dealer="W", vul="All", contract="3HX", declarer="W", result="8")],
        source_name="club.pbn",
        source_format="pbn",
    )
    (page,) = pdf_text(pdf_of(host_client, game).content)
    line = page.replace("\n", "")  # the red "♥" is a string of its own in the page
    assert "Contract: 3♥X by West, 8 tricks" in line and "3HX" not in line
    assert "West · dealer · vul" in page
