"""A board: its number, its name, and the dealer and vulnerability its number gives.

Boards rotate the dealer clockwise from North at board 1 and go through the standard
16-board cycle of vulnerability; a file's label ("7", "07", "Board 7") names the number.
"""

from __future__ import annotations

from .cards import SEATS
from .types import VULS as VULS  # the board cycle's names, defined once in types
from .types import Vul

VUL_NAMES = {vul.value: vul.label for vul in Vul}  # as pages and hand records say them
# Vulnerability of boards 1..16, repeating (formats.md).
VUL_CYCLE = (
    "None",
    "NS",
    "EW",
    "All",
    "NS",
    "EW",
    "All",
    "None",
    "EW",
    "All",
    "None",
    "NS",
    "All",
    "None",
    "NS",
    "EW",
)


BOARD_LENGTH = 20  # longer labels are kept as text, never read as a number


def board_number(board: str | None) -> int | None:
    """The positive number a board label names (its first BOARD_LENGTH characters),
    else None. ``isdecimal``, not ``isdigit``: int() refuses "²", and a
    label from a file may be longer than the 4,300 digits int() takes."""
    board = (board or "")[:BOARD_LENGTH]
    return int(board) if board.isdecimal() and int(board) > 0 else None


def board_heading(board: str | None, board_name: str) -> str:
    """The board's name when it says more than its number: "" for "Board 7", "board 07"
    or "7" beside board 7 (BBO's ``ah|Board 7|``, PBN's Board tag), else the name."""
    said = " ".join(board_name.split()).lower().removeprefix("board").strip()  # "Board 07" -> "07"
    if not said or not board:
        return board_name
    number = board_number(said)
    same = said == board.lower() or (number is not None and number == board_number(board))
    return "" if same else board_name


def dealer_for_board(number: int) -> str:
    """The dealer of board ``number`` in the standard rotation (board 1: North)."""
    return SEATS[(number - 1) % 4]


def vul_for_board(number: int) -> str:
    """The vulnerability of board ``number`` in the standard 16-board cycle."""
    return VUL_CYCLE[(number - 1) % 16]
