"""The rules of bridge the readers, writers and pages share: seats in turn, who holds a
card, who wins a trick, what a call or a contract says, and what an auction arrives at.

One place for each rule, so that the PBN and LIN readers, the writers and the table
agree on them. Calls are written here as the record keeps them: ``P``, ``X``, ``XX``,
``1C`` .. ``7NT``; contracts as ``4H``, ``3NTX``, ``6SXX``, or ``Pass`` (passed out).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .cards import RANKS, SEATS, SUIT_SYMBOLS, SUITS
from .words import ENGLISH, Words

STRAINS = ("C", "D", "H", "S", "NT")  # in rank order, lowest first
PASS, DOUBLE, REDOUBLE = "P", "X", "XX"
UNKNOWN_CALL = "?"  # a call that could not be read keeps its place in the auction
_SEAT_WORDS = {"N": "N", "E": "E", "S": "S", "W": "W", "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_CALL_WORDS = {
    "P": PASS,
    "PASS": PASS,
    "PAS": PASS,
    "AP": PASS,
    "X": DOUBLE,
    "D": DOUBLE,
    "DBL": DOUBLE,
    "DOUBLE": DOUBLE,
    "XX": REDOUBLE,
    "R": REDOUBLE,
    "RDBL": REDOUBLE,
    "REDOUBLE": REDOUBLE,
}
_BID = re.compile(r"([1-7])(NT|N|SA|S|H|D|C)", re.IGNORECASE)  # SA: sans atout, as some programs write
_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(XX|X|\*\*|\*)?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Call:
    """One call of an auction: ``P``, ``X``, ``XX``, ``1C``..``7NT``, or ``?`` for a call
    the file wrote in a way no reader understands (it keeps its place, so that the calls
    after it stay on their seats). The alert and its explanation stand beside the call."""

    call: str
    alert: bool = False
    explanation: str = ""


def seat_after(seat: str, steps: int = 1) -> str:
    """The seat ``steps`` places clockwise from ``seat`` (N, E, S, W)."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def side(seat: str) -> str:
    """ "NS" or "EW": the partnership ``seat`` belongs to."""
    return "NS" if seat in ("N", "S") else "EW"


def partners(a: str, b: str) -> bool:
    return (SEATS.index(a) - SEATS.index(b)) % 2 == 0


def seat_of_word(text: str) -> str:
    """N/E/S/W for a seat as files write it ("N", "north", "WEST"), "" otherwise."""
    return _SEAT_WORDS.get(text.strip().upper(), "")


def hands(deal: str) -> dict[str, str]:
    """{"N": "AKQ.J2.T98.765", ...} from a canonical deal "N:<north> <east> <south> <west>"."""
    return dict(zip(SEATS, deal[2:].split(" ")))


def card_owners(deal: str) -> dict[str, str]:
    """{"SA": "N", ...}: who holds each card of a canonical deal."""
    owners = {}
    for seat, hand in hands(deal).items():
        for suit, ranks in zip(SUITS, hand.split(".")):
            for rank in ranks:
                owners[suit + rank] = seat
    return owners


def trick_winner(cards: Sequence[tuple[str, str]], trump: str) -> str:
    """The seat that wins a full trick of (seat, "SA") pairs in play order; ``trump`` is
    a suit letter, or "" at no trump."""
    led = cards[0][1][0]

    def power(card: str) -> int:
        suit = card[0]
        base = 26 if suit == trump else 13 if suit == led else 0
        return base + (12 - RANKS.index(card[1])) if base else -1

    return max(cards, key=lambda played: power(played[1]))[0]


def read_call(text: str) -> str | None:
    """A call as programs write it ("Pass", "Pas", "Dbl", "D", "Rdbl", "R", "1N", "3nt",
    "2SA"), alert marks ("!") left off, as ``P``/``X``/``XX``/``1C``..``7NT``; None when
    it is not a call."""
    word = text.strip().rstrip("!").strip().upper()
    if word in _CALL_WORDS:
        return _CALL_WORDS[word]
    m = _BID.fullmatch(word)
    if m is None:
        return None
    strain = m[2]
    return m[1] + ("NT" if strain in ("N", "NT", "SA") else strain)


@dataclass(frozen=True, slots=True)
class Contract:
    level: int  # 1..7
    strain: str  # C, D, H, S or NT
    risk: str = ""  # "", "X" or "XX"

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{self.risk}"

    @property
    def trump(self) -> str:
        """The trump suit's letter; "" at no trump."""
        return "" if self.strain == "NT" else self.strain


def parse_contract(text: str) -> Contract | None:
    """A stated contract ("4S", "4sx", "3NTXX", "6N*"); None for "Pass" or anything else."""
    m = _CONTRACT.fullmatch(text.strip())
    if m is None:
        return None
    strain = m[2].upper()
    risk = {"*": "X", "**": "XX"}.get(m[3] or "", (m[3] or "").upper())
    return Contract(int(m[1]), "NT" if strain in ("N", "NT") else strain, risk)


