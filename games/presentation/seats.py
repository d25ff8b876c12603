"""What one person sees of a Join table: the seats, the hands they may see, the board in
play, the record once revealed and the lesson text.

``seat_view(game, user)`` is the one place that decides which cards a person sees;
templates get its result, never the deal, so nothing can print a hidden hand. A player
sees the hand of the seat they held when the board was dealt, and nothing of a board
dealt before they took (or were moved to) their seat (``Seat.from_board``).
A person sees only their own table. ``teacher_view`` is the host's view of one table
off it, all four hands; ``table_seats`` who sits where at every table.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, gettext_lazy

from games.bridge.cards import SEATS
from games.formats.model import Comment
from games.models.deck import ROBOT_NAME, DealtBoard, comments_of
from games.models.game import Game
from games.models.join import JoinTable, Seat, revealed_at, waiting_seats
from games.models.lesson import BoardNote, seats_see_lesson
from games.presentation.join_record import Record, build_record
from games.presentation.language import seat_name
from games.presentation.play_parts import Hand
from games.presentation.play_view import PlayView, for_join


@dataclass(frozen=True, slots=True)
class Slot:
    seat: str
    player: str  # username, "" for an empty seat
    is_me: bool
    cards: str  # the dotted hand (the cards not yet played), or "" when this person may not see it
    hand: Hand | None = None  # the same hand for the play: the cards this person may click
    robot: bool = False  # a robot sits here (``player`` then names it as a robot)


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
    table: int = 1  # the table's number in its game
    tables: int = 1  # how many tables the game has
    # Teaching: the newest board's number when this table still plays an older one (the
    # others have gone on to it); None when it plays the newest.
    behind: int | None = None
    # Own pace: the table may go on to the next board (its board is over, or none is dealt).
    may_go_on: bool = False
    # A club movement: the round, the table's pairs and boards, or that this pair sits out.
    movement_note: str = ""

    @property
    def waits_for_others(self) -> bool:
        """Seated, with nothing to do on the board until another seat acts or the next
        board comes: a page without JavaScript reloads itself then, never while its
        person may call, play or answer a claim."""
        if not self.my_seat:
            return False
        play = self.play
        if play is None or play.over:
            return True
        return play.claim is None and not (play.actor and play.actor in play.acts_for)

    @property
    def seated(self) -> int:
        return sum(1 for slot in self.slots if slot.player)

    @property
    def free_seats(self) -> list[str]:
        return [slot.seat for slot in self.slots if not slot.player]


def robot_seats(table: JoinTable, board: DealtBoard | None) -> str:
    """The seats a robot holds at ``table`` now, or plays on its board in play."""
    play = getattr(board, "played", None) if board is not None else None
    return table.robots + (play.robots if play is not None else "")


def _slot_player(seat: str, players: dict[str, Seat], robots: str) -> tuple[str, bool]:
    """Who a seat's slot names, and whether it is a robot: a person takes the name first."""
    if seat in players:
        return players[seat].user.get_username(), False
    if seat in robots:
        return str(ROBOT_NAME), True
    return "", False


@dataclass(frozen=True, slots=True)
class TableSeats:
    """Who sits where at one table of a game: the players panel and the invite page."""

    number: int
    slots: tuple[Slot, ...]  # N, E, S, W; no cards

    @property
    def seated(self) -> int:
        return sum(1 for slot in self.slots if slot.player)

    @property
    def free_seats(self) -> list[str]:
        return [slot.seat for slot in self.slots if not slot.player]

    @property
    def players(self) -> list[str]:
        """Who sits here, North first."""
        return [slot.player for slot in self.slots if slot.player]


def table_seats(game: Game, user=None) -> tuple[TableSeats, ...]:
    """Every table of ``game`` with its players, in two queries (``user``: who is "me")."""
    rows = JoinTable.objects.filter(game=game).values_list("pk", "number", "robots")
    numbers = {pk: number for pk, number, _ in rows}
    robots = {pk: seated for pk, _, seated in rows}
    players: dict[int, dict[str, tuple[str, bool]]] = {pk: {} for pk in numbers}
    me = getattr(user, "pk", None)
    for row in Seat.objects.filter(game=game).select_related("user"):
        players.setdefault(row.table_id, {})[row.seat] = (row.user.get_username(), row.user_id == me)
    robot = (str(ROBOT_NAME), False)
    return tuple(
        TableSeats(
            number=numbers[pk],
            slots=tuple(
                Slot(
                    seat=seat,
                    player=players[pk].get(seat, robot if seat in robots[pk] else ("", False))[0],
                    is_me=players[pk].get(seat, ("", False))[1],
                    cards="",
                    robot=seat not in players[pk] and seat in robots[pk],
                )
                for seat in SEATS
            ),
        )
        for pk in sorted(numbers, key=numbers.__getitem__)
    )


