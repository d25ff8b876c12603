"""The pieces of a played board that a page shows: cards, suits, hands, tricks, the
bidding box's calls, a claim and the result. ``games.presentation.play_view`` builds them for one
viewer; they hold only what that viewer may see."""

from __future__ import annotations

from dataclasses import dataclass

from games.bridge.cards import RANK_NAMES, SUIT_NAMES, SUITS
from games.bridge.club_night import signed_text
from games.presentation.join_record import COLUMNS, Bid


@dataclass(frozen=True, slots=True)
class Card:
    code: str  # "HK", as the rules engine and the forms write it
    seat: str = ""
    lead: bool = False
    wins: bool = False

    @property
    def suit(self) -> str:
        return self.code[0]

    @property
    def rank(self) -> str:
        return "10" if self.code[1] == "T" else self.code[1]

    @property
    def name(self) -> str:
        return f"{self.rank} of {SUIT_NAMES[self.suit]}"

    @property
    def spoken(self) -> str:
        """ "the seven of hearts": as a screen reader should say it (it reads "K" as a letter)."""
        return f"the {RANK_NAMES[self.code[1]]} of {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True, slots=True)
class Hand:
    """One seat's hand as this viewer sees it."""

    seat: str
    cards: tuple[str, ...] | None  # None: hidden from this viewer
    count: int  # the cards the hand still holds
    playable: frozenset[str] = frozenset()  # the cards this viewer may click now
    role: str = ""  # "declarer", "dummy" or ""
    to_act: bool = False  # the next call or card is this seat's

    @property
    def dotted(self) -> str:
        """ "AK.QJ2..T98" for the diagram; "" when hidden."""
        if self.cards is None:
            return ""
        return ".".join("".join(c[1] for c in self.cards if c[0] == suit) for suit in SUITS)


@dataclass(frozen=True, slots=True)
class Trick:
    number: int
    leader: str
    cards: tuple[Card, ...]  # in play order
    winner: str  # "" while the trick is under way

    @property
    def cells(self) -> tuple[Card | None, ...]:
        """The cards in the auction's columns (W N E S), None where none was played."""
        by_seat = {card.seat: card for card in self.cards}
        return tuple(by_seat.get(seat) for seat in COLUMNS)


@dataclass(frozen=True, slots=True)
class News:
    """One thing that happened at the table, as the page's live region says it: ``n`` is
    the number of calls and cards made once it happened, ``by`` the seat that acted ("":
    nobody, as when a trick is won), so a page announces only what is new to it and not
    its own player's actions."""

    n: int
    by: str
    text: str


@dataclass(frozen=True, slots=True)
class BoxCall:
    call: str  # "1C", "P"
    bid: Bid
    legal: bool


@dataclass(frozen=True, slots=True)
class ClaimShown:
    declarer: str
    tricks: int
    accepted: tuple[str, ...]
    waiting: tuple[str, ...]
    may_answer: bool  # this viewer is a defender who has not answered


@dataclass(frozen=True, slots=True)
class Result:
    contract: Bid | None  # None: passed out
    declarer: str
    tricks: int | None
    score: int | None  # N-S's
    reference: str = ""
    reference_score: int | None = None
    imps: int | None = None

    @property
    def score_text(self) -> str:
        return signed_text(self.score or 0)

    @property
    def imps_text(self) -> str:
        return signed_text(self.imps or 0)

    @property
    def imps_count(self) -> int:
        return abs(self.imps or 0)

    @property
    def made(self) -> str:
        """ "made", "+1", "−2" ("" when passed out)."""
        if self.contract is None or self.tricks is None:
            return ""
        over = self.tricks - 6 - int(self.contract.level)
        return "made" if over == 0 else signed_text(over)
