"""Value types shared by the LIN and PBN readers and writers.

Nothing here imports Django: the readers are pure functions from bytes to a
``FileResult`` and the web app stores what they return.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SEATS = "NESW"  # clockwise, the order of the canonical deal text
SUITS = "SHDC"
RANKS = "AKQJT98765432"
VULS = ("None", "NS", "EW", "All")
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


@dataclass(frozen=True, slots=True)
class Call:
    """One call of an auction: ``P``, ``X``, ``XX``, ``1C``..``7NT``, or ``?`` for a call
    the file wrote in a way no reader understands (it keeps its place, so that the calls
    after it stay on their seats). The alert and its explanation stand beside the call."""

    call: str
    alert: bool = False
    explanation: str = ""


@dataclass(frozen=True, slots=True)
class Comment:
    """One piece of a board's teaching text, as the file writes it, and where it stands.

    ``text`` is what stands between PBN's ``{`` and ``}`` (or after its ``;`` up to the
    line end), or LIN's ``nt`` value: spaces, HTML tags and suit escapes (PBN's ``\\S``,
    BBO's ``@S``) are kept as written; line ends are ``\\n``.

    ``section`` and ``at`` place it as the PBN standard does (a comment refers to what
    precedes it), in numbers a page can show beside the auction or the play:

    * ``""``: the board as a whole (PBN: before, between or after the tags; LIN: before
      the first call); ``at`` is 0.
    * ``"auction"``: ``at`` calls were made before it (0: before the first call;
      ``len(auction)``: after the last).
    * ``"play"``: it follows a card of trick ``at`` (1..13); 0: before the opening lead.
    """

    text: str
    section: str = ""  # "", "auction" or "play"
    at: int = 0

    @property
    def place(self) -> str:
        """Where it stands, in words: "", "before the first call", "after call 3",
        "before the opening lead", "at trick 3"."""
        if self.section == "auction":
            return f"after call {self.at}" if self.at else "before the first call"
        if self.section == "play":
            return f"at trick {self.at}" if self.at else "before the opening lead"
        return ""


@dataclass(frozen=True, slots=True)
class Deck:
    """One full, validated deal and what the file said about it.

    ``dealer`` and ``vul`` are what the file *states* (``None`` when it is
    silent); ``effective_dealer``/``effective_vul`` apply the project's
    fall-back rules from formats.md.
    """

    deal: str  # canonical "N:<north> <east> <south> <west>"
    index: int  # position among all deal occurrences in the file, 0-based
    line: int  # 1-based line where the deal (PBN [Deal] / LIN md) stands
    dealer: str | None = None  # N/E/S/W as stated by the file
    vul: str | None = None  # None/NS/EW/All as stated by the file
    board: str | None = None  # board number as written ("01", "12")
    board_name: str = ""  # heading (LIN ah, PBN Board/Event) as written
    deal_first: str | None = None  # PBN: seat before ':' of [Deal]
    players: tuple[tuple[str, str], ...] = ()  # (seat, name), seats N/E/S/W
    auction: tuple[Call, ...] = ()
    auction_first: str | None = None  # seat that made the first call
    play: tuple[tuple[str, ...], ...] = ()  # cards by trick, e.g. ("DQ", "D3", ...)
    claim: int | None = None  # tricks claimed by declarer (LIN mc)
    # The record (``record``): as stated, else from a finished auction; "" when unknown.
    contract: str = ""  # "4HX", "3NT", "Pass" (passed out)
    declarer: str = ""  # N/E/S/W
    result: str = ""  # tricks declarer took, "0".."13" (PBN Result, LIN claim)
    tags: tuple[tuple[str, str], ...] = ()  # every other tag, in file order
    source: str = ""  # the board's own text, bounded in size
    notes: tuple[str, ...] = ()  # harmless oddities read past
    commentary: tuple[Comment, ...] = ()  # the board's teaching text, in file order (Comment)

    @property
    def board_number(self) -> int | None:
        return board_number(self.board)

    @property
    def effective_dealer(self) -> str:
        """Stated dealer; else the [Deal] first seat; else South."""
        return self.dealer or self.deal_first or "S"

    @property
    def effective_vul(self) -> str | None:
        """Stated vulnerability; else from the board number; else None (unknown)."""
        if self.vul:
            return self.vul
        number = self.board_number
        return vul_for_board(number) if number else None

    def hands(self) -> dict[str, str]:
        """{"N": "AKQ.J2.T98.765", ...} from the canonical deal."""
        return dict(zip(SEATS, self.deal[2:].split(" ")))


@dataclass(frozen=True, slots=True)
class Problem:
    """Something the reader could not use, with where it stands."""

    message: str  # for a bridge player: "board 7: South has 12 cards"
    line: int  # 1-based line where the board (or the trouble) starts
    index: int | None = None  # deal occurrence index; None when not a deal
    board: str | None = None
    kind: str = "invalid_deal"  # invalid_deal | no_deals | unreadable | ...


@dataclass(slots=True)
class FileResult:
    """What one file holds: decks in file order, problems, and harmless notes."""

    name: str = ""
    format: str = ""  # "lin", "pbn" or a club format (club.FORMATS); "" when none was recognised
    encoding: str = ""
    decks: list[Deck] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems
