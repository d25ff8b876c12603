"""Bridge's own words as types: a seat, a strain, a vulnerability, each with its
conversions to and from the files' notations on it (endplay's ``Vul.from_lin``, python-chess's
names defined once). Each is a ``StrEnum``: a value is its usual letter or word ("N",
"NT", "NS"), so it compares equal to the plain strings the files and the database hold.
"""

from __future__ import annotations

from enum import StrEnum

LIN_MD_ORDER = "SWNE"  # the order of the hands in a LIN md value, from South


class Seat(StrEnum):
    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def full_name(self) -> str:
        """ "North", in English (pages say it in their language: ``games.bridge.words``)."""
        return _SEAT_NAMES[self]

    def after(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise."""
        order = tuple(Seat)
        return order[(order.index(self) + steps) % 4]

    @property
    def partner(self) -> Seat:
        return self.after(2)

    @property
    def side(self) -> str:
        """ "NS" or "EW"."""
        return "NS" if self in (Seat.N, Seat.S) else "EW"

    @property
    def lin_dealer(self) -> str:
        """The digit a LIN md value opens with for this dealer: South "1", West "2", ..."""
        return str(LIN_MD_ORDER.index(self) + 1)

    @classmethod
    def from_lin_dealer(cls, digit: str) -> Seat | None:
        """The dealer of a LIN md value's first digit; None for anything but 1-4."""
        if len(digit) == 1 and digit in "1234":
            return cls(LIN_MD_ORDER[int(digit) - 1])
        return None


_SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


class Strain(StrEnum):
    """A contract's denomination, lowest first."""

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @property
    def symbol(self) -> str:
        """ "♠", or "NT"."""
        return _STRAIN_SYMBOLS[self]

    @property
    def is_suit(self) -> bool:
        return self is not Strain.NT


_STRAIN_SYMBOLS = {Strain.C: "♣", Strain.D: "♦", Strain.H: "♥", Strain.S: "♠", Strain.NT: "NT"}


class Vul(StrEnum):
    """Who is vulnerable, as PBN's Vulnerable tag writes it."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    @property
    def label(self) -> str:
        """As pages and hand records say it, in English: "None", "N-S", "E-W", "Both"."""
        return _VUL_LABELS[self]

    def to_lin(self) -> str:
        """LIN's sv value: "o", "n", "e" or "b"."""
        return _TO_LIN[self]

    @classmethod
    def from_lin(cls, value: str) -> Vul | None:
        """A LIN sv value (or a BBO handviewer's v=), any case: "o"/"0"/"-"/"" none, "n",
        "e", "b"; the handviewer's words ("ns", "both", "all", "none") too. None when it
        names no vulnerability."""
        return _FROM_LIN.get(value.strip().lower())

    def is_vulnerable(self, seat: str) -> bool:
        return self is Vul.ALL or (self is not Vul.NONE and seat in self.value)


_VUL_LABELS = {Vul.NONE: "None", Vul.NS: "N-S", Vul.EW: "E-W", Vul.ALL: "Both"}
_TO_LIN = {Vul.NONE: "o", Vul.NS: "n", Vul.EW: "e", Vul.ALL: "b"}
_FROM_LIN = {
    **{code: vul for vul, code in _TO_LIN.items()},
    "0": Vul.NONE,
    "-": Vul.NONE,
    "": Vul.NONE,
    "none": Vul.NONE,
    "ns": Vul.NS,
    "ew": Vul.EW,
    "both": Vul.ALL,
    "all": Vul.ALL,
}

SEATS = "".join(Seat)  # "NESW": clockwise, the order of the canonical deal text
SEATS_BY_SIDE = "NSEW"  # N-S, then E-W: the rows of a double-dummy table, printed or in PBN
AUCTION_COLUMNS = "WNES"  # an auction's columns as bridge books print them, West first
VULS = tuple(Vul)  # in the order of the 16-board cycle's first four
STRAINS = tuple(Strain)
