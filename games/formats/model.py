"""Value types shared by the readers and writers: a deck, its commentary, a problem, a file's result.

Nothing here imports Django: the readers are pure functions from bytes to a
``FileResult`` and the web app stores what they return.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.bridge.board import board_number, dealer_for_board, vul_for_board
from games.bridge.cards import SEATS
from games.bridge.rules import Call

from .messages import Message, Part


@dataclass(frozen=True, slots=True)
class PlaceWords:
    """How a comment's place is said (``Comment.place_in``): English here, a page's or a
    PDF's language from the caller (this package imports no Django)."""

    after_call: str = "after call %(call)s"
    first_call: str = "before the first call"
    at_trick: str = "at trick %(trick)s"
    opening_lead: str = "before the opening lead"


ENGLISH_PLACES = PlaceWords()


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
        return self.place_in(ENGLISH_PLACES)

    def place_in(self, words: PlaceWords) -> str:
        """``place`` in ``words``."""
        if self.section == "auction":
            return words.after_call % {"call": self.at} if self.at else words.first_call
        if self.section == "play":
            return words.at_trick % {"trick": self.at} if self.at else words.opening_lead
        return ""


@dataclass(frozen=True, slots=True)
class Deck:
    """One full, validated deal and what the file said about it.

    ``dealer`` and ``vul`` are what the file *states* (``None`` when it is
    silent); ``effective_dealer``/``effective_vul`` apply the project's
    fall-back rules (formats.md; formats-club.md for ``rotation``).
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
    notes: tuple[str, ...] = ()  # harmless oddities read past (messages.Message: text, key, params)
    commentary: tuple[Comment, ...] = ()  # the board's teaching text, in file order (Comment)
    # What the program that wrote the file noted about itself (BEN's "PAR computation
    # time: ..."), as written: no teaching text, shown only in the preview's file details.
    machine_notes: tuple[str, ...] = ()
    # The format's own rule for what the file leaves unstated: dealer and vulnerability
    # follow the board number (the clubs' formats); else the rules of formats.md.
    rotation: bool = False

    @property
    def board_number(self) -> int | None:
        return board_number(self.board)

    @property
    def effective_dealer(self) -> str:
        """Stated dealer; else the [Deal] first seat; else, under ``rotation``, the
        dealer of the board number; else South."""
        stated = self.dealer or self.deal_first
        if stated:
            return stated
        number = self.board_number if self.rotation else None
        return dealer_for_board(number) if number else "S"

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

    # For a bridge player: "board 7: South has 12 cards", the English text. The readers
    # give a messages.Message; its key and parameters are ``part``.
    message: str
    line: int  # 1-based line where the board (or the trouble) starts
    index: int | None = None  # deal occurrence index; None when not a deal
    board: str | None = None
    kind: str = "invalid_deal"  # invalid_deal | no_deals | unreadable | ...
    # The message's Part. "{where}: {reason}" whose where names this problem's own board
    # or deal keeps the reason's Part alone (``own_where``): a file's thousand problems share
    # one reason and hold no copy of what their line, index and board already say.
    detail: Part | None = field(default=None, compare=False, repr=False)
    own_where: bool = field(default=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        part = self.detail
        if isinstance(self.message, Message):  # the text alone, and its key and parameters beside it
            part = self.message.part
            object.__setattr__(self, "message", self.message.text)
        if part is not None and not self.own_where and part.key == "at" and part.values[0] == self._where():
            object.__setattr__(self, "detail", part.values[1])
            object.__setattr__(self, "own_where", True)
        else:
            object.__setattr__(self, "detail", part)

    def _where(self) -> Part | None:
        if self.board is not None:
            return Part("where.board", (self.board,))
        return None if self.index is None else Part("where.deal", (self.index + 1, self.line))

    @property
    def part(self) -> Part | None:
        """The message's key and parameters (messages.Part); None for a text without them."""
        where = self._where()  # never None under own_where: it matched the message's own place
        if self.detail is None or not self.own_where or where is None:
            return self.detail
        return Part("at", (where, self.detail))

    @property
    def key(self) -> str:
        """The message's stable key (messages.TEMPLATES); "" for a text without one."""
        part = self.part
        return part.key if part else ""

    @property
    def params(self) -> Mapping[str, Any]:
        """The message's parameters by name; a piece that is a message is a messages.Part."""
        part = self.part
        return part.params if part else {}


@dataclass(slots=True)
class FileResult:
    """What one file holds: decks in file order, problems, and harmless notes."""

    name: str = ""
    format: str = ""  # "lin", "pbn" or a club format (club.FORMATS); "" when none was recognised
    encoding: str = ""
    decks: list[Deck] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # messages.Message: text, key, params

    @property
    def ok(self) -> bool:
        return not self.problems
