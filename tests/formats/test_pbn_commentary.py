"""PBN commentary: the ``{}`` and ``;`` comments of a game are its deck's, as written and in
file order, each placed as the PBN standard (3.8) says: on the board, after a call, at a trick."""

from __future__ import annotations

import json
import re
from operator import attrgetter
from pathlib import Path

import pytest

from games.formats import read_decks
from games.formats.__main__ import main
from games.formats.limits import MAX_COMMENTARY, MAX_COMMENTS, MAX_FILE_COMMENTARY
from games.formats.model import Comment
from games.formats.pbn import read_pbn
from tests.corpus import CORPUS, contents

FILES = Path(__file__).resolve().parent / "commentary_files"
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def game(board: int, before: str = "", between: str = "", after: str = "") -> str:
    return f'{before}[Board "{board}"]\n[Dealer "N"] {between}\n[Deal "{DEAL}"]\n{after}'


def read(text: str):
    decks, problems, notes = read_pbn(text)
    assert problems == []
    return decks, notes


def texts(deck) -> list[str]:
    return [c.text for c in deck.commentary]


def test_a_bridgecomposer_lesson_keeps_every_text_in_its_place():
    result = read_decks((FILES / "lesson_bridgecomposer.pbn").read_bytes(), "lesson.pbn")
    assert result.problems == [] and result.notes == []
    first, second = result.decks
    assert first.commentary == (
        Comment("<b>Lesson 3: the hold-up play</b>"),
        Comment("Nobody is vulnerable: East opens a normal 1\\D."),
        Comment("A weak jump overcall: six \\S and 6-10 points.", "auction", 2),
        Comment("East has one \\S stopper: the ace.", "auction", 5),
        Comment("South leads the \\SK, top of a sequence.", "play", 1),
        Comment(
            "<i>Hold up</i> the \\SA until the second round:\nSouth's spades are now cut off from North.", "play", 2
        ),
    )
    assert second.commentary == (
        Comment(
            "Plan the play before you play to trick one.\n\n"
            "% is only a percent sign here, not an escape line.\n"
            "Count the winners: \\S AKQJ, \\H none."
        ),
        Comment("<b>Summary:</b> count, then play."),
    )


def test_the_lesson_reads_the_same_decks_as_without_its_comments():
    text = (FILES / "lesson_bridgecomposer.pbn").read_text()
    bare = re.sub(r"\{[^}]*\}\n?", "", text)
    assert "{" not in bare and "Hold up" not in bare
    with_comments = read_decks(text.encode(), "a.pbn").decks
    without = read_decks(bare.encode(), "b.pbn").decks
    fields = attrgetter("deal", "board", "dealer", "vul", "auction", "play", "contract", "declarer", "result", "tags")
    assert list(map(fields, with_comments)) == list(map(fields, without))
    assert all(d.commentary == () for d in without)


def test_semicolon_comments_run_to_the_line_end_and_following_lines_make_one_text():
    result = read_decks((FILES / "semicolon_comments.pbn").read_bytes(), "semi.pbn")
    (deck,) = result.decks
    assert deck.commentary == (
        Comment(" first board of the set"),
        Comment(" East has the spades"),
        Comment(" one over one", "auction", 4),
        Comment("Paragraph line one\n  line two, {braces} and a ; kept\nline three", "auction", 10),
    )
    assert len(deck.auction) == 10 and deck.contract == "4H"


def test_a_comment_before_the_tags_belongs_to_the_game_it_begins_and_one_after_them_to_its_own():
    text = game(1, after="{end of one}\n") + "\n" + game(2, before="{start of two}\n")
    one, two = read(text)[0]
    assert texts(one) == ["end of one"] and texts(two) == ["start of two"]


def test_a_blank_line_inside_a_comment_does_not_end_the_game():
    one, two = read(game(1, between="{first\n\n  \nsecond}") + "\n" + game(2))[0]
    assert texts(one) == ["first\n\n  \nsecond"] and texts(two) == []


@pytest.mark.parametrize("end", ["\r\n", "\r"], ids=["CRLF", "CR"])
def test_crlf_and_cr_line_ends_become_newlines(end):
    text = (FILES / "lesson_bridgecomposer.pbn").read_text().replace("\n", end)
    decks = read_decks(text.encode(), "lesson.pbn").decks
    assert decks == read_decks((FILES / "lesson_bridgecomposer.pbn").read_bytes(), "lesson.pbn").decks
    assert "\r" not in "".join(c.text for d in decks for c in d.commentary)


def test_a_stray_cr_inside_a_comment_is_a_line_end_too():
    (deck,) = read(game(1, between="{one\rtwo\r\nthree}"))[0]
    assert texts(deck) == ["one\ntwo\nthree"]