def read_contract(text: str) -> str | None:
    """A stated contract as the record keeps it: "4HX", "3NT", "6SXX", or "Pass" (passed
    out: "Pass", "pass", "Passed out"); None when it is not one."""
    word = text.strip()
    if word.lower() in ("pass", "passed", "passed out", "all pass"):
        return "Pass"
    bid = parse_contract(word)
    return None if bid is None else str(bid)


def contract_in_words(contract: str, words: Words, passed_out: str) -> str:
    """A stated contract ("4HX", "3nt", "Pass") as ``words`` write it for people: "4♥X",
    "3BA" in Polish, ``passed_out``; "" for ""; a text that is no contract as it came."""
    read = read_contract(contract) if contract else None
    if read == "Pass":
        return passed_out
    bid = parse_contract(read) if read is not None else None
    return contract if bid is None else words.contract(bid.level, bid.strain, bid.risk)


def auction_complete(calls: Sequence[str]) -> bool:
    """Four passes to start, or three passes after a bid."""
    if len(calls) < 4:
        return False
    if list(calls[:4]) == [PASS] * 4:
        return len(calls) == 4
    return list(calls[-3:]) == [PASS] * 3 and any(c[:1].isdigit() for c in calls)


# The 35 bids as the record writes them: a look-up for every call read (a regex costs more).
_BIDS = {f"{level}{strain}": Contract(level, strain) for level in range(1, 8) for strain in STRAINS}
_STRAIN_OF = {**{call: bid.strain for call, bid in _BIDS.items()}, PASS: "", DOUBLE: "", REDOUBLE: ""}


def _bid(call: str) -> Contract | None:
    bid = _BIDS.get(call)
    if bid is None and call[:1].isdigit():
        bid = parse_contract(call)
    return bid


def final_contract(calls: Sequence[str], first: str) -> tuple[str, str]:
    """(contract, declarer) an auction arrives at: the last bid, doubled or redoubled after
    it, played by the first of that side to name its strain; ("Pass", "") when every call
    was a pass; ("", "") while no bid was made and the auction is not over, and for an
    auction holding a call that could not be read (``?``: it may have been any call)."""
    if UNKNOWN_CALL in calls:
        return "", ""
    strain_of = _STRAIN_OF.get
    last = len(calls) - 1
    bid = None
    while last >= 0:  # back to the last bid (a look-up a call: this runs on every board read)
        call = calls[last]
        named_strain = strain_of(call)
        if named_strain:
            bid = _BIDS[call]
            break
        if named_strain is None:  # not as the record writes calls: read it
            bid = _bid(call)
            if bid is not None:
                break
        last -= 1
    if bid is None:
        return ("Pass", "") if len(calls) >= 4 and all(c == PASS for c in calls) else ("", "")
    risk = ""
    for call in calls[last + 1 :]:
        if call in (DOUBLE, REDOUBLE):
            risk = call
    strain = bid.strain
    named = last  # the first call of the same side (every other call) to name the strain
    for i in range(last % 2, last, 2):
        named_strain = strain_of(calls[i])
        if named_strain is None:  # not as the record writes calls: read it
            earlier = _bid(calls[i])
            named_strain = earlier.strain if earlier is not None else ""
        if named_strain == strain:
            named = i
            break
    return f"{bid.level}{strain}{risk}", seat_after(first, named)


def finished_contract(calls: Sequence[str], first: str) -> tuple[str, str]:
    """``final_contract`` of a finished auction (``auction_complete``); ("", "") while it
    is unfinished. Read on every board of a record: the test for three passes at the end
    comes first, and final_contract's search for a bid stands for auction_complete's."""
    if len(calls) < 4 or calls[-1] != PASS or calls[-2] != PASS or calls[-3] != PASS:
        return "", ""
    if len(calls) > 4 and calls[0] == PASS and calls[1] == PASS and calls[2] == PASS and calls[3] == PASS:
        return "", ""  # four passes ended the auction: calls after them are none of it
    return final_contract(calls, first)


def record_contract(contract: str, declarer: str, calls: Sequence[str] = (), first: str = "") -> tuple[str, str]:
    """(contract, declarer) a record says were played: as it states them, else as its
    finished auction (``calls`` in any case, the first made by ``first``) arrives at
    them, a declarer it states standing. Pages, printed sheets and files all pick them so."""
    if contract or not calls or not first:
        return contract, declarer
    found, found_declarer = finished_contract([call.upper() for call in calls], first)
    return found, declarer or found_declarer


