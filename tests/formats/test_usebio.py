"""The USEBIO 1.2 writer: a small session written, parsed back and held to the elements
every file must have (``REQUIRED``), adjusted scores with their reasons."""

from __future__ import annotations

import datetime
from fractions import Fraction
from xml.etree import ElementTree as ET

import pytest

from games.formats.usebio import CROSS_IMPS, MATCH_POINTS, Board, Event, Line, Pair, missing_elements, write_usebio

PAIRS = (
    Pair("1", "NS", ("alice", "dave"), 1, "1", Fraction(4), Fraction(100)),
    Pair("2", "NS", ("bob", "carol"), 1, "2", Fraction(0), Fraction(0)),
    Pair("1", "EW", ("erin", "frank"), 1, "1", Fraction(4), Fraction(100)),
    Pair("2", "EW", (), 1, "2", Fraction(0), Fraction(0)),
)
BOARD = Board(
    1,
    (
        Line("1", "1", "4H", "S", "SA", 10, 420, Fraction(2), Fraction(0)),
        Line("2", "2", "Pass", "", "", 0, 0, Fraction(0), Fraction(2)),
    ),
)


def session(*boards: Board, scoring: str = MATCH_POINTS) -> ET.Element:
    event = Event("Tuesday <club> & co", datetime.date(2026, 3, 17), scoring, PAIRS, boards)
    data = write_usebio(event)
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE USEBIO')
    return ET.fromstring(data)


def test_a_session_parses_and_has_every_required_element():
    root = session(BOARD)
    assert missing_elements(root) == []
    assert root.get("Version") == "1.2"
    event = root.find("EVENT")
    assert event.get("EVENT_TYPE") == "PAIRS"
    assert event.findtext("EVENT_DESCRIPTION") == "Tuesday <club> & co"  # escaped, read back whole
    assert (event.findtext("DATE"), event.findtext("WINNER_TYPE")) == ("17/03/2026", "2")
    assert event.findtext("BOARD_SCORING_METHOD") == "MATCH_POINTS"
    first = event.find("PARTICIPANTS/PAIR")
    assert [p.findtext("PLAYER_NAME") for p in first.findall("PLAYER")] == ["alice", "dave"]
    assert (first.findtext("DIRECTION"), first.findtext("PLACE"), first.findtext("PERCENTAGE")) == ("NS", "1", "100")
    lines = event.findall("BOARD/TRAVELLER_LINE")
    assert [
        (x.findtext("CONTRACT"), x.findtext("PLAYED_BY"), x.findtext("LEAD"), x.findtext("SCORE")) for x in lines
    ] == [
        ("4H", "S", "SA", "420"),
        ("PASS", None, None, "0"),
    ]
    assert [x.findtext("NS_MATCH_POINTS") for x in lines] == ["2", "0"]


def test_a_pair_without_names_still_has_a_player_element():
    root = session(BOARD)
    assert missing_elements(root) == []
    assert [p.findtext("PLAYER_NAME") for p in root.findall("EVENT/PARTICIPANTS/PAIR")[3].findall("PLAYER")] == [""]


def test_cross_imps_are_written_as_cross_imp_points_without_a_percentage():
    board = Board(1, (Line("1", "1", "3NT", "N", "", 9, 400, Fraction("4.33"), Fraction("-4.33")),))
    root = session(board, scoring=CROSS_IMPS)
    line = root.find("EVENT/BOARD/TRAVELLER_LINE")
    assert (line.findtext("NS_CROSS_IMP_POINTS"), line.findtext("EW_CROSS_IMP_POINTS")) == ("4.33", "-4.33")
    assert line.find("NS_MATCH_POINTS") is None
    assert root.find("EVENT/PARTICIPANTS/PAIR/PERCENTAGE") is None


def test_an_artificial_score_is_written_as_usebio_programs_write_it_with_its_reason_beside():
    artificial = Line("2", "2", "", "", "", 0, 0, Fraction("1.2"), Fraction("0.8"), (60, 40), "slow play -- twice")
    assigned = Line("1", "1", "4H", "S", "", 10, 420, Fraction(1), Fraction(1), None, "misinformation")
    data = write_usebio(
        Event("Night", datetime.date(2026, 1, 1), MATCH_POINTS, PAIRS, (Board(1, (assigned, artificial)),))
    )
    text = data.decode()
    assert "<!-- adjusted: slow play - - twice -->" in text and "<!-- adjusted: misinformation -->" in text
    lines = ET.fromstring(data).findall("EVENT/BOARD/TRAVELLER_LINE")
    assert lines[1].findtext("SCORE") == "A6040" and lines[1].find("CONTRACT") is None
    assert (lines[0].findtext("CONTRACT"), lines[0].findtext("SCORE")) == ("4H", "420")


def test_a_file_missing_an_element_is_told():
    root = session(BOARD)
    pair = root.find("EVENT/PARTICIPANTS/PAIR")
    pair.remove(pair.find("PLACE"))
    assert missing_elements(root) == ["PAIR/PLACE"]
    assert missing_elements(ET.fromstring("<EVENTS/>")) == ["USEBIO"]


def test_a_scoring_usebio_has_no_method_for_is_refused():
    with pytest.raises(ValueError, match="not a board scoring method"):
        write_usebio(Event("Night", datetime.date(2026, 1, 1), "BAM", PAIRS, ()))