def test_empty_comments_are_not_kept():
    (deck,) = read(game(1, before="{}\n{   }\n;\n", between="{\n}"))[0]
    assert deck.commentary == ()


def test_a_brace_comment_ends_at_its_first_closing_brace():
    (deck,) = read(game(1, between="{ {} {  not nested }"))[0]
    assert texts(deck) == [" {", "  not nested "]


def test_a_comment_after_the_sections_belongs_to_the_board_in_file_order():
    auction = '[Auction "N"]\n1NT {strong} Pass 3NT AP\n[Contract "3NT"]\n{after the contract tag}\n'
    (deck,) = read(game(1, between="{first}", after=auction))[0]
    assert deck.commentary == (Comment("first"), Comment("strong", "auction", 1), Comment("after the contract tag"))


def test_an_auction_comment_counts_calls_not_annotations():
    auction = '[Auction "W"]\n- 1D 1S 3H {a} ! {b} $13 =1= {c} 4S AP {d}\n[Note "1:six hearts"]\n'
    (deck,) = read(game(1, after=auction))[0]
    assert [(c.text, c.at) for c in deck.commentary] == [("a", 3), ("b", 3), ("c", 3), ("d", 7)]
    assert len(deck.auction) == 7


def test_a_play_comment_names_the_trick_of_the_card_before_it():
    section = (
        '[Contract "3NT"]\n[Declarer "S"]\n[Play "W"]\n{before the lead}\n'
        "H4 {the lead} H8 H7 HA\nS2 SA S5 SQ {end of trick two}\nS3 ST S6 SJ\n*\n"
    )
    (deck,) = read(game(1, after=section))[0]
    assert [(c.text, c.section, c.at) for c in deck.commentary] == [
        ("before the lead", "play", 0),
        ("the lead", "play", 1),
        ("end of trick two", "play", 2),
    ]
    assert [c.place for c in deck.commentary] == ["before the opening lead", "at trick 1", "at trick 2"]


def test_a_semicolon_in_a_table_string_is_no_comment():
    table = '[TotalScoreTable "Rank\\2R;Names\\20"]\n{ the best pairs }\n 1 "Smith ;Jones"\n 2 "Ng {x} ;Li"\n'
    (deck,) = read(game(1, after=table))[0]
    assert texts(deck) == [" the best pairs "]


def test_a_game_of_comments_only_is_noted_and_belongs_to_no_deck():
    decks, notes = read("{A file heading, no board}\n\n" + game(1))
    assert texts(decks[0]) == []
    assert notes == ["line 1: a comment outside any board read past"]


# --- hostile ---------------------------------------------------------------------------


def test_an_unclosed_brace_at_the_end_of_the_file_keeps_its_line_and_says_so():
    decks, notes = read(game(1) + "{never closed\nthe next line")
    assert texts(decks[0]) == ["never closed"]
    assert notes == ["line 4: a '{' comment is never closed: read to the end of its line"]


def test_a_closing_brace_inside_a_brace_comment_ends_it_and_the_rest_is_read_past():
    (deck,) = read(game(1, between="{x = {1, 2} and more}"))[0]
    assert texts(deck) == ["x = {1, 2"]
    assert deck.deal == DEAL


def test_nul_and_control_characters_become_replacement_characters():
    (deck,) = read(game(1, between="{a\x00b\x07c\td\x1be\x7ff}"))[0]
    assert texts(deck) == ["a\ufffdb\ufffdc\td\ufffde\ufffdf"]


def test_a_one_megabyte_comment_is_cut_with_a_note_naming_board_and_line():
    huge = "<b>" + "x" * 1_000_000 + "</b>"
    decks, notes = read(game(1) + "\n" + game(7, between="{" + huge + "} {next}"))
    assert texts(decks[1]) == [huge[:MAX_COMMENTARY]]
    assert notes == [f"board 7, line 6: commentary cut: a board keeps {MAX_COMMENTARY:,} characters"]


def test_an_unclosed_megabyte_comment_is_cut_too():
    decks, notes = read(game(3) + "{" + "y" * 1_000_000)
    assert texts(decks[0]) == ["y" * MAX_COMMENTARY]
    assert f"board 3, line 4: commentary cut: a board keeps {MAX_COMMENTARY:,} characters" in notes


def test_a_board_keeps_its_first_comments_and_says_where_the_rest_begin():
    many = "".join(f"{{c{n}}}\n" for n in range(MAX_COMMENTS + 50))
    (deck,) = read(game(2, after=many))[0]
    assert texts(deck) == [f"c{n}" for n in range(MAX_COMMENTS)]
    assert read(game(2, after=many))[1] == [
        f"board 2: more than {MAX_COMMENTS} comments; those from line {4 + MAX_COMMENTS} on were left out"
    ]


