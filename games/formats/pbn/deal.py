"""The value of a PBN ``[Deal]`` tag, read into one canonical deal.

Export format (ranks in descending order, single spaces) and import format alike
(lower case, unsorted ranks, redundant suit letters, ``-`` hands, no ``<first>:``):
each hand goes through ``cards.parse_dotted_hand`` and the four through
``cards.build_deal``, which also word the reasons a deal is not a deck.
"""

from __future__ import annotations

from games.bridge.cards import SEATS, DealError, build_deal, parse_dotted_hand

from ..messages import Message, reason

__all__ = ["DealError", "deal_or_reason", "read_deal"]

Deal = tuple[str, str | None, tuple[str, ...]]  # (canonical deal, first seat as written, notes)

_FROM = {seat: SEATS[i:] + SEATS[:i] for i, seat in enumerate(SEATS)}  # the seats clockwise from each

UNORDERED = Message("pbn.unordered")  # notes made once
NO_FIRST_SEAT = Message("pbn.no_first_seat")
EXTRA_SPACES = Message("pbn.extra_spaces")
LOWER_CASE = Message("pbn.lower_case")
INFERRED = {seat: Message("pbn.hand_inferred", seat=seat) for seat in SEATS}


def deal_or_reason(value: str) -> Deal | str:
    """read_deal's answer, or the reason the value is no deal: an answer either way, which
    a cache can keep."""
    try:
        return read_deal(value)
    except DealError as exc:
        return reason(exc)


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
            raise DealError(Message("pbn.deal_first_seat", value=head[:20]))
        first_seat: str | None = seats[0]
        text = rest
    else:
        seats, first_seat = _FROM["S"], None
        notes.append(NO_FIRST_SEAT)
    hand_texts = text.split()
    if len(hand_texts) != 4:
        if not hand_texts:
            raise DealError(Message("pbn.deal_empty"))
        if len(hand_texts) == 1:
            raise DealError(Message("pbn.deal_one_hand"))
        raise DealError(Message("pbn.deal_hand_count", count=len(hand_texts)))
    if "  " in text.strip() or "\t" in text:
        notes.append(EXTRA_SPACES)
    hands: dict[str, tuple[int, int, int, int] | None] = {}
    ordered = True
    for seat, hand in zip(seats, hand_texts):
        if hand == "-":
            hands[seat] = None
            continue
        if hand.count(".") != 3:
            raise DealError(Message("pbn.hand_suits", seat=seat, hand=hand[:40], count=hand.count(".") + 1))
        try:
            hands[seat], in_order = parse_dotted_hand(hand)
        except DealError as exc:
            raise DealError(Message("deal.hand_trouble", seat=seat, hand=hand[:40], reason=reason(exc))) from None
        ordered = ordered and in_order
    try:
        deal, inferred = build_deal(hands)
    except DealError:
        _check_shape(hands)  # says what is wrong in a player's words, where it can
        raise
    if inferred:
        gap = next(s for s in SEATS if hands[s] is None)
        notes.append(INFERRED[gap])
    if not ordered:
        notes.append(UNORDERED)
    if text != text.upper():  # (what is left of a deal read is ranks, suit letters, dots and spaces)
        notes.append(LOWER_CASE)
    return deal, first_seat, tuple(notes)


def _check_shape(hands: dict[str, tuple[int, int, int, int] | None]) -> None:
    """Raise for the shapes build_deal words less clearly (and refuses): end positions,
    missing hands."""
    missing = [s for s in SEATS if hands[s] is None]
    if len(missing) == 4:
        raise DealError(Message("pbn.no_hand"))
    counts = {sum(m.bit_count() for m in masks) for masks in hands.values() if masks is not None}
    if len(counts) == 1:
        (n,) = counts
        if n < 13:
            raise DealError(Message("pbn.end_position", count=n))
    if len(missing) > 1:
        raise DealError(Message("deal.hands_not_given_list", seats="".join(missing)))
