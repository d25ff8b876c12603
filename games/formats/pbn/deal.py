"""The value of a PBN ``[Deal]`` tag, read into one canonical deal.

Export format (ranks in descending order, single spaces) and import format alike
(lower case, unsorted ranks, redundant suit letters, ``-`` hands, no ``<first>:``):
each hand goes through ``cards.parse_dotted_hand`` and the four through
``cards.build_deal``, which also word the reasons a deal is not a deck.
"""

from __future__ import annotations

from games.bridge.cards import SEAT_NAMES, SEATS, DealError, build_deal, parse_dotted_hand

__all__ = ["DealError", "deal_or_reason", "read_deal"]

Deal = tuple[str, str | None, tuple[str, ...]]  # (canonical deal, first seat as written, notes)

_FROM = {seat: SEATS[i:] + SEATS[:i] for i, seat in enumerate(SEATS)}  # the seats clockwise from each

UNORDERED = "ranks not in descending order within a suit"


def deal_or_reason(value: str) -> Deal | str:
    """read_deal's answer, or the reason the value is no deal: an answer either way, which
    a cache can keep."""
    try:
        return read_deal(value)
    except DealError as exc:
        return str(exc)


def read_deal(value: str) -> Deal:
    """(canonical deal, first seat as written or None, notes) from a [Deal] value.

    Raises DealError with a reason a bridge player understands.
    """
    notes: list[str] = []
    text = value.strip()
    head, colon, rest = text.partition(":")
    if colon:
        head = head.strip()
        seats = _FROM.get(head.upper())
        if seats is None:
            raise DealError(f"the deal starts with '{head[:20]}', not a seat (N, E, S or W) and ':'")
        first_seat: str | None = seats[0]
        text = rest
    else:
        seats, first_seat = _FROM["S"], None
        notes.append("the deal gives no first seat: hands read from South, as Trickster does")
    hand_texts = text.split()
    if len(hand_texts) != 4:
        if not hand_texts:
            raise DealError("the deal is empty")
        count = f"{len(hand_texts)} hands" if len(hand_texts) > 1 else "one hand"
        raise DealError(f"the deal has {count}; it needs four ('-' for a hand not given)")
    if "  " in text.strip() or "\t" in text:
        notes.append("extra spaces between the hands of the deal")
    hands: dict[str, tuple[int, int, int, int] | None] = {}
    ordered = True
    for seat, hand in zip(seats, hand_texts):
        if hand == "-":
            hands[seat] = None
            continue
        if hand.count(".") != 3:
            raise DealError(
                f"{SEAT_NAMES[seat]}'s hand '{hand[:40]}' has {hand.count('.') + 1} suits:"
                " it needs four, separated by dots"
            )
        try:
            hands[seat], in_order = parse_dotted_hand(hand)
        except DealError as exc:
            raise DealError(f"{SEAT_NAMES[seat]}'s hand '{hand[:40]}': {exc}") from None
        ordered = ordered and in_order
    try:
        deal, inferred = build_deal(hands)
    except DealError:
        _check_shape(hands)  # says what is wrong in a player's words, where it can
        raise
    if inferred:
        gap = next(s for s in SEATS if hands[s] is None)
        notes.append(f"{SEAT_NAMES[gap]}'s hand is not given: it holds the 13 remaining cards")
    if not ordered:
        notes.append(UNORDERED)
    if text != text.upper():  # (what is left of a deal read is ranks, suit letters, dots and spaces)
        notes.append("cards written in lower case")
    return deal, first_seat, tuple(notes)


def _check_shape(hands: dict[str, tuple[int, int, int, int] | None]) -> None:
    """Raise for the shapes build_deal words less clearly (and refuses): end positions,
    missing hands."""
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
