"""The home page, new games and the game's table: the current board and Deal New Cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import reswap, retarget, trigger_client_event

from games.bridge import robots
from games.bridge.cards import SEATS
from games.bridge.play import IllegalAction
from games.forms.game import GameForm
from games.models import BoardPlay, DealtBoard, Deck, Game
from games.models.board_play import BoardInPlay, SolvingPar, prefetch_plays, running_total
from games.models.club import overview, results_version
from games.models.director import open_calls
from games.models.join import JoinTable, round_state
from games.presentation.play_view import for_practice
from games.presentation.refusals import refusal
from games.views import confirm
from games.views.access import get_game_for_host
from games.views.htmx import HtmxHttpRequest
from games.views.jobs import solve_in_background
from games.views.join import TABLE_MOVED, join_context, page_table, player_table

QUEUE_SHOWN = 10  # the next decks listed on the game page
HISTORY_SHOWN = 50


def table_context(game: Game, request: HtmxHttpRequest | None = None) -> dict[str, Any]:
    """Everything the game page and its partials (table, queue, history) show; for a
    Join game and its host, the seat view and the players panel too."""
    table, watching = None, False
    if request is not None and game.game_type == Game.Type.JOIN:
        table, watching = page_table(request, game, request.GET)
    shown = recent_boards(game, table)
    removed = request.GET.get("removed") if request is not None else None  # after a Remove without JavaScript
    context = {"game": game, "board": shown[0] if shown else None, "history": shown, **queue_context(game, removed)}
    if table is not None and request is not None:
        context.update(join_table_context(request, game, table, watching=watching))
    context.update(play_context(game, context["board"]))
    return context


def join_table_context(request: HttpRequest, game: Game, table: JoinTable, *, watching: bool) -> dict[str, Any]:
    """The host's table area at a Join game, at ``table`` (``page_table``'s): the seat
    view, the players panel and, with several tables, the tables' overview; ``watching``:
    the host asked for this table (``?table=``)."""
    context = join_context(request, game, table, checked=True)
    if context["view"].tables > 1:
        seated = bool(context["view"].my_seat)
        states = overview(game, show_results=not seated)
        movement = round_state(game)
        context.update(
            states=states,
            rows=[(state, movement.of(state.number) if movement else None) for state in states],
            movement=movement,
            seated=seated,
            overview_version=results_version(game),
            calls=[] if seated else open_calls(game),
            # A director off the tables sees every table (its board, where it stands, its
            # teacher's view), one table's felt only when asking for it (?table=).
            overview_only=not seated and not watching,
        )
    return context


def play_context(game: Game, board: DealtBoard | None) -> dict[str, Any]:
    """A practice table that is played (all four hands, or Just Declare): the board as its
    host plays it and the running total. Nothing for a table that shows the hands.
    Just Declare's board is set up (turned, the robot's lead made) when first shown."""
    if game.game_type != Game.Type.PRACTICE or game.practice_play == Game.PracticePlay.SHOW:
        return {}
    if game.practice_play == Game.PracticePlay.ROBOTS:
        words = {"robot_system": robots.SYSTEM, "robot_english": not get_language().startswith("en")}
        return {**words, **_played_context(game, board)} if board is not None else words
    if board is None:
        return {}
    return _played_context(game, board)


def _played_context(game: Game, board: DealtBoard) -> dict[str, Any]:
    prefetch_plays([board], None)  # unless loaded with it
    play = board.played
    if play is None and game.practice_play == Game.PracticePlay.ROBOTS:
        play = BoardPlay.start(board, BoardPlay.Mode.ROBOTS, robots=robot_seats(game))  # robots that deal call
    if play is None and game.practice_play == Game.PracticePlay.DECLARE:
        try:
            play = BoardPlay.start(board, BoardPlay.Mode.DECLARE)
        except SolvingPar as error:
            solve_in_background(game.host, board.deal)
            return {"play_solving": f"{error}…", "total": running_total(game), "robot_poll": ROBOT_POLL_SECONDS}
        except IllegalAction as error:
            return {
                "play_notice": gettext("%(why)s: deal the next board.") % {"why": refusal(error)},
                "total": running_total(game),
            }
    return {
        "play": for_practice(board, play, play.mode if play else game.practice_play, hints=game.robot_hints),
        "total": running_total(game),
        "robot_poll": ROBOT_POLL_SECONDS,
    }


def robot_seats(game: Game) -> str:
    """The seats robots hold at a practice table With robots: all but the host's."""
    return "".join(seat for seat in SEATS if seat != game.practice_seat)


# How often a practice table waiting for the robot (or for par) asks again.
ROBOT_POLL_SECONDS = 0.5


