"""The values of LIN pairs: md hands to a canonical deal, mb/an to calls, pc/mc to the play.

Pure functions used by ``lin`` (and ``handviewer``). ``read_md`` is the hot path of every
upload: the md shape BBO writes is read with one pattern and checked with bit masks, and
``cards.build_deal`` is asked only when something is wrong, for its player-friendly message.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

from .cards import RANK_NAMES, SEAT_NAMES, SUIT_NAMES, DealError, build_deal, suit_mask
from .model import RANKS, Call

E_INFERRED = "hand E not given; completed with the 13 remaining cards"
UNORDERED = "ranks not in descending order within a suit (md)"
DEALERS = {"1": "S", "2": "W", "3": "N", "4": "E"}
MD_SEATS = "SWNE"  # order of the hands in md
FULL = 0x1FFF

_TEXT = tuple("".join(r for i, r in enumerate(RANKS) if m >> (12 - i) & 1) for m in range(FULL + 1))
_R = "[2-9TJQKAtjqka]*+"
# The md BBO writes: dealer digit, hands S, W, N (East optional), each 4 suit letters and
# 13 ranks (the lookahead), then an optional trailing comma. Anything else: _read_md_slowly.
_HAND = f"(?=[^,]{{17}}(?:,|$))[Ss]({_R})[Hh]({_R})[Dd]({_R})[Cc]({_R})"
_MD_FAST = re.compile(f"([1-4]?){_HAND},{_HAND},{_HAND}(?:,{_HAND})?,?")
_SUIT_RUN = re.compile(r"([SHDCshdc])([^SHDCshdc]*)")
_SPACE = re.compile(r"\s+")
_ENCODED = re.compile(r"%[0-9A-Fa-f]{2}")
_CALL = re.compile(r"(?i)([1-7])(nt|[cdhsn])|(xx|rd?|x|d|p)")


def read_md(value: str) -> tuple[str, str | None, tuple[str, ...]]:
    """(canonical deal, dealer or None, notes) from an md value; DealError says what is wrong."""
    m = _MD_FAST.fullmatch(value)
    if m is None:
        return _read_md_slowly(value)
    g = m.groups()
    digit, s0, s1, s2, s3, w0, w1, w2, w3, n0, n1, n2, n3, e0, e1, e2, e3 = g
    k = _MASK
    try:
        a0, a1, a2, a3, b0, b1, b2, b3 = k[s0], k[s1], k[s2], k[s3], k[w0], k[w1], k[w2], k[w3]
        c0, c1, c2, c3 = k[n0], k[n1], k[n2], k[n3]
        if e0 is not None:
            d0, d1, d2, d3 = k[e0], k[e1], k[e2], k[e3]
    except KeyError:
        if not _learn(g[1:]):
            return _read_md_slowly(value)  # a rank written twice: the slow path explains
        return read_md(value)
    # Every hand has 13 ranks (the pattern) and no suit in _MASK has a rank twice, so the
    # deal is good when the 39 (or 52) cards are all different.
    u0, u1, u2, u3 = a0 | b0 | c0, a1 | b1 | c1, a2 | b2 | c2, a3 | b3 | c3
    if (u0 << 39 | u1 << 26 | u2 << 13 | u3).bit_count() != 39:
        return _read_md_slowly(value)
    if e0 is None:
        d0, d1, d2, d3 = FULL ^ u0, FULL ^ u1, FULL ^ u2, FULL ^ u3
        notes = (E_INFERRED,) if _DESC.issuperset(g[1:13]) else _INFERRED_UNORDERED
    elif (u0 & d0) | (u1 & d1) | (u2 & d2) | (u3 & d3):
        return _read_md_slowly(value)
    else:
        notes = () if _DESC.issuperset(g[1:]) else (UNORDERED,)
    t = _TEXT
    deal = (
        f"N:{t[c0]}.{t[c1]}.{t[c2]}.{t[c3]} {t[d0]}.{t[d1]}.{t[d2]}.{t[d3]}"
        f" {t[a0]}.{t[a1]}.{t[a2]}.{t[a3]} {t[b0]}.{t[b1]}.{t[b2]}.{t[b3]}"
    )
    return deal, DEALERS.get(digit), notes


_INFERRED_UNORDERED = (E_INFERRED, UNORDERED)
_MASK: dict[str, int] = {}  # suit text -> mask, for texts without a rank written twice
_DESC: set[str] = set()  # suit texts whose ranks run from high to low


def _learn(suits: tuple[str | None, ...]) -> bool:
    """Add suit texts to the caches; False when one has a rank twice."""
    for ranks in suits:
        if ranks is None or ranks in _MASK:
            continue
        try:
            mask, ordered = suit_mask(ranks)
        except DealError:
            return False
        if len(_MASK) > 100_000:  # 8192 suits, but order and case vary: stay bounded
            _MASK.clear()
            _DESC.clear()
        _MASK[ranks] = mask
        if ordered:
            _DESC.add(ranks)
    return True


def _read_md_slowly(value: str) -> tuple[str, str | None, tuple[str, ...]]:
    """Any md the fast pattern refused: spaces, '10', odd suit order, and errors to explain."""
    text = _SPACE.sub("", value)
    dealer = None
    notes: list[str] = []
    if text[:1].isdigit():
        digit, text = text[0], text[1:]
        dealer = DEALERS.get(digit)
        if dealer is None:
            notes.append(f"dealer digit '{digit}' is not 1-4; dealer not stated")
    if not text.strip(","):
        raise DealError("md gives no hands")
    hands = text.split(",")
    while len(hands) > 4 and not hands[-1]:
        hands.pop()
    if len(hands) > 4:
        raise DealError(f"md gives {len(hands)} hands; a deal has four")
    if len(hands) == 4 and not hands[3]:
        hands.pop()
    if len(hands) < 3:
        given = "one hand" if len(hands) == 1 else "two hands"
        raise DealError(f"md gives only {given}; a deck needs South, West and North (East may be left out)")
    masks: dict[str, tuple[int, int, int, int] | None] = {"E": None}
    ordered = True
    for seat, hand in zip(MD_SEATS, hands):
        masks[seat], in_order = parse_hand(hand, SEAT_NAMES[seat])
        ordered = ordered and in_order
    deal, inferred = build_deal(masks)
    if inferred:
        notes.insert(0, E_INFERRED)
    if not ordered:
        notes.append(UNORDERED)
    return deal, dealer, tuple(notes)


def parse_hand(hand: str, owner: str) -> tuple[tuple[int, int, int, int], bool]:
    """Masks of a LIN-style hand 'S..H..D..C..' (any suit order, any case, '10', voids)
    and whether its ranks run high to low. ``owner`` names the hand in messages."""
    if hand and hand[0] not in "SHDCshdc":
        raise DealError(f"'{hand[0]}' comes before any suit letter in {owner}'s hand '{hand}'")
    masks = [0, 0, 0, 0]
    seen = [False] * 4
    ordered = True
    for run in _SUIT_RUN.finditer(hand):
        i = "SHDC".index(run[1].upper())
        suit = SUIT_NAMES["SHDC"[i]]
        if seen[i]:
            raise DealError(f"{suit} are given twice in {owner}'s hand '{hand}'")
        seen[i] = True
        try:
            masks[i], in_order = suit_mask(run[2])
        except DealError:
            raise DealError(_rank_trouble(run[2], suit, owner, hand)) from None
        ordered = ordered and in_order
    return (masks[0], masks[1], masks[2], masks[3]), ordered


def _rank_trouble(ranks: str, suit: str, owner: str, hand: str) -> str:
    """Why suit_mask refused ``ranks``, said with the card and the hand."""
    seen = set()
    for ch in ranks.upper().replace("10", "T"):
        if ch not in RANK_NAMES:
            return f"'{ch}' is not a card rank (in {owner}'s hand '{hand}')"
        if ch in seen:
            return f"the {RANK_NAMES[ch]} of {suit} is written twice in {owner}'s hand '{hand}'"
        seen.add(ch)
    return f"{owner}'s {suit} '{ranks}' cannot be read"  # pragma: no cover - suit_mask agrees


_CALLS: dict[str, tuple[Call, ...]] = {}


def calls_of(raw: str) -> tuple[Call, ...]:
    """One mb value as calls: '1h', '2N!', 'd', and the run-together '1nppp' of movies;
    () when it is not a call."""
    hit = _CALLS.get(raw)
    if hit is not None:
        return hit
    text = raw.strip()
    alert = text.endswith("!")
    text = text.rstrip("!").strip()
    calls: list[Call] = []
    at = 0
    while at < len(text):
        m = _CALL.match(text, at)
        if m is None:
            calls = []
            break
        if m[1]:
            strain = m[2].upper()
            calls.append(Call(m[1] + ("NT" if strain in ("N", "NT") else strain)))
        else:
            word = m[3].lower()
            calls.append(Call("P" if word == "p" else "X" if word in ("d", "x") else "XX"))
        at = m.end()
    if calls and alert:
        calls[-1] = Call(calls[-1].call, True)
    result = tuple(calls)
    if len(_CALLS) < 4096:
        _CALLS[raw] = result
    return result


def read_auction(runs: list[str], notes: list[str]) -> tuple[Call, ...]:
    """Calls of the mb/an runs; an explains the call just made."""
    text = runs[0] if len(runs) == 1 else "".join(runs)
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
                if len(_KNOWN) < _KNOWN_LIMIT:  # robots and system notes explain alike, often
                    _KNOWN[value] = call
            calls.append(call)
        else:
            return tuple(calls)
    auction: list[Call] = []
    parts = text.split("|")
    for slot, value in zip(parts[0:-1:2], parts[1::2]):
        if slot[-2:].lower() == "mb":
            found = calls_of(value)
            if found:
                auction.extend(found)
            else:
                notes.append(f"call mb|{value[:20]}| not understood; read past")
        elif auction and slot[-2:].lower() == "an":
            last = auction[-1]
            auction[-1] = Call(last.call, last.alert, _explanation(value))
    return tuple(auction)




def _explanation(text: str) -> str:
    return (unquote(text) if _ENCODED.search(text) else text).strip()


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
    for suit in "SHDC" for rank in RANKS
    for variant in {suit + rank, suit.lower() + rank, suit + rank.lower(), suit.lower() + rank.lower()}
}
_CARDS.update({suit + "10": suit.upper() + "T" for suit in "SHDCshdc"})


def read_play(runs: list[str], notes: list[str]) -> tuple[tuple[tuple[str, ...], ...], int | None]:
    """(cards in tricks of four, tricks claimed). pg also marks pauses: only the count counts."""
    text = (runs[0] if len(runs) == 1 else "".join(runs)).replace("pg||", "")
    if "\n" in text or "\r" in text:  # in a run, newlines can only stand before a tag
        text = text.replace("\r", "").replace("\n", "")
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
            tricks += (tuple(cards[len(cards) - len(cards) % 4:]),)
        claims = [value for tag, value in pairs if tag == "mc"]
        claim_raw = claims[-1] if claims else None
    claim = None
    if claim_raw is not None:
        claim_raw = claim_raw.strip()
        if claim_raw.isdigit() and int(claim_raw) <= 13:
            claim = int(claim_raw)
        else:
            notes.append(f"claim mc|{claim_raw[:20]}| not understood")
    return tricks, claim


# Suit and rank of an upper-case card as numbers; a card's code is suit * 13 + rank.
_SUIT_CODE = bytes.maketrans(b"SHDC", bytes(range(4)))
_RANK_CODE = bytes.maketrans(RANKS.encode(), bytes(range(13)))
# A list: list.__getitem__ is a fast method; tuple's goes through a slot wrapper.
_CARD_OF_CODE = [_CARDS[suit + rank] for suit in "SHDC" for rank in RANKS]


def read_cards(run: str) -> tuple[tuple[str, ...], ...]:
    """The tricks of a run of ``pc|<upper-case card>|`` and ``pg||`` pairs only (the
    tokenizer's pattern makes sure), as ``read_play`` reads them, at half the cost.

    Without the pg pairs a card is every sixth character. The suits and the ranks are cut
    out as two byte strings, turned into numbers 0-3 and 0-12, and each string is read as
    one big number in base 256: suits * 13 + ranks then has each card's code as a digit (no
    digit carries, 3 * 13 + 12 < 256). So no card makes a string or a hash look-up; each
    becomes a shared string of ``_CARD_OF_CODE``.
    """
    text = run.replace("pg||", "").encode()
    count = len(text) // 6
    suits = int.from_bytes(text[3::6].translate(_SUIT_CODE), "big")
    ranks = int.from_bytes(text[4::6].translate(_RANK_CODE), "big")
    codes = (suits * 13 + ranks).to_bytes(count, "big")
    cards = map(_CARD_OF_CODE.__getitem__, codes)
    tricks = tuple(zip(cards, cards, cards, cards))
    left = count % 4
    if left:
        tricks += (tuple(map(_CARD_OF_CODE.__getitem__, codes[count - left:])),)
    return tricks


def _tricks(raw: list[str]) -> tuple[tuple[str, ...], ...] | None:
    """Tricks of four canonical cards (shared strings), the last one maybe short; None when
    a value is not a card."""
    left = len(raw) % 4
    try:
        tricks = tuple(zip(*[map(_CARDS.__getitem__, raw)] * 4))
        if left:
            tricks += (tuple(map(_CARDS.__getitem__, raw[len(raw) - left:])),)
    except KeyError:
        return None
    return tricks
