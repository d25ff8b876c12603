"""The PBN reader against real files: every deck expected.json lists, and nothing else."""

from __future__ import annotations

import pytest

from games.formats.pbn import read_pbn
from tests.corpus import CORPUS, contents, names


def _decode(raw: bytes) -> str:
    # games/formats/decode.py is the real decoder; the PBN reader only needs text
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


@pytest.mark.parametrize("name", names("pbn"))
def test_file_gives_the_expected_decks(name, expected):
    want = expected[name]
    decks, problems, notes = read_pbn(_decode(contents(CORPUS / name)))

    got = [(d.index, d.deal, d.board, d.dealer, d.vul, d.line) for d in decks]
    assert got == [(d["index"], d["deal"], d["board"], d["dealer"], d["vul"], d["line"]) for d in want["decks"]]
    assert [d.deal_first for d in decks] == [d.get("deal_first") for d in want["decks"]]

    invalid = [(e["index"], e["line"]) for e in want["errors"] if e["kind"] == "invalid_deal"]
    assert [(p.index, p.line) for p in problems] == invalid
    assert all(p.kind == "invalid_deal" and p.message for p in problems)

    # games without a deal are read past with a note, never a problem
    no_deal_lines = {e["line"] for e in want["errors"] if e["kind"] == "no_deal"}
    assert not no_deal_lines & {p.line for p in problems}
    listed_lines = {int(n.split()[3]) for n in notes if n.startswith("game at line ")}
    assert listed_lines <= no_deal_lines
    listed = len(listed_lines)
    more = sum(int(n.split()[2]) for n in notes if n.endswith("more games without a deal read past"))
    assert listed + more == len(no_deal_lines)
