"""The USEBIO 1.2 writer: a small session written, parsed back and held to the elements
every file must have (``REQUIRED``) and to USEBIO's structure (``SCHEMA``, below), adjusted
scores with their reasons.

The USEBIO 1.2 DTD could not be had (docs/usebio.md), so ``SCHEMA`` is our own statement
of the structure, from the element names and values public USEBIO 1.2 programs write and
read: for each element, the children it may hold in their order (``?`` optional, ``*``
any number, ``{1,2}``), its attributes' values, and the values a leaf may take.
``schema_problems`` says where a file departs from it."""

from __future__ import annotations

import datetime
import re
from fractions import Fraction
from xml.etree import ElementTree as ET

import pytest

from games.formats.usebio import (
    BUTLER_IMPS,
    CROSS_IMPS,
    MATCH_POINTS,
    Board,
    Event,
    Line,
    Pair,
    missing_elements,
    write_usebio,
)

# Each element's children as a sequence; an element not listed is a leaf (text only).
SCHEMA: dict[str, str] = {
    "USEBIO": "CLUB? EVENT",
    "CLUB": "CLUB_NAME CLUB_ID_NUMBER?",
    "EVENT": (
        "PROGRAM_NAME? PROGRAM_VERSION? EVENT_IDENTIFIER? EVENT_DESCRIPTION? DATE WINNER_TYPE? "
        "BOARD_SCORING_METHOD? BOARDS_PLAYED? PARTICIPANTS BOARD*"
    ),
    "PARTICIPANTS": "PAIR*",
    "PAIR": "PAIR_NUMBER DIRECTION? BOARDS_PLAYED? PLAYER{1,2} PLACE? TOTAL_SCORE? PERCENTAGE?",
    "PLAYER": "PLAYER_NAME NATIONAL_ID_NUMBER?",
    "BOARD": "BOARD_NUMBER TRAVELLER_LINE*",
    "TRAVELLER_LINE": (
        "NS_PAIR_NUMBER EW_PAIR_NUMBER CONTRACT? PLAYED_BY? LEAD? TRICKS? SCORE "
        "(NS_MATCH_POINTS EW_MATCH_POINTS|NS_CROSS_IMP_POINTS EW_CROSS_IMP_POINTS|NS_BUTLER_POINTS EW_BUTLER_POINTS)?"
    ),
}
ATTRIBUTES = {"USEBIO": {"Version": "1.2"}, "EVENT": {"EVENT_TYPE": "INDIVIDUAL|PAIRS|SWISS_PAIRS|TEAMS|SWISS_TEAMS"}}
NUMBER = r"-?\d+(\.\d+)?"
VALUES = {
    "DATE": r"\d\d/\d\d/\d{4}",
    "WINNER_TYPE": "1|2",
    "BOARD_SCORING_METHOD": "MATCH_POINTS|BUTLER_IMPS|CROSS_IMPS|AGGREGATE|IMPS|PAB|BAM|HYBRID|OTHER",
    "DIRECTION": "NS|EW",
    "PLAYED_BY": "N|E|S|W",
    "BOARDS_PLAYED": r"\d+",
    "BOARD_NUMBER": r"\d+",
    "PLACE": r"\d+=?",
    "TRICKS": r"\d|1[0-3]",
    "CONTRACT": r"PASS|[1-7](C|D|H|S|NT)(X|XX)?",
    "LEAD": r"[SHDC][2-9TJQKA]",
    "SCORE": r"-?\d+|A\d{4}",
    **dict.fromkeys(("TOTAL_SCORE", "PERCENTAGE"), NUMBER),
    **dict.fromkeys(("NS_MATCH_POINTS", "EW_MATCH_POINTS", "NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"), NUMBER),
    **dict.fromkeys(("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"), NUMBER),
}
# The points a traveller line holds for each board scoring method.
METHOD_POINTS = {MATCH_POINTS: "MATCH_POINTS", CROSS_IMPS: "CROSS_IMP_POINTS", BUTLER_IMPS: "BUTLER_POINTS"}


