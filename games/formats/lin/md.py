"""LIN md values to a canonical deal (``deck`` reads each record's md; ``handviewer``
reads its links' hands with ``parse_hand``).

An md value is the dealer's digit (1=S 2=W 3=N 4=E), then the hands South, West, North
and East, each ``S..H..D..C..`` in any suit order and case, '10' for 'T' allowed; East is
usually left out and is the 13 remaining cards. ``cards.build_deal`` checks the deal and
says what is wrong with it.
"""

from __future__ import annotations

import re

from games.bridge.cards import RANK_NAMES, SEATS, SUITS, DealError, build_deal, suit_mask
from games.bridge.types import LIN_MD_ORDER, Seat

from ..messages import Message, reason

INFERRED = {seat: Message("lin.hand_inferred", by=seat) for seat in SEATS}  # notes, made once
E_INFERRED = INFERRED["E"]
UNORDERED = Message("lin.unordered")
MD_SEATS = LIN_MD_ORDER  # order of the hands in md

_SUIT_LETTERS = SUITS + SUITS.lower()  # a suit's letter, in either case
_SUIT_RUN = re.compile(f"([{_SUIT_LETTERS}])([^{_SUIT_LETTERS}]*)")  # a suit's letter and its ranks
_SUIT_INDEX = {letter: SUITS.index(letter.upper()) for letter in _SUIT_LETTERS}
Deal = tuple[str, str | None, tuple[str, ...]]  # (canonical deal, dealer or None, notes)


def deal_or_reason(value: str) -> Deal | str:
    """read_md's answer, or the reason the value is no deal: an answer either way, which a
    cache can keep."""
    try:
        return read_md(value)
    except DealError as exc:
        return reason(exc)


def read_md(value: str) -> Deal:
    """(canonical deal, dealer or None, notes) from an md value; DealError says what is wrong."""
    text = "".join(value.split())  # (line breaks and spaces mean nothing)
    dealer = None
    notes: list[str] = []
    if text[:1].isdigit():
        digit, text = text[0], text[1:]
        dealer = Seat.from_lin_dealer(digit)
        if dealer is None:
            notes.append(Message("lin.dealer_digit", digit=digit))
    if not text.strip(","):
        raise DealError(Message("lin.no_hands"))
    hands = text.split(",")
    while len(hands) > 4 and not hands[-1]:
        hands.pop()
    if len(hands) > 4:
        raise DealError(Message("lin.too_many_hands", count=len(hands)))
    if len(hands) == 4 and not hands[3]:
        hands.pop()
    if len(hands) < 3:
        raise DealError(Message("lin.one_hand" if len(hands) == 1 else "lin.two_hands"))
    masks: dict[str, tuple[int, int, int, int] | None] = {"E": None}
    left_out = "E"  # the hand build_deal completes, if it does
    ordered = True
    for seat, hand in zip(MD_SEATS, hands):
        found, in_order = parse_hand(hand, seat)
        if any(found):
            masks[seat] = found
        else:  # a hand without cards ('', or BBO's bare suit letters 'SHDC') is one left out
            masks[seat] = None
            left_out = seat
        ordered = ordered and in_order
    deal, inferred = build_deal(masks)
    if inferred:
        notes.insert(0, INFERRED[left_out])
    if not ordered:
        notes.append(UNORDERED)
    return deal, dealer, tuple(notes)


def parse_hand(hand: str, owner: str) -> tuple[tuple[int, int, int, int], bool]:
    """Masks of a LIN-style hand 'S..H..D..C..' (any suit order, any case, '10', voids)
    and whether its ranks run high to low. ``owner``, a seat, names the hand in messages."""
    if hand and hand[0] not in _SUIT_LETTERS:
        raise DealError(Message("lin.before_suit", char=hand[0], seat=owner, hand=hand))
    masks = [0, 0, 0, 0]
    seen = [False] * 4
    ordered = True
    for letter, ranks in _SUIT_RUN.findall(hand):
        i = _SUIT_INDEX[letter]
        if seen[i]:
            raise DealError(Message("lin.suit_twice", suit=SUITS[i], seat=owner, hand=hand))
        seen[i] = True
        try:
            masks[i], in_order = suit_mask(ranks)
        except DealError:
            raise DealError(_rank_trouble(ranks, SUITS[i], owner, hand)) from None
        ordered = ordered and in_order
    return (masks[0], masks[1], masks[2], masks[3]), ordered


def _rank_trouble(ranks: str, suit: str, owner: str, hand: str) -> Message:
    """Why suit_mask refused ``ranks``, said with the card and the hand."""
    seen = set()
    for ch in ranks.upper().replace("10", "T"):
        if ch not in RANK_NAMES:
            return Message("lin.not_a_rank", char=ch, seat=owner, hand=hand)
        if ch in seen:
            return Message("lin.card_twice", card=suit + ch, seat=owner, hand=hand)
        seen.add(ch)
    return Message("lin.suit_unreadable", seat=owner, suit=suit, ranks=ranks)  # pragma: no cover - suit_mask agrees
