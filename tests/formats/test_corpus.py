"""Every real file of ../shared/corpus gives exactly the decks and errors of expected.json."""

from __future__ import annotations

import pytest

from games.formats import read_decks
from games.formats.decode import decode, detect_format
from tests.corpus import CORPUS, contents, names


def test_the_corpus_is_there_or_skipped(expected: dict) -> None:
    # The files are named from the directory: expected.json lists each of them, and no other.
    assert set(names()) == {name for name in expected if not name.startswith("_")}
    assert len(names()) >= 30


@pytest.mark.parametrize("name", names())
def test_file_gives_the_expected_decks(name: str, expected: dict) -> None:
    want = expected[name]
    path = CORPUS / name
    result = read_decks(contents(path), path.name)

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


@pytest.mark.parametrize("name", names())
def test_detection_does_not_depend_on_the_name(name: str, expected: dict) -> None:
    text, _ = decode(contents(CORPUS / name))
    want = expected[name]["format"]
    other = "x.lin" if want == "pbn" else "x.pbn"
    assert detect_format(text, other) == want
    assert detect_format(text, "upload.txt") == want
