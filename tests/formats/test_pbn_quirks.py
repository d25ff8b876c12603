"""The PBN reader, one quirk of real files per test (small inline files)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.bridge.rules import Call
from games.formats.model import Comment, Deck
from games.formats.pbn import read_pbn
from games.formats.pbn.play import read_play

# One deal in three spellings: export format from North, from West, and its canonical text.
N_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
W_DEAL = "W:432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98"
CANON = N_DEAL
OTHER = "N:T98.765.432.AKQJ AKQJ.T98.765.432 432.AKQJ.T98.765 765.432.AKQJ.T98"


def game(board: str | int, deal: str = N_DEAL, extra: str = "") -> str:
    return f'[Board "{board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n{extra}'


def read(text: str):
    decks, problems, notes = read_pbn(text)
    assert not [p for p in problems if p.kind == "unreadable"], problems
    for deck in decks:
        assert_full_deal(deck.deal)
    return decks, problems, notes


def assert_full_deal(deal: str) -> None:
    """Whatever went in, a deck is 52 distinct cards, 13 a hand, in canonical text."""
    assert deal[:2] == "N:", deal
    hands = deal[2:].split(" ")
    assert len(hands) == 4, deal
    cards = set()
    for hand in hands:
        suits = hand.split(".")
        assert len(suits) == 4, deal
        for suit, ranks in zip("SHDC", suits):
            assert ranks == "".join(r for r in "AKQJT98765432" if r in ranks), deal
            cards.update(suit + r for r in ranks)
        assert sum(map(len, suits)) == 13, deal
    assert len(cards) == 52, deal


def test_plain_hand_record():
    decks, problems, notes = read(game(1) + "\n" + game(2, W_DEAL))
    assert [(d.index, d.board, d.line, d.deal) for d in decks] == [
        (0, "1", 4, CANON),
        (1, "2", 9, CANON),
    ]
    assert decks[0].dealer == "N" and decks[0].vul == "None" and decks[0].deal_first == "N"
    assert decks[1].deal_first == "W"
    assert decks[0].board_name == "Board 1"
    assert decks[0].source.startswith('[Board "1"]') and decks[0].source.endswith(f'"{N_DEAL}"]')
    assert problems == [] and notes == []


def test_decks_are_ordinary_frozen_decks():
    """The reader fills Deck's slots directly (for speed): the result must be a normal Deck."""
    for deck in read(game(1) + "\n" + AUCTION_GAME)[0]:
        values = {f.name: getattr(deck, f.name) for f in dataclasses.fields(Deck)}
        assert deck == Deck(**values) and hash(deck) == hash(Deck(**values))
        with pytest.raises(dataclasses.FrozenInstanceError):
            deck.deal = OTHER  # type: ignore[misc]


def test_crlf_games_split_on_blank_lines():
    text = (game(1) + "\n" + game(2)).replace("\n", "\r\n")
    decks, problems, _ = read(text)
    assert [(d.board, d.line) for d in decks] == [("1", 4), ("2", 9)]
    # without the blank line it is one game: the second Deal is a repeated tag
    decks, _, _ = read((game(1) + game(2)).replace("\n", "\r\n"))
    assert [d.board for d in decks] == ["1"]


def test_whitespace_only_line_splits_games():
    decks, _, _ = read(game(1) + " \t \n" + game(2))
    assert [d.board for d in decks] == ["1", "2"]


def test_blank_line_inside_brace_comment_does_not_split():
    text = game(1, extra='{ a comment\n\nwith a blank line }\n[Event "kept"]\n') + "\n" + game(2)
    decks, _, notes = read(text)
    assert [d.board for d in decks] == ["1", "2"]
    assert ("Event", "kept") in decks[0].tags
    assert notes == []
    # the error path: a plain blank line does split, and the Event is a game without a deal
    decks, _, notes = read(game(1) + '\n[Event "alone"]\n')
    assert len(decks) == 1 and notes == ["game at line 6 has no deal: read past"]


def test_brace_comment_closes_at_first_right_brace():
    text = game(1, extra='{ {} [Event "hidden"] }\n')
    decks, _, _ = read(text)
    # "{ {}" is a whole comment: the Event after it is a tag
    assert ("Event", "hidden") in decks[0].tags


