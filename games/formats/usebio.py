"""A club night's session as USEBIO 1.2 XML: the event, its pairs and their players, every
board's traveller and the ranking, the file clubs' scoring programs exchange results in
(the EBU's Universal Scoring Program Export/Import format, usebio.org).

Written, never read, from plain values: ``Event`` and the types it holds. The structure
is the one EBU club programs write and results sites read (EBUScore, Scorer converters,
BridgeWebs, the ABF's and NZ Bridge's importers)::

    USEBIO Version="1.2"
      CLUB: CLUB_NAME, CLUB_ID_NUMBER (empty: the site has no national club number)
      EVENT EVENT_TYPE="PAIRS"
        PROGRAM_NAME, PROGRAM_VERSION, EVENT_DESCRIPTION, DATE (dd/mm/yyyy),
        WINNER_TYPE (2: N-S and E-W ranked apart; 1: one field, a Howell's or an
        arrow-switched Mitchell's), BOARD_SCORING_METHOD (MATCH_POINTS, CROSS_IMPS or
        BUTLER_IMPS), BOARDS_PLAYED
        PARTICIPANTS
          PAIR: PAIR_NUMBER, DIRECTION (NS/EW; none in one field), BOARDS_PLAYED,
                PLAYER (PLAYER_NAME)..., PLACE, TOTAL_SCORE, PERCENTAGE (matchpoints)
        BOARD: BOARD_NUMBER, TRAVELLER_LINE...
          TRAVELLER_LINE: NS_PAIR_NUMBER, EW_PAIR_NUMBER, CONTRACT, PLAYED_BY, LEAD,
                          TRICKS, SCORE, then each side's points: NS_MATCH_POINTS and
                          EW_MATCH_POINTS, NS_CROSS_IMP_POINTS and EW_CROSS_IMP_POINTS,
                          or NS_BUTLER_POINTS and EW_BUTLER_POINTS

The USEBIO DTD (usebio_v1_2.dtd) was not to be had, so the file is not validated against
it: ``REQUIRED`` lists the elements this writer always writes, and
tests/formats/test_usebio.py holds every file to a content model of its own, written from
the element names and values public USEBIO 1.2 programs write and read
(docs/usebio.md). Adjusted scores: an artificial score is written the way USEBIO
programs write one, SCORE "A" with N-S's and E-W's percentages ("A6040": Avg+ to N-S,
Avg- to E-W), with no contract, declarer or tricks; an assigned score is the assigned
contract, declarer, tricks and score. USEBIO has no element for the director's reason, so
each adjusted line is preceded by an XML comment giving it (readers pass comments by).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction
from xml.etree import ElementTree as ET

from games.bridge.club_night.numbers import decimal_text, hundredths

VERSION = "1.2"
DOCTYPE = '<!DOCTYPE USEBIO PUBLIC "-//EBU//DTD USEBIO 1.2//EN" "http://www.usebio.org/files/usebio_v1_2.dtd">'
MATCH_POINTS, CROSS_IMPS, BUTLER_IMPS = "MATCH_POINTS", "CROSS_IMPS", "BUTLER_IMPS"
SCORING_METHODS = (MATCH_POINTS, CROSS_IMPS, BUTLER_IMPS)

# Each element with the elements every file of this writer holds beneath it (in order).
REQUIRED: dict[str, tuple[str, ...]] = {
    "USEBIO": ("CLUB", "EVENT"),
    "CLUB": ("CLUB_NAME",),
    "EVENT": (
        "PROGRAM_NAME",
        "PROGRAM_VERSION",
        "EVENT_DESCRIPTION",
        "DATE",
        "WINNER_TYPE",
        "BOARD_SCORING_METHOD",
        "BOARDS_PLAYED",
        "PARTICIPANTS",
    ),
    "PAIR": ("PAIR_NUMBER", "BOARDS_PLAYED", "PLAYER", "PLACE", "TOTAL_SCORE"),
    "PLAYER": ("PLAYER_NAME",),
    "BOARD": ("BOARD_NUMBER",),
    "TRAVELLER_LINE": ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "SCORE"),
}
POINTS = {
    MATCH_POINTS: ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    CROSS_IMPS: ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
    # IMPs against each board's datum have elements of their own: a USEBIO reader takes
    # a pairs event's IMPs from the cross-IMP elements, else from these.
    BUTLER_IMPS: ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
}


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair's line of the ranking. ``number`` is unique in its direction."""

    number: str
    direction: str  # "NS" or "EW"; "" in one field (a Howell, an arrow-switched Mitchell)
    players: tuple[str, ...]  # North (East) first; may be empty
    boards: int
    place: str  # "1", "2="
    score: Fraction  # matchpoints, or cross-IMPs, summed
    percent: Fraction | None = None  # matchpoints only


@dataclass(frozen=True, slots=True)
class Line:
    """One table's line of a traveller, scored."""

    ns: str
    ew: str
    contract: str  # "4HX", "3NT", "Pass"; "" for an artificial score
    declarer: str  # N/E/S/W; "" when passed out or artificial
    lead: str  # "SA"; ""
    tricks: int  # declarer's
    score: int  # N-S's
    ns_points: Fraction  # matchpoints, or cross-IMPs
    ew_points: Fraction
    artificial: tuple[int, int] | None = None  # N-S's and E-W's percentages ("A6040")
    reason: str = ""  # an adjusted score's: the director's words


