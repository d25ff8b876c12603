"""A club night: every table of a Join game plays the game's boards; their results make
each board's traveller, the pairs' matchpoints or cross-IMPs, and the night's ranking.
And the host's overview of the tables, each at its board.

The scoring is ``games.bridge.club_night``'s (pure Python); this module only reads the
tables' plays into its travellers. A pair is a table's N-S or E-W seats, named by the
table's number ("1" N-S, "1" E-W, as in a Mitchell movement): every table plays the same
boards the same way round, so N-S pairs are compared with N-S pairs and the two
directions are ranked apart. A board counts at a table once it is over there (played to
the end; a board left unfinished or revealed before its end scores nothing). Boards
with fewer results than the tables that play are brought to the full count by Neuberg's
formula.

Who sees what: a player sees a board's traveller only once their own table has finished
it, and a ranking made of those boards alone, so no figure tells them anything of a
board they have still to play (``results_for``). The host off the tables sees all.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from fractions import Fraction

from django.core.cache import cache
from django.db.models import Count, Max, Q
from django.utils.translation import gettext_lazy, ngettext

from games.bridge import rules
from games.bridge.club_night import (
    ARTIFICIAL_SCORES,
    AVG,
    BUTLER,
    IMPS,
    MATCHPOINTS,
    Adjustment,
    ArtificialScores,
    Standing,
    Traveller,
    adjust,
    artificial,
    butler_imps,
    cross_imps_by_side,
    matchpoints,
    rank_pairs,
    ranked_without,
    traveller,
)
from games.bridge.club_night.traveller import PASSED_OUT
from games.bridge.types import SEATS
from games.models.board_play import BoardPlay
from games.models.deck import ROBOT_NAME, DealtBoard
from games.models.director import Adjustment as DirectorAdjustment
from games.models.game import Game
from games.models.join import BoardReveal, JoinTable, Seat, opens_analysis, round_state
from games.models.join.pairs import Meeting, Pair, late_lines, meetings, pair_boards_over, pair_of

NS, EW = "NS", "EW"


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table's line of a board's traveller, with what it scores."""

    table: int
    contract: str  # "4HX", "3NT", "Pass"
    declarer: str  # N/E/S/W; "" when passed out
    lead: str  # "SA"; "" when passed out or before any card
    tricks: int  # declarer's
    score: int  # N-S's duplicate score
    ns_mp: Fraction
    ew_mp: Fraction
    top: int
    ns_percent: Fraction
    ew_percent: Fraction
    imps: Fraction  # N-S's cross-IMPs
    ew_imps: Fraction  # E-W's: N-S's turned, but for an artificial adjusted score
    adjustment: Adjustment | None = None  # the director's, with its reason (games.bridge.club_night.adjusted)
    ns_pair: str = ""  # the pairs as the traveller names them: the table's number, or a movement's "1 NS", "3"
    ew_pair: str = ""
    round: int | None = None  # a movement's round in which the table played the board


@dataclass(frozen=True, slots=True)
class BoardResults:
    """A board's traveller: the tables that have finished it, and those that have not."""

    number: int  # the game's deal (DealtBoard.number)
    board_number: int
    dealer: str
    vul: str
    lines: tuple[TableLine, ...]  # in table order
    unfinished: tuple[int, ...] = ()  # tables where it ended before it was over
    playing: tuple[int, ...] = ()  # tables still to finish it
    scored: Traveller | None = None  # the lines as the scoring engine read them (pairs named by table)
    deal: str = ""  # the four hands (PBN): the traveller shows the deal it is about
    analysable: bool = False  # the viewer reaches its analysis (join.analysis_open)

    def hands(self) -> dict[str, str]:
        return rules.hands(self.deal) if self.deal else {}


@dataclass(frozen=True, slots=True)
class PairName:
    """A pair as the pages name it, in parts: a movement's pair by its name ("3", "1 NS"),
    a table's by its number and direction ("1", "NS"); a page says "Pair 3", "Pair 1 N-S",
    "Table 1 N-S" in its language (games.presentation.result_text.pair_label)."""

    pair: str
    direction: str = ""


