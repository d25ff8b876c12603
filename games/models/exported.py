"""The boards a game has dealt, as its export writes them: played here, as played."""

from __future__ import annotations

from dataclasses import replace

from django.db.models import Prefetch

from games.bridge.cards import SEATS
from games.formats.model import Deck as ParsedDeck
from games.models.board_play import prefetch_plays
from games.models.deck import ROBOT_NAME, DealtBoard
from games.models.lesson import BoardNote, seats_see_lesson


def dealt_decks(
    game,
    chosen: slice = slice(None),
    leave_out: int | None = None,
    *,
    seated: bool = False,
    table=None,
    upto: int | None = None,
) -> list[ParsedDeck]:
    """``dealt_boards``' decks alone."""
    return [deck for _, deck in dealt_boards(game, chosen, leave_out, seated=seated, table=table, upto=upto)]


def dealt_boards(
    game,
    chosen: slice = slice(None),
    leave_out: int | None = None,
    *,
    seated: bool = False,
    table=None,
    upto: int | None = None,
) -> list[tuple[DealtBoard, ParsedDeck]]:
    """The boards dealt so far, each with its deck as the export writes it (``chosen``:
    that part of them; ``leave_out``: a deal, ``DealtBoard.number``, left out), in the
    order they were dealt, with the board numbers, dealers and vulnerabilities the table
    showed, as reader values.

    A dealt board played here is exported as played (``DealtBoard.to_parsed``), with
    who played it. At a Join table a board whose play is under way is left out: its
    cards are still hidden from the seats (the export's view leaves out the newest
    board too, for a seated host, until it is revealed). A board ended before it was
    over is exported as far as it went, marked not finished.

    A Join game's boards are exported as ``table`` played them (the game's first table
    when None); ``upto``: the last deal to export (a seated manager's table may not have
    reached the boards after its own).

    Each board's commentary is its deck's, then the teacher's notes on it. For a manager
    seated at the table (``seated``) a board's file commentary is written only once the
    game's rule shows it to the seats (``seats_see_lesson``); the notes, which the seats
    read at once, always."""
    join = game.game_type == game.Type.JOIN
    table_id = None
    if join:
        table = table or game.join_tables.get_or_create(number=1)[0]  # as JoinTable.for_game
        table_id = table.pk
    notes = BoardNote.objects.filter(table_id=table_id) if join else BoardNote.objects.all()
    boards = (
        game.boards.select_related("deck")
        .prefetch_related(Prefetch("teacher_notes", queryset=notes))
        .defer("deck__source_text")
        .order_by("number")
    )
    if leave_out is not None:
        boards = boards.exclude(number=leave_out)
    if upto is not None:
        boards = boards.filter(number__lte=upto)
    boards = list(boards[chosen])
    prefetch_plays(boards, table_id, reveals=join)
    played = {board.pk: board.played for board in boards}
    if join:
        boards = [b for b in boards if played[b.pk] is None or played[b.pk].closed]
    if not any(played.values()):
        return [(board, _lesson(game, board, board.to_parsed(), seated)) for board in boards]
    seats = (
        list(game.seats.filter(table_id=table_id).values_list("seat", "user__username", "from_board")) if join else []
    )
    host = game.host.get_username()

    def players(board: DealtBoard) -> dict[str, str]:
        """Who played it: at a Join table, each seat's player if they held it when the
        board was dealt, and "Robot" where a robot played; in practice the host, at all
        four seats, or at theirs with robots at the others (Just Declare: North-South
        against the robot)."""
        play = played[board.pk]
        if play is None:
            return {}
        robots = dict.fromkeys(play.robot_seats, str(ROBOT_NAME))
        if join:
            return {**{seat: name for seat, name, first in seats if first <= board.number}, **robots}
        return {**dict.fromkeys(SEATS, host), **robots}

    return [(board, _lesson(game, board, board.to_parsed(players(board)), seated)) for board in boards]


def _lesson(game, board: DealtBoard, deck: ParsedDeck, seated: bool) -> ParsedDeck:
    """``deck`` with the commentary its reader may have: the file's (for a seated manager
    only once the seats see it), then the teacher's notes."""
    commentary = deck.commentary
    if seated and commentary and not seats_see_lesson(game.show_lesson, board):
        commentary = ()
    notes = tuple(note.comment for note in board.teacher_notes.all())
    if notes or commentary is not deck.commentary:
        deck = replace(deck, commentary=commentary + notes)
    return deck
