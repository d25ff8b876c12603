"""Reading speed and memory: ``python -m games.formats.bench`` (or ``make bench``).

Generates deterministic 10,000-board files (plain deals, and full tournament
records with players, alerted auctions and 13 tricks of play) in PBN and LIN,
plus a 100,000-board plain PBN, then reads each with ``read_decks``, with
endplay 0.5.12 (when installed) and with a bare regex that only cuts out the
deals. The pieces are small functions so that the web app can add its own
rows (see ``measure`` and ``print_table``).
"""

from __future__ import annotations

import argparse
import gc
import io
import random
import re
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import read_decks
from .model import RANKS, SEATS, SUITS, Call, Deck, dealer_for_board, vul_for_board
from .writers import write_lin, write_pbn

SEED = 20240611
TARGETS = {"plain": 80_000, "full": 25_000}  # decks per second
LINEARITY_LIMIT = 11.0  # 100k boards may take at most 11x the time of 10k
MEMORY_LIMIT = 10.0  # peak memory of a full file under 10x its size
ENDPLAY_SAMPLE = 500  # boards endplay is run on under tracemalloc (it is slow there)

# --- generating files ----------------------------------------------------------------------


def random_deal(rng: random.Random) -> str:
    """A canonical 'N:...' deal from one shuffle of 52 cards."""
    cards = list(range(52))
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        held = sorted(cards[seat * 13:seat * 13 + 13])
        suits = ["", "", "", ""]
        for card in held:  # card // 13 is the suit (S first), card % 13 the rank (A first)
            suits[card // 13] += RANKS[card % 13]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


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
        md = ",".join(
            "".join(s + r for s, r in zip(SUITS, hands[seat].split("."))) for seat in "SWN"
        )
        lines.append(
            f"md|{digit[dealer_for_board(number)]}{md},|rh||"
            f"ah|Board {number}|sv|{vul[vul_for_board(number)]}|pg||\n"
        )
    return "".join(lines).encode()


_NAMES = ("O'Brien", 'Jan "JJ" Kowalski', "Müller, K.", "Zoë|Ø", "back\\slash", "Åsa", "bot-7")
_ALERTS = ("transfer to hearts", "2+ clubs, 11-21", "Stayman", "weak: 6-10 | 6 cards", "Michaels")
_STRAINS = ("C", "D", "H", "S", "NT")


def _random_auction(rng: random.Random) -> list[Call]:
    calls: list[Call] = [Call("P") for _ in range(rng.randrange(3))]
    level_strain = rng.randrange(10)  # index into 1C,1D,...: the opening bid
    doubled = False
    while level_strain < 35 and len(calls) < 30:
        bid = f"{level_strain // 5 + 1}{_STRAINS[level_strain % 5]}"
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


def _contract(calls: list[Call], dealer: str) -> tuple[str, str]:
    """(contract, declarer) of an auction that ends in three passes."""
    seats = [SEATS[(SEATS.index(dealer) + i) % 4] for i in range(len(calls))]
    bids = [i for i, c in enumerate(calls) if c.call[0].isdigit()]
    if not bids:
        return "Pass", ""
    last = bids[-1]
    strain = calls[last].call[1:]
    side = seats[last] in "NS"
    declarer = next(
        seats[i] for i in bids if calls[i].call[1:] == strain and (seats[i] in "NS") == side
    )
    risk = "X" if any(c.call == "X" for c in calls[last:]) else ""
    return calls[last].call + risk, declarer


def _random_play(rng: random.Random, deal: str, contract: str, declarer: str) -> tuple[tuple[str, ...], ...]:
    """13 legal tricks: follow suit when possible, the highest trump or led card wins."""
    # hands[seat][suit]: cards held, ranks high to low; the rank index orders them
    hands = [[[s + r for r in ranks] for s, ranks in zip(SUITS, hand.split("."))]
             for hand in deal[2:].split(" ")]
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
        contract, declarer = _contract(calls, dealer)
        play = _random_play(rng, deal, contract, declarer) if declarer else ()
        decks.append(Deck(
            deal=deal, index=number - 1, line=0, dealer=dealer, vul=vul_for_board(number),
            board=str(number), players=tuple((s, rng.choice(_NAMES)) for s in SEATS),
            auction=tuple(calls), auction_first=dealer, play=play, contract=contract,
            declarer=declarer, result=str(rng.randrange(14)) if declarer else "",
            tags=(("Event", "Bench \"Cup\" 2024"), ("Site", "Kraków"), ("Date", "2024.06.11"),
                  ("Scoring", "IMP")),
        ))
    return decks


@dataclass(frozen=True)
class BenchFile:
    name: str
    kind: str  # "plain" or "full": which speed target applies
    fmt: str  # "pbn" or "lin"
    boards: int
    data: bytes

    def head(self, boards: int) -> bytes:
        """The first ``boards`` boards: slow readers are measured under tracemalloc on these."""
        if self.fmt == "lin":
            return b"".join(self.data.splitlines(keepends=True)[:boards])
        games = _GAME_END.split(self.data, maxsplit=boards)
        return b"\n\n".join(games[:boards]) + b"\n"


_GAME_END = re.compile(rb"\r?\n\r?\n")


def bench_files(boards: int = 10_000, big: int = 100_000, seed: int = SEED) -> list[BenchFile]:
    decks = full_decks(boards, seed)
    return [
        BenchFile(f"plain-{boards // 1000}k.pbn", "plain", "pbn", boards, plain_pbn(boards, seed)),
        BenchFile(f"plain-{boards // 1000}k.lin", "plain", "lin", boards, plain_lin(boards, seed)),
        BenchFile(f"full-{boards // 1000}k.pbn", "full", "pbn", boards, write_pbn(decks).encode()),
        BenchFile(f"full-{boards // 1000}k.lin", "full", "lin", boards, write_lin(decks).encode()),
        BenchFile(f"plain-{big // 1000}k.pbn", "plain", "pbn", big, plain_pbn(big, seed)),
    ]


# --- readers -------------------------------------------------------------------------------

# A reader takes (bytes, format) and returns how many decks it found.
ReadFn = Callable[[bytes, str], int]


def ours(data: bytes, fmt: str) -> int:
    return len(read_decks(data, f"bench.{fmt}").decks)


_PBN_DEAL = re.compile(rb'\[Deal "([^"]*)"\]')
_LIN_DEAL = re.compile(rb"md\|([^|]*)\|")
_CARD = [{r: s + r for r in RANKS} for s in SUITS]  # one shared str per card
_PACK = [s + r for s in SUITS for r in RANKS]


def bare_regex(data: bytes, fmt: str) -> int:
    """The floor: cut out each deal and build (and keep) its 52 cards, nothing else."""
    deals: list[list[str]] = []
    if fmt == "pbn":
        for match in _PBN_DEAL.finditer(data):
            cards: list[str] = []
            for hand in match.group(1).decode()[2:].split(" "):
                for table, ranks in zip(_CARD, hand.split(".")):
                    cards.extend(map(table.__getitem__, ranks))
            deals.append(cards)
    else:
        for match in _LIN_DEAL.finditer(data):
            cards = []
            for hand in match.group(1).decode()[1:].split(","):
                table = _CARD[0]
                for ch in hand:
                    if ch in "SHDC":
                        table = _CARD["SHDC".index(ch)]
                    else:
                        cards.append(table[ch])
            if len(cards) == 39:  # East left out: the rest of the pack
                held = set(cards)
                cards += [c for c in _PACK if c not in held]
            deals.append(cards)
    return sum(len(cards) == 52 for cards in deals)


def endplay_reader() -> ReadFn | str:
    """endplay's load() for the format, or why it cannot be used."""
    try:
        from endplay.parsers import lin, pbn
    except ImportError:
        return "endplay not installed"

    def read(data: bytes, fmt: str) -> int:
        module = pbn if fmt == "pbn" else lin
        return len(module.load(io.StringIO(data.decode("utf-8"))))

    return read


# --- measuring -----------------------------------------------------------------------------


@dataclass
class Row:
    file: str
    reader: str
    boards: int
    size: int  # bytes
    seconds: float | None = None
    decks: int = 0
    peak: int | None = None  # bytes, tracemalloc
    peak_of: int = 0  # size of the data the peak was measured on
    error: str = ""
    target: str = ""

    @property
    def rate(self) -> float:
        return self.decks / self.seconds if self.seconds else 0.0


def peak_memory(fn: Callable[[], object]) -> int:
    """Peak bytes allocated (tracemalloc) while ``fn`` runs."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure(file: str, reader: str, boards: int, data: bytes, fn: Callable[[], int],
            *, repeat: int = 2, memory: Callable[[], object] | None = None,
            memory_size: int | None = None) -> Row:
    """Best of ``repeat`` timed runs of ``fn``, then the peak memory of ``memory``
    (``fn`` itself unless given: tracemalloc slows a reader 2-5x, so slow peers are
    measured on a slice of ``memory_size`` bytes and the ratio uses that size)."""
    row = Row(file, reader, boards, len(data))
    try:
        best = float("inf")
        for _ in range(repeat):
            gc.collect()  # the last run's garbage is not this run's cost
            # CPU time of this process: on a shared machine, wall time also counts the time
            # other processes held the cores (the readers are single-threaded and do no I/O)
            start = time.process_time()
            row.decks = fn()
            best = min(best, time.process_time() - start)
        row.seconds = best
        row.peak = peak_memory(memory or fn)
        row.peak_of = memory_size or len(data)
    except Exception as error:  # noqa: BLE001 - a peer's failure is a result, not a crash
        row.error = f"cannot read: {type(error).__name__}: {error}"[:90]
    return row


def run(files: list[BenchFile], *, endplay: ReadFn | str, endplay_big: bool = False) -> list[Row]:
    """Every row of the table: read_decks, endplay (when usable) and the bare regex."""
    rows: list[Row] = []
    for f in files:
        big = f is files[-1] and len(files) > 1
        target = TARGETS[f.kind]
        row = measure(f.name, "read_decks", f.boards, f.data, lambda f=f: ours(f.data, f.fmt),
                      repeat=2 if big else 3)
        row.target = f">={target:,}/s " + ("ok" if row.rate >= target else "MISSED")
        if f.kind == "full" and row.peak is not None:
            ok = row.peak < MEMORY_LIMIT * row.size
            row.target += f", peak<{MEMORY_LIMIT:g}x " + ("ok" if ok else "MISSED")
        rows.append(row)
        if callable(endplay) and (endplay_big or not big):
            head = f.head(ENDPLAY_SAMPLE)
            row = measure(f.name, "endplay 0.5.12", f.boards, f.data,
                          lambda f=f: endplay(f.data, f.fmt), repeat=1,
                          memory=lambda f=f, head=head: endplay(head, f.fmt), memory_size=len(head))
            row.target = f"peak on the first {ENDPLAY_SAMPLE:,} boards"
            rows.append(row)
        rows.append(measure(f.name, "bare regex", f.boards, f.data,
                            lambda f=f: bare_regex(f.data, f.fmt), repeat=2))
    return rows


def summary(rows: list[Row], files: list[BenchFile], endplay: ReadFn | str,
            endplay_big: bool = False) -> list[str]:
    """Lines to print under the table: speed against endplay, linearity, what was left out."""
    lines = [] if callable(endplay) else [f"endplay: {endplay}"]
    if callable(endplay) and not endplay_big and len(files) > 1:
        lines.append(f"endplay: not run on {files[-1].name} (it takes a minute; --endplay-big)")
    mine = {r.file: r for r in rows if r.reader == "read_decks" and r.seconds}
    for r in rows:
        ours_row = mine.get(r.file)
        if not r.reader.startswith("endplay") or not ours_row:
            continue
        if r.error:
            lines.append(f"{r.file}: endplay {r.error}")
        elif r.decks < ours_row.decks:
            lines.append(f"{r.file}: endplay read {r.decks:,} of {ours_row.decks:,} boards")
        elif r.seconds:
            lines.append(f"{r.file}: read_decks is {r.seconds / ours_row.seconds:.1f}x as fast as endplay")
    small = next((mine.get(f.name) for f in files if f.kind == "plain" and f.fmt == "pbn"), None)
    big = mine.get(files[-1].name) if files else None
    if small and big and big is not small and small.seconds and big.seconds:
        ratio = big.seconds / small.seconds
        verdict = "ok" if ratio <= LINEARITY_LIMIT else "MISSED"
        lines.append(f"time {big.file} / {small.file}: {ratio:.1f}x "
                     f"(target <= {LINEARITY_LIMIT:g}x) {verdict}")
    return lines


def print_table(rows: list[Row], out=sys.stdout) -> None:
    head = (f"{'file':<16} {'reader':<15} {'boards':>7} {'MB':>6} {'decks/s':>9} "
            f"{'MB/s':>6} {'peak MB':>8} {'peak/size':>9}  target")
    print(head, file=out)
    print("-" * len(head), file=out)
    for r in rows:
        mb = r.size / 1e6
        if r.error:
            print(f"{r.file:<16} {r.reader:<15} {r.boards:>7} {mb:>6.2f}  {r.error}", file=out)
            continue
        peak = (f"{r.peak / 1e6:>8.1f} {r.peak / (r.peak_of or r.size):>8.1f}x"
                if r.peak is not None else f"{'-':>8} {'-':>9}")
        mbs = mb / r.seconds if r.seconds else 0.0
        print(f"{r.file:<16} {r.reader:<15} {r.decks:>7} {mb:>6.2f} {r.rate:>9,.0f} "
              f"{mbs:>6.1f} {peak}  {r.target}", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.formats.bench", description=__doc__)
    parser.add_argument("--boards", type=int, default=10_000)
    parser.add_argument("--big", type=int, default=100_000, help="boards of the linearity file")
    parser.add_argument("--no-endplay", action="store_true", help="leave out the endplay rows")
    parser.add_argument("--endplay-big", action="store_true", help="run endplay on the big file too")
    parser.add_argument("--keep", type=Path, help="also write the generated files to this folder")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    files = bench_files(args.boards, args.big)
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        for f in files:
            (args.keep / f.name).write_bytes(f.data)
    print(f"generated {len(files)} files in {time.perf_counter() - start:.1f}s (seed {SEED})")
    endplay = "left out (--no-endplay)" if args.no_endplay else endplay_reader()
    rows = run(files, endplay=endplay, endplay_big=args.endplay_big)
    print_table(rows)
    for line in summary(rows, files, endplay, args.endplay_big):
        print(line)
    print(f"total {time.perf_counter() - start:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
