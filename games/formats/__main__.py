"""``python -m games.formats [--json [--analyse [--limit N]]] FILE...``: what the upload would see in each file.

``--analyse`` adds each deck's double-dummy table (``dd``: tricks by declarer and strain)
and par (``par``: the score from North-South's side and the par contracts, for the
deck's dealer and vulnerability as the game would use them). Each distinct deal is solved
once (about a tenth of a second), in file order, with a line of progress on standard
error; ``--limit N`` solves the first N distinct deals only, and the decks of the others
are printed without ``dd`` and ``par``.

Exit status: 0 when every file reads cleanly, 1 when any file has a problem,
2 when a path cannot be read at all.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from games.bridge import rules
from games.bridge.dd import solve

from . import read_decks
from .messages import keyed
from .model import Deck, FileResult, Problem
from .record import tricks_taken


def deck_dict(deck: Deck) -> dict[str, Any]:
    """A deck as JSON: dealer and vulnerability as the game will use them, and the record:
    the calls (``P``, ``X``, ``XX``, ``1C``..``7NT``, ``?`` for one that could not be
    read), their alerts by position, the contract, declarer and tricks taken; and the
    commentary, each text as written with its place (``model.Comment``), and apart from it
    what the program that wrote the file noted about itself (``machine_notes``)."""
    return {
        "index": deck.index,
        "line": deck.line,
        "board": deck.board,
        "dealer": deck.effective_dealer,
        "vul": deck.effective_vul or "None",
        "deal": deck.deal,
        "stated_dealer": deck.dealer,
        "stated_vul": deck.vul,
        "board_name": deck.board_name,
        "players": dict(deck.players),
        "auction": [c.call for c in deck.auction],
        "alerts": {str(i): c.explanation for i, c in enumerate(deck.auction) if c.alert or c.explanation},
        "tricks": len(deck.play),
        "contract": rules.read_contract(deck.contract) or "",
        "declarer": deck.declarer,
        "result": int(tricks) if (tricks := tricks_taken(deck)) else None,
        "notes": list(deck.notes),
        "note_keys": [keyed(note) for note in deck.notes],
        "commentary": [{"text": c.text, "section": c.section, "at": c.at} for c in deck.commentary],
        "machine_notes": list(deck.machine_notes),
    }


def problem_dict(problem: Problem) -> dict[str, Any]:
    return {
        "index": problem.index,
        "line": problem.line,
        "board": problem.board,
        "message": problem.message,
        "kind": problem.kind,
        "key": problem.key or None,
        "params": None if problem.part is None else problem.part.as_json()["params"],
    }


def file_dict(path: str, result: FileResult) -> dict[str, Any]:
    return {
        "file": path,
        "format": result.format,
        "encoding": result.encoding,
        "decks": [deck_dict(d) for d in result.decks],
        "problems": [problem_dict(p) for p in result.problems],
        "notes": list(result.notes),
        "note_keys": [keyed(note) for note in result.notes],
    }


def add_analysis(found: list[tuple[dict[str, Any], FileResult]], limit: int | None = None) -> int:
    """``dd`` and ``par`` on each deck of the files' JSON entries whose deal is among the
    first ``limit`` distinct deals (all when None); how many distinct deals were left
    unsolved. Progress goes to standard error: the output is one JSON array, printed at
    the end, and a big set takes minutes."""
    deals = list(dict.fromkeys(deck.deal for _, result in found for deck in result.decks))
    chosen = deals if limit is None else deals[:limit]
    step = max(1, len(chosen) // 100)  # at most about a hundred lines
    tables = {}
    for done, deal in enumerate(chosen, 1):
        tables[deal] = solve([deal])[0]
        if done % step == 0 or done == len(chosen):
            print(f"solved {done} of {len(chosen)} deals", file=sys.stderr, flush=True)
    for entry, result in found:
        for row, deck in zip(entry["decks"], result.decks):
            solved = tables.get(deck.deal)
            if solved is not None:
                row["dd"] = solved.tricks
                row["par"] = solved.par(deck.effective_vul, deck.effective_dealer).as_json()
    return len(deals) - len(chosen)


def deal_count(text: str) -> int:
    """``--limit``'s value: a whole number of deals, 1 or more."""
    if not text.strip().isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"give a whole number of deals, 1 or more, not {text!r}")
    return int(text)


def print_text(path: str, result: FileResult) -> None:
    print(
        f"{path}: {result.format or 'unknown format'}, {result.encoding or '?'}, "
        f"{len(result.decks)} decks, {len(result.problems)} problems"
    )
    for d in result.decks:
        print(
            f"  deck {d.index:>4}  line {d.line:>6}  board {d.board or '-':>4}  "
            f"dealer {d.effective_dealer}  vul {d.effective_vul or 'None':<4}  {d.deal}"
        )
    for p in result.problems:
        board = f"board {p.board}" if p.board else "board -"
        print(f"  problem  line {p.line:>6}  {board}: {p.message}")
    for note in result.notes:
        print(f"  note: {note}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.formats", description=__doc__)
    parser.add_argument("--json", action="store_true", help="print one JSON array")
    parser.add_argument("--analyse", action="store_true", help="with --json: double-dummy table and par per deck")
    parser.add_argument(
        "--limit", type=deal_count, metavar="N", help="with --analyse: solve the first N distinct deals only"
    )
    parser.add_argument("files", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    if args.limit is not None and not (args.json and args.analyse):
        parser.error("--limit goes with --json --analyse: it caps the deals solved")
    if hasattr(sys.stdout, "reconfigure"):  # a C locale must not turn a name into a crash
        sys.stdout.reconfigure(errors="backslashreplace")
    status = 0
    found: list[tuple[dict[str, Any], FileResult]] = []
    for path in args.files:
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            print(f"{path}: cannot read: {error.strerror or error}", file=sys.stderr)
            status = 2
            continue
        result = read_decks(data, Path(path).name)
        if result.problems and status == 0:
            status = 1
        if args.json:
            found.append((file_dict(path, result), result))
        else:
            print_text(path, result)
    if args.json and args.analyse:
        unsolved = add_analysis(found, args.limit)
        if unsolved:
            print(
                f"{unsolved} deal{'' if unsolved == 1 else 's'} left unsolved, printed without dd and par: "
                f"--limit {args.limit} stops after {args.limit} distinct deal{'' if args.limit == 1 else 's'}",
                file=sys.stderr,
                flush=True,
            )
    if args.json:
        json.dump([entry for entry, _ in found], sys.stdout, ensure_ascii=False, indent=1)
        print()
    return status


if __name__ == "__main__":
    sys.exit(main())