@dataclass(frozen=True, slots=True)
class Board:
    number: int
    lines: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class Event:
    description: str
    date: datetime.date
    scoring: str  # MATCH_POINTS, CROSS_IMPS or BUTLER_IMPS
    pairs: tuple[Pair, ...]  # the ranking: N-S pairs, then E-W pairs (or the one field), best first
    boards: tuple[Board, ...]
    program_name: str = "Deck Upload Bridge"
    program_version: str = "1"
    club: str = ""  # who ran the session (the club name); the program's name when ""


def write_usebio(event: Event) -> bytes:
    """``event`` as a USEBIO 1.2 file, UTF-8. Raises ValueError for a scoring USEBIO has no
    method here for."""
    if event.scoring not in SCORING_METHODS:
        raise ValueError(f"'{event.scoring}' is not a board scoring method ({', '.join(SCORING_METHODS)})")
    root = ET.Element("USEBIO", Version=VERSION)
    club = ET.SubElement(root, "CLUB")
    _text(club, "CLUB_NAME", event.club or event.program_name)
    _text(club, "CLUB_ID_NUMBER", "")  # a national bridge organisation's number: none here
    xml = ET.SubElement(root, "EVENT", EVENT_TYPE="PAIRS")
    _text(xml, "PROGRAM_NAME", event.program_name)
    _text(xml, "PROGRAM_VERSION", event.program_version)
    _text(xml, "EVENT_DESCRIPTION", event.description)
    _text(xml, "DATE", event.date.strftime("%d/%m/%Y"))
    _text(xml, "WINNER_TYPE", "2" if all(pair.direction for pair in event.pairs) else "1")
    _text(xml, "BOARD_SCORING_METHOD", event.scoring)
    _text(xml, "BOARDS_PLAYED", str(max((pair.boards for pair in event.pairs), default=0)))
    participants = ET.SubElement(xml, "PARTICIPANTS")
    for pair in event.pairs:
        _pair(participants, pair, event.scoring)
    for board in event.boards:
        element = ET.SubElement(xml, "BOARD")
        _text(element, "BOARD_NUMBER", str(board.number))
        for line in board.lines:
            if line.artificial is not None or line.reason:
                element.append(ET.Comment(f" adjusted: {_comment(line.reason) or 'no reason given'} "))
            _line(element, line, event.scoring)
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{DOCTYPE}\n{body}\n'.encode()


def _pair(parent: ET.Element, pair: Pair, scoring: str) -> None:
    xml = ET.SubElement(parent, "PAIR")
    _text(xml, "PAIR_NUMBER", pair.number)
    if pair.direction:
        _text(xml, "DIRECTION", pair.direction)
    _text(xml, "BOARDS_PLAYED", str(pair.boards))
    for name in pair.players or ("",):
        _text(ET.SubElement(xml, "PLAYER"), "PLAYER_NAME", name)
    _text(xml, "PLACE", pair.place)
    _text(xml, "TOTAL_SCORE", _figure(pair.score))
    if scoring == MATCH_POINTS and pair.percent is not None:
        _text(xml, "PERCENTAGE", _figure(pair.percent))


def _line(parent: ET.Element, line: Line, scoring: str) -> None:
    xml = ET.SubElement(parent, "TRAVELLER_LINE")
    _text(xml, "NS_PAIR_NUMBER", line.ns)
    _text(xml, "EW_PAIR_NUMBER", line.ew)
    if line.artificial is None:
        _text(xml, "CONTRACT", "PASS" if line.contract == "Pass" else line.contract)
        if line.declarer:
            _text(xml, "PLAYED_BY", line.declarer)
        if line.lead:
            _text(xml, "LEAD", line.lead)
        _text(xml, "TRICKS", str(line.tricks) if line.declarer else "0")
        _text(xml, "SCORE", str(line.score))
    else:
        ns, ew = line.artificial
        _text(xml, "SCORE", f"A{ns}{ew}")
    ns_name, ew_name = POINTS[scoring]
    _text(xml, ns_name, _figure(line.ns_points))
    _text(xml, ew_name, _figure(line.ew_points))


def _text(parent: ET.Element, name: str, value: str) -> ET.Element:
    element = ET.SubElement(parent, name)
    element.text = value
    return element


def _figure(value: Fraction | int) -> str:
    return decimal_text(hundredths(Fraction(value)))


def _comment(text: str) -> str:
    """A reason as an XML comment may hold it: no "--", no trailing "-"."""
    return " ".join(text.split()).replace("--", "- -").rstrip("-")


def missing_elements(root: ET.Element) -> list[str]:
    """The required elements (``REQUIRED``) a parsed file lacks, as "PAIR/PLACE"; [] for a
    file that has them all."""
    missing = []
    for element in root.iter():
        for child in REQUIRED.get(element.tag, ()):
            if element.find(child) is None:
                missing.append(f"{element.tag}/{child}")
    if root.tag != "USEBIO":
        missing.insert(0, "USEBIO")
    return missing