def test_unclosed_brace_comment_is_noted_and_reading_goes_on():
    decks, _, notes = read("{ never closed\n" + game(1) + "\n" + game(2))
    assert [d.board for d in decks] == ["1", "2"]
    assert notes == ["line 1: a '{' comment is never closed: read to the end of its line"]


def test_semicolon_comment_hides_tags():
    decks, _, _ = read(game(1, extra='; [Event "hidden"]\n[Site "seen"] ; rest\n'))
    assert decks[0].tags == (("Site", "seen"),)


def test_percent_lines_are_ignored():
    text = '% PBN 2.1\n% EXPORT\n%Creator: x [Deal "' + OTHER + '"]\n' + game(1)
    decks, problems, notes = read(text)
    assert [(d.deal, d.line) for d in decks] == [(CANON, 7)]
    assert problems == [] and notes == []


def test_several_tags_on_one_line_and_a_tag_spanning_lines():
    text = f'[Board "3"] [Dealer "E"]\n[\n  Deal\n  "{N_DEAL}"\n]  [Vulnerable "NS"]\n'
    decks, _, _ = read(text)
    assert [(d.board, d.dealer, d.vul, d.line) for d in decks] == [("3", "E", "NS", 2)]


def test_escaped_quote_and_backslash_in_value():
    decks, _, _ = read(game(1, extra='[Event "say \\"hi\\" \\\\ bye"]\n'))
    assert decks[0].tags == (("Event", 'say "hi" \\ bye'),)


def test_escapes_in_players_names():
    players = '[North "back\\\\slash"]\n[East "E"]\n[West "Jan \\"JJ\\" K"]\n'
    decks, _, _ = read(game(1, extra=players))
    assert decks[0].players == (("N", "back\\slash"), ("E", "E"), ("W", 'Jan "JJ" K'))


@pytest.mark.parametrize(
    ("written", "value"),
    [
        (r"a\\", "a\\"),
        (r"\\\"", '\\"'),
        (r"\"\\", '"\\'),
        (r"\\\\", "\\\\"),
        (r"\S", r"\S"),
    ],
)
def test_escapes_pair_from_the_left(written, value):
    for extra in ("", "{a comment}"):
        decks, _, _ = read(game(1, extra=f'[Event "{written}"]{extra}\n[Site "{written}"]\n'))
        assert decks[0].tags == (("Event", value), ("Site", value))


def test_bracket_inside_value():
    decks, _, _ = read('[Event "Random]"]\n' + game(59))
    assert [d.board for d in decks] == ["59"]
    assert decks[0].tags == (("Event", "Random]"),)
    # without its closing quote the tag ends nowhere: read past, the deck still counts
    decks, _, notes = read('[Event "Random]\n' + game(59))
    assert decks[0].tags == () and notes == [
        "line 1: '[Event \"Random]' is not a well-formed tag: read past",
    ]


def test_malformed_tag_is_skipped_and_noted():
    decks, _, notes = read("[Event]\n[Site No_quotes]\n" + game(1))
    assert [d.board for d in decks] == ["1"]
    assert notes == [
        "line 1: '[Event]' is not a well-formed tag: read past",
        "line 2: '[Site No_quotes]' is not a well-formed tag: read past",
    ]
    assert decks[0].tags == ()


def test_unterminated_quote_does_not_swallow_the_file():
    decks, _, notes = read('[Event "no end\n\n' + game(1))
    assert [d.board for d in decks] == ["1"]
    assert notes and "not a well-formed tag" in notes[0]


def test_hash_copies_previous_value_and_is_noted():
    text = game(1, extra='[Event "Club"]\n') + '\n[Board "2"]\n[Event "#"]\n[Dealer "#"]\n[Deal "#"]\n'
    decks, problems, notes = read(text)
    assert problems == []
    assert [(d.board, d.deal, d.dealer) for d in decks] == [("1", CANON, "N"), ("2", CANON, "N")]
    assert ("Event", "Club") in decks[1].tags
    assert '"#" used for Deal: copied from the previous game' in decks[1].notes
    assert '"#" used for Dealer: copied from the previous game' in decks[1].notes
    assert any(n.startswith('board 2: "#" used for Deal') for n in notes)
    assert decks[0].notes == ()


@pytest.mark.parametrize("value", ["#", "", "?", " "])
def test_deal_not_given_is_a_game_without_deal(value):
    """'?' is unknown, '' not applicable, '#' with no game before it is ''."""
    decks, problems, notes = read(f'[Board "1"]\n[Deal "{value}"]\n\n' + game(2))
    assert [(d.index, d.board) for d in decks] == [(0, "2")]
    assert problems == [] and notes[-1] == "game at line 1 (board 1) has no deal: read past"


