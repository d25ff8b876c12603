"""A movement for a duplicate pairs game, as a movement card or JSON.

    manage.py movement --kind mitchell --tables 7 [--boards-per-round 4] [--rounds 6] [--arrow-switch [N]]
    manage.py movement --kind mitchell --tables 8 --even skip
    manage.py movement --kind howell --pairs 9 --json

``--tables N`` seats 2N pairs; ``--pairs P`` (with or without ``--tables``) an odd number,
a phantom making up the last table. Numbers that cannot be played end with the reason and
exit status 1 (README: "Movements").
"""

from __future__ import annotations

import json
import math

from django.core.management.base import BaseCommand, CommandError

from games.bridge.club_night.movements import (
    HOWELL,
    MITCHELL,
    RELAY,
    SKIP,
    Movement,
    MovementError,
    default_howell_rounds,
    howell,
    mitchell,
    mitchell_rounds,
    usual_boards_per_round,
)


def movement_json(movement: Movement) -> dict:
    return {
        "kind": movement.kind,
        "tables": movement.tables,
        "pairs": movement.pairs,
        "boards_per_round": movement.boards_per_round,
        "even": movement.even,
        "phantom": movement.phantom,
        "rounds": [
            {
                "round": round_.number,
                "tables": [
                    {"table": table.table, "ns": table.ns, "ew": table.ew, "boards": list(table.boards)}
                    for table in round_.tables
                ],
                "sitout": round_.sitout,
                "arrow_switch": round_.arrow_switch,
            }
            for round_ in movement.rounds
        ],
    }


def how_it_moves(movement: Movement) -> list[str]:
    if movement.kind == HOWELL:
        stationary = [str(movement.tables * 2 - n) for n in range(movement.tables * 2 - len(movement.rounds))]
        where = ", ".join(f"{pair} at table {n}" for n, pair in enumerate(stationary, start=1))
        lines = [
            f"Stationary, N-S: pair {where}. Each other pair takes the seat of the pair numbered one below it",
            f"(pair 1 that of pair {len(movement.rounds)}); each table plays the next set of boards.",
        ]
    else:
        lines = ["N-S pairs stay at their tables; E-W pairs move up one table and the boards down one table."]
        if movement.even == SKIP and len(movement.rounds) > movement.tables // 2:
            lines.append(f"After round {movement.tables // 2} the E-W pairs skip a table.")
        if movement.even == RELAY:
            half = movement.tables // 2
            lines.append(
                f"A bye stand between tables {half} and {half + 1} holds a set each round; "
                f"tables 1 and {movement.tables} share their boards."
            )
    if movement.phantom:
        lines.append(f"Pair {movement.phantom} is the phantom: the pair it would meet sits out.")
    return lines


def movement_card(movement: Movement) -> list[str]:
    rounds = len(movement.rounds)
    title = "Mitchell" if movement.kind == MITCHELL else "Howell"
    if movement.even:
        title = f"{movement.even} {title}"
    out = [
        f"{title}: {movement.tables} tables, {movement.pairs} pairs, {rounds} rounds of "
        f"{movement.boards_per_round} boards ({movement.boards} boards)",
        *how_it_moves(movement),
    ]
    width = max(len(name) for name in movement.pair_names)
    for round_ in movement.rounds:
        out.append("")
        out.append(
            f"Round {round_.number}" + (" (arrow switch: the stationary pairs play E-W)" if round_.arrow_switch else "")
        )
        shared = {number: group for group in round_.shares for number in group}
        for table in round_.tables:
            boards = table.boards[0] if len(table.boards) == 1 else f"{table.boards[0]}-{table.boards[-1]}"
            line = f"  table {table.table:>2}  N-S {table.ns:<{width}}  E-W {table.ew:<{width}}  boards {boards}"
            others = [str(number) for number in shared.get(table.table, ()) if number != table.table]
            if others:
                line += f" (shared with table {', '.join(others)})"
            out.append(line)
        if round_.sitout:
            out.append(f"  sits out: {round_.sitout}")
    return out


class Command(BaseCommand):
    help = "A Mitchell or Howell movement: who plays whom, where and which boards, round by round."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--kind", choices=[MITCHELL, HOWELL], required=True)
        parser.add_argument("--tables", type=int, help="tables (2N pairs)")
        parser.add_argument("--pairs", type=int, help="pairs, for an odd number (a phantom makes up the last table)")
        parser.add_argument("--boards-per-round", type=int, help="1 to 6 (default: nearest 26 boards in all)")
        parser.add_argument("--rounds", type=int, help="default: as many as the movement plays")
        parser.add_argument(
            "--arrow-switch",
            type=int,
            nargs="?",
            const=1,
            default=0,
            metavar="N",
            help="turn the boards on the last N rounds (N = 1 when left out); Mitchell only",
        )
        parser.add_argument(
            "--even", choices=[RELAY, SKIP], default=RELAY, help="even tables in a Mitchell (default: relay)"
        )
        parser.add_argument("--json", action="store_true", dest="as_json", help="print JSON instead of a card")

    def handle(self, *args, kind: str, tables: int | None, pairs: int | None, as_json: bool, **options) -> None:
        if tables is None:
            if pairs is None:
                raise CommandError("give --tables or --pairs")
            tables = math.ceil(pairs / 2)
        if kind == HOWELL and options["arrow_switch"]:
            raise CommandError("a Howell has no arrow switch: every pair plays both ways already")
        try:
            movement = self.build(kind, tables, pairs, options)
        except MovementError as error:
            raise CommandError(str(error)) from error
        if as_json:
            self.stdout.write(json.dumps(movement_json(movement)))
        else:
            self.stdout.write("\n".join(movement_card(movement)))

    @staticmethod
    def build(kind: str, tables: int, pairs: int | None, options: dict) -> Movement:
        rounds, boards = options["rounds"], options["boards_per_round"]
        if kind == MITCHELL:
            if boards is None:
                boards = usual_boards_per_round(rounds or mitchell_rounds(tables, options["even"]))
            return mitchell(
                tables, boards, rounds, arrow_switch=options["arrow_switch"], even=options["even"], pairs=pairs
            )
        if pairs is None:
            pairs = 2 * tables
        elif tables != math.ceil(pairs / 2):
            raise MovementError("pairs_at_tables", tables=tables, fewer=2 * tables - 1, more=2 * tables, pairs=pairs)
        if boards is None:
            boards = usual_boards_per_round(rounds or default_howell_rounds(tables))
        return howell(pairs, boards, rounds)
