"""The values of Richard Pavlicek's RBN labels: hands (H), auction (A), contract (C),
play (P), result (R), names (N) and date (D). Written from the notation's description
(rpbridge.net 7a12) and checked against Soren Hein's BridgeData reader and writer."""

from __future__ import annotations

import re

from games.bridge import rules
from games.bridge.cards import RANKS, SEATS, SUITS, DealError, Masks, build_deal, parse_dotted_hand
from games.bridge.rules import Call

from ..messages import Message, reason

VUL_OF_LETTER = {"Z": "None", "N": "NS", "E": "EW", "B": "All", "?": None}
LETTER_OF_VUL = {"None": "Z", "NS": "N", "EW": "E", "All": "B"}
MAX_HANDS = 200  # characters: four full hands take 67
MAX_CALLS = 400  # an auction has at most 319 calls
MAX_TRICK = 12  # characters of one trick: four cards take at most 8
_CALL = re.compile(r"([1-7][CDHSN]|[PXRDAY])([!?*]*)(?:\^([0-9]))?")
_CALL_OF = {"P": rules.PASS, "X": rules.DOUBLE, "D": rules.DOUBLE, "R": rules.REDOUBLE}
_SPLIT_HANDS = re.compile("[:;]")
_RANK_SET = frozenset(RANKS)


def read_hands(value: str) -> str:
    """The canonical deal of an H value (``W:AK.QJ.T98.765:…:…:``): a seat, then up to four
    hands clockwise from it, each after ':' (or ';': hidden, but given). A hand left out is
    the rest of the deck. Raises DealError with the reason."""
    value = value.strip()
    if len(value) > MAX_HANDS:
        raise DealError(Message("rbn.hands_length", count=len(value)))
    first = value[:1].upper()
    if not first or first not in SEATS or value[1:2] not in (":", ";"):
        raise DealError(Message("rbn.hands_start", value=value[:20]))
    parts = _SPLIT_HANDS.split(value[2:])
    if len(parts) > 4:
        raise DealError(Message("rbn.hand_count", count=len(parts)))
    hands: dict[str, Masks | None] = {}
    for i, part in enumerate(parts):
        part = part.strip()
        if not part:
            continue
        seat = rules.seat_after(first, i)
        if "x" in part.lower() or "?" in part:
            raise DealError(Message("rbn.unknown_cards", seat=seat, hand=part))
        try:
            hands[seat] = parse_dotted_hand(part)[0]
        except DealError as error:
            raise DealError(Message("rbn.hand", seat=seat, reason=reason(error))) from None
    return build_deal(hands)[0]


Auction = tuple[str | None, str | None, tuple[Call, ...], tuple[str, ...]]  # dealer, vul, calls, notes
_plain: dict[tuple[str, bool], Call] = {}  # one Call of each plain call and alert (some 80)


def read_auction(value: str, notes: dict[str, str]) -> Auction:
    """(dealer, vulnerability, calls, notes) of an A value (``NZ:1SP2HP:4SA``).

    Without the dealer-vulnerability prefix the auction starts with West and the
    vulnerability is not stated. ``A`` ends the auction with passes; ``*`` alerts a call;
    ``^n`` points at note line n (its text becomes the call's explanation).
    """
    text = value.strip().upper()
    said: list[str] = []
    dealer: str | None = None
    vul: str | None = None
    if text and text[0] in SEATS:  # no call starts with a seat's letter
        prefix, text = (text[:2], text[2:]) if ":" not in text[:4] else text.split(":", 1)
        dealer = prefix[:1]
        if prefix[1:] in VUL_OF_LETTER:
            vul = VUL_OF_LETTER[prefix[1:]]
        elif prefix[1:]:
            said.append(Message("rbn.vul", value=prefix[1:]))
    calls: list[Call] = []
    pos = 0
    while pos < len(text):
        if text[pos] in ": \t":
            pos += 1
            continue
        if len(calls) >= MAX_CALLS:
            said.append(Message("rbn.too_many_calls", count=MAX_CALLS))
            break
        match = _CALL.match(text, pos)
        if match is None:
            said.append(Message("rbn.not_a_call", char=text[pos]))
            break
        token, marks, ref = match.groups()
        pos = match.end()
        if token == "A":  # all pass: to three passes after a bid, or four without one
            passes = _trailing_passes(calls)
            bid = any(c.call[:1].isdigit() for c in calls)
            pass_call = _plain.get((rules.PASS, False)) or _plain.setdefault((rules.PASS, False), Call(rules.PASS))
            calls.extend([pass_call] * max(0, (3 if bid else 4) - passes))
            if text[pos:].strip(": \t"):
                said.append(Message("rbn.after_all_pass"))
            break
        if token == "Y":  # "your call": a bidding problem stops here
            break
        call = _CALL_OF.get(token) or rules.read_call(token) or rules.UNKNOWN_CALL
        explanation = notes.get(ref, "") if ref else ""
        alert = "*" in marks or bool(ref)
        if explanation:
            calls.append(Call(call, alert, explanation))
        else:
            calls.append(_plain.get((call, alert)) or _plain.setdefault((call, alert), Call(call, alert)))
    if dealer is None and calls:
        dealer = "W"  # the notation's rule for an auction without its prefix
    return dealer, vul, tuple(calls), tuple(said)