@dataclass(frozen=True, slots=True)
class PairLine:
    standing: Standing
    players: str  # "alice & dave", as they sit now

    @property
    def name(self) -> PairName:
        return PairName(self.standing.pair, self.standing.direction)

    @property
    def slug(self) -> str:
        """The pair as its score card's address names it: "1-NS", "3"."""
        return pair_slug(self.standing.pair, self.standing.direction)


def pair_slug(pair: str, direction: str) -> str:
    if " " in pair:
        return pair.replace(" ", "-")
    return f"{pair}-{direction}" if direction else pair


@dataclass(frozen=True, slots=True)
class Results:
    scoring: str  # Game.Scoring
    tables: int  # the full count of results a board has (the tables that have played)
    boards: tuple[BoardResults, ...]  # board order, only those the viewer may see
    ranking: tuple[PairLine, ...]  # N-S pairs, then E-W pairs, best first
    hidden: int = 0  # boards dealt whose traveller the viewer may not see yet
    artificial: ArtificialScores = ARTIFICIAL_SCORES  # what the game's Avg+, Avg and Avg- are worth

    @property
    def matchpoints(self) -> bool:
        return self.scoring == Game.Scoring.MATCHPOINTS

    @property
    def butler(self) -> bool:
        return self.scoring == Game.Scoring.BUTLER

    @property
    def engine_scoring(self) -> str:
        """The scoring as ``games.bridge.club_night`` names it: MATCHPOINTS, IMPS or BUTLER."""
        return SCORINGS[self.scoring]


def results_for(game: Game, user) -> Results:
    """The results ``user`` may see: all of them for the game's manager when not seated;
    for a player (or a seated host), only the boards their own table has finished."""
    table = JoinTable.of(game, user)
    if table is not None and game.by_movement:  # a pair moves: the boards it has finished, wherever
        return game_results(game, table, seen=pair_boards_over(game, user) or set())
    return game_results(game, table)


