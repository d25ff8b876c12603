"""The PBN Auction section: the data after ``[Auction]``, and the Notes that explain it.

Import format allows annotations glued to calls (``2NT?=1=``, ``1S!``), so words
that are not a plain call are cut again into tokens. Suffixes (``!``, ``?``), NAGs
(``$n``) and irregularity marks (``^I``, ``^S``, ``^R``) are read past: PBN's ``!``
is "good call", not an alert. A note reference ``=n=`` marks the call before it as
alerted, explained by ``[Note "n:..."]``. Leading ``-`` (seats before the dealer in a
four-column table) are dropped: ``auction_first`` is the seat of the first real call.
Calls are read as programs write them (``Dbl``, ``Rdbl``, ``Pas``, ``3nt``:
``rules.read_call``); a word that is still no call keeps its place in the auction as
the unknown call ``?``, with a note naming it, so that the calls after it stay on
their seats.
"""

from __future__ import annotations

import re

from games.bridge.cards import SEATS
from games.bridge.rules import UNKNOWN_CALL, Call, read_call, seat_of_word

from ..limits import MAX_WORDS
from ..messages import Message

SEAT = {s: i for i, s in enumerate(SEATS)}
SEAT.update({s.lower(): i for s, i in SEAT.items()})
# A word cut into tokens: a note reference, a NAG, suffixes, an irregularity mark, ...
PIECE = re.compile(r"=(\d+)=|\$\d*|[!?]+|\^[A-Za-z]?|[*+]|[\w-]+|.", re.S)
_MAX_NOTES = 5  # notes on words read past, per section


def seat_letter(value: str) -> str:
    """The seat of an [Auction] or [Play] value: "N", "north", "EAST"... as its letter;
    any other value as written (stripped)."""
    if value in SEAT:
        return value
    value = value.strip()
    return seat_of_word(value) or value


def first_words(data: str, what: str, notes: list[str]) -> list[str]:
    """The first MAX_WORDS words of a section ("auction" or "play"); a note when more follow."""
    words = data.split(None, MAX_WORDS)
    if len(words) > MAX_WORDS:
        words.pop()  # the rest of the section, as one string
        notes.append(Message(f"pbn.{what}_too_long", count=MAX_WORDS))
    return words


# word -> canonical call, in the spellings programs write (rules.read_call reads the rest)
CALLS: dict[str, str] = {}
for _word in ("P", "Pass", "Pas", "X", "D", "Dbl", "Double", "XX", "Xx", "R", "Rdbl", "Redouble"):
    _call = read_call(_word)
    assert _call is not None  # each word is a call the rules read
    for _w in {_word, _word.upper(), _word.lower()}:
        CALLS[_w] = _call
for _level in "1234567":
    for _den in ("C", "D", "H", "S", "NT", "N"):
        for _w in {_level + _den, _level + _den.lower(), _level + _den.capitalize()}:
            CALLS[_w] = _level + ("NT" if _den[0] == "N" else _den)
_PLAIN = {c: Call(c) for c in {*CALLS.values(), UNKNOWN_CALL}}  # shared: Call is immutable
_REFS = {f"={n}=": str(n) for n in range(1, 100)}  # note references as written


def read_auction(
    data: str, first: str, auction_notes: list[str], notes: list[str]
) -> tuple[tuple[Call, ...], str | None, list[str]]:
    """(calls, seat of the first call, notes) from the Auction section's data; the Note
    values (those after [Auction], and all of the game's) explain its alerts."""
    more: list[str] = []
    calls, refs, skipped = _read_calls(first_words(data, "auction", more), more)
    if not calls:
        return (), None, more
    seat = SEAT.get(first)
    auction_first = SEATS[(seat + skipped) % 4] if seat is not None else None
    result = [_PLAIN[call] for call in calls]
    if refs:
        explain = explanations(auction_notes, notes)
        for i, ref in refs.items():
            result[i] = Call(calls[i], True, explain.get(ref, ""))
    return tuple(result), auction_first, more


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
        for m in PIECE.finditer(word):
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
                        notes.append(Message("pbn.not_a_call_kept", word=piece[:20]))
                    else:
                        unnamed += 1
                calls.append(call)
            elif len(notes) < _MAX_NOTES:
                notes.append(Message("pbn.not_a_call", word=piece[:20]))
        else:
            continue
        break  # the end of the auction ('*' or '+')
    if unnamed:
        notes.append(Message("pbn.more_not_calls", count=unnamed))
    return calls, refs, skipped


def calls_in(data: str) -> int:
    """How many calls a piece of the Auction section's data holds (the commentary's places)."""
    return len(_read_calls(data.split(), [])[0])


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
        number, colon, text = value.partition(":")
        number = number.strip().lstrip("0") or "0"
        if colon and number.isdecimal() and number not in out:
            out[number] = text.strip()
    return out


def explanations(auction_notes: list[str], notes: list[str]) -> dict[str, str]:
    """What the alerts of an auction mean: the Notes after [Auction] first, then the others."""
    found = note_explanations(auction_notes)
    if len(auction_notes) < len(notes):  # notes placed elsewhere still explain
        found = {**note_explanations(notes), **found}
    return found
