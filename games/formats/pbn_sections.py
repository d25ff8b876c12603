"""The PBN Auction and Play sections: the data after ``[Auction]``/``[Play]``.

Import format allows annotations glued to calls and cards (``2NT?=1=``,
``HK=1=``, ``1S!``), so words that are not a plain call or card are cut
again into tokens. Suffixes (``!``, ``?``), NAGs (``$n``) and irregularity
marks (``^I``, ``^S``, ``^R``) are read past: PBN's ``!`` is "good call", not
an alert. A note reference ``=n=`` marks the call before it as alerted,
explained by ``[Note "n:..."]``. Leading ``-`` (seats before the dealer in a
four-column table) are dropped: ``auction_first`` is the seat of the first
real call. Calls are read as programs write them (``Dbl``, ``Rdbl``, ``Pas``,
``3nt``: ``rules.read_call``); a word that is still no call keeps its place in
the auction as the unknown call ``?``, with a note naming it, so that the calls
after it stay on their seats.

Play is returned in the order the cards were played: the first trick is led
by the seat of the ``[Play]`` tag and each later trick by the winner of the
one before, which needs the trump suit of the contract (``[Contract]``, else the one the
auction arrives at: ``record``). When that cannot
be worked out (no contract, a lead out of turn, an unknown card before the
last trick) every trick keeps PBN's column order (seats clockwise from the
``[Play]`` seat) and the deck gets a note saying so. Unknown cards (``-``)
are left out of a trick.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from operator import itemgetter

from .limits import MAX_CARDS, MAX_WORDS
from .model import RANKS, SEATS, SUITS, Call
from .rules import UNKNOWN_CALL, read_call, seat_of_word

_SEAT = {s: i for i, s in enumerate(SEATS)}
_SEAT.update({s.lower(): i for s, i in _SEAT.items()})


def seat_letter(value: str) -> str:
    """The seat of an [Auction] or [Play] value: "N", "north", "EAST"... as its letter;
    any other value as written (stripped)."""
    if value in _SEAT:
        return value
    value = value.strip()
    return seat_of_word(value) or value


# word -> canonical call, in the spellings programs write (rules.read_call reads the rest)
CALLS: dict[str, str] = {}
for _word in ("P", "Pass", "Pas", "X", "D", "Dbl", "Double", "XX", "Xx", "R", "Rdbl", "Redouble"):
    for _w in {_word, _word.upper(), _word.lower()}:
        CALLS[_w] = read_call(_word)  # type: ignore[assignment]
for _level in "1234567":
    for _den in ("C", "D", "H", "S", "NT", "N"):
        for _w in {_level + _den, _level + _den.lower(), _level + _den.capitalize()}:
            CALLS[_w] = _level + ("NT" if _den[0] == "N" else _den)
_PLAIN = {c: Call(c) for c in {*CALLS.values(), UNKNOWN_CALL}}  # shared: Call is immutable
_ALERTED: dict[tuple[str, str], Call] = {}  # the same explanation recurs on every board

# word -> card code; "" for a card not known ('-', and '+': the card still to be played)
SLOTS: dict[str, str] = {"-": "", "+": ""}
for _s in SUITS:
    for _r in RANKS:
        for _w in {_s + _r, _s.lower() + _r, _s + _r.lower(), _s.lower() + _r.lower()}:
            SLOTS[_w] = _s + _r
    SLOTS[_s + "10"] = SLOTS[_s.lower() + "10"] = _s + "T"

_REFS = {f"={n}=": str(n) for n in range(1, 100)}  # note references as written
_PIECE = re.compile(r"=(\d+)=|\$\d*|[!?]+|\^[A-Za-z]?|[*+]|[\w-]+|.", re.S)
_CONTRACT = re.compile(r"\s*[1-7]\s*(NT|N|S|H|D|C)", re.I)
_ROTATE = [itemgetter(*((k + i) % 4 for i in range(4))) for k in range(4)]
_RANK_VALUE = {r: 14 - i for i, r in enumerate(RANKS)}
# _LEAD_SCORES[trump][card led][card]: the card with the highest score wins the trick.
# Scores are multiples of 4 so that a column number (0-3) can ride in the low bits.
_BY_SUIT = {
    trump: {
        led: {
            s + r: 4 * (_RANK_VALUE[r] + (100 if s == trump else 50 if s == led else 0)) for s in SUITS for r in RANKS
        }
        for led in SUITS
    }
    for trump in "SHDCN"
}
_LEAD_SCORES = {trump: {s + r: _BY_SUIT[trump][s] for s in SUITS for r in RANKS} for trump in "SHDCN"}
# trump suit ("N": no trump) of the contracts as files write them
_TRUMP: dict[str, str] = {}
for _level in "1234567":
    for _den, _t in (("C", "C"), ("D", "D"), ("H", "H"), ("S", "S"), ("NT", "N"), ("N", "N")):
        for _risk in ("", "X", "XX", "x", "xx"):
            _TRUMP[_level + _den + _risk] = _TRUMP[_level + _den.lower() + _risk] = _t
TRUMPS = _TRUMP  # the usual contracts' trump suits (pbn_fast looks there first)
_MAX_NOTES = 5


def read_auction(data: str, first: str, explanations: dict[str, str]) -> tuple[tuple[Call, ...], str | None, list[str]]:
    """(calls, seat of the first call, notes) from the Auction section's data."""
    notes: list[str] = []
    words = first_words(data, "auction", notes)
    calls: list[str] = list(map(CALLS.get, words))  # type: ignore[arg-type]
    refs: dict[int, str] = {}
    skipped = 0  # leading '-'
    if None in calls:
        calls, refs, skipped = _read_calls(words, notes)
    seat = _SEAT.get(first)
    if not calls:
        return (), None, notes
    auction_first = SEATS[(seat + skipped) % 4] if seat is not None else None
    if not refs:
        return tuple(map(_PLAIN.__getitem__, calls)), auction_first, notes
    result = list(map(_PLAIN.__getitem__, calls))
    for i, ref in refs.items():
        key = (calls[i], explanations.get(ref, ""))
        call = _ALERTED.get(key)
        if call is None:
            call = Call(key[0], True, key[1])
            if len(_ALERTED) < 4096 and len(key[1]) <= 200:  # (it outlives the file)
                _ALERTED[key] = call
        result[i] = call
    return tuple(result), auction_first, notes