def test_a_hash_inside_a_value_copies_nothing():
    text = '% tool #3\n[Event "Cup #1"]\n' + game(1) + '\n[Event "#"]\n[Board "2"]\n[Deal "#"]\n'
    decks, problems, _ = read(text)
    assert problems == []
    assert [(d.board, d.deal, d.tags) for d in decks] == [
        ("1", CANON, (("Event", "Cup #1"),)),
        ("2", CANON, (("Event", "Cup #1"),)),
    ]


@pytest.mark.parametrize(
    "label, board, name",
    [
        ("1000", "1000", "Board 1000"),
        ("12345", "12345", "Board 12345"),
        ("0012", "0012", "Board 12"),
        ("007", "007", "Board 7"),
        (" 12", "12", "Board 12"),
        ("B7", "B7", "Board B7"),
        ("١٢", "١٢", "Board 12"),
    ],
)
def test_board_labels_and_their_names(label, board, name):
    decks, _, _ = read(game(label))
    assert (decks[0].board, decks[0].board_name) == (board, name)


def test_double_hash_sets_default():
    text = '[Event "##Spring Pairs"]\n[Site "##Paris"]\n\n' + game(1) + "\n" + game(2, extra='[Site "Lyon"]\n')
    decks, problems, notes = read(text)
    assert problems == [] and notes == []  # a header of '##' values is not a lost board
    assert ("Event", "Spring Pairs") in decks[0].tags and ("Site", "Paris") in decks[0].tags
    assert ("Event", "Spring Pairs") in decks[1].tags and ("Site", "Lyon") in decks[1].tags


def test_double_hash_for_dealer_is_honoured_and_noted():
    text = '[Dealer "##W"]\n' + f'[Deal "{N_DEAL}"]\n\n[Deal "{OTHER}"]\n'
    decks, _, notes = read(text)
    assert [d.dealer for d in decks] == ["W", "W"]
    assert '"##" used for Dealer: a value for this and later games' in decks[0].notes
    assert 'Dealer taken from an earlier "##" default' in decks[1].notes
    assert len(notes) == 2


def test_repeated_tag_first_counts():
    text = f'[Board "1"]\n[Board "9"]\n[Deal "{N_DEAL}"]\n[Deal "N:- - - -"]\n[Deal "{OTHER}"]\n'
    decks, problems, _ = read(text)
    assert [(d.index, d.board, d.deal, d.line) for d in decks] == [(0, "1", CANON, 3)]
    assert problems == []
    # 35 end positions in one game: one deal occurrence, and an invalid one
    text = "".join('[Deal "W:T95...Q 8.T..T5 .J..987 ...AJ62"]\n' for _ in range(35))
    decks, problems, _ = read(text)
    assert decks == [] and [(p.index, p.line) for p in problems] == [(0, 1)]


def test_dash_hand_is_inferred():
    decks, problems, _ = read(game(1, "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765"))
    assert problems == []
    assert decks[0].deal == CANON
    assert decks[0].notes == ("East's hand is not given: it holds the 13 remaining cards",)
    # the three hands given must not share a card
    _, problems, _ = read(game(2, "N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.762"))
    assert [p.message for p in problems] == ["board 2: the two of clubs is in both North and West"]


def test_two_dash_hands_is_a_problem():
    decks, problems, _ = read(game(3, "W:- AKQJ.T98.765.432 - 765.432.AKQJ.T98"))
    assert decks == []
    assert [(p.message, p.line, p.index, p.board, p.kind) for p in problems] == [
        ("board 3: East and West are not given: a deck needs at least three hands", 4, 0, "3", "invalid_deal"),
    ]


def test_redundant_suit_letters():
    deal = "N:SAKQJ.HT98.D765.C432 ST98.H765.D432.CAKQJ S765.H432.DAKQJ.CT98 S432.HAKQJ.DT98.C765"
    decks, problems, _ = read(game(1, deal))
    assert problems == [] and decks[0].deal == CANON
    # a suit letter out of its place is not a rank
    _, problems, _ = read(game(2, deal.replace("SAKQJ.HT98", "HAKQJ.ST98")))
    assert [p.message for p in problems] == [
        "board 2: North's hand 'HAKQJ.ST98.D765.C432': 'H' is not a card rank",
    ]


