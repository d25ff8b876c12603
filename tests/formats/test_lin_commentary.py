"""LIN commentary: the ``nt`` notes between one board's qx/md and the next are its deck's, as
written (%XX escapes read, as in ``an``), each placed before the first call, after so many
calls, or at a trick."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.formats import read_decks
from games.formats.limits import MAX_COMMENTARY, MAX_COMMENTS
from games.formats.lin import read_lin
from games.formats.model import Comment
from tests.corpus import CORPUS, contents, decks_of

FILES = Path(__file__).resolve().parent / "commentary_files"
MD = "md|3SKQJT74H93D987C98,S63HAQJ87D5CAKQ74,S82HKT652DJT6CJ53,|"  # North deals; East inferred
AUCTION = "mb|p|mb|1d|mb|2s|mb|3c|mb|p|mb|3n|mb|p|mb|p|mb|p|"  # 9 calls: 3NT by East
PLAY = "pc|sk|pc|s3|pc|s2|pc|s5|pg||pc|sq|pc|s6|pc|s8|pc|sa|pg||"


def read(text: str):
    decks, problems, notes = read_lin(text)
    assert problems == []
    return decks, notes


def placed(deck) -> list[tuple[str, int, str]]:
    return [(c.section, c.at, c.text) for c in deck.commentary]


def test_a_vugraph_file_keeps_the_notes_of_each_board_in_their_places():
    result = read_decks((FILES / "vugraph_notes.lin").read_bytes(), "vugraph.lin")
    assert result.problems == []
    open_room, closed_room, board_two = result.decks
    assert open_room.commentary == (
        Comment("Ann: open room, board 1"),
        Comment("Ann: East opens 1@D", "auction", 2),
        Comment("Bob: 3@C is forcing", "auction", 4),
        Comment("Ann: agreed", "auction", 4),
        Comment("Ann: South will lead the @SK", "auction", 9),
        Comment("Bob: East ducks!", "play", 1),
        Comment("Ann: 100% safe now", "play", 3),  # %25: BBO's escape for '%'
        Comment("Bob: two lines\nhere", "play", 3),  # after the claim: still the last trick
    )
    # a note between qx and md is the board's; an empty nt|| is not kept
    assert placed(closed_room) == [("", 0, "Carl: closed room now"), ("auction", 3, "Carl: no overcall here")]
    assert placed(board_two) == [("", 0, "Carl: a note after stray text")]
    assert "line 3: commentary (nt) before the first board belongs to no deck: read past" in result.notes


def test_the_notes_change_nothing_else_on_the_board():
    text = (FILES / "vugraph_notes.lin").read_text()
    bare = re.sub(r"nt\|[^|]*\|", "", text)
    with_notes, without = read_decks(text.encode(), "a.lin").decks, read_decks(bare.encode(), "b.lin").decks
    fields = lambda d: (d.deal, d.board, d.dealer, d.vul, d.auction, d.play, d.claim, d.contract, d.players)
    assert list(map(fields, with_notes)) == list(map(fields, without))
    assert all(d.commentary == () for d in without)


def test_suit_escapes_and_html_are_kept_as_written():
    (deck,) = read(f"qx|o1|{MD}nt|<b>Lead</b> the @SK, not the @h2 \\S|{AUCTION}")[0]
    assert deck.commentary == (Comment("<b>Lead</b> the @SK, not the @h2 \\S"),)


@pytest.mark.parametrize("end", ["\r\n", "\r", "\n"], ids=["CRLF", "CR", "LF"])
def test_a_note_spanning_lines_keeps_them_as_newlines(end):
    (deck,) = read(f"{MD}{end}{AUCTION}{end}nt|first line{end}second line|{end}{PLAY}")[0]
    assert deck.commentary == (Comment("first line\nsecond line", "auction", 9),)


def test_a_note_after_play_before_the_lead_and_in_upper_case_tags():
    (deck,) = read(f"{MD}NT|board|{AUCTION}Nt|before the lead|{PLAY}nT|trick two|")[0]
    assert placed(deck) == [("", 0, "board"), ("auction", 9, "before the lead"), ("play", 2, "trick two")]


def test_a_note_before_any_board_is_said_to_belong_to_none():
    decks, notes = read(f"nt|hello|\n{MD}")
    assert decks[0].commentary == ()
    assert notes == ["line 1: commentary (nt) before the first board belongs to no deck: read past"]


def test_notes_of_a_headers_only_file_are_said_to_belong_to_none():
    decks, problems, notes = read_lin("vg|x,y|nt|hi all|pg||")
    assert decks == [] and "line 1: commentary (nt) before the first board belongs to no deck: read past" in notes


# --- hostile ---------------------------------------------------------------------------


def test_nul_and_control_characters_become_replacement_characters():
    (deck,) = read(f"{MD}nt|a\x00b\x01c\td%00e|")[0]
    assert deck.commentary == (Comment("a\ufffdb\ufffdc\td\ufffde"),)


def test_a_one_megabyte_note_is_cut_with_a_note_naming_board_and_line():
    decks, notes = read(f"qx|o4|\n{MD}ah|Board 4|\nnt|" + "x" * 1_000_000 + "|nt|next|")
    assert [c.text for c in decks[0].commentary] == ["x" * MAX_COMMENTARY]
    assert notes == [f"board 4, line 3: commentary cut: a board keeps {MAX_COMMENTARY:,} characters"]


def test_a_million_notes_keep_the_first_and_say_so():
    decks, notes = read(f"{MD}ah|Board 9|" + "nt|hi|" * 1_000_000)
    assert len(decks[0].commentary) == MAX_COMMENTS
    assert notes == [f"board 9: more than {MAX_COMMENTS} comments; those from line 1 on were left out"]


def test_a_note_with_only_spaces_or_nothing_is_not_kept():
    (deck,) = read(f"{MD}nt||nt|   |nt|%20|{AUCTION}")[0]
    assert [c.text for c in deck.commentary] == [" "]  # %20 is a space as written, decoded


# --- the real file ---------------------------------------------------------------------


def test_corpus_vugraph_keeps_every_commentator_remark():
    path = CORPUS / "lin" / "vugraph_usbf_sf.lin"
    text = contents(path).decode()
    remarks = re.findall(r"(?<![A-Za-z])nt\|([^|]*)\|", text[text.find("qx|") :])
    decks = decks_of(path)
    assert [c.text for d in decks for c in d.commentary] == [r for r in remarks if r.strip()]
    first = decks[0]
    assert [(c.section, c.at) for c in first.commentary][:4] == [
        ("auction", 2),
        ("auction", 2),
        ("auction", 2),
        ("play", 1),
    ]
    assert first.commentary[0].text == "caitlin: Hi all"
