"""Deterministic decks and files of any size, plain and full.

Plain: Board, Dealer, Vulnerable and Deal only, as dealing programs write them. Full:
tournament records with players, an alerted auction and all 13 tricks (``full_decks``,
written out by ``games.formats``' own writers). The benchmarks' 10,000-board files are
made of these (bench/reader_data.py).
"""

from __future__ import annotations

import random

from games.bridge.board import dealer_for_board, vul_for_board
from games.bridge.cards import RANKS, SEATS, SUITS, random_deal
from games.bridge.rules import STRAINS, Call, final_contract
from games.formats.model import Deck

SEED = 20240611


def plain_pbn(boards: int, seed: int = SEED) -> bytes:
    """Board, Dealer, Vulnerable and Deal only, as dealing programs write them."""
    rng = random.Random(seed)
    games = []
    for number in range(1, boards + 1):
        games.append(
            f'[Board "{number}"]\n[Dealer "{dealer_for_board(number)}"]\n'
            f'[Vulnerable "{vul_for_board(number)}"]\n[Deal "{random_deal(rng)}"]\n'
        )
    return "\n".join(games).encode()


def plain_lin(boards: int, seed: int = SEED) -> bytes:
    """md, ah and sv only (no pn, no qx), East left out as BBO does."""
    rng = random.Random(seed)
    digit = {"S": 1, "W": 2, "N": 3, "E": 4}
    vul = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
    lines = []
    for number in range(1, boards + 1):
        hands = dict(zip(SEATS, random_deal(rng)[2:].split(" ")))
        md = ",".join("".join(s + r for s, r in zip(SUITS, hands[seat].split("."))) for seat in "SWN")
        lines.append(
            f"md|{digit[dealer_for_board(number)]}{md},|rh||ah|Board {number}|sv|{vul[vul_for_board(number)]}|pg||\n"
        )
    return "".join(lines).encode()


_NAMES = ("O'Brien", 'Jan "JJ" Kowalski', "Müller, K.", "Zoë|Ø", "back\\slash", "Åsa", "bot-7")
_ALERTS = ("transfer to hearts", "2+ clubs, 11-21", "Stayman", "weak: 6-10 | 6 cards", "Michaels")


def _random_auction(rng: random.Random) -> list[Call]:
    calls: list[Call] = [Call("P") for _ in range(rng.randrange(3))]
    level_strain = rng.randrange(10)  # index into 1C,1D,...: the opening bid
    doubled = False
    while level_strain < 35 and len(calls) < 30:
        bid = f"{level_strain // 5 + 1}{STRAINS[level_strain % 5]}"
        alert = rng.random() < 0.25
        calls.append(Call(bid, alert, rng.choice(_ALERTS) if alert else ""))
        roll = rng.random()
        if roll < 0.1 and not doubled:
            calls.append(Call("X"))
            doubled = True
        elif roll < 0.55:
            calls.append(Call("P"))
        if rng.random() < 0.35:
            break
        level_strain += 1 + rng.randrange(4)
        doubled = False
    calls.extend(Call("P") for _ in range(3))
    return calls


def _random_play(rng: random.Random, deal: str, contract: str, declarer: str) -> tuple[tuple[str, ...], ...]:
    """13 legal tricks: follow suit when possible, the highest trump or led card wins."""
    # hands[seat][suit]: cards held, ranks high to low; the rank index orders them
    hands = [[[s + r for r in ranks] for s, ranks in zip(SUITS, hand.split("."))] for hand in deal[2:].split(" ")]
    trump = SUITS.find(contract[1]) if contract[1] != "N" else -1
    leader = (SEATS.index(declarer) + 1) % 4
    tricks = []
    for _ in range(13):
        trick = []
        led = -1
        best = (-1, 0)  # (strength, seat)
        for i in range(4):
            seat = (leader + i) % 4
            suits = hands[seat]
            suit = led if led >= 0 and suits[led] else rng.choice([k for k in range(4) if suits[k]])
            card = suits[suit].pop(rng.randrange(len(suits[suit])))
            led = suit if led < 0 else led
            strength = (200 if suit == trump else 100 if suit == led else 0) - RANKS.index(card[1])
            best = max(best, (strength, seat))
            trick.append(card)
        leader = best[1]
        tricks.append(tuple(trick))
    return tuple(tricks)


def full_decks(boards: int, seed: int = SEED) -> list[Deck]:
    """Tournament records: names, event, an alerted auction and all 13 tricks."""
    rng = random.Random(seed)
    decks = []
    for number in range(1, boards + 1):
        deal = random_deal(rng)
        dealer = dealer_for_board(number)
        calls = _random_auction(rng)
        contract, declarer = final_contract([c.call for c in calls], dealer)
        play = _random_play(rng, deal, contract, declarer) if declarer else ()
        decks.append(
            Deck(
                deal=deal,
                index=number - 1,
                line=0,
                dealer=dealer,
                vul=vul_for_board(number),
                board=str(number),
                players=tuple((s, rng.choice(_NAMES)) for s in SEATS),
                auction=tuple(calls),
                auction_first=dealer,
                play=play,
                contract=contract,
                declarer=declarer,
                result=str(rng.randrange(14)) if declarer else "",
                tags=(("Event", 'Bench "Cup" 2024'), ("Site", "Kraków"), ("Date", "2024.06.11"), ("Scoring", "IMP")),
            )
        )
    return decks