def game_results(game: Game, viewer_table: JoinTable | None = None, *, seen: set[int] | None = None) -> Results:
    """Every board's traveller and the ranking; with ``viewer_table``, only the boards that
    table has finished (its players' view), or those ``seen`` names (DealtBoard ids: a
    movement's pair's)."""
    tables = dict(JoinTable.objects.filter(game=game).values_list("pk", "number"))
    boards = list(game.boards.order_by("number"))
    plays = BoardPlay.objects.filter(board__game=game, table__isnull=False).only(
        "board_id",
        "table_id",
        "cards",
        "contract",
        "declarer",
        "tricks",
        "score",
        "finished_at",
        "abandoned",
        "calls",
    )
    by_board: dict[int, dict[int, BoardPlay]] = {}
    for play in plays:
        if play.table_id in tables:
            by_board.setdefault(play.board_id, {})[play.table_id] = play
    visible = boards
    if viewer_table is not None:
        mine = {pk for pk, plays_here in by_board.items() if _over(plays_here.get(viewer_table.pk))}
        if seen is not None:
            mine = seen
        visible = [board for board in boards if board.pk in mine]
    finished_tables = {
        table for plays_here in by_board.values() for table, play in plays_here.items() if play.finished_at
    }
    full = max(len(finished_tables), 1)
    # The boards whose analysis the viewer reaches (join.opens_analysis, for every board at once).
    reveals = BoardReveal.objects.filter(board__game=game)
    if viewer_table is not None:
        reveals = reveals.filter(table=viewer_table)
        current = viewer_table.board()
        over = mine
    else:
        current = boards[-1] if boards else None
        over = {pk for pk, plays_here in by_board.items() if any(_over(play) for play in plays_here.values())}
    at = current.number if current is not None else 0
    revealed = set(reveals.values_list("board_id", flat=True))
    analysable = {
        board.pk
        for board in boards
        if opens_analysis(revealed=board.pk in revealed, over=board.pk in over, number=board.number, at=at)
    }
    results = []
    travellers = []
    met = meetings(game)  # a movement's pairs and round, by table and deal
    missed = late_lines(game)
    worth = game.artificial_scores()
    engine = SCORINGS[game.scoring]
    adjusted: dict[int, list] = {}
    for adjustment in DirectorAdjustment.objects.filter(game=game).select_related("table"):
        adjusted.setdefault(adjustment.board_id, []).append(adjustment)
    for board in visible:
        here = by_board.get(board.pk, {})
        done = sorted(
            ((tables[t], play) for t, play in here.items() if play.finished_at is not None and not play.abandoned),
            key=lambda pair: pair[0],
        )
        rows = [(*_pairs(met, number, board.number), play.contract, play.declarer, play.tricks or 0, _lead(play))
            for number, play in done]  # fmt: skip
        scored = traveller(board.board_number, rows, board.vul)
        numbers = [number for number, _ in done]  # the table of each traveller line
        if board.number in missed:  # a late pair's missed boards: the game's average
            late = [artificial(ns, ew, AVG, AVG, reason=LATE) for ns, ew in missed[board.number]]
            scored = _adjusted(scored, numbers, late, _table_of(met, board.number))
        if board.pk in adjusted:  # the director's
            scored = _adjusted(scored, numbers, _director_lines(adjusted[board.pk], met, board, scored, numbers),
                               _table_of(met, board.number))  # fmt: skip
        travellers.append(scored)
        count = len(scored.results)
        points = matchpoints(scored, max(full, count), worth) if count else ()
        by_side = butler_imps if engine == BUTLER else cross_imps_by_side
        imps = by_side(scored, worth) if count else ()
        lines = tuple(
            TableLine(
                table=number,
                contract=result.contract,
                declarer=result.declarer,
                lead=result.lead,
                tricks=result.tricks,
                score=result.score,
                ns_mp=mp.ns,
                ew_mp=mp.ew,
                top=mp.top,
                ns_percent=mp.ns_percent,
                ew_percent=mp.ew_percent,
                imps=imp.ns,
                ew_imps=imp.ew,
                adjustment=result.adjustment,
                ns_pair=result.ns,
                ew_pair=result.ew,
                round=met[number, board.number].round if (number, board.number) in met else None,
            )
            for number, result, mp, imp in sorted(zip(numbers, scored.results, points, imps), key=lambda line: line[0])
        )
        unfinished = tuple(sorted(tables[t] for t, play in here.items() if play.abandoned))
        over = {tables[t] for t, play in here.items() if _over(play)}
        playing = tuple(sorted(set(tables.values()) - over - set(numbers)))
        results.append(
            BoardResults(
                board.number,
                board.board_number,
                board.dealer,
                board.vul,
                lines,
                unfinished,
                playing,
                scored,
                deal=board.deal,
                analysable=board.pk in analysable,
            )
        )
    played = [t for t in travellers if t.results]
    by_direction = not (game.by_movement and (game.movement == Game.Movement.HOWELL or game.arrow_switch))
    standings = (
        rank_pairs(played, scoring=engine, tables=full, by_direction=by_direction, artificial=worth) if played else ()
    )
    if not game.rank_robot_pairs:
        standings = ranked_without(standings, robot_pairs(game))
    names = pair_names(game)
    ranking = tuple(PairLine(s, names.get((s.pair, s.direction), "")) for s in standings)
    return Results(game.scoring, full, tuple(results), ranking, hidden=len(boards) - len(visible), artificial=worth)


# The game's scoring as the scoring engine names it.
SCORINGS: dict[str, str] = {Game.Scoring.MATCHPOINTS: MATCHPOINTS, Game.Scoring.IMPS: IMPS, Game.Scoring.BUTLER: BUTLER}


def _table_of(met: dict[tuple[int, int], Meeting], deal: int) -> dict[tuple[str, str], int]:
    """{(N-S pair, E-W pair): table} of a movement's deal; {} otherwise (a table's number names its pairs)."""
    return {(m.ns, m.ew): table for (table, number), m in met.items() if number == deal}


def _adjusted(scored: Traveller, numbers: list[int], lines: list, table_of: dict[tuple[str, str], int]) -> Traveller:
    """``scored`` with ``lines`` in place of the same pairs' (``adjust``); ``numbers``, the
    table of each line, gains the tables of the lines added at the end."""
    known = {(r.ns, r.ew) for r in scored.results}
    for line in lines:
        if (line.ns, line.ew) not in known:
            numbers.append(table_of.get((line.ns, line.ew)) or int(line.ns.split(" ")[0]))
            known.add((line.ns, line.ew))
    return adjust(scored, lines)