def _trailing_passes(calls: list[Call]) -> int:
    count = 0
    for call in reversed(calls):
        if call.call != rules.PASS:
            break
        count += 1
    return count


def read_contract(value: str) -> tuple[str, str]:
    """(contract, declarer) of a C value: ``4HX:S``, ``3NR:N`` (redoubled), ``P`` (passed out)."""
    text, _, seat = value.strip().upper().partition(":")
    text = text.strip()
    if text in ("P", "PASS", "A"):
        return "Pass", ""
    if text.endswith("R"):
        text = text[:-1] + "XX"
    bid = rules.parse_contract(text[:8])
    declarer = seat.strip()[:1]
    return (str(bid) if bid else ""), (declarer if bid and declarer in SEATS else "")


def read_play(value: str) -> tuple[tuple[tuple[str, ...], ...], str]:
    """(tricks, note) of a P value: tricks separated by ':', each card a suit and a rank, or a
    rank alone for a card of the suit led (``SA3:H2`` is SA S3, then H2)."""
    pieces = value.upper().replace("10", "T").split(":", 13)
    more = len(pieces) > 13 and pieces[13].strip(": \t")
    note = Message("rbn.too_many_tricks") if more else ""
    tricks: list[tuple[str, ...]] = []
    for piece in pieces[:13]:
        piece = piece.strip()
        if not piece:
            continue
        unread = Message("rbn.trick", trick=len(tricks) + 1, text=piece[:20])
        cards: list[str] = []
        led = suit = ""
        if len(piece) > MAX_TRICK:
            return tuple(tricks), unread
        for ch in piece:
            if ch in SUITS and not suit:
                suit = ch
            elif ch in _RANK_SET and (suit or led):
                cards.append((suit or led) + ch)
                led, suit = led or suit, ""
            else:
                return tuple(tricks), unread
        if suit or len(cards) > 4:
            return tuple(tricks), unread
        tricks.append(tuple(cards))
    return tuple(tricks), note


def read_result(value: str) -> str:
    """Declarer's tricks, from an R value (``10+620``, ``9-100:+5``); '' when it gives none."""
    text = value.strip()
    digits = len(text) - len(text.lstrip("0123456789"))
    return text[:digits] if 0 < digits <= 2 else ""


def read_names(value: str) -> tuple[tuple[tuple[str, str], ...], str]:
    """(players, room) of an N value: ``North+South:West+East``, then ``:O`` or ``:C`` for the room."""
    sides = value.split(":", 2)
    players = []
    for side, seats in zip(sides[:2], ("NS", "WE")):
        for seat, name in zip(seats, side.split("+", 1)):
            name = " ".join(name[:100].split())
            if name:
                players.append((seat, name))
    room = {"O": "Open", "C": "Closed"}.get(sides[2].strip().upper(), "") if len(sides) > 2 else ""
    return tuple(players), room


def read_date(value: str) -> str:
    """A D value (``20050815``, ``200508``) as a PBN date (``2005.08.15``, ``2005.08.??``)."""
    text = value.strip()
    if text.isdecimal() and len(text) == 8:
        return f"{text[:4]}.{text[4:6]}.{text[6:]}"
    if text.isdecimal() and len(text) == 6:
        return f"{text[:4]}.{text[4:6]}.??"
    return text


def write_date(date: str) -> str:
    """A PBN date as an RBN D value; '' when it is not one (RBN dates are digits only)."""
    year, _, rest = date.partition(".")
    month, _, day = rest.partition(".")
    if not (len(year) == 4 and year.isdecimal() and len(month) == 2 and month.isdecimal()):
        return ""
    return year + month + (day if len(day) == 2 and day.isdecimal() else "")
