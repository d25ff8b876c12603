"""The bidding robots: ``python -m bench.robots [--deals N] [--corpus DIR]``.

Four robots bid each board (``games.bridge.robots``, a robot in every seat, each from its
own hand) on two sets: the corpus's two-room vugraph boards (LIN files whose records are
labelled ``qx|o…|`` and ``qx|c…|``: the same deal played in an open and a closed room),
and N random deals (seeded: the same deals every run; 500 by default) dealt and
vulnerable as their board numbers say. For each set it prints:

- the share of the robots' calls the rules allow (it must be 100%), and of those the
  robot made in the engine's place (``fallback``);
- IMPs from double-dummy par, a board's mean of the absolute difference: the robots'
  contract, passing every board, and the experts' contracts where the file records them.
  Each contract is scored with its declarer's double-dummy tricks and par comes from the
  same solve (``games.bridge.dd``: endplay's ``calc_dd_table`` and ``par``); both are
  N-S's scores (``scoring.duplicate_score`` is N-S's, as ``Par.score`` is);
- the share of two-room boards where the robots reach a room's contract (the same level
  and strain, played by the same side);
- the time of one robot call (median, p99) and the CPU of one board's whole auction;
- the CPU of a whole board played by three robots and a person who always passes and
  plays their lowest legal card (``games.bridge.robot_table``: the bidding robot's calls
  and the double-dummy robot's cards), on ``--played`` of the random deals (20 by default).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path

from games.bridge import rules, scoring
from games.bridge.board import dealer_for_board, vul_for_board
from games.bridge.cards import random_deal
from games.bridge.dd import solve
from games.bridge.play import DONE, IllegalAction, legal_cards, new_board
from games.bridge.play import make_call as play_call
from games.bridge.play import play_card as play_a_card
from games.bridge.robot_table import robot_turns
from games.bridge.robots import ENGINE, SYSTEM, robot_call
from games.formats import read_decks

SEED = 20261207
CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


@dataclass
class Board:
    deal: str
    dealer: str
    vul: str
    rooms: list[tuple[str, str]] = field(default_factory=list)  # the experts' (contract, declarer)


@dataclass
class Figures:
    calls: int = 0
    legal: int = 0
    fallbacks: int = 0
    call_seconds: list[float] = field(default_factory=list)
    board_cpu: list[float] = field(default_factory=list)
    robots: list[int] = field(default_factory=list)  # |IMPs| from par, a board each
    passing: list[int] = field(default_factory=list)
    experts: list[int] = field(default_factory=list)  # a room each
    same_as_a_room: int = 0
    boards_with_rooms: int = 0


def vugraph_boards(corpus: Path) -> list[Board]:
    """Each deal the corpus's LIN files play in two rooms (labels ``o<n>`` and ``c<n>``),
    once, with the contracts the rooms recorded."""
    boards: dict[str, Board] = {}
    for path in sorted((corpus / "lin").glob("*.lin")) if corpus.exists() else []:
        decks = read_decks(path.read_bytes(), path.name).decks
        rooms: dict[tuple[str, str], set[str]] = {}
        for deck in decks:
            label = dict(deck.tags).get("qx", "")
            if label[:1] in ("o", "c"):
                rooms.setdefault((label[1:], deck.deal), set()).add(label[:1])
        for deck in decks:
            label = dict(deck.tags).get("qx", "")
            if rooms.get((label[1:], deck.deal)) != {"o", "c"}:
                continue
            board = boards.setdefault(deck.deal, Board(deck.deal, deck.effective_dealer, deck.effective_vul or "None"))
            if deck.contract and (deck.declarer or deck.contract == "Pass"):
                board.rooms.append((deck.contract, deck.declarer))
    return list(boards.values())


def random_boards(count: int) -> list[Board]:
    rng = random.Random(SEED)
    return [Board(random_deal(rng), dealer_for_board(n), vul_for_board(n)) for n in range(1, count + 1)]


def bid(board: Board, figures: Figures) -> tuple[str, str]:
    """The robots' auction of ``board``, timed call by call, every call checked by the
    rules of the table: (contract, declarer)."""
    held = rules.hands(board.deal)
    state = new_board(board.deal, board.dealer, board.vul)
    calls: list[str] = []
    began_cpu = time.process_time()
    while not rules.auction_complete(calls):
        seat = rules.seat_after(board.dealer, len(calls))
        began = time.perf_counter()
        answer = robot_call(held[seat], seat, board.dealer, board.vul, calls)
        figures.call_seconds.append(time.perf_counter() - began)
        figures.calls += 1
        figures.fallbacks += answer.fallback
        try:
            state = play_call(state, seat, answer.call)
            figures.legal += 1
        except IllegalAction:
            break  # an illegal call ends the board: the figures say so
        calls.append(answer.call)
    figures.board_cpu.append(time.process_time() - began_cpu)
    return rules.final_contract(calls, board.dealer) if rules.auction_complete(calls) else ("Pass", "")


def ns_score(contract: str, declarer: str, vul: str, tricks: dict[str, dict[str, int]]) -> int:
    """N-S's score for ``contract`` played double dummy."""
    if contract == "Pass":
        return 0
    strain = rules.parse_contract(contract).strain  # type: ignore[union-attr]
    return scoring.duplicate_score(contract, declarer, vul, tricks[declarer][strain])