def _director_lines(adjustments: list, met, board: DealtBoard, scored: Traveller, numbers: list[int]) -> list:
    """The traveller lines of the director's adjustments on ``board``."""
    played = {number: result for number, result in zip(numbers, scored.results)}
    lines = []
    for adjustment in adjustments:
        number = adjustment.table.number
        ns, ew = _pairs(met, number, board.number)
        line = adjustment.line(ns, ew, board.vul, played.get(number))
        if line is not None:
            lines.append(line)
    return lines


@dataclass(frozen=True, slots=True)
class CardLine:
    """One board of a pair's score card, from the pair's side."""

    round: int | None  # a movement's round; None at a table's pairs
    board: BoardResults
    line: TableLine
    direction: str  # the side the pair held: NS or EW
    opponents: PairName  # "Pair 4", "Table 1 E-W"

    @property
    def score(self) -> int:
        return self.line.score if self.direction == NS else -self.line.score

    @property
    def points(self) -> Fraction:
        """Matchpoints, or IMPs, of the pair on the board."""
        if self.direction == NS:
            return self.line.ns_mp if self.matchpoints else self.line.imps
        return self.line.ew_mp if self.matchpoints else self.line.ew_imps

    @property
    def percent(self) -> Fraction:
        return self.line.ns_percent if self.direction == NS else self.line.ew_percent

    matchpoints: bool = True


@dataclass(frozen=True, slots=True)
class PairCard:
    """A pair's personal score card: the boards it played that the viewer may see."""

    slug: str
    name: PairName
    players: str
    lines: tuple[CardLine, ...]
    standing: Standing | None  # its line of the ranking (None before it has a board)
    scoring: str  # Game.Scoring

    @property
    def matchpoints(self) -> bool:
        return self.scoring == Game.Scoring.MATCHPOINTS

    @property
    def total(self) -> Fraction:
        return sum((line.points for line in self.lines), Fraction(0))


def pair_card(game: Game, results: Results, slug: str) -> PairCard | None:
    """The score card of the pair ``slug`` names ("1-NS", "3": ``PairLine.slug``) from
    ``results`` (the boards the viewer may see); None for no pair of the game."""
    if game.by_movement:
        name, wanted = slug.replace("-", " "), None
        if not Pair.objects.filter(game=game, name=name).exists():
            return None
    else:
        name, _, wanted = slug.partition("-")
        if wanted not in (NS, EW) or not name.isdecimal() or JoinTable.numbered(game, int(name)) is None:
            return None
    mp = results.matchpoints
    lines = []
    for board in results.boards:
        for line in board.lines:
            for direction, mine, theirs in ((NS, line.ns_pair, line.ew_pair), (EW, line.ew_pair, line.ns_pair)):
                if wanted is not None and (direction != wanted or str(line.table) != name):
                    continue
                if wanted is None and mine != name:
                    continue
                other = EW if direction == NS else NS
                opponents = PairName(theirs, "" if " " in theirs or game.by_movement else other)
                lines.append(CardLine(line.round, board, line, direction, opponents, matchpoints=mp))
    standing = next(
        (pair for pair in results.ranking if pair.slug == slug or (pair.standing.pair == name and not wanted)), None
    )
    return PairCard(
        slug=slug,
        name=standing.name if standing is not None else PairName(name, wanted or ""),
        players=standing.players if standing is not None else "",
        lines=tuple(lines),
        standing=standing.standing if standing is not None else None,
        scoring=results.scoring,
    )


def _over(play: BoardPlay | None) -> bool:
    return play is not None and (play.finished_at is not None or bool(play.abandoned))


LATE = "late pair"  # the reason a late pair's missed boards carry


def _pairs(met: dict[tuple[int, int], Meeting], table: int, deal: int) -> tuple[str, str]:
    """The pairs of a traveller's line: a movement's pairs who met there, else the table's number."""
    meeting = met.get((table, deal))
    return (meeting.ns, meeting.ew) if meeting is not None else (str(table), str(table))


