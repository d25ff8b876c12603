"""A club night's results: each board's traveller and the ranking, as the host sees them.

    manage.py results GAME_ID           # the travellers and the ranking, as text
    manage.py results GAME_ID --json    # the same as JSON (README: "Club night results")

The JSON holds, per board, each table's contract, declarer, lead, tricks and N-S score
with its N-S and E-W matchpoint percentages and cross-IMPs, its pairs and round, and its
adjustment (null, or the director's: kind, reason, each side's average, a fouled board's
group); the board's adjustments again as a list of their own; then the ranking by the
game's scoring. Figures are rounded to hundredths, as the results page shows them; the
text keeps to ASCII, its minus sign "-" (the pages' is "−").
"""

from __future__ import annotations

import json
from fractions import Fraction

from django.core.management.base import BaseCommand, CommandError

from games.bridge.club_night import Adjustment, hundredths, hundredths_text, signed_text
from games.models import Game
from games.models.club import Results, TableLine, game_results
from games.presentation.result_text import line_summary, pair_label


def number(value: Fraction | int) -> int | float:
    """A figure to hundredths as a JSON number: 62.5, 100, -3.33."""
    rounded = hundredths(Fraction(value))
    return int(rounded) if rounded.denominator == 1 else float(rounded)


def adjustment_json(adjustment: Adjustment | None) -> dict | None:
    if adjustment is None:
        return None
    return {
        "kind": adjustment.kind,  # "assigned", "artificial" or "fouled"
        "reason": adjustment.reason,
        "ns": adjustment.ns or None,  # artificial: "Avg+", "Avg", "Avg-"
        "ew": adjustment.ew or None,
        "group": adjustment.group or None,  # fouled: the deal this table played
    }


def seating_json(line: TableLine) -> dict:
    """Who met at the line's table: a movement's pairs ("1 NS", "3") and the round, or, in
    a game without one, the table's number for both pairs and no round."""
    return {"ns_pair": line.ns_pair or str(line.table), "ew_pair": line.ew_pair or str(line.table), "round": line.round}


def results_json(game: Game, results: Results) -> dict:
    return {
        "game": game.pk,
        "name": game.name,
        "scoring": game.scoring,
        "tables": results.tables,
        "boards": [
            {
                "board": board.board_number,
                "deal": board.number,
                "dealer": board.dealer,
                "vul": board.vul,
                "hands": board.deal,
                "results": [
                    {
                        "table": line.table,
                        **seating_json(line),
                        "contract": line.contract,
                        "declarer": line.declarer,
                        "lead": line.lead,
                        "tricks": line.tricks,
                        "ns_score": line.score,
                        "ns_matchpoints": number(line.ns_mp),
                        "ew_matchpoints": number(line.ew_mp),
                        "top": line.top,
                        "ns_percent": number(line.ns_percent),
                        "ew_percent": number(line.ew_percent),
                        "ns_cross_imps": number(line.imps),
                        "ew_cross_imps": number(line.ew_imps),
                        "adjustment": adjustment_json(line.adjustment),
                    }
                    for line in board.lines
                ],
                "adjustments": [
                    {"table": line.table, **(adjustment_json(line.adjustment) or {})}
                    for line in board.lines
                    if line.adjustment is not None
                ],
                "unfinished": list(board.unfinished),
                "playing": list(board.playing),
            }
            for board in results.boards
        ],
        "ranking": [
            {
                "direction": pair.standing.direction,
                "rank": pair.standing.rank,
                "tied": pair.standing.tied,
                "place": pair.standing.place,
                "table": int(pair.standing.pair) if pair.standing.pair.isdecimal() and not game.by_movement else None,
                "pair": pair.standing.pair,
                "players": pair.players,
                "boards": pair.standing.boards,
                "score": number(pair.standing.score),
                "percent": None if pair.standing.percent is None else number(pair.standing.percent),
            }
            for pair in results.ranking
        ],
    }


def as_text(game: Game, results: Results) -> list[str]:
    out = [f"{game.name} (#{game.pk}): {game.get_scoring_display()}, {results.tables} tables"]
    mp = results.matchpoints
    for board in results.boards:
        out.append("")
        out.append(f"Board {board.board_number} (dealer {board.dealer}, vul {board.vul})")
        for line in board.lines:
            figure = f"{hundredths_text(line.ns_percent, fixed=True)}%" if mp else signed_text(line.imps, minus="-")
            out.append(f"  table {line.table:>2}  {line_summary(line):<24} N-S {line.score:>+5}  {figure}")
        if board.unfinished:
            out.append(f"  not finished at table {', '.join(map(str, board.unfinished))}")
        if board.playing:
            out.append(f"  still playing: table {', '.join(map(str, board.playing))}")
    out.append("")
    out.append("Ranking")
    for pair in results.ranking:
        standing = pair.standing
        percent = standing.percent
        figure = (
            f"{hundredths_text(percent, fixed=True)}%"
            if mp and percent is not None
            else f"{signed_text(standing.score, minus='-')} IMPs"
        )
        label = pair_label(pair.name)
        out.append(f"  {standing.direction} {standing.place:>3}  {label:<12} {pair.players:<24} {figure}")
    return out


class Command(BaseCommand):
    help = "A Join game's travellers and ranking (matchpoints or cross-IMPs), as text or JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("game_id", type=int, metavar="GAME_ID")
        parser.add_argument("--json", action="store_true", dest="as_json", help="print JSON instead of text")

    def handle(self, *args, game_id: int, as_json: bool, **options) -> None:
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            raise CommandError(f"no game {game_id}")
        if game.game_type != Game.Type.JOIN:
            raise CommandError(f"game {game_id} is a practice game: only a Join game's tables have results")
        results = game_results(game)
        if as_json:
            self.stdout.write(json.dumps(results_json(game, results), indent=2, ensure_ascii=False))
        else:
            self.stdout.write("\n".join(as_text(game, results)))
