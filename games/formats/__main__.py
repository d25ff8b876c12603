"""``python -m games.formats [--json [--analyse]] FILE...``: what the upload would see in each file.

``--analyse`` adds each deck's double-dummy table (``dd``: tricks by declarer and strain)
and par (``par``: the score from North-South's side and the par contracts, for the
deck's dealer and vulnerability as the game would use them).

Exit status: 0 when every file reads cleanly, 1 when any file has a problem,
2 when a path cannot be read at all.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from . import read_decks, rules
from .model import Deck, FileResult, Problem
from .record import tricks_taken


def deck_dict(deck: Deck) -> dict[str, Any]:
    """A deck as JSON: dealer and vulnerability as the game will use them, and the record:
    the calls (``P``, ``X``, ``XX``, ``1C``..``7NT``, ``?`` for one that could not be
    read), their alerts by position, the contract, declarer and tricks taken."""
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
    }


def problem_dict(problem: Problem) -> dict[str, Any]:
    return {
        "index": problem.index,
        "line": problem.line,
        "board": problem.board,
        "message": problem.message,
        "kind": problem.kind,
    }


def file_dict(path: str, result: FileResult) -> dict[str, Any]:
    return {
        "file": path,
        "format": result.format,
        "encoding": result.encoding,
        "decks": [deck_dict(d) for d in result.decks],
        "problems": [problem_dict(p) for p in result.problems],
        "notes": list(result.notes),
    }


def add_analysis(entry: dict[str, Any], result: FileResult) -> None:
    """``dd`` and ``par`` on each deck of a file's JSON entry."""
    from .dd import par_of, solve

    for row, deck, table in zip(entry["decks"], result.decks, solve([d.deal for d in result.decks])):
        row["dd"] = table
        row["par"] = par_of(table, deck.effective_vul or "None", deck.effective_dealer).as_json()


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
    parser.add_argument("files", nargs="+", metavar="FILE")
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):  # a C locale must not turn a name into a crash
        sys.stdout.reconfigure(errors="backslashreplace")
    status = 0
    found: list[dict[str, Any]] = []
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
            found.append(file_dict(path, result))
            if args.analyse:
                add_analysis(found[-1], result)
        else:
            print_text(path, result)
    if args.json:
        json.dump(found, sys.stdout, ensure_ascii=False, indent=1)
        print()
    return status


if __name__ == "__main__":
    sys.exit(main())
