"""The cards: seats, suits and ranks, and four hands turned into one validated, canonical deal.

Hands are held as four 13-bit suit masks (spades, hearts, diamonds, clubs;
bit 12 is the ace). Both readers parse their own hand syntax into masks and
call ``build_deal``, so validation and the canonical text live in one place.
This is the hot path of every upload: look-ups are table driven.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from functools import lru_cache

from .types import SEATS, Seat  # SEATS: "NESW", clockwise, the order of the canonical deal text

SUITS = "SHDC"
RANKS = "AKQJT98765432"
SEAT_NAMES = {seat.value: seat.full_name for seat in Seat}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}  # high-card points
FULL_SUIT = 0x1FFF
RANK_NAMES = dict(
    zip(
        RANKS,
        (
            "ace",
            "king",
            "queen",
            "jack",
            "ten",
            "nine",
            "eight",
            "seven",
            "six",
            "five",
            "four",
            "three",
            "two",
        ),
    )
)

# rank character -> bit; "A" is bit 12 ... "2" is bit 0. Lower case and "10" handled by callers.
RANK_BIT = {r: 1 << (12 - i) for i, r in enumerate(RANKS)}
RANK_BIT.update({r.lower(): b for r, b in RANK_BIT.items() if r.isalpha()})
# mask -> "AKQ..." in descending order, for the canonical text
SUIT_TEXT = tuple("".join(r for i, r in enumerate(RANKS) if m & (1 << (12 - i))) for m in range(FULL_SUIT + 1))

Masks = tuple[int, int, int, int]


class DealError(ValueError):
    """A deal that is not 52 distinct cards, 13 to each seat; the message says why.

    ``key`` and ``params`` name the message for the readers' ``games.formats.messages``,
    which hold its English template and make it (with the reason's pieces) keyed."""

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@lru_cache(maxsize=16384)  # deals repeat suits (8,192 as written by programs): a look-up, not a loop
def suit_mask(text: str) -> tuple[int, bool]:
    """Mask of one suit's ranks and whether they came in descending order.

    Raises DealError for an unknown rank or a rank written twice.
    """
    mask = 0
    ordered = True
    last = 1 << 13
    work = text.replace("10", "T")
    for ch in work:
        bit = RANK_BIT.get(ch)
        if bit is None:
            raise DealError(f"'{ch}' is not a card rank", "deal.not_a_rank", char=ch)
        if mask & bit:
            raise DealError(
                f"the {RANK_NAMES[ch.upper()]} is written twice in one suit", "deal.rank_twice", rank=ch.upper()
            )
        if bit > last:
            ordered = False
        last = bit
        mask |= bit
    return mask, ordered


def card_name(suit_index: int, bit: int) -> str:
    rank = RANKS[12 - bit.bit_length() + 1]
    return f"the {RANK_NAMES[rank]} of {SUIT_NAMES[SUITS[suit_index]]}"


def card_code(suit_index: int, bit: int) -> str:
    return SUITS[suit_index] + RANKS[12 - bit.bit_length() + 1]


def _count(masks: Masks) -> int:
    return masks[0].bit_count() + masks[1].bit_count() + masks[2].bit_count() + masks[3].bit_count()


def canonical(n: Masks, e: Masks, s: Masks, w: Masks) -> str:
    """'N:<north> <east> <south> <west>' from four seats' masks (already validated)."""
    t = SUIT_TEXT
    return (
        f"N:{t[n[0]]}.{t[n[1]]}.{t[n[2]]}.{t[n[3]]} {t[e[0]]}.{t[e[1]]}.{t[e[2]]}.{t[e[3]]}"
        f" {t[s[0]]}.{t[s[1]]}.{t[s[2]]}.{t[s[3]]} {t[w[0]]}.{t[w[1]]}.{t[w[2]]}.{t[w[3]]}"
    )


def build_deal(hands: Mapping[str, Masks | None]) -> tuple[str, bool]:
    """Validate four hands (one may be None: it gets the 13 remaining cards).

    Returns (canonical deal, whether a hand was inferred). Raises DealError
    with a message a bridge player understands.
    """
    n, e, s, w = hands.get("N"), hands.get("E"), hands.get("S"), hands.get("W")
    if n and e and s and w:
        # each suit's cards once (together all of them, none twice), and 13 cards a hand
        if (
            n[0] | e[0] | s[0] | w[0] == FULL_SUIT == n[0] + e[0] + s[0] + w[0]
            and n[1] | e[1] | s[1] | w[1] == FULL_SUIT == n[1] + e[1] + s[1] + w[1]
            and n[2] | e[2] | s[2] | w[2] == FULL_SUIT == n[2] + e[2] + s[2] + w[2]
            and n[3] | e[3] | s[3] | w[3] == FULL_SUIT == n[3] + e[3] + s[3] + w[3]
            and _count(n) == _count(e) == _count(s) == 13
        ):
            return canonical(n, e, s, w), False
        _explain(hands)
        raise DealError("the cards do not make a full deck", "deal.not_full_deck")  # pragma: no cover - _explain raises
    missing = [s for s in SEATS if hands.get(s) is None]
    known = {s: m for s, m in hands.items() if m is not None}
    if len(missing) > 1:
        _explain(known)  # what the hands given get wrong comes first: a card twice, a hand's size
        names = " and ".join(SEAT_NAMES[s] for s in missing)
        raise DealError(
            f"{names} are not given: a deck needs at least three hands",
            "deal.hands_not_given",
            seatsand="".join(missing),
        )
    # the three known hands must be 13 distinct cards each; _explain says what is wrong
    a, b, c = known.values()
    union = [a[i] | b[i] | c[i] for i in range(4)]
    if any(union[i] != a[i] + b[i] + c[i] for i in range(4)) or not (_count(a) == _count(b) == _count(c) == 13):
        _explain(known)
    known[missing[0]] = (FULL_SUIT & ~union[0], FULL_SUIT & ~union[1], FULL_SUIT & ~union[2], FULL_SUIT & ~union[3])
    return canonical(known["N"], known["E"], known["S"], known["W"]), True


def _explain(known: Mapping[str, Masks | None]) -> None:
    """Raise DealError naming the first thing wrong: a card twice, then a hand's size."""
    owner: dict[tuple[int, int], str] = {}
    for seat in SEATS:
        masks = known.get(seat)
        if masks is None:
            continue
        for i in range(4):
            m = masks[i]
            while m:
                bit = m & -m
                m ^= bit
                first = owner.setdefault((i, bit), seat)
                if first != seat:
                    raise DealError(
                        f"{card_name(i, bit)} is in both {SEAT_NAMES[first]} and {SEAT_NAMES[seat]}",
                        "deal.card_twice",
                        card=card_code(i, bit),
                        seat=first,
                        seat2=seat,
                    )
    for seat in SEATS:
        masks = known.get(seat)
        if masks is not None and _count(masks) != 13:
            raise DealError(
                f"{SEAT_NAMES[seat]} has {_count(masks)} cards", "deal.hand_size", seat=seat, count=_count(masks)
            )
    if len(known) == 4:
        raise DealError("the cards do not make a full deck", "deal.not_full_deck")


def parse_dotted_hand(text: str) -> tuple[Masks, bool]:
    """A PBN hand 'AK.QJ2.T98.765' (import format: any order, lower case,
    redundant suit letters 'SAK.HQJ2.D..'). Returns (masks, ranks ordered)."""
    try:
        s, h, d, c = text.split(".")
    except ValueError:
        raise DealError(
            f"hand '{text}' does not have four suits separated by dots", "deal.not_four_suits", hand=text
        ) from None
    # (a suit's letter before its ranks is read past; "" is in any string, and stays "")
    s_mask, s_ordered = suit_mask(s[1:] if s[:1] in "Ss" else s)
    h_mask, h_ordered = suit_mask(h[1:] if h[:1] in "Hh" else h)
    d_mask, d_ordered = suit_mask(d[1:] if d[:1] in "Dd" else d)
    c_mask, c_ordered = suit_mask(c[1:] if c[:1] in "Cc" else c)
    return (s_mask, h_mask, d_mask, c_mask), s_ordered and h_ordered and d_ordered and c_ordered


def random_deal(rng: random.Random | None = None) -> str:
    """A canonical 'N:...' deal from one shuffle of 52 cards: uniformly random from the
    operating system's cryptographic source, or from ``rng`` (seeded: the same deals
    every run, for benchmarks and tests)."""
    cards = list(range(52))
    (rng or secrets.SystemRandom()).shuffle(cards)
    hands = []
    for seat in range(4):
        held = sorted(cards[seat * 13 : seat * 13 + 13])
        suits = ["", "", "", ""]
        for card in held:  # card // 13 is the suit (S first), card % 13 the rank (A first)
            suits[card // 13] += RANKS[card % 13]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def hcp(hand: str) -> int:
    """High-card points (A=4, K=3, Q=2, J=1) of a hand, dotted or not, in either case."""
    return sum(HCP.get(card, 0) for card in hand.upper())