def first_words(data: str, what: str, notes: list[str]) -> list[str]:
    """The first MAX_WORDS words of a section; a note when more follow."""
    words = data.split(None, MAX_WORDS)
    if len(words) > MAX_WORDS:
        words.pop()  # the rest of the section, as one string
        notes.append(f"{what}: more than {MAX_WORDS} words; the rest was read past")
    return words


def _read_calls(words: list[str], notes: list[str]) -> tuple[list[str], dict[int, str], int]:
    """The calls among annotated words: (calls, {call index: note number}, leading '-')."""
    calls: list[str] = []
    refs: dict[int, str] = {}
    skipped = unnamed = 0  # unnamed: calls kept as '?' past the notes that name them
    get_call = CALLS.get
    get_ref = _REFS.get
    for word in words:
        call = get_call(word)
        if call is not None:
            calls.append(call)
            continue
        ref = get_ref(word)
        if ref is not None:
            if calls:
                refs[len(calls) - 1] = ref
            continue
        for m in _PIECE.finditer(word):
            piece = m.group()
            call = get_call(piece)
            if call is not None:
                calls.append(call)
            elif m.group(1) is not None:
                if calls:
                    refs[len(calls) - 1] = m.group(1).lstrip("0") or "0"
            elif piece.upper() == "AP":
                calls.extend(["P"] * _passes_to_end(calls))
            elif piece == "-":
                skipped += not calls
            elif piece in ("*", "+"):
                break
            elif piece[0] in "!?$^":  # annotations
                continue
            elif any(map(str.isalnum, piece)):
                # a word: a call, or one that cannot be read keeps its place in the auction
                call = read_call(piece)
                if call is None:
                    call = UNKNOWN_CALL
                    if len(notes) < _MAX_NOTES:
                        notes.append(f"auction: '{piece[:20]}' is not a call: kept as '?'")
                    else:
                        unnamed += 1
                calls.append(call)
            elif len(notes) < _MAX_NOTES:
                notes.append(f"auction: '{piece[:20]}' is not a call: read past")
        else:
            continue
        break  # the end of the auction ('*' or '+')
    if unnamed:
        notes.append(f"auction: {unnamed} more words that are not calls kept as '?'")
    return calls, refs, skipped


def _passes_to_end(calls: list[str]) -> int:
    """Passes that 'AP' (all pass) stands for after ``calls``."""
    trailing = 0
    for call in reversed(calls):
        if call != "P":
            break
        trailing += 1
    needed = 3 if trailing < len(calls) else 4
    return max(needed - trailing, 0)


def note_explanations(values: list[str]) -> dict[str, str]:
    """{"1": "text"} from Note tag values "1:text" (the first note of a number counts)."""
    out: dict[str, str] = {}
    for value in values:
        found = _NOTES.get(value)
        if found is None:
            number, colon, text = value.partition(":")
            number = number.strip().lstrip("0") or "0"
            found = (number, text.strip()) if colon and number.isdecimal() else ("", "")
            if len(_NOTES) < 4096 and len(value) <= 200:  # files repeat the same explanations board after board
                _NOTES[value] = found
        if found[0] and found[0] not in out:
            out[found[0]] = found[1]
    return out


_NOTES: dict[str, tuple[str, str]] = {}