def _lead(play: BoardPlay) -> str:
    return play.cards[0] if play.cards and play.contract != PASSED_OUT else ""


def pair_names(game: Game) -> dict[tuple[str, str], str]:
    """Who sits in each pair now: {("1", "NS"): "alice & dave"}; a movement's pairs by
    their names and the direction they are ranked in: {("1 NS", "NS"): ...}, {("3", ""): ...}."""
    if game.by_movement:
        return {key: " & ".join(names) for key, names in movement_pair_players(game).items()}
    return {key: " & ".join(names) for key, names in pair_players(game).items()}


def movement_pair_players(game: Game) -> dict[tuple[str, str], tuple[str, ...]]:
    """A movement's pairs and their two players (a robot as "Robot"), keyed as the ranking
    names them: both directions for a Mitchell pair, "" for one field."""
    players = {}
    for pair in Pair.objects.filter(game=game).select_related("first", "second"):
        names = tuple(str(ROBOT_NAME) if user is None else user.get_username() for user in (pair.first, pair.second))
        direction = pair.name.partition(" ")[2]
        for key in ((pair.name, direction), (pair.name, "")):
            players[key] = names
    return players


def robot_pairs(game: Game) -> set[tuple[str, str]]:
    """The pairs two robots hold: {("2", "EW")} (a movement's: {("2 EW", "EW"), ("2 EW", "")})."""
    if game.by_movement:
        return {key for key, names in movement_pair_players(game).items() if set(names) == {str(ROBOT_NAME)}}
    pairs = set()
    for number, robots in JoinTable.objects.filter(game=game).exclude(robots="").values_list("number", "robots"):
        for direction in (NS, EW):
            if all(seat in robots for seat in direction):
                pairs.add((str(number), direction))
    return pairs


def pair_players(game: Game) -> dict[tuple[str, str], tuple[str, ...]]:
    """Who sits in each pair now, North (East) first: {("1", "NS"): ("alice", "dave")};
    a robot as "Robot"."""
    seats: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for number, seat, name in (
        Seat.objects.filter(game=game).order_by("seat").values_list("table__number", "seat", "user__username")
    ):
        seats.setdefault((str(number), NS if seat in "NS" else EW), []).append((seat, name))
    for number, robots in JoinTable.objects.filter(game=game).exclude(robots="").values_list("number", "robots"):
        for seat in robots:  # a robot is named as one wherever players are (ROBOT_NAME)
            seats.setdefault((str(number), NS if seat in "NS" else EW), []).append((seat, str(ROBOT_NAME)))
    order = {"N": 0, "S": 1, "E": 0, "W": 1}
    return {key: tuple(name for _, name in sorted(names, key=lambda p: order[p[0]])) for key, names in seats.items()}


def results_version(game: Game) -> str:
    """Changes whenever any table's play, seating or board changes: what the results page
    and the host's overview poll (one query)."""
    rows = list(JoinTable.objects.filter(game=game).values_list("pk", "version"))
    total = sum(version for _, version in rows)
    return f"{game.next_board_number}.{total}.{'-'.join(str(pk) for pk, _ in rows)}"


@dataclass(frozen=True, slots=True)
class TableTotal:
    """A club night's running figure for one table's two pairs, by the night's scoring, as
    the table shows it beside its board: the percentage of the matchpoints on the boards
    the table has finished (the results page's ranking of the same pairs), or the
    cross-IMPs of the boards whose every result is in (a board another table still plays
    waits: its cross-IMPs would change with that table's result)."""

    matchpoints: bool
    boards: int  # boards counted in the figures
    ns: Fraction  # N-S's percentage, or cross-IMPs (a movement's pair: its own figure)
    ew: Fraction
    waiting: int = 0  # IMPs: boards finished here that other tables still play
    pair: PairName | None = None  # a movement: the viewer's pair ("Pair 3"), whose figure ``ns`` is
    butler: bool = False  # IMPs against each board's datum, not cross-IMPs
    # A table's (not a movement's pair's): the boards finished at the table, and those left
    # unfinished once called on (``board_play.running_total``'s "boards" and "unfinished")
    played: int = 0
    unfinished: int = 0

    @property
    def running(self) -> dict[str, int]:
        """What the table shows of its running total beside the figure (play_total.html)."""
        return {"boards": self.played, "unfinished": self.unfinished}


