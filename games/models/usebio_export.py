"""A club night's results as the USEBIO writer takes them (``games.formats.usebio``): the
results a viewer may see (``club.results_for``), with the pairs' players as they sit."""

from __future__ import annotations

from games.bridge.club_night import ARTIFICIAL_SCORES
from games.formats import usebio
from games.models.club import Results, pair_players
from games.models.game import Game


def usebio_event(game: Game, results: Results) -> usebio.Event:
    """``results`` of ``game`` as a USEBIO event: every board's traveller, with each table
    named by its number in both directions (a Mitchell), and the ranking."""
    mp = results.matchpoints
    players = pair_players(game)
    pairs = tuple(
        usebio.Pair(
            number=line.standing.pair,
            direction=line.standing.direction,
            players=players.get((line.standing.pair, line.standing.direction), ()),
            boards=line.standing.boards,
            place=line.standing.place,
            score=line.standing.score,
            percent=line.standing.percent,
        )
        for line in results.ranking
    )
    boards = []
    for board in results.boards:
        lines = []
        for line in board.lines:
            adjustment = line.adjustment
            artificial = None
            if adjustment is not None and adjustment.artificial:
                artificial = (
                    int(ARTIFICIAL_SCORES.percent(adjustment.ns)),
                    int(ARTIFICIAL_SCORES.percent(adjustment.ew)),
                )
            lines.append(
                usebio.Line(
                    ns=str(line.table),
                    ew=str(line.table),
                    contract=line.contract,
                    declarer=line.declarer,
                    lead=line.lead,
                    tricks=line.tricks,
                    score=line.score,
                    ns_points=line.ns_mp if mp else line.imps,
                    ew_points=line.ew_mp if mp else line.ew_imps,
                    artificial=artificial,
                    reason=adjustment.reason if adjustment is not None else "",
                )
            )
        if lines:
            boards.append(usebio.Board(board.board_number, tuple(lines)))
    return usebio.Event(
        description=game.name,
        date=game.created_at.date(),
        scoring=usebio.MATCH_POINTS if mp else usebio.CROSS_IMPS,
        pairs=pairs,
        boards=tuple(boards),
    )
