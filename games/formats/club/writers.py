"""Decks out to the clubs' formats: DUP, BRI and DGE (bytes, for the dealing machines),
DLM (Duplimate for Windows) and RBN.

The machine formats keep the deals and, at most, the board numbers: dealer and
vulnerability follow the board number there. RBN keeps what a PBN record keeps: dealer
and vulnerability when known, the players, auction, contract, play and result.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.bridge import rules
from games.bridge.board import dealer_for_board
from games.bridge.cards import RANKS, SEATS, SUITS

from ..model import Deck
from ..record import played_contract
from .bri import write_bri
from .dge import write_dge
from .dlm import write_dlm
from .dup import write_dup
from .machine import WriteError
from .rbn_values import LETTER_OF_VUL, write_date
from .text import bounded

__all__ = ["WriteError", "write_bri", "write_dge", "write_dlm", "write_dup", "write_rbn"]

# Heading labels, in the order RBN 3.1 writes them, and the tags they come from.
_HEADING = (
    ("D", "Date"),
    ("T", "RbnTitle"),
    ("L", "Site"),
    ("E", "Event"),
    ("S", "RbnSession"),
    ("F", "RbnScoring"),
    ("K", "RbnTeams"),
)
_CALL_CODE = {rules.PASS: "P", rules.DOUBLE: "X", rules.REDOUBLE: "R"}
# A club night's tables 1 and 2 as a match's rooms (the N label names no other table).
_ROOM_OF_TABLE = {"1": ":O", "2": ":C"}
_MAX_NOTES = 9  # note lines are labelled by one digit


def _heading(deck: Deck) -> dict[str, str]:
    tags = dict(reversed(deck.tags))  # the first of a tag counts
    heading = {}
    for label, name in _HEADING:
        value = bounded(tags.get(name, ""))
        if label == "D":
            value = write_date(value)
        if value and value != "?":
            heading[label] = value
    players = dict(deck.players)
    if players:
        names = [bounded(players.get(seat, ""), 100).replace("+", " ").replace(":", " ") for seat in "NSWE"]
        room = {"Open": ":O", "Closed": ":C"}.get(tags.get("Room", ""), "")
        room = room or _ROOM_OF_TABLE.get(tags.get("Table", ""), "")
        heading["N"] = f"{names[0]}+{names[1]}:{names[2]}+{names[3]}{room}"
    return heading


def _auction(deck: Deck) -> list[str]:
    """The A line and its note lines; none when the deck has no auction and states neither
    dealer nor vulnerability (the game then takes them from the board number)."""
    calls = [call for call in deck.auction]
    codes = [call.call.upper() for call in calls]
    if rules.UNKNOWN_CALL in codes:  # a call that could not be read: its place is lost
        calls = calls[: codes.index(rules.UNKNOWN_CALL)]
        codes = codes[: len(calls)]
    if not calls and not deck.dealer and not deck.vul:
        return []
    number = deck.board_number
    first = (
        (deck.auction_first if calls else None)
        or deck.dealer
        or deck.deal_first
        or (dealer_for_board(number) if number else "N")
    )
    tokens: list[str] = []
    notes: list[str] = []
    end = len(codes)
    if rules.auction_complete(codes):
        end -= 4 if all(code == rules.PASS for code in codes) else 3
    for call, code in zip(calls[:end], codes[:end]):
        token = _CALL_CODE.get(code) or code.replace("NT", "N")
        if call.explanation and len(notes) < _MAX_NOTES:
            notes.append(f"{len(notes) + 1} {bounded(call.explanation)}")
            token += f"^{len(notes)}"
        elif call.alert or call.explanation:
            token += "*"
        tokens.append(token)
    rounds = ":".join("".join(tokens[i : i + 4]) for i in range(0, len(tokens), 4))
    if end < len(codes):
        rounds += (":" if tokens and len(tokens) % 4 == 0 else "") + "A"
    return [f"A {first}{LETTER_OF_VUL.get(deck.vul or '', '?')}:{rounds}", *notes]


def _contract(deck: Deck) -> str:
    contract, declarer = played_contract(deck)
    if contract.strip().lower() == "pass":
        return "C P"
    bid = rules.parse_contract(contract)
    if bid is None:
        return ""
    seat = declarer.strip()[:1].upper()
    risk = "R" if bid.risk == "XX" else bid.risk
    strain = "N" if bid.strain == "NT" else bid.strain
    return f"C {bid.level}{strain}{risk}" + (f":{seat}" if seat and seat in SEATS else "")


def _play(deck: Deck) -> str:
    tricks = []
    for trick in deck.play:
        cards = [str(card).upper() for card in trick]
        if not cards or len(cards) > 4 or any(len(c) != 2 or c[0] not in SUITS or c[1] not in RANKS for c in cards):
            break  # not a trick the notation can hold: the play is written up to it
        tricks.append("".join(cards))
    return "P " + ":".join(tricks) if tricks else ""


def _record(deck: Deck, previous: dict[str, str], other_table: bool = False) -> list[str]:
    """A deck's record; ``other_table``: another table's record of the deal before it,
    written without B and H (which the reader takes as that deal again)."""
    out = []
    heading = _heading(deck)
    for label in "DTLESFKN":
        value = heading.get(label, "")
        if value != previous.get(label, ""):  # a label repeats until restated; stated empty, it stops
            out.append(f"{label} {value}" if value else label)
            previous[label] = value
    if not other_table:
        board = bounded(deck.board or "", 20)
        out.append(f"B {board}" if board else "B")  # always: an unstated B would repeat the one before
        hands = deck.hands()
        out.append("H W:" + ":".join(hands[seat] for seat in "WNE") + ":")
    out += _auction(deck)
    result = (
        deck.result.strip() if deck.result.strip().isdecimal() else (str(deck.claim) if deck.claim is not None else "")
    )
    tags = dict(reversed(deck.tags))
    for line in (
        _contract(deck),
        _play(deck),
        f"R {result}" if result else "",
        f"I {bounded(tags['RbnItems'])}" if tags.get("RbnItems") else "",
        f"M {bounded(tags['RbnMakes'])}" if tags.get("RbnMakes") else "",
    ):
        if line:
            out.append(line)
    return out


def _table(deck: Deck) -> str:
    return next((value for name, value in deck.tags if name == "Table"), "")


def write_rbn(decks: Iterable[Deck]) -> str:
    """An RBN file: a record per deck, with its board (B) and hands (H), so that each deck
    reads back with its own board and deal; but a deck played at another table of the
    board before it (a club night's: a ``Table`` tag, the same board and deal) is that
    board's other-table record, without them, as the reader reads one."""
    out = ["% RBN"]
    previous: dict[str, str] = {}
    before: Deck | None = None
    for deck in decks:
        other_table = (
            before is not None
            and _table(deck) not in ("", _table(before))
            and bool(deck.play or deck.auction or deck.contract)
            and (deck.board, deck.deal, deck.effective_dealer, deck.effective_vul)
            == (before.board, before.deal, before.effective_dealer, before.effective_vul)
        )
        out.append("")
        out += _record(deck, previous, other_table)
        before = deck
    return "\n".join(out) + "\n"
