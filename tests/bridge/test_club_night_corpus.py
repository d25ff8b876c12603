"""Club-night scoring against real records in the shared corpus: a BBO vugraph team match
(the same boards in the open and closed rooms, with the IMPs its commentators announced),
a PBN file of two team-match boards (both rooms, the second without its deal), the N-S
scores files state in [Score], and the tables of the PBN reference tests."""

from __future__ import annotations

import re
from fractions import Fraction

from games.bridge.club_night import Traveller, cross_imps, traveller
from games.bridge.dd import stated_score
from games.formats import Deck, read_decks
from games.formats.pbn.score_table import read_tables
from tests.corpus import CORPUS, contents, decks_of, pbn_decks_with, require

VUGRAPH = CORPUS / "lin" / "vugraph_usbf_sf.lin"
TABLES = CORPUS / "pbn" / "pbnref_errors_20.pbn"
ROOMS = CORPUS / "pbn" / "bridgebots_shared_deals.pbn"

# 2010 USBF semifinal, segment 4, boards 46-60: Nickell (Rodwell-Meckstroth N-S in the open
# room, Hamman-Zia E-W in the closed) against Fleisher. The IMPs the commentators gave, by
# board (positive: to Nickell), from the file's nt| lines:
ANNOUNCED = {
    48: -7,  # "this will be 7 imps to fleisher:  400 vs 130"
    52: -12,  # "12 more imps for fleisher"
    53: 15,  # "Brd 53: -800=15 IMPs to Nickell" (an earlier "14 imps back" came before the last trick)
    54: 1,  # "perverse 1-imp swing to the pair that played the inferior strain": 3C+1 v 3D=
    55: -12,  # "club ruff beats it 2, but down 1 or 2 is the same 12 imps"
    57: 2,  # "earned 2 imps"
}


def match_travellers() -> dict[int, tuple[Deck, Deck]]:
    """Each board's (open room, closed room) decks of the vugraph file."""
    rooms: dict[int, dict[str, Deck]] = {}
    for deck in decks_of(VUGRAPH):
        room = dict(deck.tags)["qx"][0]  # o46 / c46
        rooms.setdefault(deck.board_number, {})[room] = deck
    return {board: (decks["o"], decks["c"]) for board, decks in rooms.items()}


def board_traveller(number: int, decks: tuple[Deck, Deck]) -> Traveller:
    """The board's traveller: the open room's table first; pairs named by room and direction."""
    rows = [
        (room, other, deck.contract, deck.declarer, int(deck.result), deck.play[0][0] if deck.play else "")
        for (room, other), deck in zip([("Open N-S", "Open E-W"), ("Closed N-S", "Closed E-W")], decks)
    ]
    return traveller(number, rows, vul=decks[0].effective_vul)


def test_the_cross_imps_of_two_rooms_are_the_imps_the_commentators_announced():
    boards = match_travellers()
    assert sorted(boards) == list(range(46, 61))
    nickell = {number: cross_imps(board_traveller(number, decks))[0] for number, decks in boards.items()}
    assert {number: nickell[number] for number in ANNOUNCED} == ANNOUNCED
    closed = {number: cross_imps(board_traveller(number, decks))[1] for number, decks in boards.items()}
    assert all(closed[number] == -nickell[number] for number in boards)
    # The whole segment, added up by hand from the rooms' scores: to Nickell 1 (49), 15 (53),
    # 1 (54), 2 (57), 6 (58), 5 (59); to Fleisher 7 (48), 12 (52), 12 (55), 5 (56), 5 (60).
    assert sum(imp for imp in nickell.values() if imp > 0) == 30
    assert -sum(imp for imp in nickell.values() if imp < 0) == 41