def practice_context(game: Game, board: DealtBoard | None = None) -> dict[str, Any]:
    """What the felt of a played practice table shows (the answer to a call or a card):
    ``board``, or the last board dealt."""
    if board is None:
        board = game.boards.select_related("deck").order_by("-number").first()
    return {"game": game, "board": board, **play_context(game, board)}


def queue_context(game: Game, removed: str | int | None = None) -> dict[str, Any]:
    """What the #queue partial shows: how many decks wait and the first few; and, after a
    Remove, the deck removed (``removed``: its id) with the button that puts it back."""
    decks, count = game.queue_head(QUEUE_SHOWN)
    if decks and count == len(decks):
        decks[-1].is_last = True
    removed_deck = None
    if removed is not None and str(removed).isdigit():
        removed_deck = Deck.objects.filter(game_id=game.pk, pk=int(removed), status=Deck.Status.REMOVED).first()
    return {"game": game, "queue_count": count, "next_decks": decks, "removed_deck": removed_deck}


def recent_boards(game: Game, table: JoinTable | None = None) -> list[DealtBoard]:
    """The last boards dealt, newest first, as the history panel lists them, each with
    its play (at ``table``, a Join game's: its first when None)."""
    boards = list(
        game.boards.select_related("deck")
        .defer(*(f"deck__{name}" for name in Deck.LISTING_DEFERRED))
        .order_by("-number")[:HISTORY_SHOWN]
    )
    if game.game_type == Game.Type.JOIN:
        table = table or JoinTable.for_game(game)
    prefetch_plays(boards, table.pk if table is not None else None)
    return boards


