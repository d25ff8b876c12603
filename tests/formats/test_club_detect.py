"""Which format a file holds: the club formats by their content, whatever the file's name,
cheaply and before LIN and PBN, which keep their answers; and the command line's ``format``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.formats import read_decks, write_bri, write_dge, write_dlm, write_dup, write_rbn
from games.formats.club.detect import record_format, text_format
from games.formats.decode import binary_reason, detect_format
from games.formats.model import Deck
from tests.corpus import CORPUS, contents, files

ROOT = Path(__file__).resolve().parents[2]
FILES = Path(__file__).resolve().parent / "club_files"
DECKS = [Deck(deal="N:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53", index=0, line=1, board="1")]
WRITTEN = {
    "bri": write_bri(DECKS),
    "dge": write_dge(DECKS),
    "dup": write_dup(DECKS),
    "dlm": write_dlm(DECKS).encode(),
    "rbn": write_rbn(DECKS).encode(),
    "rbx": (b"%{RBX 3.2}%{a comment}E{Club}\nB{1}H{W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:}A{NZ:1SA}\n"),
}


@pytest.mark.parametrize("name", ["boards.txt", "boards.pbn", "boards.lin", "", "BOARDS"])
@pytest.mark.parametrize("fmt", list(WRITTEN))
def test_the_content_decides_not_the_name(fmt, name):
    result = read_decks(WRITTEN[fmt], name)
    assert result.format == fmt and result.decks and result.problems == []


@pytest.mark.parametrize("fmt", ["bri", "dge", "dup"])
def test_machine_records_are_not_called_binary(fmt):
    text = WRITTEN[fmt].decode("latin-1")
    assert binary_reason(text) == "" and detect_format(text) == fmt
    assert record_format(WRITTEN[fmt]) == fmt


def test_a_dup_whose_first_dge_part_is_blank_is_told_from_a_bri_by_its_second_record():
    two = write_dup(DECKS * 2)
    blind = two[:78] + b"\x00" * 78 + two[156:]  # no DGE part, no trailer, on the first record
    assert record_format(blind[:320]) == "dup"


@pytest.mark.parametrize(
    "data",
    [
        b"12345" * 30,  # digits, but not 78 of them before something that is not padding
        b"\x06" * 200,  # marks, but not a DGE record's
        bytes(range(256)),
    ],
)
def test_other_bytes_are_not_records(data):
    assert record_format(data[:320]) == ""


def test_the_signature_line_decides_for_rbn_and_rbx():
    assert text_format('% RBN 3.2\n\n[Deal "N:..."]\n') == "rbn"
    assert text_format("%RBN\n") == "rbn"
    assert text_format("%{RBX 3.2}B{1}\n") == "rbx"
    assert text_format("% PBN 2.1\n% RBN is mentioned here\n") == ""


def test_a_pbn_with_a_document_section_far_down_stays_pbn():
    pbn = contents(CORPUS / "pbn" / "three_records_crlf.pbn") if CORPUS.is_dir() else b'[Deal "N:x"]\n'
    data = pbn + b"\n" * 20000 + b"[Document]\nBoard 01=x\n"
    assert detect_format(data.decode()) == "pbn"


def test_rbn_without_its_first_line_is_only_guessed_when_no_lin_or_pbn_signs_are_found():
    rbn = "B 1\nH W:82.KT652.JT6.J53:A95.4.AKQ432.T62:KQJT74.93.987.98:\n"
    assert detect_format(rbn) == "rbn"
    assert detect_format(rbn + "md|3SAKQ,,,|\n") == "lin"


def test_every_lin_and_pbn_corpus_file_keeps_its_format(expected):
    for path in files():
        key = f"{path.parent.name}/{path.name}"
        assert read_decks(contents(path), path.name).format == expected[key]["format"], key


@pytest.mark.parametrize(
    ("name", "fmt"),
    [
        ("bigdeal_32.dup", "dup"),
        ("bigdeal_32.bri", "bri"),
        ("bigdeal_32.dge", "dge"),
        ("bigdeal_32.dlm", "dlm"),
    ],
)
def test_the_command_line_names_each_format(tmp_path, name, fmt):
    path = tmp_path / "file.txt"  # the name says nothing
    path.write_bytes((FILES / name).read_bytes())
    run = subprocess.run(
        [sys.executable, "-m", "games.formats", "--json", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    (entry,) = json.loads(run.stdout)
    assert entry["format"] == fmt and entry["decks"]
    if fmt in ("dup", "bri", "dge", "dlm"):
        assert "dealer and vulnerability follow the board numbers: the file does not state them" in entry["notes"]
        second = entry["decks"][1]
        assert (second["stated_dealer"], second["stated_vul"], second["vul"]) == (None, None, "NS")
