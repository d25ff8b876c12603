"""What the database alone can tell about the queues' invariants (``manage.py check_queues``).

``Game.add_decks`` and ``Game.deal_next`` keep them inside their transactions, and
``BoardPlay.act`` keeps a played board's; this reads back what they left, after a load
test or on a live database, and says what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count

from games.bridge.board import dealer_for_board, vul_for_board
from games.bridge.play import DONE, Claim, IllegalAction, replay
from games.bridge.rules import Call
from games.models import BoardPlay, DealtBoard, Deck, Game
from games.models.deck import BOARD_NUMBER_MAX, stated_board_number


def queue_problems(game_ids: Iterable[int] | None = None) -> tuple[list[str], int]:
    """What is wrong with the queues of these games (all games by default), and how many
    games were checked.

    - a deck is dealt at most once, and a deck marked dealt has its board, showing the
      deck's deal, while a queued or removed deck has none;
    - deals are numbered 1..n without gaps (``DealtBoard.number``), and
      ``next_board_number`` is n + 1;
    - each board shows the board number the rule gives (``Game.deal_next``): its deck's
      own, else one more than the highest dealt before it; and where the game's rule is
      the board rotation, the dealer and vulnerability its deck does not state are that
      number's. A board whose deck was deleted in the admin counts as a random one;
    - decks were dealt in queue order, none skipped: the queued decks all stand behind
      the dealt ones, and board numbers rise with the dealt decks' positions;
    - the queued decks are still in their upload order. This assumes nobody reordered
      the queue by hand (the load test never does; on a live database a host may have);
    - each played board's calls, cards and claim replay legally on its deal, its count of
      actions is at least the calls and cards made, and a board over has the result its
      actions give (``play_problems``).
    """
    games = Game.objects.order_by("pk")
    if game_ids is not None:
        games = games.filter(pk__in=list(game_ids))
    problems: list[str] = []
    doubled = (
        DealtBoard.objects.filter(game__in=games, deck__isnull=False)
        .values("deck")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    for row in doubled:
        problems.append(f"deck {row['deck']} was dealt {row['n']} times")
    checked = 0
    for game in games.only("pk", "next_board_number", "missing_info"):
        checked += 1
        problems.extend(f"game {game.pk}: {problem}" for problem in _game_problems(game))
    problems.extend(play_problems(BoardPlay.objects.filter(board__game__in=games)))
    return problems, checked


def play_problems(plays) -> list[str]:
    """What is wrong with these played boards (a BoardPlay queryset): each is replayed
    call by call and card by card with the rules engine."""
    problems: list[str] = []
    rows = plays.select_related("board").order_by("board__game_id", "board__number")
    for play in rows.iterator(chunk_size=500):
        where = f"game {play.board.game_id}: board {play.board.number}"
        problems.extend(f"{where}: {problem}" for problem in _play_problems(play))
    return problems


def _play_problems(play: BoardPlay) -> list[str]:
    made = len(play.calls) + len(play.cards)
    problems = []
    if play.actions < made:
        problems.append(f"{play.actions} actions counted for {made} calls and cards")
    claimed = None
    if play.claim_tricks is not None:
        claimed = Claim(play.claim_tricks, frozenset(play.claim_accepted))
    try:
        calls = [Call(c["call"], c.get("alert", False), c.get("explanation", "")) for c in play.calls]
        state = replay(play.deal, play.dealer, play.vul, calls, play.cards, claimed)
    except (IllegalAction, ValueError, KeyError, TypeError) as error:
        return [*problems, f"the stored calls and cards do not replay: {error}"]
    if (state.phase == DONE) != (play.finished_at is not None):
        problems.append(f"the board is {state.phase} but {'' if play.finished_at else 'not '}marked finished")
    elif play.finished_at is not None:
        tricks = state.declarer_tricks if state.declarer else None
        stored = (play.contract, play.declarer, play.tricks, play.score)
        if stored != (state.contract, state.declarer, tricks, state.score):
            problems.append(f"the result stored {stored} is not what the play gives")
    return problems


# What the checks read of each board: the first three for the queue, all for the board number rule.
BOARD_COLUMNS = (
    "number",
    "deck_id",
    "deal",
    "board_number",
    "dealer",
    "vul",
    "deck__board",
    "deck__dealer",
    "deck__deal_first",
    "deck__vul",
)


def _board_number_problems(game: Game, rows: list[tuple]) -> list[str]:
    """The board number rule, board by board in the order they were dealt."""
    problems, top = [], 0
    rotation = game.missing_info == Game.MissingInfo.ROTATION
    for number, deck_id, _, shown, dealer, vul, label, deck_dealer, deal_first, deck_vul in rows:
        stated = stated_board_number(label) if deck_id is not None else None
        expected = stated if stated is not None else min(top + 1, BOARD_NUMBER_MAX)
        if shown != expected:
            problems.append(f"deal {number} shows board {shown}, expected board {expected}")
        if rotation and not (deck_dealer or deal_first) and dealer != dealer_for_board(shown):
            problems.append(f"deal {number}: board {shown} is dealt by {dealer}, not {dealer_for_board(shown)}")
        if rotation and not deck_vul and vul != vul_for_board(shown):
            problems.append(f"deal {number}: board {shown} has vulnerability {vul}, not {vul_for_board(shown)}")
        top = max(top, shown)
    return problems


def _game_problems(game: Game) -> list[str]:
    problems = []
    rows = list(game.boards.order_by("number").values_list(*BOARD_COLUMNS))
    problems.extend(_board_number_problems(game, rows))
    boards = [row[:3] for row in rows]
    numbers = [number for number, _, _ in boards]
    if numbers != list(range(1, len(numbers) + 1)):
        missing = sorted(set(range(1, max(numbers, default=0) + 1)) - set(numbers))
        problems.append(f"board numbers are not 1..{len(numbers)} (missing {missing[:10]})")
    if game.next_board_number != len(numbers) + 1:
        problems.append(f"next board number is {game.next_board_number}, expected {len(numbers) + 1}")

    by_deck = {deck_id: (number, deal) for number, deck_id, deal in boards if deck_id is not None}
    dealt, queued = [], []
    for pk, position, status, deal in game.decks.order_by("position").values_list("pk", "position", "status", "deal"):
        board = by_deck.get(pk)
        if status == Deck.Status.DEALT:
            dealt.append((position, pk))
            if board is None:
                problems.append(f"deck {pk} is marked dealt but no board was dealt from it")
            elif board[1] != deal:
                problems.append(f"board {board[0]} shows a different deal from its deck {pk}")
        else:
            if board is not None:
                problems.append(f"deck {pk} is {status} yet was dealt as board {board[0]}")
            if status == Deck.Status.QUEUED:
                queued.append((position, pk))

    queued_pks = [pk for _, pk in queued]
    if queued_pks != sorted(queued_pks):  # primary keys rise in upload order
        problems.append("the queued decks are no longer in their upload order")
    if dealt and queued and max(dealt)[0] > queued[0][0]:
        problems.append(f"deck {queued[0][1]} is still queued ahead of deck {max(dealt)[1]}, which was dealt")
    position_of = {pk: position for position, pk in dealt}
    dealt_in_board_order = [position_of[deck_id] for _, deck_id, _ in boards if deck_id in position_of]
    if dealt_in_board_order != sorted(dealt_in_board_order):
        problems.append("decks were dealt out of queue order")
    return problems
