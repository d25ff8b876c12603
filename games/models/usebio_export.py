"""A club night's results as the USEBIO writer takes them (``games.formats.usebio``): the
results a viewer may see (``club.results_for``), with the pairs' players as they sit."""

from __future__ import annotations

from games.formats import usebio
from games.models.club import Results, movement_pair_players, pair_players
from games.models.game import Game


def usebio_event(game: Game, results: Results) -> usebio.Event:
    """``results`` of ``game`` as a USEBIO event run by its host: every board's traveller,
    its lines naming the pairs as the traveller does (a table's number in both directions,
    or a movement's pairs), and the ranking (one field where the night ranks one); an
    artificial score as the game's percentages."""
    mp = results.matchpoints
    players = pair_players(game)
    if game.by_movement:
        players = {key: names for key, names in movement_pair_players(game).items()}
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
                    round(results.artificial.percent(adjustment.ns)),
                    round(results.artificial.percent(adjustment.ew)),
                )
            lines.append(
                usebio.Line(
                    ns=line.ns_pair or str(line.table),
                    ew=line.ew_pair or str(line.table),
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
        club=game.host.get_username(),  # the club: whoever ran the night
        description=game.name,
        date=game.created_at.date(),
        scoring=usebio.MATCH_POINTS if mp else usebio.BUTLER_IMPS if results.butler else usebio.CROSS_IMPS,
        pairs=pairs,
        boards=tuple(boards),
    )
