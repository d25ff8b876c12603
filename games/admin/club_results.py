"""A club night's results on the review desk: the Game change page shows the ranking and
links to a page of its own with every traveller (``ClubResultsAdmin``).

What a member of staff sees is what the results page shows them (``results_for``):
everything, unless they sit at one of the game's tables, when it is the boards their
table has finished and a ranking made of those alone. The tables are built with
format_html, every value escaped.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.bridge.club_night import hundredths_text, signed_text
from games.models import Game
from games.models.club import BoardResults, Results, results_for
from games.presentation.pdf_labels import sheet_labels
from games.presentation.result_text import pair_label
from games.presentation.results_sheet import note_of
from games.templatetags.club import card_text, contract_text


def ranking_html(results: Results) -> SafeString:
    """The ranking as tables, one a direction ranked."""
    words = sheet_labels()  # the results sheet's words, in the reviewer's language
    if not results.ranking:
        return format_html('<p class="club-empty">{}</p>', words.nothing_yet)
    figures = (words.mps, "%") if results.matchpoints else (words.imps,)
    names = (words.rank, words.pair, words.boards, *figures)
    head = format_html_join("", '<th scope="col">{}</th>', ((name,) for name in names))
    tables = []
    for direction, caption in (("NS", words.ns_pairs), ("EW", words.ew_pairs), ("", words.pairs)):
        field = [pair for pair in results.ranking if pair.standing.direction == direction]
        if not field:
            continue
        rows = []
        for pair in field:
            standing = pair.standing
            if results.matchpoints:
                figure = format_html(
                    "<td>{}</td><td>{}</td>",
                    hundredths_text(standing.score),
                    hundredths_text(standing.percent or 0, fixed=True),
                )
            else:
                figure = format_html("<td>{}</td>", signed_text(standing.score))
            rows.append(
                format_html(
                    '<tr><td>{}</td><th scope="row">{}<br><small>{}</small></th><td>{}</td>{}</tr>',
                    standing.place,
                    pair_label(pair.name),
                    pair.players,
                    standing.boards,
                    figure,
                )
            )
        tables.append(
            format_html(
                '<div class="club-scroll"><table class="club-ranking"><caption>{}</caption><thead><tr>{}</tr></thead>'
                "<tbody>{}</tbody></table></div>",
                caption,
                head,
                _joined(rows),
            )
        )
    return _joined(tables)


def traveller_html(board: BoardResults, matchpoints: bool) -> SafeString:
    """A board's traveller: each table's contract, declarer, lead, tricks, score and figures."""
    words = sheet_labels()  # the results sheet's words, in the reviewer's language
    said = words.records.said
    heading = format_html(
        '<h2 id="traveller-{}">{} <small>{}</small></h2>',
        board.number,
        words.records.board % {"board": board.board_number},
        words.records.header % {"dealer": said.seat_name(board.dealer), "vul": said.vul(board.vul)},
    )
    ns, ew = said.pair("NS"), said.pair("EW")
    if matchpoints:
        figures: tuple[str, ...] = (f"{ns} {words.mp}", f"{ew} {words.mp}", f"{ns} %", f"{ew} %")
    else:
        figures = (f"{ns} {words.imps}", f"{ew} {words.imps}")
    names = (words.table, words.contract, words.by, words.lead, words.tricks, ns, ew, *figures)
    head = format_html_join("", '<th scope="col">{}</th>', ((name,) for name in names))
    rows = []
    for line in board.lines:
        if matchpoints:
            scored: tuple[str, ...] = (
                hundredths_text(line.ns_mp),
                hundredths_text(line.ew_mp),
                hundredths_text(line.ns_percent, fixed=True),
                hundredths_text(line.ew_percent, fixed=True),
            )
        else:
            scored = (signed_text(line.imps), signed_text(line.ew_imps))
        cells = (
            contract_text(line.contract),
            said.seat(line.declarer) if line.declarer else "—",
            card_text(line.lead) if line.lead else "—",
            line.tricks if line.declarer else "—",
            line.score if line.score >= 0 else "",
            -line.score if line.score <= 0 else "",
            *scored,
        )
        rows.append(
            format_html(
                '<tr><th scope="row">{}</th>{}</tr>',
                line.table,
                format_html_join("", "<td>{}</td>", ((cell,) for cell in cells)),
            )
        )
    if rows:
        body = format_html(
            '<div class="club-scroll"><table class="club-traveller"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>'
            "</div>",
            head,
            _joined(rows),
        )
    else:
        body = format_html('<p class="club-empty">{}</p>', words.not_played)
    note = note_of(board)
    return format_html("{}{}{}", heading, body, format_html('<p class="help">{}</p>', note) if note else "")


class ClubResultsAdmin(admin.ModelAdmin):
    """The Game admin's results: a read-only field (``club_results``) and a page of the
    travellers (``results_view``) for those who may view the game."""

    class Media:
        # a phone scrolls a traveller or a ranking in its own box, not the page
        css = {"all": ["games/admin_results.css"]}

    @admin.display(description=_("Club night results"))
    def club_results(self, game: Game) -> str:
        viewer = getattr(game, "viewer", None)
        if game.pk is None or game.game_type != Game.Type.JOIN or viewer is None:
            return "—"
        results = results_for(game, viewer)
        counted = sum(1 for board in results.boards if board.lines)
        return format_html(
            '<p>{} · {} table{} · {} board{} with results{} · <a href="{}">every traveller</a></p>{}',
            game.get_scoring_display(),
            results.tables,
            "s" if results.tables != 1 else "",
            counted,
            "s" if counted != 1 else "",
            format_html(" ({} left out until your table has finished them)", results.hidden) if results.hidden else "",
            reverse("admin:games_game_results", args=[game.pk]),
            ranking_html(results),
        )

    def get_object(self, request: HttpRequest, object_id: str, from_field=None):
        # A read-only field's method gets the row alone: the row carries who looks at it
        # (never the ModelAdmin, which every request shares).
        game = super().get_object(request, object_id, from_field)
        if game is not None:
            game.viewer = request.user
        return game

    def get_urls(self) -> list:
        results = path(
            "<path:object_id>/results/", self.admin_site.admin_view(self.results_view), name="games_game_results"
        )
        return [results, *super().get_urls()]

    def results_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        game = self.get_object(request, unquote(object_id))
        if game is None or game.game_type != Game.Type.JOIN:
            raise Http404("No such club night")
        if not self.has_view_permission(request, game):
            raise PermissionDenied
        results = results_for(game, request.user)
        travellers = _joined(traveller_html(board, results.matchpoints) for board in results.boards)
        return TemplateResponse(
            request,
            "admin/games/game/results.html",
            {
                **self.admin_site.each_context(request),
                "title": gettext("Results of %(name)s") % {"name": game.name},
                "opts": self.opts,
                "original": game,
                "results": results,
                "ranking": ranking_html(results),
                "travellers": travellers,
            },
        )


def _joined(parts) -> SafeString:
    """Pieces of HTML made by format_html, one after the other."""
    return format_html_join("", "{}", ((part,) for part in parts))
