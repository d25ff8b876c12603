"""Fast paths for Auction and Play data in the shape programs write.

A program writes a played game's cards as rows of four two-character cards
(``S4 S5 ST S2``), single spaces between them, one trick a line; and its
auction as plain calls with note references ``=n=`` as words of their own.
These readers take that shape only and return None for anything else,
which then goes to ``pbn_sections`` (the general path, which also words
the notes). Tests check that both give the same answer.
"""

from __future__ import annotations

from .limits import MAX_WORDS
from .model import RANKS, SEATS, SUITS, Call
from .pbn_sections import _ALERTED, _PLAIN, _REFS, _SEAT, CALLS, SLOTS, explanations

# Cards as numbers 1..52 (1 + 13 * suit + rank, suits SHDC, ranks from the ace), and back.
# A suit code plus a rank code is a card's number. What is not a suit counts 128 and what is
# not a rank 127: a sum with either is 128 or more (and at most 255, so the bytes never
# carry), and bytes.isascii() tells in one pass that every sum is a card.
_CARDS = ("", *(SLOTS[s + r] for s in SUITS for r in RANKS))  # the shared card texts
_SUIT_CODE = bytearray([128]) * 256
_RANK_CODE = bytearray([127]) * 256
for _i, _s in enumerate(SUITS):
    _SUIT_CODE[ord(_s)] = _SUIT_CODE[ord(_s.lower())] = 1 + 13 * _i
for _i, _r in enumerate(RANKS):
    _RANK_CODE[ord(_r)] = _RANK_CODE[ord(_r.lower())] = _i
# what stands between the cards of 13 rows: three spaces, then a line end
_SEPARATORS = ("   \n" * 13)[:-1]
# _SCORES[trump][number of the card led][column][number]: the highest score wins the trick.
# Multiples of 4 plus the column (0-3), which the winner's score then gives back. (Number 0
# is no card: its entries are never read.)
_SCORES: dict[str, tuple[tuple[tuple[int, ...], ...], ...]] = {}
for _trump in "SHDCN":
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

# word -> the shared plain Call, or the note number of a reference "=n="
_WORDS: dict[str, Call | str] = {w: _PLAIN[c] for w, c in CALLS.items()}
_WORDS.update(_REFS)
_WORD = _WORDS.get


def play_in_rows(data: str, first: str, trump: str) -> tuple[tuple[str, ...], ...] | None:
    """The tricks in played order when ``data`` is whole rows of known cards, else None.

    Every card is two characters and stands three characters after the one
    before, so the suits are data[0::3] and the ranks data[1::3]. Both become
    bytes of numbers (``translate``), and one addition of two big integers adds
    them byte by byte into the card numbers: no Python step for each card.
    """
    if not trump or first not in _SEAT:
        return None
    data = data.strip()
    n = len(data)
    if n % 12 != 11 or n > 155 or data[2::3] != _SEPARATORS[: n // 3]:
        return None
    try:
        raw = data.encode("latin-1")
    except UnicodeEncodeError:
        return None
    # (each byte of either number is at most 128: the sums never carry into the next byte)
    codes = (
        int.from_bytes(raw[0::3].translate(_SUIT_CODE), "big") + int.from_bytes(raw[1::3].translate(_RANK_CODE), "big")
    ).to_bytes(n // 3 + 1, "big")
    if not codes.isascii():  # a sum of 128 or more: no card
        return None
    return _tricks(codes, _SCORES[trump])


def _tricks(codes: bytes, scores: tuple[tuple[tuple[int, ...], ...], ...]) -> tuple[tuple[str, ...], ...]:
    """pbn_sections._in_played_order for card numbers (1..52) in column order, four a trick.

    Unrolled as that one is. Unpacking zip's tuple at once lets zip reuse it, and
    numbers index tuples, where card texts would be looked up in dicts.
    """
    cards = _CARDS
    lead = 0  # column of the leader; column 0 is the [Play] seat
    tricks = []
    append = tricks.append
    it = iter(codes)
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
    return tuple(tricks)


# Auctions without note references, by (data, seat): the same few auctions recur (at every
# table of a board in result files, and the usual ones on any board).
_PLAIN_AUCTIONS: dict[tuple[str, str], tuple[tuple[Call, ...], str | None, bool]] = {}
_PLAIN_AUCTIONS_KEPT = 4096


def auction_in_words(
    data: str, first: str, auction_notes: list[str], notes: list[str]
) -> tuple[tuple[Call, ...], str | None, bool] | None:
    """(calls, seat of the first call, whether a call is alerted) when every word of
    ``data`` is a call or a note reference, else None. The Note values explain the
    references (see ``explanations``); they are only read when there is one."""
    if "=" in data:
        return _words(data, first, auction_notes, notes)
    key = (data, first)
    read = _PLAIN_AUCTIONS.get(key)
    if read is None:
        read = _words(data, first, auction_notes, notes)
        if read is not None and len(_PLAIN_AUCTIONS) < _PLAIN_AUCTIONS_KEPT and len(data) <= 200:
            _PLAIN_AUCTIONS[key] = read
    return read


def _words(
    data: str, first: str, auction_notes: list[str], notes: list[str]
) -> tuple[tuple[Call, ...], str | None, bool] | None:
    """auction_in_words, read."""
    words = data.split(None, MAX_WORDS)
    if len(words) > MAX_WORDS:  # the general path reads the first ones, with a note
        return None
    found: list[Call | str] = list(map(_WORD, words))
    if not all(found):  # a word that is neither (None); Calls and note numbers are true
        return None
    seat = _SEAT.get(first)
    calls = found
    alerted = False
    if "=" in data:  # note references among the calls
        calls = []
        explain = None
        for x in found:
            if type(x) is str:  # a note reference: it alerts the call before it
                if calls:
                    if explain is None:
                        explain = explanations(auction_notes, notes)
                    key = (calls[-1].call, explain.get(x, ""))  # type: ignore[union-attr]
                    call = _ALERTED.get(key)
                    if call is None:
                        call = Call(key[0], True, key[1])
                        if len(_ALERTED) < 4096 and len(key[1]) <= 200:  # (it outlives the file)
                            _ALERTED[key] = call
                    calls[-1] = call
                    alerted = True
            else:
                calls.append(x)
    if not calls:
        return (), None, False
    return tuple(calls), (SEATS[seat] if seat is not None else None), alerted  # type: ignore[arg-type]
