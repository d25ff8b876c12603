"""How the PBN reader reads the Board, Dealer and Vulnerable values and names a board."""

from __future__ import annotations

from enum import Enum
from typing import Final

from games.bridge.board import BOARD_LENGTH
from games.bridge.cards import SEATS
from games.bridge.rules import seat_of_word

from ..messages import Message


class _Missing(Enum):
    MISSING = "missing"


MISSING: Final = _Missing.MISSING  # a value the tables below do not hold (None is one they do)
DEALER: dict[str | None, str | None] = {None: None, "": None, "?": None}
DEALER.update({s: s for s in SEATS})
VUL: dict[str | None, str | None] = {None: None, "": None, "?": None}
VUL.update({"None": "None", "NS": "NS", "EW": "EW", "All": "All", "Both": "All", "Love": "None", "-": "None"})
_VUL_WORDS = {"none": "None", "love": "None", "-": "None", "ns": "NS", "ew": "EW", "all": "All", "both": "All"}


def board(value: str | None) -> str | None:
    """A Board value as kept: stripped; None when missing or unknown ('?')."""
    if value is None:
        return None
    value = value.strip()
    return value if value and value != "?" else None


def _number_text(board: str) -> str:
    """'07' -> '7'; any other label as written. ``isdecimal``, not ``isdigit``, and a
    bounded length: int() refuses "²" and more than 4,300 digits."""
    return str(int(board)) if board.isdecimal() and len(board) <= BOARD_LENGTH else board


def board_and_name(value: str | None) -> tuple[str | None, str]:
    """(Deck.board, Deck.board_name) of a Board value."""
    found = BOARDS.get(value)
    if found is not None:
        return found
    if value and value.isdecimal() and value.isascii() and value[0] != "0":  # a board past 999
        return value, "Board " + value
    kept = board(value)
    return kept, "" if kept is None else f"Board {_number_text(kept)}"


# Board value -> (board, board_name), ready made for the usual boards
BOARDS: dict[str | None, tuple[str | None, str]] = {None: (None, "")}
BOARDS.update((str(n), (str(n), f"Board {n}")) for n in range(1, 1000))


def where(board: str | None, index: int, line: int) -> Message:
    """How a problem names its board: 'board 7', else 'deal 4 (line 67)'."""
    if board is None:
        return Message("where.deal", deal=index + 1, line=line)
    return Message("where.board", board=_number_text(board))


def field(value: str | None, name: str, notes: list[str]) -> str | None:
    """A Dealer/Vulnerable value as stated; None when not stated ('?', '') or not understood."""
    known = DEALER if name == "Dealer" else VUL
    found = known.get(value, MISSING)
    if found is not MISSING:
        return found
    assert value is not None  # None is a key of both tables
    word = value.strip()
    if name == "Dealer":
        found = known.get(word) or seat_of_word(word) or None  # "north", "East", "WEST"
    else:
        found = known.get(word) or _VUL_WORDS.get(word.lower())
    if found is None and word not in ("", "?"):
        notes.append(Message("tag_not_understood", tag=name, value=word[:20]))
    return found


def stated(value: str | None) -> str:
    """A tag value as stated: "" when the tag is missing or says "?" (unknown)."""
    if not value:
        return ""
    if value[0] == " " or value[-1] == " ":
        value = value.strip()
    return "" if value == "?" else value


# Tags with a Deck field of their own; every other tag goes to Deck.tags.
OWN_TAGS = frozenset(
    (
        "Board",
        "Dealer",
        "Vulnerable",
        "Deal",
        "North",
        "East",
        "South",
        "West",
        "Auction",
        "Play",
        "Contract",
        "Declarer",
        "Result",
        "Note",
    )
)