def imps_from_par(played: tuple[str, str], board: Board, tricks: dict[str, dict[str, int]], par: int) -> int:
    """|IMPs| between a (contract, declarer) played double dummy and par, both N-S's."""
    return abs(scoring.imps(ns_score(*played, board.vul, tricks) - par))


def same_contract(ours: tuple[str, str], theirs: tuple[str, str]) -> bool:
    """The same level and strain by the same side (passed out on both counts too)."""
    (a, by_a), (b, by_b) = ours, theirs
    if "Pass" in (a, b):
        return a == b
    bid_a, bid_b = rules.parse_contract(a), rules.parse_contract(b)
    if bid_a is None or bid_b is None:
        return False
    return (bid_a.level, bid_a.strain) == (bid_b.level, bid_b.strain) and rules.side(by_a) == rules.side(by_b)


def measure(boards: list[Board]) -> Figures:
    figures = Figures()
    auctions = [bid(board, figures) for board in boards]
    for board, solved, ours in zip(boards, solve([b.deal for b in boards]), auctions):
        par = solved.par(board.vul, board.dealer).score
        figures.robots.append(imps_from_par(ours, board, solved.tricks, par))
        figures.passing.append(abs(scoring.imps(-par)))
        figures.experts += [imps_from_par(room, board, solved.tricks, par) for room in board.rooms]
        if board.rooms:
            figures.boards_with_rooms += 1
            figures.same_as_a_room += any(same_contract(ours, room) for room in board.rooms)
    return figures


def report(name: str, boards: list[Board], figures: Figures) -> None:
    def share(part: int, whole: int) -> str:
        return f"{part / whole:.1%}" if whole else "-"

    def mean(values: list[int]) -> str:
        return f"{statistics.mean(values):.2f}" if values else "-"

    def line(label: str, value: str) -> None:
        print(f"  {label:<52} {value}")

    times = sorted(figures.call_seconds)
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0
    print(f"\n{name}: {len(boards)} boards, {figures.calls:,} robot calls")
    line("legal calls", share(figures.legal, figures.calls))
    line(
        "fallbacks (the engine failed, the robot passed)",
        f"{share(figures.fallbacks, figures.calls)} ({figures.fallbacks} of {figures.calls:,})",
    )
    print("  IMPs from double-dummy par, a board's mean |difference|:")
    line("  the robots", mean(figures.robots))
    line("  passing every board", mean(figures.passing))
    if figures.experts:
        with_rooms = [imps for imps, board in zip(figures.robots, boards) if board.rooms]
        line(f"  the robots, on the {len(with_rooms)} boards the rooms recorded", mean(with_rooms))
        line(f"  the experts' contracts ({len(figures.experts)} rooms)", mean(figures.experts))
        line(
            "a room's contract reached (level, strain, side)",
            f"{share(figures.same_as_a_room, figures.boards_with_rooms)}"
            f" ({figures.same_as_a_room} of {figures.boards_with_rooms} boards)",
        )
    if times:
        line(
            "one robot call",
            f"median {statistics.median(times) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
            f"slowest {times[-1] * 1000:.1f} ms",
        )
        line(
            "CPU of one board's auction",
            f"median {statistics.median(figures.board_cpu) * 1000:.1f} ms, "
            f"mean {statistics.mean(figures.board_cpu) * 1000:.1f} ms",
        )


def whole_boards(boards: list[Board]) -> list[float]:
    """The CPU seconds of each board played to its end by robots in N, E and W beside a
    South who passes and plays the lowest of the cards the rules allow."""
    spent = []
    for board in boards:
        started = time.process_time()
        state = new_board(board.deal, board.dealer, board.vul)
        while True:
            state = robot_turns(state, "NEW")
            if state.phase == DONE:
                break
            if state.turn and not state.auction_over:
                state = play_call(state, "S", "P")
            else:
                state = play_a_card(state, state.turn or "", legal_cards(state)[-1], by="S")
        spent.append(time.process_time() - started)
    return spent


def report_whole_boards(spent: list[float]) -> None:
    ordered = sorted(spent)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"\nA whole board with three robots, {len(spent)} random deals (target under 2 s of CPU):")
    print(
        f"  {'CPU of one board':<52} median {statistics.median(spent) * 1000:.0f} ms, "
        f"p99 {p99 * 1000:.0f} ms, slowest {ordered[-1] * 1000:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.robots", description=__doc__)
    parser.add_argument("--deals", type=int, default=500, help="random deals (default 500)")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the corpus of real files (../shared/corpus)")
    parser.add_argument("--played", type=int, default=20, help="random deals played to the end (default 20)")
    args = parser.parse_args(argv)
    from bench.machine_speed import reference_ms

    print(f"Machine speed: {reference_ms():.1f} ms (bench.machine_speed; lower is faster)")
    print(f"Bidding robots: {ENGINE}, {SYSTEM}")
    robot_call("AKQ2.AK3.654.987", "N", "N", "None", [])  # the engine's import, not counted
    vugraph = vugraph_boards(args.corpus)
    if vugraph:
        report("Two-room vugraph boards of the corpus", vugraph, measure(vugraph))
    else:
        print(f"\nNo two-room vugraph boards: the corpus ({args.corpus}) is absent")
    deals = random_boards(args.deals)
    report(f"Random deals (seed {SEED})", deals, measure(deals))
    if args.played:
        report_whole_boards(whole_boards(deals[: args.played]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
