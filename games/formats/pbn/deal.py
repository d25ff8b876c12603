"""The value of a PBN ``[Deal]`` tag, read into one canonical deal.

Most files are written by programs in export format (ranks in descending
order, single spaces), so a fast path looks each of the sixteen suits up in
tables of the 8192 canonical suit texts and checks the deck with a few
integer operations. Anything else (import format: lower case, unsorted
ranks, redundant suit letters, ``-`` hands, no ``<first>:``) goes through
``cards.parse_dotted_hand`` and ``cards.build_deal``, which also word the
reasons a deal is not a deck.
"""

from __future__ import annotations

from ..cards import FULL_SUIT, SEAT_NAMES, SUIT_TEXT, DealError, build_deal, parse_dotted_hand
from ..model import SEATS

__all__ = ["DealError", "read_deal"]

_SUIT = {SUIT_TEXT[m]: m for m in range(FULL_SUIT + 1)}  # canonical suit text -> 13-bit mask
_SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}
_SEAT_INDEX.update({s.lower(): i for s, i in _SEAT_INDEX.items()})

UNORDERED = "ranks not in descending order within a suit"


def read_deal(value: str) -> tuple[str, str | None, tuple[str, ...]]:
    """(canonical deal, first seat as written or None, notes) from a [Deal] value.

    Raises DealError with a reason a bridge player understands.
    """
    first = _SEAT_INDEX.get(value[:1]) if value[1:2] == ":" else None
    if first is not None:
        body = value[2:]
        try:
            n, e, s, w = body.split(" ")
            n0, n1, n2, n3 = n.split(".")
            e0, e1, e2, e3 = e.split(".")
            s0, s1, s2, s3 = s.split(".")
            w0, w1, w2, w3 = w.split(".")
            k = _SUIT
            # Each suit text is canonical (a key), so a hand of 16 characters holds 13
            # different cards; four such hands that cover every suit are 52 different cards.
            # (13-bit masks: one machine digit, cheaper than 52-bit hands.)
            good = (
                len(n) == 16
                and len(e) == 16
                and len(s) == 16
                and len(w) == 16
                and k[n0] | k[e0] | k[s0] | k[w0] == FULL_SUIT
                and k[n1] | k[e1] | k[s1] | k[w1] == FULL_SUIT
                and k[n2] | k[e2] | k[s2] | k[w2] == FULL_SUIT
                and k[n3] | k[e3] | k[s3] | k[w3] == FULL_SUIT
            )
        except (ValueError, KeyError):
            pass  # not export format: the general path below
        else:
            if good:
                # n, e, s, w are the hands as written, from the first seat: put North's first
                # (an f-string makes one new string, where slices and + make five)
                if first == 0:
                    return "N:" + body, "N", ()
                if first == 1:
                    return f"N:{w} {n} {e} {s}", "E", ()
                if first == 2:
                    return f"N:{s} {w} {n} {e}", "S", ()
                return f"N:{e} {s} {w} {n}", "W", ()
    return _read_general(value)


def _read_general(value: str) -> tuple[str, str | None, tuple[str, ...]]:
    notes: list[str] = []
    text = value.strip()
    first_seat: str | None = None
    head, colon, rest = text.partition(":")
    if colon:
        head = head.strip()
        if head.upper() not in _SEAT_INDEX:
            raise DealError(f"the deal starts with '{head[:20]}', not a seat (N, E, S or W) and ':'")
        first_seat = head.upper()
        text = rest
    else:
        notes.append("the deal gives no first seat: hands read from South, as Trickster does")
    start = _SEAT_INDEX[first_seat or "S"]
    if not text.strip():
        raise DealError("the deal is empty")
    hand_texts = text.split()
    if len(hand_texts) != 4:
        count = f"{len(hand_texts)} hands" if len(hand_texts) > 1 else "one hand"
        raise DealError(f"the deal has {count}; it needs four ('-' for a hand not given)")
    if "  " in text.strip() or "\t" in text:
        notes.append("extra spaces between the hands of the deal")
    hands: dict[str, tuple[int, int, int, int] | None] = {}
    ordered = True
    for i, hand in enumerate(hand_texts):
        seat = SEATS[(start + i) % 4]
        if hand == "-":
            hands[seat] = None
            continue
        if hand.count(".") != 3:
            raise DealError(
                f"{SEAT_NAMES[seat]}'s hand '{hand[:40]}' has {hand.count('.') + 1} suits:"
                " it needs four, separated by dots"
            )
        try:
            masks, in_order = parse_dotted_hand(hand)
        except DealError as exc:
            raise DealError(f"{SEAT_NAMES[seat]}'s hand '{hand[:40]}': {exc}") from None
        ordered &= in_order
        hands[seat] = masks
    _check_shape(hands)
    deal, inferred = build_deal(hands)
    if inferred:
        gap = next(s for s in SEATS if hands[s] is None)
        notes.append(f"{SEAT_NAMES[gap]}'s hand is not given: it holds the 13 remaining cards")
    if not ordered:
        notes.append(UNORDERED)
    if any(ch.islower() for ch in text):
        notes.append("cards written in lower case")
    return deal, first_seat, tuple(notes)


def _check_shape(hands: dict[str, tuple[int, int, int, int] | None]) -> None:
    """Raise for the shapes build_deal words less clearly: end positions, missing hands."""
    missing = [SEAT_NAMES[s] for s in SEATS if hands[s] is None]
    if len(missing) == 4:
        raise DealError("no hand is given")
    counts = {sum(m.bit_count() for m in masks) for masks in hands.values() if masks is not None}
    if len(counts) == 1:
        (n,) = counts
        if n < 13:
            raise DealError(f"every hand has {n} cards: an end position, not a full deal")
    if len(missing) > 1:
        names = ", ".join(missing[:-1]) + " and " + missing[-1]
        raise DealError(f"{names} are not given: a deck needs at least three hands")