def test_lower_case_and_unsorted_ranks():
    deal = "n:jqka.89t.567.234 t98.765.432.akqj 765.432.AKQJ.T98 432.AKQJ.T98.765"
    decks, problems, _ = read(game(1, deal))
    assert problems == [] and decks[0].deal == CANON and decks[0].deal_first == "N"
    assert "ranks not in descending order within a suit" in decks[0].notes
    assert "cards written in lower case" in decks[0].notes
    _, problems, _ = read(game(2, deal.replace("jqka", "jqkaa")))
    assert [p.message for p in problems] == [
        "board 2: North's hand 'jqkaa.89t.567.234': the ace is written twice in one suit",
    ]


def test_ten_written_as_10():
    deal = "N:AKQJ.1098.765.432 1098.765.432.AKQJ 765.432.AKQJ.1098 432.AKQJ.1098.765"
    decks, problems, _ = read(game(1, deal))
    assert problems == [] and decks[0].deal == CANON


def test_missing_first_seat_means_south():
    south_first = "765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432 T98.765.432.AKQJ"
    decks, _, _ = read(f'[Deal "{south_first}"]\n')
    assert decks[0].deal == CANON and decks[0].deal_first is None
    assert decks[0].effective_dealer == "S"
    assert decks[0].notes == ("the deal gives no first seat: hands read from South, as Trickster does",)


def test_extra_spaces_between_hands_are_read_and_noted():
    deal = N_DEAL.replace(" ", "  ", 1)
    decks, problems, _ = read(game(1, deal))
    assert problems == [] and decks[0].deal == CANON
    assert decks[0].notes == ("extra spaces between the hands of the deal",)


def test_question_mark_values_are_not_stated():
    text = f'[Board "?"]\n[Dealer "?"]\n[Vulnerable "?"]\n[Deal "{N_DEAL}"]\n[Declarer "?"]\n[Result "?"]\n'
    decks, _, _ = read(text)
    d = decks[0]
    assert (d.board, d.dealer, d.vul, d.declarer, d.result) == (None, None, None, "", "")
    assert d.board_name == ""
    assert d.effective_dealer == "N"  # from the [Deal] first seat


def test_empty_values_are_not_stated():
    decks, _, _ = read(f'[Board ""]\n[Dealer ""]\n[Vulnerable ""]\n[Deal "{W_DEAL}"]\n')
    assert (decks[0].board, decks[0].dealer, decks[0].vul, decks[0].notes) == (None, None, None, ())


@pytest.mark.parametrize(
    ("written", "vul"),
    [
        ("None", "None"),
        ("Love", "None"),
        ("-", "None"),
        ("NS", "NS"),
        ("ew", "EW"),
        ("All", "All"),
        ("Both", "All"),
        ("both", "All"),
        (" NS ", "NS"),
    ],
)
def test_vulnerable_spellings(written, vul):
    decks, _, _ = read(f'[Vulnerable "{written}"]\n[Deal "{N_DEAL}"]\n')
    assert decks[0].vul == vul and decks[0].notes == ()


def test_dealer_and_vulnerable_not_understood_are_noted():
    decks, problems, _ = read(f'[Dealer "Black"]\n[Vulnerable "E"]\n[Deal "{N_DEAL}"]\n')
    assert problems == []
    assert (decks[0].dealer, decks[0].vul) == (None, None)
    assert decks[0].notes == (
        "Dealer 'Black' is not understood: read as not stated",
        "Vulnerable 'E' is not understood: read as not stated",
    )


def test_game_without_deal_gives_note_not_problem():
    text = game(12) + "\n" + '[Board "13"]\n[Result "9"]\n\n[Scoring "IMP"]\n'
    decks, problems, notes = read(text)
    assert [d.board for d in decks] == ["12"]
    assert problems == []
    assert notes == [
        "game at line 6 (board 13) has no deal: read past",
        "game at line 9 has no deal: read past",
    ]


def test_many_games_without_deal_are_counted_not_listed():
    text = "\n".join(f'[Board "{n}"]\n[Result "9"]\n' for n in range(1, 31))
    _, problems, notes = read(text)
    assert problems == [] and len(notes) == 21
    assert notes[-1] == "... and 10 more games without a deal read past"