# What a running figure is worked out from, besides the tables' plays and adjustments.
_FIGURE_SETTINGS = (
    "scoring",
    "missed_boards",
    "rank_robot_pairs",
    "round",
    "movement_base",
    "next_board_number",
    "avg_plus_percent",
    "avg_percent",
    "avg_minus_percent",
    "avg_plus_imps",
    "avg_imps",
    "avg_minus_imps",
)


MISSING = object()
FIGURE_SECONDS = 600  # a state lasts until a board is finished somewhere: this only frees the cache


def table_total(game: Game, table: JoinTable | None, user=None, *, tables: int | None = None) -> TableTotal | None:
    """``table``'s running figure on a club night (a Join game of several tables); None at
    a single table, whose boards are scored against the file's result or par
    (``board_play.running_total``). Only the boards ``table`` has finished count, as on
    the results page its players see. In a movement the table's number names no pair:
    the figure is ``user``'s pair's (None for someone in no pair). ``tables``: how many
    tables the game has, when the caller knows (read otherwise).

    Every seat of a table, and the teacher's view, redraws after each action at any table,
    and the figure costs a whole night's results: every table's is worked out at once
    (a movement's pair's alone) and kept in the cache under what it is worked out from,
    which changes only when a board is finished, undone or left unfinished somewhere, or
    the director adjusts a score: the finished plays' count and latest time, the ended
    ones', the adjustments', and the game's settings (its number with the time it was
    made: a database made again gives numbers again)."""
    if table is None or game.game_type != Game.Type.JOIN:
        return None
    count = JoinTable.objects.filter(game=game).count() if tables is None else tables
    if count < 2:
        return None
    pair = pair_of(game, user) if game.by_movement else None
    if game.by_movement and pair is None:
        return None
    if pair is not None:
        return _cached(f"pair {pair.name}", game, lambda: _pair_total(game, user))
    return _cached(f"{count} tables", game, lambda: _table_totals(game)).get(table.number)


def _cached(whose: str, game: Game, work):
    """``work()``, kept in the cache under the figure's state (``_figure_state``)."""
    key = "table-total:" + hashlib.sha256("|".join(_figure_state(game, whose)).encode()).hexdigest()
    found = cache.get(key, MISSING)
    if found is MISSING:
        found = work()
        cache.set(key, found, FIGURE_SECONDS)
    return found


def _figure_state(game: Game, whose: str) -> list[str]:
    plays = BoardPlay.objects.filter(table__game=game).aggregate(
        finished=Count("pk", filter=Q(finished_at__isnull=False)),
        last_finished=Max("finished_at"),
        ended=Count("pk", filter=Q(abandoned_at__isnull=False)),
        last_ended=Max("abandoned_at"),
    )
    adjusted = DirectorAdjustment.objects.filter(game=game).aggregate(count=Count("pk"), last=Max("set_at"))
    settings = [str(getattr(game, name)) for name in _FIGURE_SETTINGS]
    return [
        f"{game.pk}@{game.created_at.timestamp()}",
        whose,
        *map(str, plays.values()),
        *map(str, adjusted.values()),
        *settings,
    ]


def _table_totals(game: Game) -> dict[int, TableTotal]:
    """Every table's figure, from one reading of the night's results: a table's pairs play
    only the boards finished there, so the results the table's players see (only those
    boards) rank them as the whole night's do."""
    butler = game.scoring == Game.Scoring.BUTLER
    results = game_results(game)
    numbers = JoinTable.objects.filter(game=game).values_list("number", flat=True)
    counts = {
        number: (played, unfinished)
        for number, played, unfinished in BoardPlay.objects.filter(board__game=game, table__game=game)
        .values_list("table__number")
        .annotate(
            played=Count("pk", filter=Q(finished_at__isnull=False)),
            unfinished=Count("pk", filter=Q(abandoned_at__isnull=False) & ~Q(calls=[])),
        )
        .order_by()
    }
    return {
        number: replace(_table_figure(results, number, butler=butler), played=played, unfinished=unfinished)
        for number in numbers
        for played, unfinished in [counts.get(number, (0, 0))]
    }


