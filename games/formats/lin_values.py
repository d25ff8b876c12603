"""The values of LIN pairs: mb/an to calls, pc/mc to the play (md hands: ``lin_md``).

Pure functions used by ``lin``.
"""

from __future__ import annotations

import re
from operator import itemgetter
from urllib.parse import unquote

from .limits import MAX_PAIRS
from .model import RANKS, Call
from .rules import UNKNOWN_CALL, read_call

_ENCODED = re.compile(r"%[0-9A-Fa-f]{2}")
_CALL = re.compile(r"(?i)([1-7])(nt|[cdhsn])|(xx|rd?|x|d|p)")


_CALLS: dict[str, tuple[Call, ...]] = {}
_PLAIN: dict[str, Call] = {}  # one Call of each kind, shared
# Letters of the longest run-together mb value read ('1nppp' in movies): longer ones are
# no calls, where each letter would cost a deck eight bytes.
RUN_TOGETHER = 16


def calls_of(raw: str) -> tuple[Call, ...]:
    """One mb value as calls: '1h', '2N!', 'd', 'Dbl', 'Pass' (``rules.read_call``), and
    the run-together '1nppp' of movies; () when it is not a call."""
    hit = _CALLS.get(raw)
    if hit is not None:
        return hit
    text = raw.strip()
    alert = text.endswith("!")
    text = text.rstrip("!").strip()
    calls: list[Call] = []
    at = len(text)
    word = read_call(text)
    if word is not None:
        calls.append(_plain(word))
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
        calls.append(_plain(code))
        at = m.end()
    if calls and alert:
        calls[-1] = Call(calls[-1].call, True)
    result = tuple(calls)
    if len(_CALLS) < 4096 and len(raw) <= 20:  # (the cache outlives the file)
        _CALLS[raw] = result
    return result


def _plain(code: str) -> Call:
    call = _PLAIN.get(code)
    if call is None:  # (39 calls in all: 35 bids, P, X, XX and ?)
        call = _PLAIN[code] = Call(code)
    return call


def first_pairs(text: str, what: str, notes: list[str]) -> str:
    """``text`` (pairs, each with two pipes) up to its MAX_PAIRS-th pair; a note when more follow."""
    if text.count("|") <= 2 * MAX_PAIRS:
        return text
    rest = text.split("|", 2 * MAX_PAIRS)[-1]
    notes.append(f"the {what} has more than {MAX_PAIRS} pairs: the rest was read past")
    return text[: len(text) - len(rest)]


def read_auction(runs: list[str], notes: list[str]) -> tuple[Call, ...]:
    """Calls of the mb/an runs; an explains the call just made."""
    text = first_pairs(runs[0] if len(runs) == 1 else "".join(runs), "auction", notes)
    if text.startswith("mb|"):  # the usual shape, read in bulk: "mb|1H|mb|2N!|an|inv+fit|..."
        values = text[3:-1].split("|mb|")
        try:
            return tuple(map(_KNOWN.__getitem__, values))
        except KeyError:  # an explanation not seen yet, or a value that is not one call
            pass
        calls: list[Call] = []
        for value in values:
            call = _KNOWN.get(value)
            if call is None:
                raw, sep, why = value.partition("|an|")
                call = _ONE_CALL.get(raw)
                if call is None or not sep or "|" in why:
                    break  # several calls in one mb, an unknown call...: read pair by pair
                call = Call(call.call, call.alert, _explanation(why))
                if len(_KNOWN) < _KNOWN_LIMIT and len(value) <= 200:  # robots and system notes explain alike
                    _KNOWN[value] = call
            calls.append(call)
        else:
            return tuple(calls)
    auction: list[Call] = []
    parts = text.split("|")
    for slot, value in zip(parts[0:-1:2], parts[1::2]):
        if slot[-2:].lower() == "mb":
            found = calls_of(value)
            if len(auction) + len(found) > 2 * MAX_PAIRS:  # run-together calls: as many as letters
                notes.append(f"the auction has more than {2 * MAX_PAIRS} calls: the rest was read past")
                break
            if found:
                auction.extend(found)
            elif value.strip():  # kept in its place, so that the calls after it stay on their seats
                auction.append(Call(UNKNOWN_CALL, value.strip().endswith("!")))
                notes.append(f"call mb|{value[:20]}| not understood; kept as '?'")
            else:
                notes.append(f"call mb|{value[:20]}| not understood; read past")
        elif auction and slot[-2:].lower() == "an":
            last = auction[-1]
            auction[-1] = Call(last.call, last.alert, _explanation(value))
    return tuple(auction)


def free_text(text: str) -> str:
    """A free-text value (an, nt) with its %XX escapes read, as BBO writes them."""
    return unquote(text) if _ENCODED.search(text) else text


def _explanation(text: str) -> str:
    return free_text(text).strip()


_ONE_CALL: dict[str, Call] = {}  # mb values that are one call ("1h", "2N!", "p"), either case
for _word in ("p", "d", "r", "x", "xx", *(f"{n}{s}" for n in "1234567" for s in ("c", "d", "h", "s", "n", "nt"))):
    for _raw in (_word, _word.upper(), _word + "!", _word.upper() + "!"):
        _ONE_CALL[_raw] = calls_of(_raw)[0]