def test_junk_after_games_is_noted():
    text = game(1) + "\nDealer statistics\n  HCP North 10.2\n\nmore text\n"
    decks, problems, notes = read(text)
    assert len(decks) == 1 and problems == []
    assert notes == [
        "line 6: text that is not PBN read past",
        "line 9: text that is not PBN read past",
    ]


def test_table_rows_are_not_tags_and_an_optimum_result_table_keeps_them():
    extra = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT  6\nS  H 11\n[Event "after"]\n'
    decks, _, notes = read(game(1, extra=extra))
    assert decks[0].tags == (
        ("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R\nN NT 6\nS H 11"),
        ("Event", "after"),
    )
    assert notes == []


def test_other_tables_keep_only_their_column_names():
    extra = '[ScoreTable "Rank\\2R;Names_NS"]\n1 "A and B"\n2 "C and D"\n[Event "after"]\n'
    decks, _, notes = read(game(1, extra=extra))
    assert decks[0].tags == (("ScoreTable", "Rank\\2R;Names_NS"), ("Event", "after"))
    assert notes == []


@pytest.mark.parametrize(
    "rows, kept",
    [
        ("N NT 6 N S 7\nN  H\n5", "N NT 6\nN S 7\nN H 5"),  # import format: any number of elements a line
        ("N NT 6 N", "N NT 6\nN"),  # a short last row, kept as it is
        ("", ""),
        ("{a comment} N NT 6\n; another\nS S 7", "N NT 6\nS S 7"),  # read by the careful scan
    ],
)
def test_optimum_result_table_rows_are_cut_by_its_columns(rows, kept):
    header = "Declarer;Denomination\\2R;Result\\2R"
    decks, _, _ = read(game(1, extra=f'[OptimumResultTable "{header}"]\n{rows}\n'))
    assert dict(decks[0].tags)["OptimumResultTable"] == "\n".join(filter(None, [header, kept]))


AUCTION_GAME = f"""[Board "5"]
[West "Podgor"]
[North "Westra"]
[East "Kalish"]
[South "Leufkens"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "{N_DEAL}"]
[Declarer "S"]
[Contract "4H"]
[Result "10"]
[Auction "N"]
1D 1S 2NT?=1= Pass
3H! $1 Pass 4H =2= AP
[Note "1:20-21 balanced"]
[Note "2:to play"]
[Event "Club"]
"""


def test_auction_with_notes_and_alerts():
    decks, problems, notes = read(AUCTION_GAME)
    assert problems == [] and notes == []
    d = decks[0]
    assert d.auction_first == "N"
    assert d.auction == (
        Call("1D"),
        Call("1S"),
        Call("2NT", True, "20-21 balanced"),
        Call("P"),
        Call("3H"),
        Call("P"),
        Call("4H", True, "to play"),
        Call("P"),
        Call("P"),
        Call("P"),
    )
    assert (d.contract, d.declarer, d.result) == ("4H", "S", "10")
    assert d.players == (("N", "Westra"), ("E", "Kalish"), ("S", "Leufkens"), ("W", "Podgor"))
    assert d.tags == (("Event", "Club"),)  # the notes used by alerts are not repeated there


def test_auction_note_reference_without_note_is_an_alert_without_text():
    decks, _, _ = read(game(1, extra='[Auction "N"]\n1NT =3= Pass Pass Pass\n'))
    assert decks[0].auction[0] == Call("1NT", True, "")


def test_auction_leading_dashes_set_first_caller():
    decks, _, _ = read(game(1, extra='[Auction "W"]\n- - 1C Pass\nPass Pass\n'))
    assert decks[0].auction_first == "E"
    assert [c.call for c in decks[0].auction] == ["1C", "P", "P", "P"]


def test_auction_all_pass_shorthand():
    decks, _, _ = read(game(1, extra='[Auction "N"]\nAP\n'))
    assert [c.call for c in decks[0].auction] == ["P"] * 4
    decks, _, _ = read(game(1, extra='[Auction "N"]\nPass 1c x xx\nAP\n'))
    assert [c.call for c in decks[0].auction] == ["P", "1C", "X", "XX", "P", "P", "P"]


def test_auction_word_that_is_not_a_call_keeps_its_place_with_a_note():
    decks, _, _ = read(game(1, extra='[Auction "N"]\n1C 5Hearts Pass\n'))
    assert [c.call for c in decks[0].auction] == ["1C", "?", "P"]
    assert decks[0].notes == ("auction: '5Hearts' is not a call: kept as '?'",)


