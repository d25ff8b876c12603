"""The record of a board as the readers keep it: contract, declarer and tricks taken.

A file may state them (PBN's Contract, Declarer and Result tags; LIN's ``mc`` claim)
and its auction arrives at a contract (LIN states none). Both readers settle the record
here, so that every deck says it the same way: the contract as ``4HX``, ``3NT`` or
``Pass``, the declarer as a seat letter, the tricks as the text of a number; the
auction's contract and declarer where the file is silent, and a note where the file says
otherwise. The bridge rules it applies live in ``rules``.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from games.bridge import rules
from games.bridge.cards import SEATS
from games.bridge.rules import Call

from .messages import Message
from .model import Deck

NUMBERS = tuple(str(n) for n in range(14))  # Deck.result of 0..13 tricks, shared strings
_CALL = attrgetter("call")

# Stated values -> as the record keeps them, ready made for the usual spellings; rules
# reads the rest. None (no tag), "" and "?" state nothing.
_CONTRACTS: dict[str | None, str] = {None: "", "": "", "?": ""}
for _level in "1234567":
    for _strain in ("C", "D", "H", "S", "NT", "N"):
        for _written in {_strain, _strain.lower(), _strain.capitalize()}:
            for _risk in ("", "X", "XX", "x", "xx"):
                _CONTRACTS[_level + _written + _risk] = rules.read_contract(_level + _strain + _risk) or ""
_CONTRACTS.update({"Pass": "Pass", "PASS": "Pass", "pass": "Pass"})
_DECLARERS: dict[str | None, str] = {None: "", "": "", "?": ""}
_DECLARERS.update({s: s for s in SEATS})
_RESULTS: dict[str | None, str] = {None: "", "": "", "?": ""}
_RESULTS.update({n: n for n in NUMBERS})


def stated_contract(value: str | None, notes: list[str]) -> str:
    """A Contract value as the record keeps it; "" (with a note) when it is not one."""
    found = _CONTRACTS.get(value)
    if found is not None:
        return found
    assert value is not None  # None is a key of _CONTRACTS
    if value.strip() in ("", "?"):
        return ""
    found = rules.read_contract(value)
    if found is None:
        return _not_understood("Contract", value, notes)
    return found


def stated_declarer(value: str | None, notes: list[str]) -> str:
    """A Declarer value as a seat letter: "S", "south", "SOUTH", and "^S" (PBN's
    declarer and dummy swapped: South declared all the same); "" (with a note) otherwise."""
    found = _DECLARERS.get(value)
    if found is not None:
        return found
    assert value is not None  # None is a key of _DECLARERS
    word = value.strip()
    found = rules.seat_of_word(word[1:] if word[:1] == "^" else word)
    if not found and word not in ("", "?"):
        return _not_understood("Declarer", value, notes)
    return found


def stated_result(value: str | None, declarer: str, notes: list[str]) -> str:
    """A Result value as the tricks declarer took ("9"); "" (with a note) when it is not
    one, or names a side's tricks ("NS 9") without a declarer to count them for."""
    found = _RESULTS.get(value)
    if found is not None:
        return found
    assert value is not None  # None is a key of _RESULTS
    if value.strip() in ("", "?"):
        return ""
    tricks = rules.declarer_tricks(value, declarer)
    if tricks is None:
        return _not_understood("Result", value, notes)
    return NUMBERS[tricks]


def _not_understood(name: str, value: str, notes: list[str]) -> str:
    notes.append(Message("tag_not_understood", tag=name, value=value.strip()[:20]))
    return ""


def tricks_taken(deck: Deck) -> str:
    """The tricks declarer took as the text of a number: the result, else the claim; "" when
    neither says (for decks made elsewhere than by the readers too)."""
    result = deck.result.strip()
    if result.isdecimal() and len(result) <= 2 and int(result) <= 13:
        return NUMBERS[int(result)]
    return "" if deck.claim is None else NUMBERS[deck.claim] if 0 <= deck.claim <= 13 else str(deck.claim)


def played_contract(deck: Deck) -> tuple[str, str]:
    """(contract, declarer) the deck says were played: as it states them, else as its
    finished auction arrives at them (``rules.record_contract``: the pages' rule too)."""
    calls = list(map(_CALL, deck.auction))
    return rules.record_contract(deck.contract, deck.declarer, calls, deck.auction_first or deck.effective_dealer)


def auction_contract(auction: Sequence[Call], first: str) -> tuple[str, str]:
    """(contract, declarer) of a finished auction whose first call ``first`` made; ("", "")
    while it is unfinished or holds a call that could not be read."""
    return rules.finished_contract(list(map(_CALL, auction)), first)


def settle(
    contract: str,
    declarer: str,
    auction: Sequence[Call],
    first: str,
    notes: list[str],
    irregular: bool = False,
) -> tuple[str, str]:
    """The contract and declarer a deck keeps: as stated, else as the finished auction
    arrives at; a note naming both where the file says otherwise than its auction.
    ``irregular``: the file says another than the auction's declarer played (PBN "^S")."""
    found, by = auction_contract(auction, first)
    if not found:
        return contract, declarer
    if not contract:
        contract = found
    elif contract != found:
        notes.append(_disagreement(found, by, contract, declarer))
        return contract, declarer
    if declarer and declarer != by and found != "Pass" and not irregular:
        notes.append(_disagreement(found, by, contract, declarer))
        return contract, declarer
    return contract, by


def _disagreement(found: str, by: str, contract: str, declarer: str) -> Message:
    said = (
        Message("record.contract_by", contract=contract, by=declarer) if declarer and contract != "Pass" else contract
    )
    auction = Message("record.contract_by", contract=found, by=by) if by else found
    return Message("record.disagreement", auction=auction, file=said)


def pbn_record(
    contract: str | None,
    declarer: str | None,
    result: str | None,
    auction: Sequence[Call],
    first: str,
    notes: list[str],
) -> tuple[str, str, str]:
    """(contract, declarer, result) of a PBN game from its Contract, Declarer and Result
    values (None: no such tag) and its auction, whose first call ``first`` made."""
    kept = _CONTRACTS.get(contract)
    if kept is None:
        kept = stated_contract(contract, notes)
    seat = _DECLARERS.get(declarer)
    irregular = False
    if seat is None:
        seat = stated_declarer(declarer, notes)
        irregular = declarer is not None and declarer.lstrip()[:1] == "^"
    if auction:
        kept, seat = settle(kept, seat, auction, first, notes, irregular)
    tricks = _RESULTS.get(result)
    if tricks is None:
        tricks = stated_result(result, seat, notes)
    return kept, seat, tricks
