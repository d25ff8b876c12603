"""read_decks: decode, recognise, dispatch, and always answer."""

from __future__ import annotations

import codecs
import logging

import pytest

from games.formats import FileResult, read_decks
from games.formats import reader as reader_module
from games.formats.limits import SOURCE_LIMIT

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
PBN = f'[Board "7"]\n[Dealer "S"]\n[Vulnerable "All"]\n[Deal "{DEAL}"]\n'
# The same deal as LIN: hands S, W, N, E; dealer digit 1 = South; East left out.
LIN = "md|1S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|rh||ah|Board 7|sv|b|pg||\n"


def test_pbn_is_read_as_pbn() -> None:
    result = read_decks(PBN.encode(), "deals.pbn")
    assert isinstance(result, FileResult)
    assert (result.name, result.format, result.encoding) == ("deals.pbn", "pbn", "utf-8")
    assert [(d.deal, d.board, d.dealer, d.vul) for d in result.decks] == [(DEAL, "7", "S", "All")]
    assert result.problems == []


def test_lin_is_read_as_lin() -> None:
    result = read_decks(LIN.encode(), "deals.lin")
    assert result.format == "lin"
    assert [(d.deal, d.board, d.dealer, d.vul) for d in result.decks] == [(DEAL, "7", "S", "All")]
    assert result.ok


def test_content_not_extension_chooses_the_reader() -> None:
    assert read_decks(LIN.encode(), "deals.pbn").format == "lin"
    assert read_decks(PBN.encode(), "deals.lin").format == "pbn"
    assert [d.deal for d in read_decks(PBN.encode(), "deals.txt").decks] == [DEAL]


def test_utf16_file_with_bom_is_read() -> None:
    result = read_decks(codecs.BOM_UTF16_LE + PBN.encode("utf-16-le"), "deals.pbn")
    assert result.encoding == "utf-16-le"
    assert [d.deal for d in result.decks] == [DEAL]


def test_handviewer_link_is_read_as_lin() -> None:
    link = "https://www.bridgebase.com/tools/handviewer.html?lin=" + LIN.strip().replace("|", "%7C")
    result = read_decks(link.encode(), "link.txt")
    assert result.format == "lin"
    assert [d.deal for d in result.decks] == [DEAL]


LONG = "a" * 6000  # past SOURCE_LIMIT
RBN_HANDS = "W:432.AKQJ.T98.765:AKQJ.T98.765.432:T98.765.432.AKQJ:"


@pytest.mark.parametrize(
    ("fmt", "text"),
    [
        ("pbn", PBN + "{" + LONG + "}\n"),
        ("lin", LIN.replace("|pg||", f"|nt|{LONG}|pg||")),
        (
            "lin",
            "https://www.bridgebase.com/tools/handviewer.html?lin=" + LIN.strip().replace("|", "%7C") + "&x=" + LONG,
        ),
        ("rbn", f"% RBN\n\nB 7\nH {RBN_HANDS}\nE {LONG}\n"),
        ("rbx", f"%{{RBX}}\nB{{7}}H{{{RBN_HANDS}}}E{{{LONG}}}\n"),
    ],
)
def test_every_reader_keeps_at_most_source_limit_characters_of_a_board(fmt, text) -> None:
    (deck,) = read_decks(text.encode(), "x").decks
    assert deck.deal == DEAL and SOURCE_LIMIT // 2 < len(deck.source) <= SOURCE_LIMIT


def test_a_file_with_no_deals_says_so() -> None:
    result = read_decks(b'% PBN 2.1\n[Event "Club night"]\n[Site "Oslo"]\n', "header.pbn")
    assert result.format == "pbn"
    assert result.decks == []
    assert [(p.kind, p.message, p.line) for p in result.problems] == [("no_deals", "no deals found in this file", 1)]


def test_lin_headers_only_has_no_deals() -> None:
    result = read_decks(b"vg|2010 USBF SF A,Segment 4 of 8,I,46,60|pg||\n", "vugraph.lin")
    assert result.decks == []
    assert [p.kind for p in result.problems] == ["no_deals"]