@dataclass(frozen=True, slots=True)
class TableBoard:
    """What every view of a table reads first: its board with that table's play, the
    same for each person who looks (``table_board``)."""

    table: JoinTable
    version: str
    board: DealtBoard | None
    players: dict[str, Seat]
    revealed: bool
    tables: int
    behind: int | None
    may_go_on: bool
    notes: tuple[BoardNote, ...]  # the teacher's notes to this table on its board

    def seats(self, user) -> bool:
        """Whether ``user`` sits at the table, as it was read."""
        return any(row.user_id == user.pk for row in self.players.values())


def table_board(game: Game, table: JoinTable, before: TableBoard | None = None) -> TableBoard:
    """``table`` as loaded (its version read before anything shown: a change made in
    between shows at the next poll), its board, play and players. ``before``: the table's
    read of the version before, when the one change since was a play's
    (``JoinTable.played_since``): its players, the count of tables, and its notes on the
    same board, still hold, and its board too while its play goes on
    (``JoinTable.board_after_play``)."""
    version = table.version_tag()  # read before the board: a deal in between shows next poll
    newest = table.game.next_board_number - 1  # the game's deals are numbered 1, 2, ...
    table.game = game
    board = table.board_and_play() if before is None else table.board_after_play(before.board)
    revealed = False
    play = getattr(board, "played", None)
    # A reveal ends a board under way (``JoinTable.reveal``): only a board not under way asks.
    if board is not None and (play is None or not play.under_way):
        revealed = revealed_at(board, table)
    players = before.players if before is not None else {row.seat: row for row in table.seats.select_related("user")}
    # the count holds across a play: a table added or removed moves every version, not as a play
    tables = before.tables if before is not None else JoinTable.objects.filter(game_id=game.pk).count()
    behind = None
    if board is not None and game.movement == Game.Movement.TEACHING and board.number < newest:
        behind = (
            DealtBoard.objects.filter(game_id=game.pk, number__gt=board.number)
            .order_by("-number")
            .values_list("board_number", flat=True)
            .first()
        )
    may_go_on = False
    if game.movement == Game.Movement.OWN_PACE:
        may_go_on = board is None or (play is not None and play.closed)
    # a play can bring the next board (a movement's round goes on when one is finished)
    kept = before.notes if before is not None and before.board == board and board is not None else None
    if kept is not None:
        notes = kept
    else:
        notes = tuple(BoardNote.objects.filter(board=board, table=table).select_related("written_by")) if board else ()
    return TableBoard(table, version, board, players, revealed, tables, behind, may_go_on, notes)


def table_seen_by(game: Game, user, table: JoinTable | None = None) -> JoinTable:
    """The table whose board ``user`` sees: their own if they sit at one, else ``table``
    (the game's first when None)."""
    return JoinTable.of(game, user) or table or JoinTable.for_game(game)


def seat_view(
    game: Game, user, table: JoinTable | None = None, *, checked: bool = False, seen: TableBoard | None = None
) -> SeatView:
    """The board of a table as ``user`` may see it: their own table if they sit at one
    (``table`` is then ignored), else ``table`` (the game's first when None); ``checked``:
    ``table`` is ``table_seen_by``'s answer already; ``seen``: ``table_board`` of that
    table, read already (for its four seats at once). The cards
    ``play.visible_hands`` allows the seat they held when the board was dealt (their own;
    dummy's after the opening lead; declarer's during a claim; all four once the board
    is done), all four once revealed at this table."""
    if not checked or table is None:
        table = table_seen_by(game, user, table)
    seen = seen or table_board(game, table)
    board, players, revealed = seen.board, seen.players, seen.revealed
    mine = next((s for s, row in players.items() if row.user_id == user.pk), "")
    held = bool(mine and board is not None and players[mine].from_board <= board.number)
    manages = game.can_manage(user)
    host_seat = next((s for s, row in players.items() if row.user_id == game.host_id), "")
    play = for_join(board, mine, held, manages, revealed, host_seat=host_seat) if board is not None else None
    shown = play.shown if play is not None else {}
    robots = robot_seats(table, board)
    slots = tuple(
        Slot(
            seat=seat,
            player=_slot_player(seat, players, robots)[0],
            is_me=seat == mine,
            cards=shown.get(seat, ""),
            hand=play.hand(seat) if play is not None else None,
            robot=_slot_player(seat, players, robots)[1],
        )
        for seat in SEATS
    )
    lesson, later = board_lesson(game, board, off_table=manages and not mine, revealed=revealed)
    notes = seen.notes
    record = None
    if revealed and board is not None and board.deck is not None:
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
        version=seen.version,
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
        under_way=_under_way(board),
        board_number=board.board_number if board else None,
        lesson=lesson,
        notes=notes,
        lesson_later=later,
        teacher_watching=table.teacher_watching(),
        table=table.number,
        tables=seen.tables,
        behind=seen.behind,
        may_go_on=seen.may_go_on and bool(mine or manages),
        movement_note=movement_note(game, table, board),
    )