def _content(model: str) -> re.Pattern[str]:
    """A content model ("A B? C*") as a pattern over the children's names, each followed by a space."""
    tokens = re.findall(r"[A-Z_]+|\{\d+,\d+\}|[?*()|]", model)
    return re.compile("".join(f"(?:{token} )" if token[0].isalpha() else token for token in tokens))


def schema_problems(root: ET.Element) -> list[str]:
    """Where the file departs from ``SCHEMA``, ``ATTRIBUTES`` and ``VALUES``, and from the
    rules between elements: two winners when every pair has a direction, one otherwise;
    the traveller's points the ones of the board scoring method; a percentage only at
    matchpoints. [] for a file that keeps them all."""
    problems = [] if root.tag == "USEBIO" else [f"the root is {root.tag}"]
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue  # a comment
        children = "".join(f"{child.tag} " for child in element if isinstance(child.tag, str))
        model = SCHEMA.get(element.tag)
        if model is None:
            if children:
                problems.append(f"{element.tag} holds {children.strip()}")
            value = VALUES.get(element.tag)
            if value is not None and not re.fullmatch(value, element.text or ""):
                problems.append(f"{element.tag} is {element.text!r}")
        elif not _content(model).fullmatch(children):
            problems.append(f"{element.tag} holds {children.strip()}")
        for name, text in element.attrib.items():
            allowed = ATTRIBUTES.get(element.tag, {}).get(name)
            if allowed is None or not re.fullmatch(allowed, text):
                problems.append(f"{element.tag} {name}={text!r}")
    event = root.find("EVENT")
    if event is None:
        return problems
    pairs = event.findall("PARTICIPANTS/PAIR")
    winners = "2" if pairs and all(pair.find("DIRECTION") is not None for pair in pairs) else "1"
    if event.findtext("WINNER_TYPE", winners) != winners:
        problems.append(f"WINNER_TYPE {event.findtext('WINNER_TYPE')} with {winners} field(s) of pairs")
    points = METHOD_POINTS.get(event.findtext("BOARD_SCORING_METHOD", ""))
    for line in event.iter("TRAVELLER_LINE"):
        held = {child.tag for child in line if child.tag.endswith("_POINTS")}
        if points is not None and held != {f"NS_{points}", f"EW_{points}"}:
            problems.append(f"a traveller line of {event.findtext('BOARD_SCORING_METHOD')} holds {sorted(held)}")
    if (
        event.findtext("BOARD_SCORING_METHOD") != MATCH_POINTS
        and event.find("PARTICIPANTS/PAIR/PERCENTAGE") is not None
    ):
        problems.append("a percentage, not at matchpoints")
    return problems


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
    assert missing_elements(root) == [] and schema_problems(root) == []
    assert root.get("Version") == "1.2"
    assert (root.findtext("CLUB/CLUB_NAME"), root.findtext("CLUB/CLUB_ID_NUMBER")) == ("Deck Upload Bridge", "")
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
    assert missing_elements(root) == [] and schema_problems(root) == []
    assert [p.findtext("PLAYER_NAME") for p in root.findall("EVENT/PARTICIPANTS/PAIR")[3].findall("PLAYER")] == [""]


def test_cross_imps_are_written_as_cross_imp_points_without_a_percentage():
    board = Board(1, (Line("1", "1", "3NT", "N", "", 9, 400, Fraction("4.33"), Fraction("-4.33")),))
    root = session(board, scoring=CROSS_IMPS)
    line = root.find("EVENT/BOARD/TRAVELLER_LINE")
    assert (line.findtext("NS_CROSS_IMP_POINTS"), line.findtext("EW_CROSS_IMP_POINTS")) == ("4.33", "-4.33")
    assert line.find("NS_MATCH_POINTS") is None
    assert root.find("EVENT/PARTICIPANTS/PAIR/PERCENTAGE") is None
    assert schema_problems(root) == []


