"""The values of LIN pairs: mb/an to calls, pc/mc to the play (md: ``md``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import unquote

from games.bridge.cards import RANKS, SUITS
from games.bridge.rules import UNKNOWN_CALL, Call, read_call

from ..limits import MAX_PAIRS
from ..messages import Message

ENCODED = re.compile(r"%[0-9A-Fa-f]{2}")  # a %XX escape, in an and nt values and in ah headings
_CALL = re.compile(r"(?i)([1-7])(nt|[cdhsn])|(xx|rd?|x|d|p)")
# One Call of each kind, shared by every deck: 35 bids, pass, double and redouble.
BIDS = tuple(f"{level}{strain}" for level in "1234567" for strain in ("C", "D", "H", "S", "NT"))
PLAIN = {code: Call(code) for code in ("P", "X", "XX", *BIDS)}
# Letters of the longest run-together mb value read ('1nppp' in movies): longer ones are
# no calls, where each letter would cost a deck eight bytes.
RUN_TOGETHER = 16


def calls_of(raw: str) -> tuple[Call, ...]:
    """One mb value as calls: '1h', '2N!', 'd', 'Dbl', 'Pass' (``rules.read_call``), and
    the run-together '1nppp' of movies; () when it is not a call."""
    text = raw.strip()
    alert = text.endswith("!")
    text = text.rstrip("!").strip()
    calls: list[Call] = []
    at = len(text)
    word = read_call(text)
    if word is not None:
        calls.append(PLAIN[word])
    elif len(text) > RUN_TOGETHER:
        return ()
    else:
        at = 0
    while at < len(text):
        m = _CALL.match(text, at)
        if m is None:
            calls = []
            break
        if m[1]:
            strain = m[2].upper()
            code = m[1] + ("NT" if strain in ("N", "NT") else strain)
        else:
            word = m[3].lower()
            code = "P" if word == "p" else "X" if word in ("d", "x") else "XX"
        calls.append(PLAIN[code])
        at = m.end()
    if calls and alert:
        calls[-1] = Call(calls[-1].call, True)
    return tuple(calls)


# The mb values BBO writes, one call each in either case, alerted or not ("1h", "2N!",
# "p"): a table made by calls_of, so that the usual call is one look-up.
ONE_CALL = {
    raw: calls_of(raw)
    for word in ("p", "d", "r", "x", "xx", *(f"{n}{s}" for n in "1234567" for s in ("c", "d", "h", "s", "n", "nt")))
    for raw in (word, word.upper(), word + "!", word.upper() + "!")
}


def read_auction(pairs: Sequence[tuple[str, str]], notes: list[str]) -> tuple[tuple[Call, ...], list[int]]:
    """The calls of a record's mb/an pairs (an explains the call just made), and how many
    calls stand after each pair read (commentary is placed by them)."""
    if len(pairs) > MAX_PAIRS:
        notes.append(Message("lin.auction_pairs", count=MAX_PAIRS))
        pairs = pairs[:MAX_PAIRS]
    auction: list[Call] = []
    made: list[int] = []
    for tag, value in pairs:
        if tag == "mb":
            found = ONE_CALL.get(value) or calls_of(value)
            if len(auction) + len(found) > 2 * MAX_PAIRS:  # run-together calls: as many as letters
                notes.append(Message("lin.auction_calls", count=2 * MAX_PAIRS))
                break
            if found:
                auction.extend(found)
            elif value.strip():  # kept in its place, so that the calls after it stay on their seats
                auction.append(Call(UNKNOWN_CALL, value.strip().endswith("!")))
                notes.append(Message("lin.call_kept", value=value[:20]))
            else:
                notes.append(Message("lin.call_read_past", value=value[:20]))
        elif auction:  # an
            last = auction[-1]
            auction[-1] = Call(last.call, last.alert, free_text(value).strip())
        made.append(len(auction))
    return tuple(auction), made


def free_text(text: str) -> str:
    """A free-text value (an, nt) with its %XX escapes read, as BBO writes them."""
    return unquote(text) if ENCODED.search(text) else text


# pc values: each card in either case, and with '10' for the ten, as one shared string.
CARDS = {
    variant: suit + rank
    for suit in SUITS
    for rank in RANKS
    for variant in {suit + rank, suit.lower() + rank, suit + rank.lower(), suit.lower() + rank.lower()}
}
CARDS.update({suit + "10": suit.upper() + "T" for suit in SUITS + SUITS.lower()})


def read_play(
    pairs: Sequence[tuple[str, str]], notes: list[str]
) -> tuple[tuple[tuple[str, ...], ...], int | None, list[int]]:
    """(cards in tricks of four, tricks claimed, how many cards stand after each pair read)
    from a record's pc/mc pairs. A claim may come mid-trick: the last one counts. Line
    breaks inside a value mean nothing (a file may wrap anywhere)."""
    if len(pairs) > MAX_PAIRS:
        notes.append(Message("lin.play_pairs", count=MAX_PAIRS))
        pairs = pairs[:MAX_PAIRS]
    cards: list[str] = []
    made: list[int] = []
    claim = None
    for tag, value in pairs:
        if "\n" in value or "\r" in value:
            value = value.replace("\r", "").replace("\n", "")
        if tag == "pc":
            card = CARDS.get(value)
            if card is None and value.strip():
                card = value.strip().upper()
            if card is not None:
                cards.append(card)
        else:  # mc
            claim = value
        made.append(len(cards))
    tricks = tuple(zip(*[iter(cards)] * 4))
    if len(cards) % 4:
        tricks += (tuple(cards[len(cards) - len(cards) % 4 :]),)
    return tricks, None if claim is None else read_claim(claim, notes), made


def read_claim(value: str, notes: list[str]) -> int | None:
    """The tricks an mc value claims (0..13); None, with a note, for anything else."""
    value = value.strip()
    # isdecimal and a bounded length: int() refuses "²" and more than 4,300 digits
    if value.isdecimal() and len(value) <= 2 and int(value) <= 13:
        return int(value)
    notes.append(Message("lin.claim", value=value[:20]))
    return None