def explanations(auction_notes: list[str], notes: list[str]) -> dict[str, str]:
    """What the alerts of an auction mean: the Notes after [Auction] first, then the others."""
    found = note_explanations(auction_notes)
    if len(auction_notes) < len(notes):  # notes placed elsewhere still explain
        found = {**note_explanations(notes), **found}
    return found


def trump_of(contract: str) -> str:
    """The trump suit of a contract as stated ("N": no trump); "" when not understood."""
    trump = _TRUMP.get(contract)
    if trump is None:
        m = _CONTRACT.match(contract)
        trump = m.group(1)[0].upper() if m else ""
    return trump


def read_play(data: str, first: str, contract: str) -> tuple[tuple[tuple[str, ...], ...], list[str]]:
    """(tricks, notes) from the Play section's data; see the module docstring for the order."""
    trump = trump_of(contract)
    notes: list[str] = []
    words = first_words(data, "play", notes)
    if "*" in data and "*" in words:
        words = words[: words.index("*")]
    out_of_turn = False
    try:
        slots = list(map(SLOTS.__getitem__, words))
    except KeyError:  # annotations, or words that are not cards
        slots, out_of_turn = _read_cards(words, notes)
    if not slots:
        return (), notes
    if len(slots) > MAX_CARDS:
        del slots[MAX_CARDS:]
        notes.append(f"play: more than {MAX_CARDS} cards; the rest was read past")
    pad = -len(slots) % 4  # an unfinished last trick
    if pad:
        slots.extend([""] * pad)
    columns = list(zip(*[iter(slots)] * 4))
    if first in _SEAT and trump and not out_of_turn:
        if not pad and ("-" not in data and "+" not in data or "" not in slots):
            return _in_played_order(columns, trump), notes
        tricks = _in_played_order_with_gaps(columns, trump)
        if tricks is not None:
            return tricks, notes
    notes.append(f"play kept in column order (seats clockwise from {first[:1] or '?'})")
    return tuple(t for t in (tuple(c for c in col if c) for col in columns) if t), notes


def _read_cards(words: list[str], notes: list[str]) -> tuple[list[str], bool]:
    """The card slots among annotated words, and whether a lead was out of turn (^L)."""
    slots: list[str] = []
    out_of_turn = False
    for word in words:
        card = SLOTS.get(word)
        if card is not None:
            slots.append(card)
            continue
        for m in _PIECE.finditer(word):
            piece = m.group()
            card = SLOTS.get(piece)
            if card is not None:
                slots.append(card)
            elif not piece.strip("-"):
                slots.append("")
            elif piece == "*":
                return slots, out_of_turn
            elif piece in ("^L", "^l"):
                out_of_turn = True
            elif piece[0] not in "!?$^=" and len(notes) < _MAX_NOTES:
                notes.append(f"play: '{piece[:20]}' is not a card: read past")
    return slots, out_of_turn


def _in_played_order(columns: Iterable[tuple[str, ...]], trump: str) -> tuple[tuple[str, ...], ...]:
    """Tricks in played order, every card known. Unrolled: this runs 13 times a board."""
    scores = _LEAD_SCORES[trump]
    lead = 0  # column of the leader; column 0 is the [Play] seat
    tricks = []
    append = tricks.append
    for col in columns:
        a, b, c, d = col
        if lead == 0:
            s = scores[a]
            append(col)
        elif lead == 1:
            s = scores[b]
            append((b, c, d, a))
        elif lead == 2:
            s = scores[c]
            append((c, d, a, b))
        else:
            s = scores[d]
            append((d, a, b, c))
        # max(s[a], s[b] + 1, s[c] + 2, s[d] + 3) & 3 (scores are multiples of 4), without
        # the call: a third fewer instructions
        w = s[a]
        x = s[b] + 1
        if x > w:
            w = x
        x = s[c] + 2
        if x > w:
            w = x
        x = s[d] + 3
        if x > w:
            w = x
        lead = w & 3
    return tuple(tricks)


def _in_played_order_with_gaps(columns: list[tuple[str, ...]], trump: str) -> tuple[tuple[str, ...], ...] | None:
    """As _in_played_order when cards may be unknown: only the last trick may hold one."""
    for n, col in enumerate(columns):
        if "" in col:
            if n != len(columns) - 1:
                return None
            tricks = list(_in_played_order(columns[:n], trump)) if n else []
            lead = _next_lead(columns[:n], trump)
            known = tuple(c for c in _ROTATE[lead](col) if c)
            if known:
                tricks.append(known)
            return tuple(tricks)
    return _in_played_order(columns, trump)


def _next_lead(columns: list[tuple[str, ...]], trump: str) -> int:
    scores = _LEAD_SCORES[trump]
    lead = 0
    for col in columns:
        s = scores[col[lead]]
        lead = max(s[col[0]], s[col[1]] + 1, s[col[2]] + 2, s[col[3]] + 3) & 3
    return lead