def declarer_tricks(text: str, declarer: str) -> int | None:
    """Tricks declarer took from a result as files write it: "9", "^9" (agreed, though
    not what the play gives), or by side: "NS 9", "EW 4", "NS 9 EW 4" (the declarer's
    side counts); None when it is none of these, or names a side without a declarer."""
    words = text.strip().lstrip("^").split()
    if len(words) == 1 and words[0].isdecimal() and len(words[0]) <= 2 and int(words[0]) <= 13:
        return int(words[0])
    if len(words) not in (2, 4) or len(declarer) != 1 or declarer not in SEATS:
        return None
    side = "NS" if declarer in "NS" else "EW"
    for name, tricks in zip(words[0::2], words[1::2]):
        if not (tricks.isdecimal() and len(tricks) <= 2 and int(tricks) <= 13):
            return None
        if name.upper() == side:
            return int(tricks)
        if name.upper() in ("NS", "EW") and len(words) == 2:
            return 13 - int(tricks)
    return None


def opening_leader(declarer: str) -> str:
    return seat_after(declarer)


def played_by(tricks: Iterable[Sequence[str]], deal: str) -> list[list[tuple[str, str]]]:
    """Each trick's cards as (seat, card) in the order given, cards not of this deal left out."""
    owners = card_owners(deal)
    return [[(owners[c], c) for c in (str(card).upper() for card in trick) if c in owners] for trick in tricks]


def tricks_played(deal: str, contract: str, declarer: str, tricks: Iterable[Sequence[str]]) -> int | None:
    """The tricks ``declarer`` took in a play recorded to its end: ``tricks`` holding every
    card of ``deal`` once, in thirteen tricks of four cards of four seats, the first led by
    declarer's left-hand opponent and each later one by the winner of the one before (the
    trump suit from ``contract``). None for a play that is not all there, or not in that
    order: a record's play tells its result only when every trick is in it."""
    bid = parse_contract(contract)
    if bid is None or len(declarer) != 1 or declarer not in SEATS:
        return None
    played = played_by(tricks, deal)
    cards = [card for trick in played for _, card in trick]
    if len(played) != 13 or len(cards) != 52 or len(set(cards)) != 52:
        return None
    leader, won = opening_leader(declarer), 0
    for trick in played:
        if len(trick) != 4 or trick[0][0] != leader or len({seat for seat, _ in trick}) != 4:
            return None
        leader = trick_winner(trick, bid.trump)
        won += side(leader) == side(declarer)
    return won


STRAIN_SYMBOLS = {**SUIT_SYMBOLS, "NT": "NT"}


@dataclass(frozen=True, slots=True)
class RecordSummary:
    """What a record says was played, in parts: a page says them in its language."""

    contract: Contract | None  # None: passed out
    declarer: str = ""  # N, E, S, W or "" when not stated
    tricks: str = ""  # declarer's, "" when not known
    claimed: bool = False


def record_parts(
    *, contract: str, declarer: str, result: str, claim: int | None, calls: Sequence[str] = (), first: str = ""
) -> RecordSummary | None:
    """The contract and declarer as stated, else from a finished auction (``record_contract``);
    the tricks from the result, else from the claim; None when the record says nothing."""
    contract, declarer = record_contract(contract, declarer, calls, first)
    if contract.strip().lower() in ("pass", "passed out"):
        return RecordSummary(None)
    bid = parse_contract(contract)
    if bid is None:
        return None
    seat = declarer.strip()[:1].upper()
    tricks = result.strip() if result.strip().isdecimal() and len(result.strip()) <= 2 else ""
    if not tricks and claim is not None:
        tricks = str(claim)
    return RecordSummary(bid, seat if seat in SEATS else "", tricks, claim is not None)


def record_in_words(
    parts: RecordSummary | None,
    words: Words,
    *,
    by: str,
    tricks: Callable[[int], str],
    claimed: str,
    passed_out: str,
    seat: Callable[[str], str] | None = None,
) -> str:
    """A record's parts as a sentence in a language's words: ``by`` places %(contract)s and
    %(declarer)s, ``tricks`` says a count of tricks, ``seat`` names the declarer (its
    letter, ``words.seat``, unless given); "" when the record says nothing."""
    if parts is None:
        return ""
    if parts.contract is None:
        return passed_out
    bid = parts.contract
    text = words.contract(bid.level, bid.strain, bid.risk)
    if parts.declarer:
        text = by % {"contract": text, "declarer": (seat or words.seat)(parts.declarer)}
    if parts.tricks.isdecimal():
        text += ", " + tricks(int(parts.tricks))
    if parts.claimed:
        text += ", " + claimed
    return text


def record_summary(
    *, contract: str, declarer: str, result: str, claim: int | None, calls: Sequence[str] = (), first: str = ""
) -> str:
    """ "4♥ by S, 11 tricks, claimed", "3NTX by E, 8 tricks", "Passed out", or "" when
    the record says nothing (``record_parts``, in English: the CLI's and the files')."""
    parts = record_parts(contract=contract, declarer=declarer, result=result, claim=claim, calls=calls, first=first)
    return record_in_words(
        parts,
        ENGLISH,
        by="%(contract)s by %(declarer)s",
        tricks=lambda count: f"{count} trick{'s' * (count != 1)}",
        claimed="claimed",
        passed_out="Passed out",
    )