PLAY_GAME = (
    '[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    '[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"]\n'
    '[Declarer "S"]\n[Contract "5HX"]\n[Result "9"]\n'
    '[Play "W"]\nSK H3 S4 S3\nC5 C2 C6 CK\nS2 H6 S5 S7\nC8 CA CT C4\n-  -  -  H2\n*\n'
)


def test_play_section():
    decks, problems, _ = read(PLAY_GAME)
    assert problems == []
    # columns are W N E S; North ruffs trick 1 and leads trick 2, South wins it, ...
    assert decks[0].play == (
        ("SK", "H3", "S4", "S3"),
        ("C2", "C6", "CK", "C5"),
        ("S7", "S2", "H6", "S5"),
        ("CA", "CT", "C4", "C8"),
        ("H2",),
    )
    assert decks[0].notes == ()


def test_play_with_annotations_and_comments():
    text = PLAY_GAME.replace("SK H3", "SK {lead} ! $7 =1= H3").replace("C8 CA", "C8 ; x\nCA")
    decks, _, _ = read(text)
    assert decks[0].play == read(PLAY_GAME)[0][0].play


@pytest.mark.parametrize("rows", ["", "*\n", "  \n"])
def test_empty_play_section(rows):
    decks, problems, _ = read(game(1, extra=f'[Contract "3NT"]\n[Play "W"]\n{rows}'))
    assert problems == [] and decks[0].play == ()


def test_play_without_contract_keeps_column_order():
    decks, _, _ = read(PLAY_GAME.replace('[Contract "5HX"]\n', ""))
    assert decks[0].play[1] == ("C5", "C2", "C6", "CK")
    assert decks[0].notes == ("play kept in column order (seats clockwise from W)",)


@pytest.mark.parametrize("first,contract", [("N", ""), ("X", "4S"), ("", "3NT")])
def test_play_without_a_seat_or_a_trump_keeps_the_columns(first, contract):
    rows = "SA ST S7 S4\nHT H7 H4 HA\nD7 D4 DA DT\nC4 CA CT C7"
    tricks, notes = read_play(rows, first, contract)
    assert tricks == tuple(tuple(row.split()) for row in rows.split("\n"))
    assert notes == [f"play kept in column order (seats clockwise from {first[:1] or '?'})"]


def test_lines_of_decks_after_games_with_sections():
    sections = '[Auction "N"]\n1S Pass 4S Pass\nPass\nPass\n[Play "E"]\nH2 HA H3 H4'  # 6 lines
    text = "\n\n".join(game(n, extra=sections) for n in range(1, 5))
    assert [d.line for d in read(text)[0]] == [4 + 11 * i for i in range(4)]


def test_duplicate_card_message():
    deal = "N:AKQJ.T98.765.432 A98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    decks, problems, _ = read(game(7, deal))
    assert decks == []
    assert [p.message for p in problems] == ["board 7: the ace of spades is in both North and East"]


def test_short_hand_message():
    deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T9 432.AKQJ.T98.765"
    _, problems, _ = read(game(3, deal))
    assert [p.message for p in problems] == ["board 3: South has 12 cards"]


def test_end_position_is_a_problem():
    _, problems, _ = read(game(2, "W:T95...Q 8.T..T5 .J..987 ...AJ62"))
    assert [p.message for p in problems] == [
        "board 2: every hand has 4 cards: an end position, not a full deal",
    ]


def test_bad_rank_message_names_the_hand():
    deal = "W:vKQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"
    _, problems, _ = read(game(4, deal))
    assert [p.message for p in problems] == [
        "board 4: West's hand 'vKQT2.AT.J6542.85': 'v' is not a card rank",
    ]


@pytest.mark.parametrize(
    ("deal", "reason"),
    [
        # a dot typed as a space: five "hands", though the 52 cards are all there
        (
            "N:T865..AJ432.QJ75 43.AT74.QT7 A642 AKJ7.9852.K965.3 Q92.KQJ63.8.KT98",
            "the deal has 5 hands; it needs four ('-' for a hand not given)",
        ),
        # and a space typed as a dot, with one dot too few elsewhere
        (
            "N:AKQJ.T98.765.432.T98 765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
            "North's hand 'AKQJ.T98.765.432.T98' has 5 suits: it needs four, separated by dots",
        ),
    ],
)
def test_misplaced_separators_are_a_problem(deal, reason):
    decks, problems, _ = read(game(8, deal))
    assert decks == [] and [p.message for p in problems] == [f"board 8: {reason}"]


def test_problem_without_board_names_deal_and_line():
    text = f'[Deal "{N_DEAL}"]\n\n% comment\n[Deal "N:- - - -"]\n'
    decks, problems, _ = read(text)
    assert len(decks) == 1
    assert [(p.message, p.line, p.index, p.board) for p in problems] == [
        ("deal 2 (line 4): no hand is given", 4, 1, None),
    ]


def test_bad_board_does_not_stop_the_next():
    text = game(1, "N:- - - -") + "\n" + game(2) + "\n" + game(3, "N:AKQ") + "\n" + game(4, W_DEAL)
    decks, problems, _ = read(text)
    assert [(d.index, d.board) for d in decks] == [(1, "2"), (3, "4")]
    assert [(p.index, p.board) for p in problems] == [(0, "1"), (2, "3")]


def test_tags_field_is_bounded():
    extra = "".join(f'[T{n} "{n}"]\n' for n in range(150)) + f'[Huge "{"x" * 5000}"]\n'
    decks, _, _ = read(game(1, extra=extra))
    assert len(decks[0].tags) == 100 and all(len(v) < 1000 for _, v in decks[0].tags)


def test_a_comment_before_the_tags_changes_only_the_commentary():
    text = "\n".join([PLAY_GAME, AUCTION_GAME, game(9, W_DEAL, '[Event "x"]\n')])
    commented = "\n\n".join(g.replace("[Board", "{c} [Board", 1) for g in text.split("\n\n"))
    commented_decks = read(commented)[0]
    assert all(d.commentary == (Comment("c"),) for d in commented_decks)  # the comment is kept, the rest the same
    assert read(text)[0] == [dataclasses.replace(d, commentary=()) for d in commented_decks]
    assert read(text)[0] != read(text.replace("[Board", "{", 1))[0]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n\n",
        "\x00" * 100,
        "[",
        "]",
        '["',
        '[Deal "',
        '[Deal "N:',
        "{",
        "}",
        ";",
        "%",
        '[Deal "N:' + "A" * 100000 + '"]',
        "x" * 10_000_000,
        "[" * 10000,
        "{" * 10000,
        '"' * 10000,
        '[Auction "N"]\n' + "=1= " * 1000,
        '[Play "W"]\n' + "^L " * 1000,
        "\ufeff" + N_DEAL,
        '\r\r\r[Deal "x"]\r',
        '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 -"]',
    ],
)
def test_never_raises_on_odd_input(text):
    read(text)


