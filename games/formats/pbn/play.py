"""The PBN Play section: the data after ``[Play]``, as tricks in the order they were played.

PBN writes a trick per line, in columns: seats clockwise from the ``[Play]`` seat. The
first trick is led by that seat and each later one by the winner of the one before,
which needs the trump suit of the contract (``[Contract]``, else the one the auction
arrives at: ``record``). When that cannot be worked out (no contract, a lead out of
turn, an unknown card before the last trick) every trick keeps the column order and
the deck gets a note saying so. Unknown cards (``-``) are left out of a trick;
annotations glued to cards (``HK=1=``, ``SA!``) are read past as in the auction.
"""

from __future__ import annotations

import re
from operator import itemgetter

from games.bridge.cards import RANKS, SUITS

from ..limits import MAX_CARDS
from ..messages import Message
from .auction import PIECE, SEAT, first_words

# Cards as numbers 1..52 (1 + 13 * suit + rank, suits SHDC, ranks from the ace); 0 is a
# card not known. Tricks are worked out on the numbers and given as the shared card texts.
CARDS = ("", *(s + r for s in SUITS for r in RANKS))
NUMBERS: dict[str, int] = {"-": 0, "+": 0}  # word -> number ('+': the card still to be played)
for _n, _card in enumerate(CARDS[1:], 1):
    _s, _r = _card[0], _card[1]
    for _w in {_s + _r, _s.lower() + _r, _s + _r.lower(), _s.lower() + _r.lower()}:
        NUMBERS[_w] = _n
    if _r == "T":
        NUMBERS[_s + "10"] = NUMBERS[_s.lower() + "10"] = _n

# _SCORES[trump][number of the card led][column][number]: the highest score wins the trick.
# Multiples of 4 plus the column (0-3), which the winner's score then gives back. (Number 0
# is no card: its entries are never read.)
_SCORES: dict[str, tuple[tuple[tuple[int, ...], ...], ...]] = {}
for _trump in SUITS + "N":  # "N": no trump
    _by_led = [
        tuple(
            tuple(
                4 * (12 - c % 13 + (26 if SUITS[c // 13] == _trump else 13 if c // 13 == led else 0)) + column
                for c in range(-1, 52)
            )
            for column in range(4)
        )
        for led in range(4)
    ]
    _SCORES[_trump] = tuple(_by_led[c // 13] for c in range(-1, 52))
_ROTATE = [itemgetter(*((k + i) % 4 for i in range(4))) for k in range(4)]

_MAX_NOTES = 5

# trump suit ("N": no trump) of the contracts as files write them
_TRUMP: dict[str, str] = {}
for _level in "1234567":
    for _den, _t in (("C", "C"), ("D", "D"), ("H", "H"), ("S", "S"), ("NT", "N"), ("N", "N")):
        for _risk in ("", "X", "XX", "x", "xx"):
            _TRUMP[_level + _den + _risk] = _TRUMP[_level + _den.lower() + _risk] = _t
_CONTRACT = re.compile(r"\s*[1-7]\s*(NT|N|S|H|D|C)", re.I)


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
    numbers, out_of_turn = _read_cards(first_words(data, "play", notes), notes)
    if not numbers:
        return (), notes
    if len(numbers) > MAX_CARDS:
        del numbers[MAX_CARDS:]
        notes.append(Message("pbn.play_too_many_cards", count=MAX_CARDS))
    numbers.extend([0] * (-len(numbers) % 4))  # an unfinished last trick
    if first in SEAT and trump and not out_of_turn:
        tricks = _in_played_order(numbers, trump)
        if tricks is not None:
            return tricks, notes
    notes.append(Message("pbn.play_columns", by=first[:1] or "?"))
    it = iter(numbers)
    return tuple(t for t in (tuple(CARDS[n] for n in column if n) for column in zip(it, it, it, it)) if t), notes


def cards_in(data: str) -> int:
    """How many cards (unknown ones, '-', too) a piece of the Play section's data holds
    (the commentary's places)."""
    return len(_read_cards(data.split(), [])[0])


def _read_cards(words: list[str], notes: list[str]) -> tuple[list[int], bool]:
    """The card numbers among annotated words, and whether a lead was out of turn (^L)."""
    numbers: list[int] = []
    out_of_turn = False
    for word in words:
        number = NUMBERS.get(word)
        if number is not None:
            numbers.append(number)
            continue
        for m in PIECE.finditer(word):
            piece = m.group()
            number = NUMBERS.get(piece)
            if number is not None:
                numbers.append(number)
            elif not piece.strip("-"):
                numbers.append(0)
            elif piece == "*":
                return numbers, out_of_turn
            elif piece in ("^L", "^l"):
                out_of_turn = True
            elif piece[0] not in "!?$^=" and len(notes) < _MAX_NOTES:
                notes.append(Message("pbn.not_a_card", word=piece[:20]))
    return numbers, out_of_turn


def _in_played_order(numbers: list[int], trump: str) -> tuple[tuple[str, ...], ...] | None:
    """The tricks in played order from card numbers in column order, four a trick; None
    when a trick before the last holds an unknown card (0). Unrolled: this runs 13 times a
    board. Unpacking zip's tuple at once lets zip reuse it."""
    last: list[int] = []
    if 0 in numbers:  # unknown cards: only the last trick may hold them
        if 0 in numbers[:-4]:
            return None
        numbers, last = numbers[:-4], numbers[-4:]
    scores = _SCORES[trump]
    cards = CARDS
    lead = 0  # column of the leader; column 0 is the [Play] seat
    tricks: list[tuple[str, ...]] = []
    append = tricks.append
    it = iter(numbers)
    for a, b, c, d in zip(it, it, it, it):
        if lead == 0:
            s0, s1, s2, s3 = scores[a]
            append((cards[a], cards[b], cards[c], cards[d]))
        elif lead == 1:
            s0, s1, s2, s3 = scores[b]
            append((cards[b], cards[c], cards[d], cards[a]))
        elif lead == 2:
            s0, s1, s2, s3 = scores[c]
            append((cards[c], cards[d], cards[a], cards[b]))
        else:
            s0, s1, s2, s3 = scores[d]
            append((cards[d], cards[a], cards[b], cards[c]))
        w = s0[a]  # max(s0[a], s1[b], s2[c], s3[d]) without the call
        x = s1[b]
        if x > w:
            w = x
        x = s2[c]
        if x > w:
            w = x
        x = s3[d]
        if x > w:
            w = x
        lead = w & 3
    if last:
        known = tuple(cards[n] for n in _ROTATE[lead](last) if n)
        if known:
            append(known)
    return tuple(tricks)