# The values of the bulk read: the single calls, then up to 4096 explained calls
# ("2N!|an|inv+fit" -> Call("2NT", True, "inv+fit")).
_KNOWN: dict[str, Call] = dict(_ONE_CALL)
_KNOWN_LIMIT = len(_KNOWN) + 4096

_CARDS = {
    variant: suit + rank
    for suit in "SHDC"
    for rank in RANKS
    for variant in {suit + rank, suit.lower() + rank, suit + rank.lower(), suit.lower() + rank.lower()}
}
_CARDS.update({suit + "10": suit.upper() + "T" for suit in "SHDCshdc"})


def read_play(runs: list[str], notes: list[str]) -> tuple[tuple[tuple[str, ...], ...], int | None]:
    """(cards in tricks of four, tricks claimed). pg also marks pauses: only the count counts."""
    text = (runs[0] if len(runs) == 1 else "".join(runs)).replace("pg||", "")
    if "\n" in text or "\r" in text:  # in a run, newlines can only stand before a tag
        text = text.replace("\r", "").replace("\n", "")
    text = first_pairs(text, "play", notes)
    tricks = None
    claim_raw = None
    if text.startswith("pc|"):  # the usual shape, read in bulk: "pc|DQ|pc|D3|...|mc|11|"
        raw = text[3:-1].split("|pc|")
        last, sep, rest = raw[-1].partition("|")
        if not sep or (rest[:3].lower() == "mc|" and "|" not in rest[3:]):
            if sep:
                raw[-1], claim_raw = last, rest[3:]
            tricks = _tricks(raw)
    if tricks is None:
        parts = text.split("|")
        pairs = [(slot.strip()[-2:].lower(), value) for slot, value in zip(parts[0:-1:2], parts[1::2])]
        cards = [_CARDS.get(value) or value.strip().upper() for tag, value in pairs if tag == "pc" and value.strip()]
        tricks = tuple(zip(*[iter(cards)] * 4))
        if len(cards) % 4:
            tricks += (tuple(cards[len(cards) - len(cards) % 4 :]),)
        claims = [value for tag, value in pairs if tag == "mc"]
        claim_raw = claims[-1] if claims else None
    return tricks, None if claim_raw is None else read_claim(claim_raw, notes)


def read_claim(value: str, notes: list[str]) -> int | None:
    """The tricks an mc value claims (0..13); None, with a note, for anything else."""
    value = value.strip()
    # isdecimal and a bounded length: int() refuses "²" and more than 4,300 digits
    if value.isdecimal() and len(value) <= 2 and int(value) <= 13:
        return int(value)
    notes.append(f"claim mc|{value[:20]}| not understood")
    return None


# Suit and rank of an upper-case card as numbers; a card's code is suit * 13 + rank.
_SUIT_CODE = bytes.maketrans(b"SHDC", bytes(range(4)))
_RANK_CODE = bytes.maketrans(RANKS.encode(), bytes(range(13)))
# A list: list.__getitem__ is a fast method; tuple's goes through a slot wrapper.
_CARD_OF_CODE = [_CARDS[suit + rank] for suit in "SHDC" for rank in RANKS]


def read_cards(run: str, notes: list[str] | None = None) -> tuple[tuple[str, ...], ...]:
    """The tricks of a run of ``pc|<upper-case card>|`` and ``pg||`` pairs only (the
    tokenizer's pattern makes sure), as ``read_play`` reads them, at half the cost.

    Deleting the tags' letters (p, c, g: lower case) and the pipes leaves the cards, two
    characters each. The suits and the ranks are cut out as two byte strings, turned into
    numbers 0-3 and 0-12, and each string is read as one big number in base 256: suits * 13
    + ranks then has each card's code as a digit (no digit carries, 3 * 13 + 12 < 256). So
    no card makes a string or a hash look-up; each becomes a shared string of
    ``_CARD_OF_CODE``, all fetched by one ``itemgetter`` call.
    """
    text = run.encode().translate(None, b"pcg|")
    count = len(text) >> 1
    if count > MAX_PAIRS:  # as first_pairs cuts read_play's text
        if notes is not None:
            notes.append(f"the play has more than {MAX_PAIRS} pairs: the rest was read past")
        text, count = text[: 2 * MAX_PAIRS], MAX_PAIRS
    suits = int.from_bytes(text[0::2].translate(_SUIT_CODE), "big")
    ranks = int.from_bytes(text[1::2].translate(_RANK_CODE), "big")
    codes = (suits * 13 + ranks).to_bytes(count, "big")
    if count > 1:  # itemgetter of one index gives the item, not a tuple
        cards = iter(itemgetter(*codes)(_CARD_OF_CODE))
    else:
        cards = map(_CARD_OF_CODE.__getitem__, codes)
    tricks = tuple(zip(cards, cards, cards, cards))
    left = count % 4
    if left:
        tricks += (tuple(map(_CARD_OF_CODE.__getitem__, codes[count - left :])),)
    return tricks


def _tricks(raw: list[str]) -> tuple[tuple[str, ...], ...] | None:
    """Tricks of four canonical cards (shared strings), the last one maybe short; None when
    a value is not a card."""
    left = len(raw) % 4
    try:
        tricks = tuple(zip(*[map(_CARDS.__getitem__, raw)] * 4))
        if left:
            tricks += (tuple(map(_CARDS.__getitem__, raw[len(raw) - left :])),)
    except KeyError:
        return None
    return tricks
