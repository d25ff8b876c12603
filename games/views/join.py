"""Join games: the invite link, seats, the live seat view, and the reveal.

Who sees what is decided once, in ``games.presentation.seats.seat_view``; these views only
decide who may ask. A seat always comes from the logged-in user's Seat row, never
from the URL or the query string. Anyone neither seated at the table nor its host
(or staff with the change permission) gets 404, as for a game that does not exist.

table.py imports this module (the game page shows the seat view), so nothing here
imports table.py.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import parse_etags
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from games.models import Game
from games.models.board_play import BoardInPlay, prefetch_plays, running_total
from games.models.club import TableTotal, table_total
from games.models.director import DirectorCall, open_call_at
from games.models.join import (
    JoinTable,
    LeavingBoardInPlay,
    RemovingTableThatPlayed,
    SeatError,
    seat_of,
)
from games.presentation.language import seat_name
from games.presentation.refusals import leaving_consequence, refusal
from games.presentation.seats import TableBoard, seat_view, table_board, table_seats, table_seen_by
from games.views import confirm
from games.views.access import get_game_for_host, private
from games.views.htmx import HtmxHttpRequest

VIEW = "games/partials/seat_view.html"
PANEL = "games/partials/seat_panel.html"
# The event an action done at a Join table (a call, a card, a deal) answers with: the
# page's event stream then brings the table, or, without a stream heard, every poller on
# the page (the seat view, the tables' overview) asks at once (static/games/table.js);
# either way the page shows the table through the one view that draws it for every seat.
TABLE_MOVED = "table-moved"


def _not_join(request: HttpRequest, game: Game) -> HttpResponse:
    messages.error(request, gettext("Only Join games have seats: this is a Practice game."))
    return redirect(game)


@dataclass(frozen=True, slots=True)
class TableReads:
    """What the seat view of one table at one version reads alike for each person who
    looks: the board with its play and players, the running total and the club night's
    figure (a movement's are each pair's own: worked out once for each person who looks,
    ``pair_total``), and the director's call open there (for someone seated:
    ``seated``). The event stream reads it once for the four seats it draws the table for."""

    seen: TableBoard
    total: dict[str, int]
    club_total: TableTotal | None
    director_call: DirectorCall | None
    seated: bool
    pair_totals: dict[int, TableTotal | None]  # a movement's figures, by the viewer's user's pk

    @classmethod
    def of(cls, game: Game, table: JoinTable, user, before: TableReads | None = None) -> TableReads:
        """``before``: the table's reads at an earlier version. When the one change since
        was a play's, the players, the teacher's notes and the director's call are taken
        from it (the event stream's reads after a call or card); the board and its play
        are read again, and the figures too when the play ended the board or undid its
        end. While the board is under way the figures hold: they count only boards the
        table has finished, so another table's result shows here at this board's end."""
        if before is not None and not table.played_since(before.seen.version, before.seen.table.version):
            before = None
        seen = table_board(game, table, before.seen if before is not None else None)
        seated = seen.seats(user)
        if not seated:
            call = None
        elif before is not None and before.seated:
            call = before.director_call
        else:
            call = open_call_at(table)
        if before is not None and before.seen.board == seen.board and _unscored(before.seen) and _unscored(seen):
            return cls(seen, before.total, before.club_total, call, seated, dict(before.pair_totals))
        club_total = None if game.by_movement else table_total(game, table, tables=seen.tables)
        # a club night's table counts its boards with its figure, kept in the cache with it
        total = club_total.running if club_total is not None else running_total(game, table)
        return cls(seen, total, club_total, call, seated, {})

    def pair_total(self, game: Game, user) -> TableTotal | None:
        """``user``'s pair's figure in a movement (None for someone in no pair)."""
        if user.pk not in self.pair_totals:
            self.pair_totals[user.pk] = table_total(game, self.seen.table, user, tables=self.seen.tables)
        return self.pair_totals[user.pk]


def _unscored(seen: TableBoard) -> bool:
    """Whether the table's board is not over: its play (if any) neither finished nor ended."""
    play = getattr(seen.board, "played", None)
    return seen.board is not None and (play is None or not play.closed)


def join_context(
    request: HttpRequest,
    game: Game,
    table: JoinTable | None = None,
    *,
    checked: bool = False,
    reads: TableReads | None = None,
) -> dict[str, Any]:
    """What the seat view (the board at play at the viewer's table, its running total:
    on a club night its pairs' figures by the night's scoring, ``club_total``) and, for
    the host, the players panel show.
    ``table``: the table a host who does not sit shows (the first when None); a seated
    person always sees their own (``checked``: ``table`` is ``table_seen_by``'s already;
    ``reads``: that table's ``TableReads``, made already)."""
    if not checked or table is None:
        table = table_seen_by(game, request.user, table)
    reads = reads or TableReads.of(game, table, request.user)
    view = seat_view(game, request.user, table, checked=True, seen=reads.seen)
    total, club_total = reads.total, reads.club_total
    if game.by_movement:  # the viewer's pair's own figure
        club_total = reads.pair_total(game, request.user)
        total = club_total.running if club_total is not None else total
    context = {
        "game": game,
        "view": view,
        "total": total,
        "club_total": club_total,
        "director_call": reads.director_call if view.my_seat else None,
        "poll_seconds": settings.TABLE_POLL_SECONDS,
    }
    if view.can_manage:  # the players panel: the host's alone
        context.update(panel_context(request, game, table))
    return context


def panel_context(request: HttpRequest, game: Game, table: JoinTable) -> dict[str, Any]:
    """What the players panel shows beside the seat view: every table's seats, the invite link."""
    first = table if table.number == 1 else JoinTable.for_game(game)
    return {
        "invite_url": request.build_absolute_uri(reverse("join_game", args=[game.pk, first.invite_token])),
        "tables": table_seats(game, request.user),
        "max_tables": settings.JOIN_MAX_TABLES,
    }


def history_row(request: HttpRequest, game: Game, context: dict[str, Any]) -> str:
    """For the host's page, out of band: the board's row of the deal history, with its
    result, once the board is over (at the last card or the accepted claim, whoever made
    it; the seat view alone would leave the row blank until the page is loaded again)."""
    view = context["view"]
    if not view.can_manage or view.play is None or not view.play.over:
        return ""
    board = game.boards.select_related("deck").filter(number=view.number).first()
    if board is None:
        return ""
    table = JoinTable.numbered(game, view.table)
    prefetch_plays([board], table.pk if table is not None else None)
    row = render_to_string("games/game.html#history_row", {"game": game, "b": board, "oob_row": True}, request)
    return f"<template>{row}</template>"  # a table row parses only inside a <template>


def seat_fragments(
    request: HttpRequest,
    game: Game,
    main: str,
    table: JoinTable | None = None,
    *,
    answered: bool = False,
    checked: bool = False,
    watching: bool = True,
    **extra: Any,
) -> HttpResponse:
    """For htmx: ``main`` (the seat view or the players panel) and, for the host, the
    other one out of band, so both show the same seating. ``answered``: the action was
    confirmed, and the question in the page's #confirm slot goes; ``checked``: ``table``
    is ``table_seen_by``'s answer already (as ``join_context`` takes it); ``watching``:
    the host's page asked for one table (False: it may be the director's overview of
    several tables, which shows no table's felt)."""
    context = {**join_context(request, game, table, checked=checked), **extra}
    parts: list[str] = [render_to_string(main, context, request)]
    view = context["view"]
    if view.can_manage:
        if main == PANEL and not watching and not view.my_seat and view.tables > 1:
            parts.append(HIDDEN_SEAT_VIEW)  # the director's overview shows no table's felt
        else:
            other = PANEL if main == VIEW else VIEW
            parts.append(render_to_string(other, {**context, "oob": True}, request))
        parts.append(history_row(request, game, context))
    if answered:
        parts.append(confirm.CLEARED)
    return private(HttpResponse("".join(parts)))


def player_table(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """The game page of a player seated at a Join table (the host's is table.game's)."""
    if game.game_type != Game.Type.JOIN or not seat_of(game, request.user):
        raise Http404("No such game")
    context = join_context(request, game)
    template = VIEW if request.htmx else "games/join_table.html"
    return private(render(request, template, context))


# The seat view's place on a director's overview (games/game.html), swapped out of band.
HIDDEN_SEAT_VIEW = '<div id="seat-view" hidden hx-swap-oob="true"></div>'


def page_table(request: HtmxHttpRequest, game: Game, query: QueryDict | None = None) -> tuple[JoinTable, bool]:
    """The table whose felt the host's page shows (a seated host's own; for one who does
    not sit, the one its address asks for with ``?table=N``, else the first), and whether
    it asked for one. ``query``: the page's query string; by default an htmx request's
    page address (HX-Current-URL), for the answers that redraw part of that page."""
    if query is None:
        query = QueryDict(urlsplit(request.htmx.current_url or "").query)
    asked = JoinTable.numbered(game, confirm.number(query.get("table", "")))
    return table_seen_by(game, request.user, asked), asked is not None


def _table_asked(request: HttpRequest, game: Game, data=None) -> JoinTable:
    """The table a host's form names (``table``, its number; the host's own table, else
    the first, when it names none); SeatError for a number the game has no table of."""
    data = request.POST if data is None else data
    asked = data.get("table", "")
    if asked == "":
        return JoinTable.of(game, request.user) or JoinTable.for_game(game)
    table = JoinTable.numbered(game, confirm.number(asked))
    if table is None:
        raise SeatError(gettext("That table is gone: look at the tables again."))
    return table


@login_required
@require_http_methods(["GET", "POST"])
def join_game(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    """The invite link: a free seat, at any table of the game, for whoever opens it, logged in."""
    game = get_object_or_404(Game, pk=pk)
    if game.can_manage(request.user):
        messages.info(
            request, gettext("That is your table's invite link: to play too, take a seat in the Players panel.")
        )
        return redirect(game)
    tables = list(JoinTable.objects.select_related("game").filter(game=game, game__game_type=Game.Type.JOIN))
    invited = next((t for t in tables if secrets.compare_digest(t.invite_token.encode(), token.encode())), None)
    if invited is None:
        raise Http404("No such invitation")
    if seat_of(game, request.user):
        return redirect(game)
    error = ""
    if request.method == "POST":
        seat = request.POST.get("seat", "")
        number = confirm.number(request.POST.get("table", "")) or invited.number
        table = next((t for t in tables if t.number == number), None)
        try:
            if table is None:
                raise SeatError(gettext("That table is gone: choose a seat at another one."))
            table.take_seat(request.user, seat)
        except SeatError as e:
            error = refusal(e)
        else:
            names = {"seat": seat_name(seat), "table": table.number, "game": game.name}
            if len(tables) > 1:
                messages.success(request, gettext("You sit %(seat)s at table %(table)s at %(game)s.") % names)
            else:
                messages.success(request, gettext("You sit %(seat)s at %(game)s.") % names)
            return redirect(game)
    seating = sorted(table_seats(game), key=lambda t: (t.number != invited.number, t.number))
    full = not any(t.free_seats for t in seating)
    context = {"game": game, "tables": seating, "several": len(seating) > 1, "full": full, "error": error}
    return render(request, "games/join_invite.html", context)


@login_required
@require_safe
def seat_poll(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The seat view alone, polled by the page every TABLE_POLL_SECONDS: 204 while the
    table's version is the one the page shows (``?v=``), 304 for a matching ETag, the
    partial otherwise. A seated person's own table (one query finds it and the game);
    the host's who does not sit, ``?table=`` (the first when none)."""
    seated = JoinTable.objects.select_related("game").filter(game_id=pk, seats__user=request.user.pk)
    table: JoinTable | None
    if "v" in request.GET:  # most polls find nothing new: a seated person's asks only what the version is made of
        shown = seated.only("version", "number", "teacher_seen_at", "game__next_board_number").first()
        if shown is not None and request.GET["v"] == shown.version_tag():
            return HttpResponse(status=204)
        table = seated.first() if shown is not None else None
    else:
        table = seated.first()
    game = table.game if table is not None else Game.objects.filter(pk=pk).first()
    if game is None or (table is None and not game.can_manage(request.user)):
        if request.htmx:  # a player who stood up or was removed: stop polling, go home
            return HttpResponse(status=204, headers={"HX-Redirect": reverse("home")})
        return HttpResponse("Not found", status=404, content_type="text/plain")
    if game.game_type != Game.Type.JOIN:
        return redirect(game)
    if table is None:
        table = JoinTable.numbered(game, confirm.number(request.GET.get("table", ""))) or JoinTable.for_game(game)
    version = table.version_tag()
    if request.GET.get("v") == version:
        return HttpResponse(status=204)
    etag = f'"{version}.{table.number}.{request.user.pk}"'
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        return HttpResponseNotModified(headers={"ETag": etag})
    response = seat_fragments(request, game, VIEW, table, checked=True)  # the seated person's own, or the host's
    response["ETag"] = etag
    return response


def reveal_question(game: Game, in_play: BoardInPlay, table: JoinTable) -> confirm.Confirmation:
    """Reveal hands before the board in play is over: what the host is asked first. The
    form posts its deal (``in_play.number``) and table; the words say its board number."""
    number, shown = in_play.number, in_play.board_number
    names = {"board": shown, "table": table.number}
    if table.several():
        question = gettext("Reveal all four hands at table %(table)s anyway?") % names
        consequence = gettext(
            "Board %(board)s ends here at table %(table)s: it is recorded as revealed, not finished, scores "
            "nothing, and nobody calls or plays on it any more."
        )
    else:
        question = gettext("Reveal all four hands anyway?")
        consequence = gettext(
            "Board %(board)s ends here: it is recorded as revealed, not finished, scores nothing, "
            "and nobody calls or plays on it any more."
        )
    return confirm.Confirmation(
        title=str(in_play),
        question=question,
        consequence=consequence % names,
        action=reverse("join_reveal", args=[game.pk]),
        button=gettext("Reveal and end board %(board)s") % names,
        fields=(("board", str(number)), ("confirm", str(number)), ("table", str(table.number))),
        back=game.get_absolute_url(),
        back_label=gettext("Keep playing board %(board)s") % names,
        hx_target="#seat-view",
    )


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def reveal(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Show the board's four hands to a table (``table``: its number; the host's own, else
    the first), which ends it there. Before it is over, once someone has called, only
    with ``confirm``: otherwise the answer is the question (in the page for htmx, else
    this route's GET page)."""
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    try:
        table = _table_asked(request, game, request.GET if request.method == "GET" else None)
    except SeatError as error:
        messages.error(request, refusal(error))
        return redirect(game)
    if request.method == "GET":
        play = game.board_in_play(table)
        if play is None or play.board.number != confirm.number(request.GET.get("board", "")):
            return redirect(game)  # nothing to ask: the page's Reveal button does it
        return confirm.page(request, game, reveal_question(game, BoardInPlay.of(play), table))
    number = confirm.number(request.POST.get("board", ""))  # the board the page shows
    confirmed = confirm.confirm_number(request)
    if isinstance(confirmed, HttpResponse):
        return confirmed
    try:
        board = table.reveal(number, by=request.user, confirm=confirmed)
    except BoardInPlay as in_play:
        if request.htmx:
            return confirm.in_page(request, reveal_question(game, in_play, table))
        which = f"&table={table.number}" if table.several() else ""
        return redirect(reverse("join_reveal", args=[game.pk]) + f"?board={in_play.number}{which}")
    except SeatError as error:
        if request.htmx:
            return seat_fragments(request, game, VIEW, table, reveal_error=refusal(error))
        messages.error(request, refusal(error))
        return redirect(game)
    if request.htmx:
        return seat_fragments(request, game, VIEW, table, answered=confirmed is not None)
    names = {"board": board.board_number, "table": table.number}
    if table.several():
        messages.success(request, gettext("Board %(board)s: all four hands are shown at table %(table)s.") % names)
    else:
        messages.success(request, gettext("Board %(board)s: all four hands are shown.") % names)
    return redirect(game)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def new_invite(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    JoinTable.for_game(game).new_invite()
    return _seating_done(request, game, gettext("New invite link made: the old one no longer works."))


def _seating_done(
    request: HtmxHttpRequest, game: Game, message: str, error: str = "", *, answered: bool = False
) -> HttpResponse:
    """htmx: the players panel (with the seat view out of band); otherwise back to the page."""
    if request.htmx:
        table, watching = page_table(request, game)
        return seat_fragments(
            request, game, PANEL, table, seat_error=error, answered=answered, checked=True, watching=watching
        )
    if error:
        messages.error(request, error)
    else:
        messages.success(request, message)
    return redirect(reverse("game", args=[game.pk]) + "#seating")


def _host_seating(request: HtmxHttpRequest, pk: int, change: Callable[[JoinTable], str]) -> HttpResponse:
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    try:
        message = change(_table_asked(request, game))
    except SeatError as e:
        return _seating_done(request, game, "", error=refusal(e))
    return _seating_done(request, game, message)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def sit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host takes a free seat (at the table the form names)."""
    seat = request.POST.get("seat", "")

    def change(table: JoinTable) -> str:
        table.take_seat(request.user, seat)
        return _at(table, gettext("You sit %(seat)s."), gettext("You sit %(seat)s at table %(table)s."), seat=seat)

    return _host_seating(request, pk, change)


def _at(table: JoinTable, alone: str, several: str, **seats: str) -> str:
    """``alone`` at a game's lone table, ``several`` (which names the table) in a game of
    several; ``seats`` by their names."""
    names = {key: seat_name(value) for key, value in seats.items()} | {"table": table.number}
    return (several if table.several() else alone) % names


def _destination(text: str) -> tuple[int | None, str]:
    """A seat to move to, as the players panel posts it: "W" (at the same table) or "2W"
    (West at table 2)."""
    text = text.strip().upper()
    if len(text) >= 2 and text[:-1].isdecimal() and len(text) <= 6:
        return int(text[:-1]), text[-1]
    return None, text


@login_required
@require_POST
@vary_on_headers("HX-Request")
def move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Move a player to another seat, at their table or another (swapping with whoever
    sits there)."""
    seat = request.POST.get("seat", "")
    number, to = _destination(request.POST.get("to", ""))

    def change(table: JoinTable) -> str:
        target = table if number is None else JoinTable.numbered(table.game, number)
        if target is None:
            raise SeatError(gettext("That table is gone: look at the tables again."))
        table.move(seat, to, target)
        if target.pk == table.pk:
            moved = gettext("Moved %(seat)s to %(to)s."), gettext("Moved %(seat)s to %(to)s at table %(table)s.")
            return _at(table, *moved, seat=seat, to=to)
        said = gettext("Moved %(seat)s at table %(table)s to %(to)s at table %(target)s.")
        return said % {"seat": seat_name(seat), "to": seat_name(to), "table": table.number, "target": target.number}

    return _host_seating(request, pk, change)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def remove(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Take a player off their table; the seat stays empty until someone takes it."""
    seat = request.POST.get("seat", "")

    def change(table: JoinTable) -> str:
        table.unseat(seat)
        return _at(table, gettext("%(seat)s is free."), gettext("%(seat)s at table %(table)s is free."), seat=seat)

    return _host_seating(request, pk, change)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def substitute(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """In a movement under way, the host puts a substitute, named by their username, in
    the seat of a player, who leaves the table: the substitute plays on for the pair."""
    seat = request.POST.get("seat", "")
    username = request.POST.get("username", "").strip()

    def change(table: JoinTable) -> str:
        users = get_user_model()._default_manager
        user = users.filter(**{users.model.USERNAME_FIELD: username}).first() if username else None
        if user is None:
            raise SeatError(gettext("No one has the username “%(name)s”.") % {"name": username})
        table.substitute(seat, user)
        names = {"name": user.get_username(), "seat": seat_name(seat), "table": table.number}
        if table.several():
            return gettext("%(name)s substitutes in %(seat)s at table %(table)s.") % names
        return gettext("%(name)s substitutes in %(seat)s.") % names

    return _host_seating(request, pk, change)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def seat_robot(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host seats a robot in an empty seat: it plays the board in play if nobody holds
    that seat's hand of it, else from the next board."""
    seat = request.POST.get("seat", "")

    def change(table: JoinTable) -> str:
        table.seat_robot(seat)
        said = gettext("A robot sits %(seat)s."), gettext("A robot sits %(seat)s at table %(table)s.")
        return _at(table, *said, seat=seat)

    return _host_seating(request, pk, change)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def unseat_robot(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host takes a robot out: it finishes the board it plays; the seat is free for
    a person, who plays from the next board."""
    seat = request.POST.get("seat", "")

    def change(table: JoinTable) -> str:
        table.unseat_robot(seat)
        said = gettext("%(seat)s is free."), gettext("%(seat)s at table %(table)s is free.")
        return _at(table, *said, seat=seat)

    return _host_seating(request, pk, change)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def add_table(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host adds a table, numbered after the others: its four seats are free."""

    def change(table: JoinTable) -> str:
        added = JoinTable.add_to(table.game)
        said = gettext("Table %(table)s added: its four seats are free to anyone with the invite link.")
        return said % {"table": added.number}

    return _host_seating(request, pk, change)


def remove_table_question(game: Game, removing: RemovingTableThatPlayed) -> confirm.Confirmation:
    number = removing.table.number
    return confirm.Confirmation(
        title=ngettext(
            "Table %(table)s has played %(count)s board.",
            "Table %(table)s has played %(count)s boards.",
            removing.boards,
        )
        % {"table": number, "count": removing.boards},
        question=gettext("Remove table %(table)s anyway?") % {"table": number},
        consequence=gettext("Its results leave the travellers and the ranking, and cannot be brought back."),
        action=reverse("table_remove", args=[game.pk]),
        button=gettext("Remove table %(table)s") % {"table": number},
        fields=(("table", str(number)), ("confirm", str(number))),
        back=game.get_absolute_url(),
        back_label=gettext("Keep table %(table)s") % {"table": number},
        hx_target="#seating",
    )


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def remove_table(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The host removes a table: refused while anyone sits there; once it has played,
    only with ``confirm``, its number (otherwise the answer is the question: in the page
    for htmx, else this route's GET page)."""
    game = get_game_for_host(request, pk)
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    data = request.GET if request.method == "GET" else request.POST
    try:
        table = _table_asked(request, game, data)
        if request.method == "GET":
            played = table.plays.exclude(calls=[]).count()
            if not played or table.number == 1:
                return redirect(reverse("game", args=[game.pk]) + "#seating")
            return confirm.page(request, game, remove_table_question(game, RemovingTableThatPlayed(table, played)))
        confirmed = confirm.number(request.POST.get("confirm", ""))
        table.remove(confirm=confirmed == table.number)
    except RemovingTableThatPlayed as removing:
        if request.htmx:
            return confirm.in_page(request, remove_table_question(game, removing))
        return redirect(reverse("table_remove", args=[game.pk]) + f"?table={removing.table.number}")
    except SeatError as error:
        return _seating_done(request, game, "", error=refusal(error))
    removed = gettext("Table %(table)s removed.") % {"table": table.number}
    return _seating_done(request, game, removed, answered=confirmed is not None)


def leave_question(game: Game, leaving: LeavingBoardInPlay, manages: bool) -> confirm.Confirmation:
    """Standing up from a hand in play: what the player (or the seated host) is asked first."""
    return confirm.Confirmation(
        title=gettext("Board %(board)s is being played: %(progress)s.")
        % {"board": leaving.board_number, "progress": leaving.progress},
        question=gettext("Stand up anyway?"),
        consequence=leaving_consequence(leaving),
        action=reverse("seat_leave", args=[game.pk]),
        button=gettext("Stand up anyway"),
        fields=(("confirm", str(leaving.number)),),
        back=game.get_absolute_url(),
        back_label=gettext("Stay seated"),
        hx_target="#seating" if manages else "#confirm",
    )


@login_required
@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def leave(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A seated player (or the host) stands up. From a hand being played only with
    ``confirm``, the board's number: otherwise the answer is the question (in the page for
    htmx, else this route's GET page)."""
    game = get_object_or_404(Game, pk=pk)
    manages = game.can_manage(request.user)
    if not manages and not seat_of(game, request.user):
        raise Http404("No such game")
    if game.game_type != Game.Type.JOIN:
        return _not_join(request, game)
    table = JoinTable.for_game(game)
    if request.method == "GET":
        leaving = table.leaving_board_in_play(request.user)
        if leaving is None:
            return redirect(game)  # nothing to ask: the page's button stands up at once
        return confirm.page(request, game, leave_question(game, leaving, manages))
    confirmed = confirm.confirm_number(request)
    if isinstance(confirmed, HttpResponse):
        return confirmed
    try:
        table.leave(request.user, confirm=confirmed)
    except LeavingBoardInPlay as leaving:
        if request.htmx:
            return confirm.in_page(request, leave_question(game, leaving, manages))
        return redirect("seat_leave", pk)
    except SeatError as e:
        return _seating_done(request, game, "", error=refusal(e))
    if manages:
        return _seating_done(request, game, gettext("You left your seat."), answered=confirmed is not None)
    messages.success(request, gettext("You left the table of %(game)s.") % {"game": game.name})
    if request.htmx:
        return HttpResponseClientRedirect(reverse("home"))
    return redirect("home")