def test_a_bad_board_is_a_problem_not_no_deals() -> None:
    bad = PBN.replace("AKQJ.T98.765.432 ", "AKQ.T98.765.432 ")
    result = read_decks(bad.encode(), "bad.pbn")
    assert result.decks == []
    assert [(p.kind, p.index, p.line) for p in result.problems] == [("invalid_deal", 0, 4)]


def test_an_unrecognised_text_file_is_unreadable() -> None:
    result = read_decks(b"Dear all,\nthe deals for Tuesday are attached.\n", "deals.pbn")
    assert result.format == ""
    assert result.decks == []
    assert [(p.kind, p.message) for p in result.problems] == [
        ("unreadable", 'no LIN pairs (like md|...|) or PBN tags (like [Deal "..."]) found')
    ]


def test_an_empty_file_is_unreadable() -> None:
    assert [p.kind for p in read_decks(b"", "empty.lin").problems] == ["unreadable"]


def test_a_binary_file_is_unreadable() -> None:
    data = b"PK\x03\x04\x14\x00\x06\x00" + bytes(range(256)) * 4
    result = read_decks(data, "deals.lin")
    assert [(p.kind, p.message) for p in result.problems] == [
        ("unreadable", "this file is binary, not a LIN or PBN text file")
    ]


def test_a_reader_crash_becomes_a_problem_and_is_logged_with_the_files_name(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(text: str) -> tuple[list, list, list]:
        raise RuntimeError("boom")

    monkeypatch.setattr(reader_module, "_reader", lambda fmt: broken)
    with caplog.at_level(logging.ERROR, logger="games.formats"):
        result = read_decks(PBN.encode(), "deals.pbn")
    assert result.decks == []
    assert [(p.kind, p.message) for p in result.problems] == [
        ("internal", "could not read this file: RuntimeError: boom")
    ]
    (record,) = caplog.records
    assert record.getMessage() == "deals.pbn: the file could not be read"
    assert record.exc_info is not None and "boom" in str(record.exc_info[1])


def test_a_board_a_reader_cannot_build_is_logged_with_the_file_and_line(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from games.formats.lin import deck as lin_deck

    def broken(self, rec, end, header):
        raise KeyError("a bug")

    monkeypatch.setattr(lin_deck.Builder, "build", broken)
    with caplog.at_level(logging.ERROR, logger="games.formats"):
        result = read_decks(b"md|3SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,|\n", "odd.lin")
    assert [p.kind for p in result.problems] and not result.decks
    assert any(r.getMessage().startswith("odd.lin: a LIN board could not be read (line 1)") for r in caplog.records)


@pytest.mark.parametrize(
    "data",
    [
        b"md|",
        b"md||",
        b"[Deal",
        b'[Deal "',
        b"\xff\xfe",
        b"\xfe\xff\x00",
        b"qx|" * 1000,
        b"|" * 5000,
        b'[Deal "N:' + b"." * 3000 + b'"]',
        b"md|9" + b",," * 500 + b"|",
    ],
)
def test_odd_inputs_never_raise(data: bytes) -> None:
    result = read_decks(data, "odd.txt")
    assert result.decks or result.problems


def test_a_file_of_a_million_bad_boards_lists_the_first_thousand_and_counts_the_rest():
    from games.formats import read_decks
    from games.formats.limits import MAX_PROBLEMS

    result = read_decks(b"md||" * 3000, "bad.lin")
    assert result.decks == []
    assert len(result.problems) == MAX_PROBLEMS + 1
    assert result.problems[-1].message.startswith(f"... and {3000 - MAX_PROBLEMS} more problems")


@pytest.mark.parametrize(
    "board, name, shown",
    [
        ("7", "Board 7", ""),
        ("07", "Board 7", ""),
        ("7", "board  07", ""),
        ("7", "7", ""),
        ("", "Board 7", "Board 7"),
        ("7", "Board 8", "Board 8"),
        ("7", "Board 7, open room", "Board 7, open room"),
        ("7", "", ""),
        ("x1", "Board x1", ""),
        ("12a", "Board 12", "Board 12"),
    ],
)
def test_board_heading_drops_a_name_that_only_repeats_the_number(board, name, shown):
    from games.bridge.board import board_heading

    assert board_heading(board, name) == shown
