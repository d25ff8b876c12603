"""LIN md values to a canonical deal (used by ``lin`` and ``handviewer``).

``read_md`` is the hot path of every upload: the md shape BBO writes is read with one
pattern and checked with bit masks, and ``cards.build_deal`` is asked only when something
is wrong, for its player-friendly message.
"""

from __future__ import annotations

import re

from .cards import RANK_NAMES, SEAT_NAMES, SUIT_NAMES, DealError, build_deal, suit_mask
from .model import RANKS

E_INFERRED = "hand E not given; completed with the 13 remaining cards"
INFERRED = {seat: E_INFERRED.replace("hand E", f"hand {seat}") for seat in "NESW"}  # notes, made once
UNORDERED = "ranks not in descending order within a suit (md)"
DEALERS = {"1": "S", "2": "W", "3": "N", "4": "E"}
MD_SEATS = "SWNE"  # order of the hands in md
FULL = 0x1FFF

_TEXT = tuple("".join(r for i, r in enumerate(RANKS) if m >> (12 - i) & 1) for m in range(FULL + 1))
_R = "[2-9TJQKAtjqka]*+"
# The md BBO writes: dealer digit, hands S, W, N (East optional), each 4 suit letters and
# 13 ranks (the lookahead), then an optional trailing comma. Anything else: _read_md_slowly.
_HAND = f"(?=[^,]{{17}}(?:,|$))[Ss]({_R})[Hh]({_R})[Dd]({_R})[Cc]({_R})"
_MD_FAST = re.compile(f"([1-4]?){_HAND},{_HAND},{_HAND}(?:,{_HAND})?,?")
_SUIT_RUN = re.compile(r"([SHDCshdc])([^SHDCshdc]*)")
_SPACE = re.compile(r"\s+")


def read_md(value: str) -> tuple[str, str | None, tuple[str, ...]]:
    """(canonical deal, dealer or None, notes) from an md value; DealError says what is wrong.

    The md BBO writes (upper case, ranks high to low) is read by ``_read_canonical_md``;
    anything else by ``_read_md_any_case``, which has the same answer for that md."""
    m = _MD_CANONICAL.fullmatch(value)
    if m is None:
        return _read_md_any_case(value)
    digit, s0, s1, s2, s3, w0, w1, w2, w3, n0, n1, n2, n3, e0, e1, e2, e3 = m.groups()
    k = _CANONICAL
    try:
        u0 = k[s0] | k[w0] | k[n0]
        u1 = k[s1] | k[w1] | k[n1]
        u2 = k[s2] | k[w2] | k[n2]
        u3 = k[s3] | k[w3] | k[n3]
        if e0 is not None:
            d0, d1, d2, d3 = k[e0], k[e1], k[e2], k[e3]
    except KeyError:  # ranks out of order, or one written twice
        return _read_md_any_case(value)
    # Each suit text of _CANONICAL has its ranks once and in order, so it is its own
    # canonical text: only the 39 (or 52) cards must all be different.
    if (u0 << 39 | u1 << 26 | u2 << 13 | u3).bit_count() != 39:
        return _read_md_slowly(value)
    if e0 is None:
        t = _TEXT
        east = f"{t[FULL ^ u0]}.{t[FULL ^ u1]}.{t[FULL ^ u2]}.{t[FULL ^ u3]}"
        notes: tuple[str, ...] = _INFERRED
    elif (u0 & d0) | (u1 & d1) | (u2 & d2) | (u3 & d3):
        return _read_md_slowly(value)
    else:
        east, notes = f"{e0}.{e1}.{e2}.{e3}", ()
    deal = f"N:{n0}.{n1}.{n2}.{n3} {east} {s0}.{s1}.{s2}.{s3} {w0}.{w1}.{w2}.{w3}"
    return deal, DEALERS.get(digit), notes


# Suit text -> mask for the 8192 texts with upper-case ranks in order ("", "AQT2"...):
# built once (a few ms), so the usual md never waits for a cache to fill.
_CANONICAL: dict[str, int] = {text: mask for mask, text in enumerate(_TEXT)}
_INFERRED = (E_INFERRED,)
_C = "([2-9TJQKA]*+)"
_CANONICAL_HAND = f"(?=[^,]{{17}}(?:,|$))S{_C}H{_C}D{_C}C{_C}"
_MD_CANONICAL = re.compile(f"([1-4]?){_CANONICAL_HAND},{_CANONICAL_HAND},{_CANONICAL_HAND}(?:,{_CANONICAL_HAND})?,?")


