"""What one person sees of a Join table: the seats, the hands they may see, the board in
play, the record once revealed and the lesson text.

``seat_view(game, user)`` is the one place that decides which cards a person sees;
templates get its result, never the deal, so nothing can print a hidden hand. A player
sees the hand of the seat they held when the board was dealt, and nothing of a board
dealt before they took (or were moved to) their seat (``Seat.from_board``).
``teacher_view`` is the host's view off the table, all four hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bridge.cards import SEATS
from games.formats.model import Comment
from games.models.deck import DealtBoard, comments_of
from games.models.game import Game
from games.models.join import JoinTable, waiting_for
from games.models.lesson import BoardNote, seats_see_lesson
from games.presentation.join_record import Record, build_record
from games.presentation.play_parts import Hand
from games.presentation.play_view import PlayView, for_join


@dataclass(frozen=True, slots=True)
class Slot:
    seat: str
    player: str  # username, "" for an empty seat
    is_me: bool
    cards: str  # the dotted hand (the cards not yet played), or "" when this person may not see it
    hand: Hand | None = None  # the same hand for the play: the cards this person may click


@dataclass(frozen=True, slots=True)
class SeatView:
    game_pk: int
    version: str
    number: int | None  # the current board's deal (DealtBoard.number); None before the first deal
    dealer: str
    vul: str
    my_seat: str  # "" when not seated
    held: bool  # whether my_seat was mine when this board was dealt (so I see its hand)
    revealed: bool
    can_manage: bool
    slots: tuple[Slot, ...]  # N, E, S, W
    record: Record | None  # the file's auction and play, only once revealed
    play: PlayView | None = None  # the board at play, as this person may see it
    waiting: tuple[str, ...] = ()  # the seats the board in play waits for, said to the table
    under_way: bool = False  # someone has called or played, and the board is not over
    board_number: int | None = None  # the number the table shows (DealtBoard.board_number)
    # The board's lesson text from its file, when this person may read it now (the game's
    # rule for the seats; always for the host off the table), and the teacher's notes,
    # which every seat reads at once.
    lesson: tuple[Comment, ...] = ()
    notes: tuple[BoardNote, ...] = ()
    lesson_later: str = ""  # for the host off the table: when the seats will read it
    teacher_watching: bool = False  # the host has the teacher's view open (all four hands)

    @property
    def seated(self) -> int:
        return sum(1 for slot in self.slots if slot.player)

    @property
    def free_seats(self) -> list[str]:
        return [slot.seat for slot in self.slots if not slot.player]


def seat_view(game: Game, user, table: JoinTable | None = None) -> SeatView:
    """The current board as ``user`` may see it: the cards ``play.visible_hands`` allows the
    seat they held when it was dealt (their own; dummy's after the opening lead;
    declarer's during a claim; all four once the board is done), all four once revealed."""
    table = table or JoinTable.for_game(game)
    version = table.version_tag()  # read before the board: a deal in between shows next poll
    board = game.boards.select_related("deck", "reveal", "played").order_by("-number").first()
    players = {row.seat: row for row in game.seats.select_related("user")}
    mine = next((s for s, row in players.items() if row.user_id == user.pk), "")
    revealed = board is not None and hasattr(board, "reveal")
    held = bool(mine and board is not None and players[mine].from_board <= board.number)
    manages = game.can_manage(user)
    host_seat = next((s for s, row in players.items() if row.user_id == game.host_id), "")
    play = for_join(board, mine, held, manages, revealed, host_seat=host_seat) if board is not None else None
    shown = play.shown if play is not None else {}
    slots = tuple(
        Slot(
            seat=seat,
            player=players[seat].user.get_username() if seat in players else "",
            is_me=seat == mine,
            cards=shown.get(seat, ""),
            hand=play.hand(seat) if play is not None else None,
        )
        for seat in SEATS
    )
    lesson, notes, later = board_lesson(game, board, off_table=manages and not mine, revealed=revealed)
    record = None
    if revealed and board.deck is not None:
        deck = board.deck
        record = build_record(
            deal=board.deal,
            dealer=board.dealer,
            auction=deck.auction,
            auction_first=deck.auction_first,
            play=deck.play,
            claim=deck.claim,
            contract=deck.contract,
            declarer=deck.declarer,
            result=deck.result,
        )
    return SeatView(
        game_pk=game.pk,
        version=version,
        number=board.number if board else None,
        dealer=board.dealer if board else "",
        vul=board.vul if board else "",
        my_seat=mine,
        held=held,
        revealed=revealed,
        can_manage=manages,
        slots=slots,
        record=record,
        play=play,
        waiting=waiting_for(board, players) if board is not None else (),
        under_way=board is not None and getattr(board, "played", None) is not None and board.played.under_way,
        board_number=board.board_number if board else None,
        lesson=lesson,
        notes=notes,
        lesson_later=later,
        teacher_watching=table.teacher_watching(),
    )


def teacher_view(game: Game, table: JoinTable | None = None) -> SeatView:
    """The current board as the host off the table sees it as its teacher: all four hands
    (the cards not yet played) live, the auction and play, every alert, and the lesson
    text whatever the game's rule. Nobody's turn is the teacher's: no card or call to
    make. Only for a host who is not seated (``games.views.teacher`` checks)."""
    table = table or JoinTable.for_game(game)
    version = table.version_tag()
    board = game.boards.select_related("deck", "reveal", "played").order_by("-number").first()
    players = {row.seat: row for row in game.seats.select_related("user")}
    revealed = board is not None and hasattr(board, "reveal")
    # revealed=True: for_join's way to show the four hands to someone with no seat
    play = for_join(board, "", False, False, True) if board is not None else None
    shown = play.shown if play is not None else {}
    slots = tuple(
        Slot(
            seat=seat,
            player=players[seat].user.get_username() if seat in players else "",
            is_me=False,
            cards=shown.get(seat, ""),
            hand=play.hand(seat) if play is not None else None,
        )
        for seat in SEATS
    )
    lesson, notes, later = board_lesson(game, board, off_table=True, revealed=revealed)
    return SeatView(
        game_pk=game.pk,
        version=version,
        number=board.number if board else None,
        dealer=board.dealer if board else "",
        vul=board.vul if board else "",
        my_seat="",
        held=False,
        revealed=revealed,
        can_manage=True,
        slots=slots,
        record=None,
        play=play,
        waiting=waiting_for(board, players) if board is not None else (),
        under_way=board is not None and getattr(board, "played", None) is not None and board.played.under_way,
        board_number=board.board_number if board else None,
        lesson=lesson,
        notes=notes,
        lesson_later=later,
        teacher_watching=True,
    )


def board_lesson(
    game: Game, board: DealtBoard | None, *, off_table: bool, revealed: bool | None = None
) -> tuple[tuple[Comment, ...], tuple[BoardNote, ...], str]:
    """The lesson text of ``board`` that its viewer reads now, its teacher's notes, and,
    for the host off the table (``off_table``), who reads it always, when the seats will
    ("" once they do)."""
    if board is None:
        return (), (), ""
    notes = tuple(BoardNote.objects.filter(board=board).select_related("written_by"))
    deck = board.deck
    comments = comments_of(deck.commentary) if deck is not None else ()
    if not comments:
        return (), notes, ""
    shown = seats_see_lesson(game.show_lesson, board, revealed=revealed)
    if off_table:
        return comments, notes, "" if shown else LESSON_LATER[game.show_lesson]
    return (comments if shown else ()), notes, ""


LESSON_LATER = {
    "never": "The players do not see this text: the game's rule is to show it never.",
    "after": "The players see this text once the board is over or revealed.",
}
