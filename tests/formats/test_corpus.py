"""Every real file of ../shared/corpus gives exactly the decks and errors of expected.json."""

from __future__ import annotations

import json

import pytest

from games.formats import read_decks
from games.formats.decode import decode, detect_format
from tests.corpus import CORPUS

EXPECTED = CORPUS / "expected.json"


def _cases() -> list[str]:
    if not EXPECTED.exists():
        return []
    return sorted(k for k in json.loads(EXPECTED.read_text(encoding="utf-8")) if not k.startswith("_"))


def test_the_corpus_is_there_or_skipped() -> None:
    if not EXPECTED.exists():
        pytest.skip("../shared/corpus is not present beside the repository")
    assert len(_cases()) >= 30


@pytest.mark.parametrize("name", _cases())
def test_file_gives_the_expected_decks(name: str, expected: dict) -> None:
    want = expected[name]
    path = CORPUS / name
    result = read_decks(path.read_bytes(), path.name)

    assert result.format == want["format"]
    got = [
        {"index": d.index, "line": d.line, "deal": d.deal, "board": d.board, "dealer": d.dealer, "vul": d.vul}
        for d in result.decks
    ]
    wanted = [{k: e[k] for k in ("index", "line", "deal", "board", "dealer", "vul")} for e in want["decks"]]
    assert got == wanted

    invalid = sorted((e["index"], e["line"]) for e in want["errors"] if e["kind"] == "invalid_deal")
    problems = sorted((p.index, p.line) for p in result.problems if p.kind == "invalid_deal")
    assert problems == invalid
    others = [p for p in result.problems if p.kind != "invalid_deal"]
    if not want["decks"] and not invalid:
        assert [p.kind for p in others] == ["no_deals"]
    else:
        assert others == []


@pytest.mark.parametrize("name", _cases())
def test_detection_does_not_depend_on_the_name(name: str, expected: dict) -> None:
    text, _ = decode((CORPUS / name).read_bytes())
    want = expected[name]["format"]
    other = "x.lin" if want == "pbn" else "x.pbn"
    assert detect_format(text, other) == want
    assert detect_format(text, "upload.txt") == want