def test_the_travellers_agree_with_the_results_the_vugraph_file_records():
    # rs| lists every table's result, open room then closed, board by board: "4HE=", "4SWx-4".
    text = contents(VUGRAPH).decode()
    recorded = re.search(r"rs\|([^|]*)\|", text)[1].split(",")
    found = []
    for number, decks in sorted(match_travellers().items()):
        for result in board_traveller(number, decks).results:
            level, strain = result.contract[0], result.contract[1:].rstrip("X")
            over = result.tricks - 6 - int(level)
            risk = "x" * result.contract.count("X")
            found.append(f"{level}{strain[0]}{result.declarer}{risk}{'=' if over == 0 else f'{over:+d}'}")
    assert found == recorded


def test_a_tables_score_is_the_score_the_file_states():
    require()
    decks = [(name, deck) for name, deck in pbn_decks_with("Score") if deck.contract and deck.result]
    assert len(decks) >= 16
    for name, deck in decks:
        board = traveller(1, [(1, 2, deck.contract, deck.declarer, int(deck.result))], vul=deck.effective_vul)
        assert board.results[0].score == stated_score(dict(deck.tags)["Score"]), name


def test_the_pbn_reference_tables_are_read_and_a_hash_copies_the_columns():
    tables = read_tables(contents(TABLES).decode("latin-1"))
    assert [table.name for table in tables] == ["ScoreTable", "TotalScoreTable"] * 2
    score, total = tables[:2]
    assert [str(column) for column in score.columns] == [
        "-Rank\\3R",
        "+Percentage_NS\\4R",
        "-Percentage_EW\\4R",
        "+Score_NS\\5R",
        "Multiplicity\\2L",
    ]
    assert score.rows == (
        ("1", "99.4", "0.6", "500", "2"),
        ("3", "98.4", "1.6", "470", "1"),
        ("4", "96.5", "3.5", "450", "5"),
    )
    assert [
        Fraction(ns) + Fraction(ew) for ns, ew in zip(score.values("Percentage_NS"), score.values("Percentage_EW"))
    ] == [100] * 3
    # A player's names are one string token, ';' and spaces and all; the comment after the tag is left out.
    assert total.values("Names")[0] == "Sergey OSTRIKOV      ;Oleg ODINTSEV        "
    assert total.values("MP") == ("1449.8", "2393.1", "1404.0")
    assert tables[2:] == (score, total)  # [ScoreTable "#"]: the columns of the table before


def test_the_two_rooms_of_a_pbn_team_match_make_a_traveller():
    """2014 Spingold: board 62 of the final (Monaco v Schwartz) and board 7 of a semifinal
    (Lavazza v Monaco). Each board's second record, the other room, has no deal of its own
    (the corpus counts it a game without a deal); PBN's "#" (4.8) gives it the first one's.
    The file records contracts and tricks but no score, so the figures below are worked by
    hand from the scoring table: board 62, 6♣ by N one down (-50) against 6♠X by E three
    down (+500), 550 points, 11 IMPs; board 7 (all vulnerable), 6NT by W made (-1440)
    against 6♣ by W made (-1370), 70 points, 2 IMPs."""
    games = re.split(r"\n\s*\n", contents(ROOMS).decode())
    inherit = '[Board "#"]\n[Dealer "#"]\n[Vulnerable "#"]\n[Deal "#"]\n'
    text = "\n\n".join(inherit + game if "[Contract " in game and "[Deal " not in game else game for game in games)
    result = read_decks(text.encode(), ROOMS.name)
    assert result.ok and len(result.decks) == 4
    boards = {}
    for first, second in zip(result.decks[::2], result.decks[1::2]):
        assert (first.board, first.deal) == (second.board, second.deal)
        rows = [
            (room, room, deck.contract, deck.declarer, int(deck.result))
            for room, deck in (("Room 1", first), ("Room 2", second))
        ]
        boards[first.board_number] = traveller(first.board_number, rows, vul=first.effective_vul)
    assert {number: [r.score for r in board.results] for number, board in boards.items()} == {
        62: [-50, 500],
        7: [-1440, -1370],
    }
    assert {number: cross_imps(board) for number, board in boards.items()} == {62: (-11, 11), 7: (-2, 2)}