def test_never_raises_on_random_text():
    rng = random.Random(2024)
    alphabet = '[]{};%"\\#-.: \t\n\r\x00SHDCAKQJT98765432NEWPXx=!?$*+^abc' + N_DEAL
    for _ in range(300):
        read("".join(rng.choice(alphabet) for _ in range(rng.randrange(400))))
    for _ in range(100):
        read(bytes(rng.randrange(256) for _ in range(300)).decode("latin-1"))
    # random cuts and splices of a well-formed file
    base = "\n".join([PLAY_GAME, AUCTION_GAME, game(9, W_DEAL, "{c}\n")])
    for _ in range(200):
        a, b = sorted(rng.randrange(len(base)) for _ in range(2))
        read(base[:a] + base[b:])
    # dots and spaces of a deal swapped: all 52 cards still there, but not four hands
    for _ in range(200):
        chars = list(N_DEAL)
        for _ in range(2):
            at = rng.choice([i for i, ch in enumerate(chars) if ch in ". "])
            chars[at] = "." if chars[at] == " " else " "
        read(game(1, "".join(chars)))


def test_overlapping_reads_in_threads_leave_the_garbage_collector_on():
    import gc
    import threading

    from games.formats import read_decks

    text = b'[Board "1"]\n[Deal "N:A95.4.AKQ432.T62 KQJT74.93.987.98 63.AQJ87.5.AKQ74 82.KT652.JT6.J53"]\n\n' * 2000
    assert gc.isenabled()
    threads = [threading.Thread(target=read_decks, args=(text, "x.pbn")) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert gc.isenabled()
