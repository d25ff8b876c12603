"""LIN md values to a canonical deal (``deck`` reads each record's md; ``handviewer``
reads its links' hands with ``parse_hand``).

An md value is the dealer's digit (1=S 2=W 3=N 4=E), then the hands South, West, North
and East, each ``S..H..D..C..`` in any suit order and case, '10' for 'T' allowed; East is
usually left out and is the 13 remaining cards. ``cards.build_deal`` checks the deal and
says what is wrong with it.
"""

from __future__ import annotations

import re

from games.bridge.cards import RANK_NAMES, SEAT_NAMES, SEATS, SUIT_NAMES, SUITS, DealError, build_deal, suit_mask

E_INFERRED = "hand E not given; completed with the 13 remaining cards"
INFERRED = {seat: E_INFERRED.replace("hand E", f"hand {seat}") for seat in SEATS}  # notes, made once
UNORDERED = "ranks not in descending order within a suit (md)"
DEALERS = {"1": "S", "2": "W", "3": "N", "4": "E"}
MD_SEATS = "SWNE"  # order of the hands in md

_SUIT_RUN = re.compile("([SHDCshdc])([^SHDCshdc]*)")  # a suit's letter and its ranks
_SUIT_INDEX = {letter: SUITS.index(letter.upper()) for letter in SUITS + SUITS.lower()}
Deal = tuple[str, str | None, tuple[str, ...]]  # (canonical deal, dealer or None, notes)


def deal_or_reason(value: str) -> Deal | str:
    """read_md's answer, or the reason the value is no deal: an answer either way, which a
    cache can keep."""
    try:
        return read_md(value)
    except DealError as exc:
        return str(exc)


def read_md(value: str) -> Deal:
    """(canonical deal, dealer or None, notes) from an md value; DealError says what is wrong."""
    text = "".join(value.split())  # (line breaks and spaces mean nothing)
    dealer = None
    notes: list[str] = []
    if text[:1].isdigit():
        digit, text = text[0], text[1:]
        dealer = DEALERS.get(digit)
        if dealer is None:
            notes.append(f"dealer digit '{digit}' is not 1-4; dealer not stated")
    if not text.strip(","):
        raise DealError("md gives no hands")
    hands = text.split(",")
    while len(hands) > 4 and not hands[-1]:
        hands.pop()
    if len(hands) > 4:
        raise DealError(f"md gives {len(hands)} hands; a deal has four")
    if len(hands) == 4 and not hands[3]:
        hands.pop()
    if len(hands) < 3:
        given = "one hand" if len(hands) == 1 else "two hands"
        raise DealError(f"md gives only {given}; a deck needs South, West and North (East may be left out)")
    masks: dict[str, tuple[int, int, int, int] | None] = {"E": None}
    left_out = "E"  # the hand build_deal completes, if it does
    ordered = True
    for seat, hand in zip(MD_SEATS, hands):
        found, in_order = parse_hand(hand, SEAT_NAMES[seat])
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
    and whether its ranks run high to low. ``owner`` names the hand in messages."""
    if hand and hand[0] not in "SHDCshdc":
        raise DealError(f"'{hand[0]}' comes before any suit letter in {owner}'s hand '{hand}'")
    masks = [0, 0, 0, 0]
    seen = [False] * 4
    ordered = True
    for letter, ranks in _SUIT_RUN.findall(hand):
        i = _SUIT_INDEX[letter]
        if seen[i]:
            raise DealError(f"{SUIT_NAMES['SHDC'[i]]} are given twice in {owner}'s hand '{hand}'")
        seen[i] = True
        try:
            masks[i], in_order = suit_mask(ranks)
        except DealError:
            raise DealError(_rank_trouble(ranks, SUIT_NAMES[SUITS[i]], owner, hand)) from None
        ordered = ordered and in_order
    return (masks[0], masks[1], masks[2], masks[3]), ordered


def _rank_trouble(ranks: str, suit: str, owner: str, hand: str) -> str:
    """Why suit_mask refused ``ranks``, said with the card and the hand."""
    seen = set()
    for ch in ranks.upper().replace("10", "T"):
        if ch not in RANK_NAMES:
            return f"'{ch}' is not a card rank (in {owner}'s hand '{hand}')"
        if ch in seen:
            return f"the {RANK_NAMES[ch]} of {suit} is written twice in {owner}'s hand '{hand}'"
        seen.add(ch)
    return f"{owner}'s {suit} '{ranks}' cannot be read"  # pragma: no cover - suit_mask agrees