def dealt_context(
    game: Game, board: DealtBoard, shown: str | None, queue_head: str | None, table: Callable[[], JoinTable | None]
) -> dict[str, Any]:
    """The htmx answer to Deal New Cards: the new board, and what changed beside it
    (``table``: gives the table of a Join game whose results the history shows, its first
    when None; asked only when the history is sent whole).

    The page sends the board it shows and the first deck of its queue. When those are the
    board before this one and the deck just dealt, the answer only drops that deck from
    the list, adds the deck that comes into view (if one does) and one history row, with
    the row of the board before when the deal ended its play ("not finished"); otherwise
    (another tab dealt or reordered, or the queue emptied) it sends both panels whole.
    """
    context = {"board": board, **queue_context(game), **play_context(game, board)}
    if board.deck_id is not None and queue_head == str(board.deck_id) and context["queue_count"]:
        context["queue_drop"] = True  # the page's list less its first row
        if len(context["next_decks"]) == QUEUE_SHOWN:  # and the deck that comes into view
            context["queue_row"] = context["next_decks"][-1]
    if board.number > 1 and shown == str(board.number - 1):
        context["history_row"] = True
        context["history_drop"] = max(board.number - HISTORY_SHOWN, 0)  # the row that falls off
        ended = getattr(board, "left_unfinished", None)
        if ended is not None:
            ended.board.played = ended
            context["ended_row"] = ended.board
    elif board.number == 1:  # the game's first deal: the history is this board, not yet played
        context["history"] = [board]
    else:
        context["history"] = recent_boards(game, table())
    return context


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return render(request, "games/home.html", {"games": [], "seated": []})
    games = request.user.hosted_games.annotate(
        queued_count=Count("decks", filter=Q(decks__status=Deck.Status.QUEUED), distinct=True),
        dealt=Count("boards", distinct=True),
    )
    seated = request.user.seats.exclude(game__host=request.user).select_related("game", "game__host")
    return render(request, "games/home.html", {"games": games, "seated": seated})


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which browsers ask for on pages that name no icon (the admin's)."""
    return redirect(static("games/favicon.svg"))


@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    form = GameForm(request.POST or None, user_key=str(request.user.pk))
    if request.method == "POST" and form.is_valid():
        game = form.save(commit=False)
        game.host = request.user
        with transaction.atomic():  # the game and its tables, or nothing
            game.save()
            if game.game_type == Game.Type.JOIN:
                JoinTable.set_up(game, form.cleaned_data["tables"])
        if game.game_type == Game.Type.JOIN:
            said = gettext("Game “%(game)s” created: send the invite link to your players.")
            messages.success(request, said % {"game": game.name})
            return redirect(game)
        messages.success(request, gettext("Game “%(game)s” created.") % {"game": game.name})
        return redirect(game)
    return render(request, "games/new_game.html", {"form": form})


@login_required
@require_safe
@vary_on_headers("HX-Request")
def game(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    if not game.can_manage(request.user):
        return player_table(request, game)  # a player seated at a Join table; 404 for anyone else
    template = "games/game.html#table" if request.htmx else "games/game.html"
    return render(request, template, table_context(game, request))


@login_required
@require_safe
def felt(request: HttpRequest, pk: int) -> HttpResponse:
    """A practice table's felt as it is now: what the page waiting for the robot asks for,
    with the board's history row out of band (its result, once the robot's card or its
    answer to a claim ends the board)."""
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.PRACTICE:
        raise Http404("Only a practice table has a robot")
    return render(request, "games/game.html#played", practice_context(game))


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def deal(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Deal New Cards. Over a board in play (someone has called or played, it is not
    over) only with ``confirm``, its number: otherwise the answer is the question, in
    the page for htmx, else this route's GET page, whose form posts ``confirm``."""
    if request.method == "GET":
        return deal_question_page(request, get_game_for_host(request, pk))
    confirmed = confirm.confirm_number(request)
    if isinstance(confirmed, HttpResponse):
        return confirmed
    try:  # the manager's check is part of the dealing statement
        board = Game.objects.deal_next_as(request.user, pk, confirm_abandon=confirmed)
    except Game.DoesNotExist:
        raise Http404("No such game.") from None
    except Game.SetFinished:
        return set_finished(request, get_game_for_host(request, pk))
    except Game.ScriptFailed as failed:
        return set_finished(request, get_game_for_host(request, pk), refusal(failed))
    except BoardInPlay as in_play:
        game = get_game_for_host(request, pk)
        if request.htmx:
            return confirm.in_page(request, deal_question(game, in_play))
        return redirect("deal", pk)
    except (Game.ConfirmedAnotherBoard, Game.MovementDeals) as error:
        return deal_refused(request, get_game_for_host(request, pk), str(error))
    game = board.game
    if request.htmx:
        shown, queue_head = request.POST.get("shown"), request.POST.get("queue_head")
        if game.game_type != Game.Type.JOIN:
            return render(request, "games/game.html#dealt", dealt_context(game, board, shown, queue_head, lambda: None))
        # The queue, the history and the board dealt, out of band; the tables' overview and
        # the seat view on the page ask their polls at once (TABLE_MOVED), as every table's
        # seats do on their own. The history's results are those of the page's table.
        context = dealt_context(game, board, shown, queue_head, lambda: page_table(request, game)[0])
        response = render(request, "games/game.html#dealt_join", context)
        return trigger_client_event(reswap(response, "none"), TABLE_MOVED)
    messages.success(request, gettext("Board %(board)s dealt.") % {"board": board.board_number})
    return redirect(game)


def deal_question(game: Game, in_play: BoardInPlay) -> confirm.Confirmation:
    """Deal New Cards over the board in play: what the host is asked first. The form posts
    its deal (``in_play.number``); the words say its board number."""
    shown = in_play.board_number
    join = game.game_type == Game.Type.JOIN
    return confirm.Confirmation(
        title=str(in_play),
        question=gettext("Deal the next board anyway?"),
        consequence=gettext("Board %(board)s will be recorded as not finished: it scores nothing in the running total.")
        % {"board": shown},
        action=reverse("deal", args=[game.pk]),
        button=gettext("Deal the next board anyway"),
        fields=(("confirm", str(in_play.number)),),
        back=game.get_absolute_url(),
        back_label=gettext("Keep playing board %(board)s") % {"board": shown},
        hx_target="#table-area" if join else "#felt",
        hx_include="#shown-board, #queue-head",
    )


def deal_question_page(request: HttpRequest, game: Game) -> HttpResponse:
    """The question as a page (no JavaScript); back to the table when no board is in play."""
    play = game.board_in_play()
    if play is None:
        messages.info(request, gettext("No board is being played now: Deal New Cards deals the next board at once."))
        return redirect(game)
    return confirm.page(request, game, deal_question(game, BoardInPlay.of(play)))


def deal_refused(request: HtmxHttpRequest, game: Game, message: str) -> HttpResponse:
    """A confirmation sent for a board no longer on the table: nothing dealt, the table as it is."""
    if request.htmx:
        response = render(request, "games/game.html#table", {**table_context(game, request), "deal_notice": message})
        return reswap(retarget(response, "#table"), "outerHTML")
    messages.error(request, message)
    return redirect(game)


SET_FINISHED = gettext_lazy(
    "Every uploaded deck has been dealt, and this game's rule is to stop when the queue is empty: "
    "upload more decks, or play a board again from the history."
)


def set_finished(request: HtmxHttpRequest, game: Game, why: str | Promise = SET_FINISHED) -> HttpResponse:
    """Deal New Cards with nothing queued in a game that stops, or whose script made no
    deal: say why, deal nothing."""
    if request.htmx:
        context = {**table_context(game, request), "set_finished": why}
        if game.game_type == Game.Type.JOIN:  # the page asked for its table area: it gets the whole table
            return reswap(retarget(render(request, "games/game.html#table", context), "#table"), "outerHTML")
        return render(request, "games/game.html#felt", context)
    messages.info(request, str(why))
    return redirect(game)