def movement_note(game: Game, table: JoinTable, board: DealtBoard | None) -> str:
    """What a table of a club movement is told of its round: who plays whom on which
    boards, that the pair here sits out, or that the round is over here."""
    if not game.by_movement:
        return ""
    if not game.round:
        return gettext("The host starts round 1 once every pair is seated.")
    movement = game.club_movement()
    names: dict[str, int | str] = {"round": game.round, "rounds": len(movement.rounds)}
    spot = movement.rounds[game.round - 1].table(table.number) if game.round <= len(movement.rounds) else None
    if spot is None or board is None:
        if spot is not None and game.phantom in (spot.ns, spot.ew):
            names["pair"] = spot.ew if spot.ns == game.phantom else spot.ns
            return (
                gettext(
                    "Round %(round)s of %(rounds)s: pair %(pair)s sits out this round. Stay here: you move "
                    "with the others at the next round."
                )
                % names
            )
        return gettext("Round %(round)s of %(rounds)s: no boards at this table this round.") % names
    # the sentence names each pair's direction: a Mitchell's "2 NS" is said "pair 2 (N-S)"
    ns, ew = (name.partition(" ")[0] for name in (spot.ns, spot.ew))
    names.update(ns=ns, ew=ew, first=spot.boards[0], last=spot.boards[-1])
    said = (
        gettext(
            "Round %(round)s of %(rounds)s: pair %(ns)s (N-S) against pair %(ew)s (E-W), boards %(first)s–%(last)s."
        )
        % names
    )
    play = getattr(board, "played", None)
    if board.board_number == spot.boards[-1] and play is not None and play.closed:
        if game.round >= len(movement.rounds):
            return said + " " + gettext("That was the last round.")
        return said + " " + gettext("This round is over here: you move when the host starts the next round.")
    return said


def _under_way(board: DealtBoard | None) -> bool:
    play = getattr(board, "played", None) if board is not None else None
    return play is not None and play.under_way


def waiting_for(board: DealtBoard, players: dict[str, Seat]) -> tuple[str, ...]:
    """What the table is told about each seat the board in play needs and nobody holds
    (``join.waiting_seats``)."""
    said = []
    for seat, called in waiting_seats(board, players):
        names = {"seat": seat_name(seat), "board": board.board_number}
        if called:
            text = gettext(
                "%(seat)s has left the table: the table waits, since board %(board)s cannot go on without %(seat)s. "
                "Whoever sits %(seat)s now plays from the next board."
            )
        else:
            text = gettext(
                "%(seat)s's seat is empty: the table waits, since board %(board)s cannot go on without %(seat)s. "
                "Whoever sits %(seat)s now plays from the next board."
            )
        said.append(text % names)
    return tuple(said)


def teacher_view(game: Game, table: JoinTable | None = None) -> SeatView:
    """A table's board as the host off the table sees it as its teacher: all four hands
    (the cards not yet played) live, the auction and play, every alert, and the lesson
    text whatever the game's rule. Nobody's turn is the teacher's: no card or call to
    make. Only for a host who is not seated (``games.views.teacher`` checks)."""
    table = table or JoinTable.for_game(game)
    seen = table_board(game, table)
    board, players, revealed = seen.board, seen.players, seen.revealed
    # revealed=True: for_join's way to show the four hands to someone with no seat
    play = for_join(board, "", False, False, True) if board is not None else None
    shown = play.shown if play is not None else {}
    robots = robot_seats(table, board)
    slots = tuple(
        Slot(
            seat=seat,
            player=_slot_player(seat, players, robots)[0],
            is_me=False,
            cards=shown.get(seat, ""),
            hand=play.hand(seat) if play is not None else None,
            robot=_slot_player(seat, players, robots)[1],
        )
        for seat in SEATS
    )
    lesson, later = board_lesson(game, board, off_table=True, revealed=revealed)
    notes = seen.notes
    return SeatView(
        game_pk=game.pk,
        version=seen.version,
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
        under_way=_under_way(board),
        board_number=board.board_number if board else None,
        lesson=lesson,
        notes=notes,
        lesson_later=later,
        teacher_watching=True,
        table=table.number,
        tables=seen.tables,
        behind=seen.behind,
        may_go_on=seen.may_go_on,
    )


def board_lesson(
    game: Game,
    board: DealtBoard | None,
    *,
    off_table: bool,
    revealed: bool | None = None,
) -> tuple[tuple[Comment, ...], str]:
    """The lesson text of ``board`` that its viewer reads now, and, for the host off the
    table (``off_table``), who reads it always, when the seats will ("" once they do).
    ``board.played``: its play at the viewer's table."""
    if board is None:
        return (), ""
    deck = board.deck
    comments = comments_of(deck.commentary) if deck is not None else ()
    if not comments:
        return (), ""
    shown = seats_see_lesson(game.show_lesson, board, revealed=revealed)
    if off_table:
        return comments, "" if shown else str(LESSON_LATER[game.show_lesson])
    return (comments if shown else ()), ""


LESSON_LATER = {
    "never": gettext_lazy("The players do not see this text: the game's rule is to show it never."),
    "after": gettext_lazy("The players see this text once the board is over or revealed."),
}