def test_butler_imps_are_written_as_butler_points():
    board = Board(1, (Line("1", "1", "3NT", "N", "", 9, 400, Fraction(6), Fraction(-6)),))
    root = session(board, scoring=BUTLER_IMPS)
    assert root.findtext("EVENT/BOARD_SCORING_METHOD") == "BUTLER_IMPS"
    line = root.find("EVENT/BOARD/TRAVELLER_LINE")
    assert (line.findtext("NS_BUTLER_POINTS"), line.findtext("EW_BUTLER_POINTS")) == ("6", "-6")
    assert line.find("NS_CROSS_IMP_POINTS") is None
    assert schema_problems(root) == []


def test_one_field_has_one_winner_and_no_direction():
    pairs = (
        Pair("1", "", ("alice", "dave"), 1, "1", Fraction(2), Fraction(100)),
        Pair("2", "", ("bob", "carol"), 1, "2", Fraction(0), Fraction(0)),
    )
    board = Board(1, (Line("1", "2", "4H", "S", "SA", 10, 420, Fraction(2), Fraction(0)),))
    root = ET.fromstring(write_usebio(Event("Howell", datetime.date(2026, 3, 17), MATCH_POINTS, pairs, (board,))))
    assert root.findtext("EVENT/WINNER_TYPE") == "1"
    assert [pair.find("DIRECTION") for pair in root.iter("PAIR")] == [None, None]
    assert missing_elements(root) == [] and schema_problems(root) == []


def test_the_schema_says_where_a_file_departs_from_it():
    root = session(BOARD)
    event = root.find("EVENT")
    event.find("PARTICIPANTS/PAIR/DIRECTION").text = "N-S"
    event.remove(event.find("DATE"))
    line = event.find("BOARD/TRAVELLER_LINE")
    moved = line.find("NS_PAIR_NUMBER")
    line.remove(moved)
    line.append(moved)
    event.find("BOARD_SCORING_METHOD").text = "CROSS_IMPS"
    event.set("EVENT_TYPE", "MP")
    assert schema_problems(root) == [
        "EVENT holds PROGRAM_NAME PROGRAM_VERSION EVENT_DESCRIPTION WINNER_TYPE BOARD_SCORING_METHOD BOARDS_PLAYED "
        "PARTICIPANTS BOARD",
        "EVENT EVENT_TYPE='MP'",
        "DIRECTION is 'N-S'",
        "TRAVELLER_LINE holds EW_PAIR_NUMBER CONTRACT PLAYED_BY LEAD TRICKS SCORE NS_MATCH_POINTS EW_MATCH_POINTS "
        "NS_PAIR_NUMBER",
        "a traveller line of CROSS_IMPS holds ['EW_MATCH_POINTS', 'NS_MATCH_POINTS']",
        "a traveller line of CROSS_IMPS holds ['EW_MATCH_POINTS', 'NS_MATCH_POINTS']",
        "a percentage, not at matchpoints",
    ]
    assert schema_problems(ET.fromstring("<EVENTS/>")) == ["the root is EVENTS"]


def test_an_artificial_score_is_written_as_usebio_programs_write_it_with_its_reason_beside():
    artificial = Line("2", "2", "", "", "", 0, 0, Fraction("1.2"), Fraction("0.8"), (60, 40), "slow play -- twice")
    assigned = Line("1", "1", "4H", "S", "", 10, 420, Fraction(1), Fraction(1), None, "misinformation")
    data = write_usebio(
        Event("Night", datetime.date(2026, 1, 1), MATCH_POINTS, PAIRS, (Board(1, (assigned, artificial)),))
    )
    text = data.decode()
    assert "<!-- adjusted: slow play - - twice -->" in text and "<!-- adjusted: misinformation -->" in text
    assert schema_problems(ET.fromstring(data)) == []
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