def _read_md_any_case(value: str) -> tuple[str, str | None, tuple[str, ...]]:
    """``read_md`` for an md in BBO's shape with lower-case letters or ranks out of order;
    any other md goes to ``_read_md_slowly``."""
    m = _MD_FAST.fullmatch(value)
    if m is None:
        return _read_md_slowly(value)
    g = m.groups()
    digit, s0, s1, s2, s3, w0, w1, w2, w3, n0, n1, n2, n3, e0, e1, e2, e3 = g
    k = _MASK
    try:
        a0, a1, a2, a3, b0, b1, b2, b3 = k[s0], k[s1], k[s2], k[s3], k[w0], k[w1], k[w2], k[w3]
        c0, c1, c2, c3 = k[n0], k[n1], k[n2], k[n3]
        if e0 is not None:
            d0, d1, d2, d3 = k[e0], k[e1], k[e2], k[e3]
    except KeyError:
        if not _learn(g[1:]):
            return _read_md_slowly(value)  # a rank written twice: the slow path explains
        return _read_md_any_case(value)
    # Every hand has 13 ranks (the pattern) and no suit in _MASK has a rank twice, so the
    # deal is good when the 39 (or 52) cards are all different.
    u0, u1, u2, u3 = a0 | b0 | c0, a1 | b1 | c1, a2 | b2 | c2, a3 | b3 | c3
    if (u0 << 39 | u1 << 26 | u2 << 13 | u3).bit_count() != 39:
        return _read_md_slowly(value)
    if e0 is None:
        d0, d1, d2, d3 = FULL ^ u0, FULL ^ u1, FULL ^ u2, FULL ^ u3
        notes = _INFERRED if _DESC.issuperset(g[1:13]) else _INFERRED_UNORDERED
    elif (u0 & d0) | (u1 & d1) | (u2 & d2) | (u3 & d3):
        return _read_md_slowly(value)
    else:
        notes = () if _DESC.issuperset(g[1:]) else (UNORDERED,)
    t = _TEXT
    deal = (
        f"N:{t[c0]}.{t[c1]}.{t[c2]}.{t[c3]} {t[d0]}.{t[d1]}.{t[d2]}.{t[d3]}"
        f" {t[a0]}.{t[a1]}.{t[a2]}.{t[a3]} {t[b0]}.{t[b1]}.{t[b2]}.{t[b3]}"
    )
    return deal, DEALERS.get(digit), notes


_INFERRED_UNORDERED = (E_INFERRED, UNORDERED)
_MASK: dict[str, int] = {}  # suit text -> mask, for texts without a rank written twice
_DESC: set[str] = set()  # suit texts whose ranks run from high to low


def _learn(suits: tuple[str | None, ...]) -> bool:
    """Add suit texts to the caches; False when one has a rank twice."""
    for ranks in suits:
        if ranks is None or ranks in _MASK:
            continue
        try:
            mask, ordered = suit_mask(ranks)
        except DealError:
            return False
        if len(_MASK) > 100_000:  # 8192 suits, but order and case vary: stay bounded
            _MASK.clear()
            _DESC.clear()
        _MASK[ranks] = mask
        if ordered:
            _DESC.add(ranks)
    return True


def _read_md_slowly(value: str) -> tuple[str, str | None, tuple[str, ...]]:
    """Any md the fast pattern refused: spaces, '10', odd suit order, and errors to explain."""
    text = _SPACE.sub("", value)
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
    ordered = True
    for seat, hand in zip(MD_SEATS, hands):
        found, in_order = parse_hand(hand, SEAT_NAMES[seat])
        # A hand without cards ('', or BBO's bare suit letters 'SHDC') is one left out.
        masks[seat] = found if any(found) else None
        ordered = ordered and in_order
    deal, inferred = build_deal(masks)
    if inferred:
        notes.insert(0, INFERRED[next(seat for seat in MD_SEATS if masks.get(seat) is None)])
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
    for run in _SUIT_RUN.finditer(hand):
        i = "SHDC".index(run[1].upper())
        suit = SUIT_NAMES["SHDC"[i]]
        if seen[i]:
            raise DealError(f"{suit} are given twice in {owner}'s hand '{hand}'")
        seen[i] = True
        try:
            masks[i], in_order = suit_mask(run[2])
        except DealError:
            raise DealError(_rank_trouble(run[2], suit, owner, hand)) from None
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