def _table_figure(results: Results, number: int, *, butler: bool) -> TableTotal:
    pair = str(number)
    if results.matchpoints:
        standings = {line.standing.direction: line.standing for line in results.ranking if line.standing.pair == pair}
        ns, ew = standings.get(NS), standings.get(EW)
        return TableTotal(
            True,
            ns.boards if ns else 0,
            ns.percent if ns and ns.percent is not None else Fraction(50),
            ew.percent if ew and ew.percent is not None else Fraction(50),
        )
    boards = waiting = 0
    ns_imps = ew_imps = Fraction(0)
    for board in results.boards:
        here = [line for line in board.lines if line.table == number]
        if not here:
            continue
        if board.playing:
            waiting += 1
            continue
        boards += 1
        ns_imps += here[0].imps
        ew_imps += here[0].ew_imps
    return TableTotal(False, boards, ns_imps, ew_imps, waiting, butler=butler)


def _pair_total(game: Game, user) -> TableTotal | None:
    """A movement pair's own figure: its matchpoint percentage on the boards it has
    finished, or its IMPs on those the other tables have finished too."""
    butler = game.scoring == Game.Scoring.BUTLER
    pair = pair_of(game, user)
    if pair is None:
        return None
    results = results_for(game, user)
    card = pair_card(game, results, pair_slug(pair.name, ""))
    if card is None:
        return None
    if results.matchpoints:
        percent = card.standing.percent if card.standing is not None else None
        return TableTotal(True, len(card.lines), Fraction(50) if percent is None else percent, Fraction(0),
                          pair=card.name)  # fmt: skip
    counted = [line for line in card.lines if not line.board.playing]
    total = sum((line.points for line in counted), Fraction(0))
    return TableTotal(False, len(counted), total, Fraction(0), len(card.lines) - len(counted), card.name, butler)


# --- the host's overview ----------------------------------------------------------------


PHASES = {
    "auction": "auction",
    "opening_lead": "opening lead",
    "play": "play",
    "claim_pending": "claim",
    "done": "over",
}
# A phase as the overview says it (the page's language; a board ended early says why).
PHASE_WORDS = {
    "no board yet": gettext_lazy("no board yet"),
    "not started": gettext_lazy("not started"),
    "revealed": gettext_lazy("revealed"),
    "auction": gettext_lazy("auction"),
    "opening lead": gettext_lazy("opening lead"),
    "play": gettext_lazy("play"),
    "claim": gettext_lazy("claim"),
    "over": gettext_lazy("over"),
}


@dataclass(frozen=True, slots=True)
class TableState:
    """One table at a glance, as the host's overview shows it."""

    number: int
    players: tuple[tuple[str, str], ...]  # (seat, name) of every seat, "" when empty
    deal: int | None  # DealtBoard.number of its board
    board_number: int | None
    phase: str  # "no board yet", "not started", "auction", "play", "claim", "over", "not finished"
    to_act: str  # the seat to act ("" when nobody)
    progress: str  # "3 calls made", "7 tricks played"
    result: rules.RecordSummary | None  # the contract and how it went, for a host who does not sit
    undo_asked_by: str
    revealed: bool
    under_way: bool
    behind: int | None  # teaching: the newest board's number, when this table plays an older one
    may_go_on: bool  # own pace: its board is over

    @property
    def phase_text(self) -> str:
        return str(PHASE_WORDS.get(self.phase, self.phase))

    @property
    def to_act_player(self) -> str:
        return dict(self.players).get(self.to_act, "")

    @property
    def seated(self) -> int:
        return sum(1 for _, name in self.players if name)


