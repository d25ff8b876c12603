"""Turning decks around the table and numbering them again, as teachers prepare sets.

A rotation by a quarter turn clockwise gives North's hand to East, East's to South and so
on, and turns everything tied to a seat with it: the dealer, the vulnerability (N-S and
E-W swap on a quarter turn), the players, the auction's first seat, the declarer and the
[Deal] first seat. The cards played, the contract's level and strain, the result and the
claim stay as they are: they belong to the deal, not to a seat.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import rules
from .board import board_heading, dealer_for_board, vul_for_board
from .cards import SEATS

if TYPE_CHECKING:  # the readers' types: turned with dataclasses.replace, never built here
    from games.formats.model import Deck, FileResult

QUARTERS = {"0": 0, "90": 1, "180": 2, "270": 3}
BY_SEAT = ("south-declares", "south-deals")
ROTATIONS = (*QUARTERS, *BY_SEAT)
_VUL_TURNED = {"NS": "EW", "EW": "NS"}


def rotate(deck: Deck, quarters: int) -> Deck:
    """``deck`` turned ``quarters`` quarter turns clockwise (negative: anticlockwise)."""
    quarters %= 4
    if not quarters:
        return deck

    def turn(seat: str | None) -> str | None:
        return rules.seat_after(seat, quarters) if seat and seat in SEATS else seat

    hands = rules.hands(deck.deal)
    turned = {rules.seat_after(seat, quarters): hand for seat, hand in hands.items()}
    vul = deck.vul
    if vul and quarters % 2:
        vul = _VUL_TURNED.get(vul, vul)
    declarer = deck.declarer
    seat = declarer[:1].upper()
    if seat and seat in SEATS:
        declarer = rules.seat_after(seat, quarters) + declarer[1:]
    return replace(
        deck,
        deal="N:" + " ".join(turned[seat] for seat in SEATS),
        dealer=turn(deck.dealer),
        vul=vul,
        deal_first=turn(deck.deal_first),
        players=tuple((turn(seat) or seat, name) for seat, name in deck.players),
        auction_first=turn(deck.auction_first),
        declarer=declarer,
    )


def declarer_of(deck: Deck) -> str:
    """The deck's declarer: as the file states it, else from its auction; "" when neither."""
    stated = deck.declarer[:1].upper()
    if stated in SEATS and stated:
        return stated
    calls = [call.call for call in deck.auction]
    first = deck.auction_first or deck.dealer or deck.deal_first
    if not calls or not first:
        return ""
    return rules.final_contract(calls, first)[1]


def dealer_of(deck: Deck) -> str:
    """The deck's dealer: stated, else the [Deal] first seat, else by its board number,
    else South."""
    number = deck.board_number
    return deck.dealer or deck.deal_first or (dealer_for_board(number) if number else "S")


def rotation_for(deck: Deck, rotation: str) -> int | None:
    """Quarter turns that ``rotation`` asks of this deck; None when it cannot be done
    ("south-declares" for a deck with no declarer)."""
    if rotation in QUARTERS:
        return QUARTERS[rotation]
    if rotation == "south-declares":
        seat = declarer_of(deck)
    elif rotation == "south-deals":
        seat = dealer_of(deck)
    else:
        raise ValueError(f"unknown rotation {rotation!r}")
    if not seat:
        return None
    return (SEATS.index("S") - SEATS.index(seat)) % 4


def rotate_all(decks: Iterable[Deck], rotation: str) -> tuple[list[Deck], list[int]]:
    """Every deck turned as ``rotation`` asks, and the indexes of those left as they were
    because it could not apply ("south-declares" without a contract)."""
    turned, unchanged = [], []
    for i, deck in enumerate(decks):
        quarters = rotation_for(deck, rotation)
        if quarters is None:
            unchanged.append(i)
            turned.append(deck)
            continue
        if rotation == "south-deals" and not deck.dealer:
            deck = replace(deck, dealer=dealer_of(deck))  # the dealer the turn was made for
        turned.append(rotate(deck, quarters))
    return turned, unchanged


def renumber(decks: Sequence[Deck], start: int, *, follow_number: bool = False) -> list[Deck]:
    """Boards numbered ``start``, ``start + 1``... in order. With ``follow_number``, dealer
    and vulnerability follow the new number (the 16-board cycle); otherwise they stay as
    the file stated them (and, where it stated none, follow the new number when dealt)."""
    out = []
    for offset, deck in enumerate(decks):
        number = start + offset
        # a name that only said the old number is dropped
        board_name = deck.board_name if board_heading(deck.board, deck.board_name) else ""
        if follow_number:
            renumbered = replace(
                deck,
                board=str(number),
                board_name=board_name,
                dealer=dealer_for_board(number),
                vul=vul_for_board(number),
            )
        else:
            renumbered = replace(deck, board=str(number), board_name=board_name)
        out.append(renumbered)
    return out


@dataclass(frozen=True, slots=True)
class DeckChoice:
    """How a host asked for an upload's decks: turned (``ROTATIONS``), numbered from
    ``renumber_from`` (None: the file's numbers), dealer and vulnerability following the
    new numbers or not."""

    rotation: str = "0"
    renumber_from: int | None = None
    follow_number: bool = False

    @property
    def is_plain(self) -> bool:
        return self.rotation == "0" and self.renumber_from is None


def apply_choice(results: Sequence[FileResult], choice: DeckChoice) -> tuple[list[FileResult], list[tuple[int, int]]]:
    """The files' decks as ``choice`` asks, numbered on across the files in upload order,
    and the (file, deck) keys a rotation could not apply to (left as they were)."""
    if choice.is_plain:
        return list(results), []
    out: list[FileResult] = []
    unchanged: list[tuple[int, int]] = []
    position = 0
    for f, result in enumerate(results):
        decks = []
        for d, deck in enumerate(result.decks):
            if rotation_for(deck, choice.rotation) is None:
                unchanged.append((f, d))
            decks.append(apply_choice_to(deck, choice, position))
            position += 1
        out.append(replace(result, decks=decks))
    return out, unchanged


def apply_choice_to(deck: Deck, choice: DeckChoice, position: int) -> Deck:
    """One deck as ``apply_choice`` makes it, ``position`` decks after the upload's first
    (what its new number depends on): a deck is shown alone without turning the rest."""
    if choice.is_plain:
        return deck
    (deck,), _ = rotate_all([deck], choice.rotation)
    if choice.renumber_from is not None:
        (deck,) = renumber([deck], choice.renumber_from + position, follow_number=choice.follow_number)
    return deck