def test_a_file_keeps_its_first_commentary_and_says_so_once():
    each = MAX_COMMENTARY  # a full board's worth
    boards = MAX_FILE_COMMENTARY // each + 3
    text = "\n".join(game(n, between="{" + "z" * each + "}") for n in range(1, boards + 1))
    decks, notes = read(text)
    kept = [len("".join(texts(d))) for d in decks]
    assert sum(kept) == MAX_FILE_COMMENTARY
    assert kept[: MAX_FILE_COMMENTARY // each] == [each] * (MAX_FILE_COMMENTARY // each)
    assert kept[-1] == 0
    first_cut = MAX_FILE_COMMENTARY // each + 1
    assert notes == [
        f"board {first_cut}, line {4 * first_cut - 2}: this file's commentary passed {MAX_FILE_COMMENTARY:,}"
        " characters; the rest of it was left out"
    ]


def test_a_million_brace_comments_cost_no_more_than_their_text():
    text = game(1, after="{c}" * 1_000_000)
    (deck,) = read(text)[0]
    assert len(deck.commentary) == MAX_COMMENTS


# --- the real files and the command line ----------------------------------------------


def corpus_deck(name: str, board: str):
    result = read_decks(contents(CORPUS / "pbn" / name), name)
    return result, next(d for d in result.decks if d.board == board)


def test_corpus_reference_file_keeps_rest_of_line_and_section_comments():
    result, deck = corpus_deck("pbnref_correct_10_latin1.pbn", "1")
    assert [(c.section, c.at, c.text.strip()[:21]) for c in deck.commentary] == [
        ("", 0, "rest-of-line IDENT"),
        ("", 0, "S\n                H 6"),
        ("auction", 4, "end-of-line AUCTION"),
        ("play", 1, "end-of-line PLAY"),
    ]
    # its "Isolated comment, not a game" stands alone between blank lines
    assert "line 253: a comment outside any board read past" in result.notes


def test_corpus_vugraph_commentary_keeps_its_nested_brace_and_bracketed_datum():
    _, deck = corpus_deck("bridgebots_sample.pbn", "1")
    (comment,) = deck.commentary
    assert comment.section == "" and comment.text.startswith("\nIndonesians Franky Karwur")
    assert "[datum is N/S minus 110]" in comment.text
    assert comment.text.endswith("{Your host for this match, John Carruthers")


def test_corpus_curly_edge_cases():
    _, deck = corpus_deck("lots_of_curlies.pbn", "1")
    assert texts(deck) == [" {", "  comment is open\n\n{ {{{ "]
    _, deck = corpus_deck("empty_line_in_comment.pbn", "1")
    assert texts(deck) == [
        "\n\nThis line +/- 2 are comment lines. Please see section 3.8, here: http://www.tistis.nl/pbn/\n\n    "
    ]


def test_corpus_comments_in_annotated_sections_are_placed_by_calls_and_tricks():
    result, _ = corpus_deck("pbnref_errors_10.pbn", "1")
    deck = next(d for d in result.decks if d.line == 632)
    placed = [(c.section, c.at, c.text) for c in deck.commentary if len(c.text) == 2]
    assert placed == [
        *(("auction", 3, f"D{n}") for n in range(1, 6)),
        *(("play", 1, f"E{n}") for n in range(1, 5)),
        *(("play", 5, f"F{n}") for n in range(1, 5)),
    ]


def test_json_gives_each_deck_its_commentary(tmp_path, capsys):
    path = tmp_path / "lesson.pbn"
    path.write_bytes((FILES / "lesson_bridgecomposer.pbn").read_bytes())
    assert main(["--json", str(path)]) == 0
    (found,) = json.loads(capsys.readouterr().out)
    first, second = found["decks"]
    assert first["commentary"][:3] == [
        {"text": "<b>Lesson 3: the hold-up play</b>", "section": "", "at": 0},
        {"text": "Nobody is vulnerable: East opens a normal 1\\D.", "section": "", "at": 0},
        {"text": "A weak jump overcall: six \\S and 6-10 points.", "section": "auction", "at": 2},
    ]
    assert [c["section"] for c in second["commentary"]] == ["", ""]


def test_json_gives_an_empty_list_to_a_deck_without_commentary(tmp_path, capsys):
    path = tmp_path / "plain.pbn"
    path.write_text(game(1))
    main(["--json", str(path)])
    (found,) = json.loads(capsys.readouterr().out)
    assert found["decks"][0]["commentary"] == []
