"""Playing a board: the calls, the cards, a claim and its answers, undo.

Every rule is ``BoardPlay.act``'s (and the rules engine's); these views only decide who
acts, as which seat:
- at a Join table, a player acts for the seat of their Seat row, never one named in the
  request, and only on a board dealt while they held it (``Seat.from_board``); the host
  grants or refuses an undo;
- at a practice table the host acts: for whoever is to act (all four hands), or as South
  (Just Declare);
- anyone else gets 404, as for a game that does not exist.

Every form posts the board its page shows and ``at``, the number of actions it shows: a
page left open on another board, a double click or a slower player changes nothing.
Answers: at a Join table, htmx gets no content for an action done, and the event
``TABLE_MOVED`` naming the table acted at (``acted``): the acting seat's page learns of
its action the way the other three learn of it, through the one view that draws the
table, which its event stream brings (or, when no stream is heard, its seat poll asked at
once). A refusal is the seat view with it in a role="alert". At a practice table htmx gets
the felt. Without JavaScript, a message and a redirect to the game's page.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import trigger_client_event

from games.bridge.play import IllegalAction
from games.models import BoardPlay, DealtBoard, Game
from games.models.board_play import prefetch_plays
from games.models.join import JoinTable, Seat
from games.presentation.language import seat_name
from games.presentation.refusals import refusal
from games.views import confirm
from games.views.access import get_seat_at_table, private
from games.views.htmx import HtmxHttpRequest
from games.views.join import TABLE_MOVED, VIEW, join_context
from games.views.table import practice_context, robot_seats

HOST_ONLY = ("undo", "keep")  # at a Join table: the host's answers to a request


def _current_board(game: Game, shown: int | None, table: JoinTable | None) -> DealtBoard:
    """The board on the table (a Join game's ``table``; a practice game's newest), if it
    is the one the page shows (else nothing is done), with its play there."""
    if table is not None:
        board = table.board_and_play(deck=False)  # the answer reads the board again
    else:
        board = game.boards.select_related("deck").order_by("-number").first()
        if board is not None:
            prefetch_plays([board], None)
    if board is None:
        raise IllegalAction(gettext("No board has been dealt yet."))
    if shown != board.number:
        raise IllegalAction(
            gettext("Your page shows %(shown)s, but board %(board)s is the one on the table now: nothing was done.")
            % {"shown": game.board_named(shown), "board": board.board_number}
        )
    return board


def _join_table(request: HttpRequest, game: Game, action: str, row: Seat | None) -> tuple[JoinTable, Seat | None]:
    """The table the user acts at, and their Seat row there (``row``, read with the game):
    their own; for the host's undo answers, the one the form names (``table``: the host's
    own, else the first, when none), and no seat."""
    if action in HOST_ONLY:
        if not game.can_manage(request.user):
            raise IllegalAction(gettext("Only the host can grant or refuse an undo."))
        asked = request.POST.get("table", "")
        if asked:
            table = JoinTable.numbered(game, confirm.number(asked))
            if table is None:
                raise IllegalAction(gettext("That table is gone: nothing was done."))
            return table, None
        return JoinTable.of(game, request.user) or JoinTable.for_game(game), None
    if row is None:
        raise IllegalAction(gettext("You do not sit at this table: only the four players call and play."))
    return row.table, row


def _join_seat(board: DealtBoard, row: Seat | None) -> str:
    """The seat the user acts for at a Join table (their Seat row's; "" for the host's undo answers)."""
    if row is None:
        return ""
    if row.from_board > board.number:
        raise IllegalAction(
            gettext("You sit %(seat)s since board %(board)s was dealt: you play from the next board.")
            % {"seat": seat_name(row.seat), "board": board.board_number}
        )
    return row.seat


def _practice_seat(play: BoardPlay, action: str) -> str:
    """The seat the host acts for at a practice table."""
    if play.mode == BoardPlay.Mode.DECLARE:
        return "S"
    if play.mode == BoardPlay.Mode.ROBOTS:
        return play.student_seat
    state = play.state()
    if action == "claim":
        return state.declarer
    return state.actor or state.declarer or ""


def _act(request: HtmxHttpRequest, pk: int, action: str, **args) -> HttpResponse:
    game, row = get_seat_at_table(request, pk)
    table = None
    try:
        if game.game_type == Game.Type.JOIN:
            table, row = _join_table(request, game, action, row)
        board = _current_board(game, confirm.number(request.POST.get("board", "")), table)
        at = confirm.number(request.POST.get("at", ""))
        if at is None:
            raise IllegalAction(gettext("The table has moved on since your page was shown: look again and retry."))
        if table is not None:
            seat = _join_seat(board, row)
            play = BoardPlay.start(board, BoardPlay.Mode.TABLE, table)
        elif game.practice_play == Game.PracticePlay.SHOW:
            raise IllegalAction(
                gettext("This game shows the hands: it is not played. Choose a way to play in a new game.")
            )
        else:
            robots = robot_seats(game) if game.practice_play == Game.PracticePlay.ROBOTS else ""
            play = BoardPlay.start(board, game.practice_play, robots=robots)
            seat = _practice_seat(play, action)
        board.played = play.act(seat, action, at, **args)  # the felt shows the board as it is now
    except IllegalAction as error:
        return _answer(request, game, error=refusal(error), table=table)
    played = board.played
    robots_answer = played.mode in (BoardPlay.Mode.DECLARE, BoardPlay.Mode.ROBOTS)
    if action == "claim" and robots_answer and not played.robot_due:  # the robots answered
        return _answer(request, game, board, news=str(ROBOT_ACCEPTS if board.played.done else ROBOT_REJECTS))
    return _answer(request, game, board, table=table)


ROBOT_ACCEPTS = gettext_lazy("The defenders accept your claim.")
ROBOT_REJECTS = gettext_lazy("The defenders reject your claim: play on.")


def _answer(
    request: HtmxHttpRequest,
    game: Game,
    board: DealtBoard | None = None,
    error: str = "",
    news: str = "",
    table: JoinTable | None = None,
) -> HttpResponse:
    """The answer to an action (``board``: the one just played on, when the action was
    done; ``table``: a Join game's, as the host's answer names it): ``error`` when it was
    refused, ``news`` to tell."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        elif news:
            messages.info(request, news)
        return redirect(game)
    extra = {"play_error": error, "play_news": news}
    if game.game_type == Game.Type.JOIN:
        if not error:
            acted = {"acted": table.number} if table is not None else {}
            return trigger_client_event(private(HttpResponse(status=204)), TABLE_MOVED, acted)
        return private(render(request, VIEW, {**join_context(request, game, table), **extra}))
    return render(request, "games/game.html#played", {**practice_context(game, board), **extra})


def _checked(value: str) -> bool:
    return value in ("on", "1", "true", "yes")


@login_required
@require_POST
@vary_on_headers("HX-Request")
def call(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        "call",
        call=request.POST.get("call", "")[:8],
        alert=_checked(request.POST.get("alert", "")),
        explanation=request.POST.get("explanation", "")[:200],
    )


@login_required
@require_POST
@vary_on_headers("HX-Request")
def card(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return _act(request, pk, "card", card=request.POST.get("card", "")[:4])


@login_required
@require_POST
@vary_on_headers("HX-Request")
def claim(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    tricks = confirm.number(request.POST.get("tricks", "").strip())
    return _act(request, pk, "claim", tricks=-1 if tricks is None else tricks)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def answer(request: HtmxHttpRequest, pk: int, action: str) -> HttpResponse:
    """The actions that carry nothing but who acts: a defender's "accept" or "reject" of a
    claim, a player's "ask_undo", the host's "undo" or "keep" (named in games/urls.py)."""
    return _act(request, pk, action)