def overview(game: Game, *, show_results: bool = True) -> tuple[TableState, ...]:
    """Every table of ``game`` at its board, in a handful of queries whatever the number of
    tables. ``show_results``: the contracts, results and who is to act (not for a seated
    host, who is a player and must learn nothing of a board from another table)."""
    tables = list(JoinTable.objects.filter(game=game).order_by("number"))
    newest = DealtBoard.objects.filter(game=game).order_by("-number").first()
    own_pace = game.movement == Game.Movement.OWN_PACE
    board_of: dict[int, int] = {}  # table pk -> DealtBoard.number
    movement = round_state(game, tables) if game.by_movement else None
    if movement is not None:
        own_pace = True  # each table at its own board of its set: none is behind another
        found = {table.number: table.deal for table in movement.tables}
        board_of = {table.pk: deal for table in tables if (deal := found.get(table.number))}
    elif own_pace:
        board_of = {table.pk: max(table.deal, 1) for table in tables}
    elif newest is not None:
        held = (
            BoardPlay.objects.filter(table__in=tables, finished_at__isnull=True, abandoned="")
            .exclude(calls=[])
            .order_by("-board__number")
            .values_list("table_id", "board__number")
        )
        board_of = {table.pk: newest.number for table in tables}
        board_of.update(dict(held))  # the oldest board under way wins: it came last
    boards = {b.number: b for b in DealtBoard.objects.filter(game=game, number__in=set(board_of.values()))}
    wanted = Q()
    for table in tables:
        board = boards.get(board_of.get(table.pk, 0))
        if board is not None:
            wanted |= Q(table=table, board=board)
    plays = {(p.table_id, p.board_id): p for p in BoardPlay.objects.filter(wanted)} if wanted else {}
    reveals = set(
        BoardReveal.objects.filter(table__in=tables, board__in=boards.values()).values_list("table_id", "board_id")
    )
    seats: dict[int, dict[str, str]] = {}
    for table_id, seat, name in Seat.objects.filter(game=game).values_list("table_id", "seat", "user__username"):
        seats.setdefault(table_id, {})[seat] = name
    states = []
    for table in tables:
        board = boards.get(board_of.get(table.pk, 0))
        play = plays.get((table.pk, board.pk)) if board is not None else None
        players = tuple((seat, seats.get(table.pk, {}).get(seat, "")) for seat in SEATS)
        shown = (table.pk, getattr(board, "pk", 0)) in reveals
        states.append(_state(table, board, play, players, shown, None if own_pace else newest))
    if not show_results:  # who acts tells who declares: a player learns none of it
        states = [replace(state, result=None, to_act="", undo_asked_by="") for state in states]
    return tuple(states)


def _state(table, board, play, players, revealed: bool, newest) -> TableState:
    behind = None  # ``newest`` only in the teaching movement
    if newest is not None and board is not None and newest.number != board.number:
        behind = newest.board_number
    if board is None:
        return TableState(table.number, players, None, None, "no board yet", "", "", None, "", False, False, None, True)
    if play is None:
        dealer = board.dealer
        phase = "revealed" if revealed else "not started"
        to_act = "" if revealed else dealer
        return TableState(
            table.number, players, board.number, board.board_number, phase, to_act, "", None, "", revealed,
            False, behind, revealed,
        )  # fmt: skip
    state = play.state()
    if play.abandoned:
        phase = play.get_abandoned_display()
    else:
        phase = PHASES.get(state.phase, state.phase)
    over = play.done or bool(play.abandoned)
    result = None
    if state.contract:
        result = rules.record_parts(
            contract=state.contract,
            declarer=state.declarer,
            result=str(play.tricks) if play.done and play.tricks is not None else "",
            claim=None,
        )
    tricks = len(state.cards) // 4
    progress = ""  # the phase says the board is over, and the result how it went
    if not over:
        said = ngettext("%(count)s trick played", "%(count)s tricks played", tricks) % {"count": tricks}
        progress = said if state.cards else play.progress()
    return TableState(
        number=table.number,
        players=players,
        deal=board.number,
        board_number=board.board_number,
        phase=phase,
        to_act="" if over else (state.actor or ""),
        progress=progress,
        result=result,
        undo_asked_by=play.undo_asked_by,
        revealed=revealed,
        under_way=play.under_way,
        behind=behind,
        may_go_on=over,
    )
