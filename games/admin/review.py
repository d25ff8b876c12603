"""The review desk: games with their queue, uploaded decks with diagrams, dealt boards;
uploads in games.admin.uploads.

Uploaded text (board names, file names, players) only ever reaches the page through
format_html or an autoescaping template, never mark_safe. List pages stay the same size
however big the site grows (games.admin.lists): filters by game or user take a typed
value, and each page is read in a fixed number of queries.

Staff who sit at a Join table see its board in play here as the table shows it to them:
their own hand, or nothing (``games.models.join.seated_secrets``), on every page of that
deal, and nothing of the decks still queued for that table. The deck list shows no hands,
only each hand's points, and none of those for such a deal.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any, cast

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.db.models import Count, F, OuterRef, Q, QuerySet, Subquery, Window
from django.db.models.functions import Coalesce, RowNumber
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.admin.club_results import ClubResultsAdmin
from games.admin.lists import GameFilter, ReviewAdmin, user_filter
from games.admin.reviewers import REMOVE_DECKS
from games.admin.uploads import UploadDecksFilter  # the module registers UploadAdmin
from games.bridge.cards import SEAT_NAMES, SEATS, hcp
from games.formats import WRITERS
from games.formats.club import FORMATS as CLUB_FORMATS
from games.models import DealAnalysis, DealtBoard, Deck, Game
from games.models.board_play import prefetch_plays
from games.models.join import (
    BoardReveal,
    JoinTable,
    Seat,
    SeatedSecrets,
    hiding_from_seated,
    seated_secrets,
)
from games.models.lesson import seats_see_lesson
from games.presentation import lesson_text as lesson
from games.templatetags.bridge import hand_seat
from games.views.analysis import analysis_context
from games.views.exports import download
from games.views.jobs import solve_in_background

QUEUE_SHOWN = 50  # decks of the queue a game's page shows; the deck list has all of them


def diagram(hands: dict[str, str], dealer: str, vul: str, board: object) -> str:
    """The shared compass partial, small (escaped by the template engine)."""
    return render_to_string(
        "games/partials/hand_diagram.html",
        {"hands": hands, "dealer": dealer, "vul": vul, "board": board, "compact": True},
    )


HIDDEN = _("Hidden while you play at this table")


def secrets_of(request: HttpRequest) -> SeatedSecrets:
    """What the viewer may not see while they sit at Join tables, read once a request (a
    list reads its rows, then an action its selection)."""
    kept = vars(request)  # the request's own attributes: read once, then at each use
    if "seated_secrets" not in kept:
        kept["seated_secrets"] = seated_secrets(request.user)
    return kept["seated_secrets"]


def _seats_read_lesson(deck: Deck, request: HttpRequest | None = None) -> bool:
    """Whether the seats of the deck's table read its lesson text now: a deck dealt there,
    once the game's rule shows it (``seats_see_lesson``), at the table the viewer sits at."""
    board = DealtBoard.objects.filter(deck=deck).select_related("game").first()
    if board is None:
        return False
    table = JoinTable.of(board.game, request.user) if request is not None else None
    prefetch_plays([board], table.pk if table is not None else None, reveals=True)
    return seats_see_lesson(board.game.show_lesson, board)


def hidden_hand(hands: dict[str, str], seat: str, dealer: str, vul: str) -> str:
    """A board in play at the viewer's table, as the table shows it: their own hand (``seat``),
    or nothing when they sat down after it was dealt or it is still to come."""
    if not seat:
        return format_html('<p class="hidden-deal">{}.</p>', HIDDEN)
    return format_html(
        '<p class="hidden-deal">{}: your hand, {}.</p><div class="diagram compact">{}</div>',
        HIDDEN,
        SEAT_NAMES[seat],
        hand_seat(seat, hands[seat], dealer, vul, True),
    )


class QueueInline(admin.TabularInline):
    """The head of the game's queue in order: read only here; reorder with the Deck actions
    or the game page. A queue of thousands is read on the deck list, page by page."""

    model = Deck
    verbose_name = _("queued deck")
    verbose_name_plural = _("queue")
    fields = ("order", "board", "board_name", "source", "status")
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False
    show_change_link = True
    template = "admin/games/game/queue_inline.html"  # Django's, its empty headings named

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deck]:
        return (
            super()
            .get_queryset(request)
            .filter(status=Deck.Status.QUEUED)
            .annotate(queue_order=Window(RowNumber(), partition_by=[F("game")], order_by=[F("position"), F("pk")]))
            .filter(queue_order__lte=QUEUE_SHOWN)
            .order_by("position", "pk")
        )

    @admin.display(description=_("Order"))
    def order(self, deck: Deck) -> int | str:
        return getattr(deck, "queue_order", "")

    @admin.display(description=_("Source"))
    def source(self, deck: Deck) -> str:
        name, fmt = deck.source_name or "upload", deck.source_format.upper()
        return format_html("{} ({}, deck {})", name, fmt, deck.source_index + 1)


def count_of(queryset: QuerySet) -> Coalesce:
    """How many rows of ``queryset`` (filtered on OuterRef("pk")): one small subquery per
    row shown, where a COUNT over joins would group every deck and board of the site."""
    counted = queryset.order_by().values("game").annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(counted), 0)


@admin.register(Game)
class GameAdmin(ClubResultsAdmin, ReviewAdmin):
    list_display = ("name", "host", "game_type", "allow_upload", "queued", "dealt", "created_at")
    list_filter = (user_filter("host", "host"), "game_type", "allow_upload", "created_at")
    list_select_related = ("host",)
    search_fields = ("name", "host__username")
    # The movement is chosen with the game: its tables' places follow it (JoinTable.board).
    readonly_fields = ("movement", "next_board_number", "created_at", "whole_queue", "club_results")
    raw_id_fields = ("host",)
    ordering = ("-pk",)  # newest first, by the primary key's index (created_at has none)
    inlines = [QueueInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Game]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                queued_count=count_of(Deck.objects.filter(game=OuterRef("pk"), status=Deck.Status.QUEUED)),
                dealt_count=count_of(DealtBoard.objects.filter(game=OuterRef("pk"))),
            )
        )

    @admin.display(description=_("The whole queue"))
    def whole_queue(self, game: Game) -> str:
        if game.pk is None:
            return "—"
        query = urlencode({"game": f"#{game.pk}", "status__exact": Deck.Status.QUEUED})
        return format_html(
            '<a href="{}?{}">{} queued deck(s) in the deck list</a> (this page shows the first {})',
            reverse("admin:games_deck_changelist"),
            query,
            game.queued_count,  # type: ignore[attr-defined]  # get_queryset's annotation
            QUEUE_SHOWN,
        )

    @admin.display(description=_("Queued"), ordering="queued_count")
    def queued(self, game: Game) -> int:
        return game.queued_count  # type: ignore[attr-defined]  # get_queryset's annotation

    @admin.display(description=_("Dealt"), ordering="dealt_count")
    def dealt(self, game: Game) -> int:
        return game.dealt_count  # type: ignore[attr-defined]  # get_queryset's annotation


# Every value the readers store in Deck.source_format: the formats written (LIN, PBN and the
# club formats) and the club formats read, which add RBX (read, never written).
SOURCE_FORMATS = tuple(dict.fromkeys((*WRITERS, *CLUB_FORMATS)))


class FormatFilter(admin.SimpleListFilter):
    """The formats the readers write to Deck.source_format (a fixed list: listing the
    column's distinct values reads the whole table)."""

    title = _("source format")
    parameter_name = "source_format"

    def lookups(self, request, model_admin):
        return [(fmt, fmt.upper()) for fmt in SOURCE_FORMATS]

    def queryset(self, request, queryset):
        return queryset.filter(source_format=self.value()) if self.value() else queryset


@admin.register(Deck)
class DeckAdmin(ReviewAdmin):
    # One line a deck, narrow enough for Status to show on a laptop's screen beside the
    # filters; the diagram, players, record and analysis are on the deck's own page.
    list_display = ("label", "game", "source", "dealer_vul", "points", "status")
    list_display_links = ("label",)
    list_filter = (
        GameFilter,
        "status",
        FormatFilter,
        user_filter("uploaded_by", "uploaded by"),
        "uploaded_at",
        UploadDecksFilter,
    )
    list_select_related = ("game", "uploaded_by")
    search_fields = ("board", "board_name", "source_name")
    # Newest games first, each in queue order: the (game, position) unique index serves it.
    ordering = ("-game_id", "position")
    actions = ["remove_from_queue", "move_to_front", "requeue", "export_pbn", "export_lin"]
    fieldsets = [
        (
            None,
            {"fields": ("hand_diagram", "game", "status", "position", "board", "board_name", "deal", "dealer", "vul")},
        ),
        (
            "From the file",
            {
                "fields": (
                    "source_name",
                    "source_format",
                    "source_index",
                    "source_line",
                    "players",
                    "contract",
                    "declarer",
                    "result",
                    "uploaded_by",
                    "uploaded_at",
                    "dealt_at",
                )
            },
        ),
        ("Double-dummy analysis", {"fields": ["analysis"]}),
        ("Lesson text", {"fields": ["lesson_text"]}),
        ("The board's text as uploaded", {"classes": ["collapse"], "fields": ["source_text"]}),
    ]

    # A deck in play at the viewer's table, or still to come there: not its deal, analysis or
    # text, nor the file's own result (the table shows that once the board is revealed).
    hidden_fieldsets = [
        (None, {"fields": ("hand_diagram", "game", "status", "position", "board", "board_name", "dealer", "vul")}),
        (
            "From the file",
            {
                "fields": (
                    "source_name",
                    "source_format",
                    "source_index",
                    "source_line",
                    "players",
                    "uploaded_by",
                    "uploaded_at",
                    "dealt_at",
                )
            },
        ),
    ]

    class Media:
        # for the diagram (page rules are scoped to body.site) and the lesson text
        css = {"all": ["games/site.css", "games/lesson.css"]}

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deck]:
        return hiding_from_seated(super().get_queryset(request), secrets_of(request), queued=True)

    @admin.display(description=_("Lesson text"))
    def lesson_text(self, obj: Deck) -> str:
        """The board's commentary as the pages show it (games.presentation.lesson_text): safe HTML."""
        if not obj.commentary:
            return "None in the file."
        return render_to_string("games/partials/lesson_text.html", lesson.context(obj.commentary, fold=False))

    def get_fieldsets(self, request: HttpRequest, obj: Deck | None = None) -> Any:
        if getattr(obj, "hidden_seat", None) is not None:
            return self.hidden_fieldsets
        fieldsets = super().get_fieldsets(request, obj)
        if obj is not None and obj.game_id in secrets_of(request).games and not _seats_read_lesson(obj, request):
            # a player at the deck's table reads its lesson text only when the table shows it
            fieldsets = [(name, options) for name, options in fieldsets if "lesson_text" not in options["fields"]]
        return fieldsets

    # Decks join and leave the queue only through the game's rules (uploads, the actions):
    # the change page is for reading.
    def get_readonly_fields(self, request: HttpRequest, obj: Deck | None = None) -> Any:
        return [name for _, options in self.fieldsets for name in options["fields"]]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Deck | None = None) -> bool:
        return False  # "Can delete deck" is the right to take decks out of queues (games.admin.reviewers)

    def has_remove_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm(REMOVE_DECKS)

    def get_search_results(self, request, queryset, search_term):
        """Players too: the JSON dict's four seats by key, which works on SQLite and PostgreSQL
        and sees names as written (the stored JSON text escapes accents on SQLite)."""
        found, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        term = search_term.strip()
        if term:
            by_player = Q()
            for seat in SEATS:
                by_player |= Q(**{f"players__{seat}__icontains": term})
            found |= queryset.filter(by_player)  # same list filters on both sides
        return found, may_have_duplicates

    @admin.display(description=_("Deal"))
    def hand_diagram(self, deck: Deck) -> str:
        seat = getattr(deck, "hidden_seat", None)
        if seat is not None:
            return hidden_hand(deck.hands(), seat, deck.dealer, deck.vul)
        return diagram(deck.hands(), deck.dealer, deck.vul, deck.board)

    def changelist_view(self, request: HttpRequest, extra_context=None):
        """The list without the admin's app menu (the nav sidebar): beside the filters it
        left the rows half of a laptop's screen. The breadcrumbs lead back to the rest."""
        return super().changelist_view(request, {**(extra_context or {}), "is_nav_sidebar_enabled": False})

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "", extra_context=None):
        """Opening a deck whose deal is not solved yet starts its solve in a task worker (not
        one hidden from the viewer: its page shows no analysis)."""
        deck = cast(Deck | None, self.get_object(request, unquote(object_id)))
        hidden = getattr(deck, "hidden_seat", None) is not None
        if deck is not None and not hidden and DealAnalysis.stored(deck.deal) is None:
            solve_in_background(request.user, deck.deal)
        return super().change_view(request, object_id, form_url, extra_context)

    @admin.display(description=_("Tricks and par"))
    def analysis(self, deck: Deck) -> str:
        """The stored table (games.views.analysis), with the file's own table compared;
        while the worker solves it, a line saying so."""
        solved = DealAnalysis.stored(deck.deal)
        if solved is None:
            return "Being solved double dummy: reload this page in a moment."
        parsed = deck.to_parsed()
        context = analysis_context(
            solved, parsed.effective_dealer, parsed.effective_vul or "None", [tuple(t) for t in deck.tags]
        )
        return render_to_string("games/partials/analysis.html", {**context, "title": str(deck)})

    @admin.display(description=_("Name"), ordering="board_name")
    def name(self, deck: Deck) -> str:
        return deck.board_name or "—"

    @admin.display(description=_("Board"), ordering="position")
    def label(self, deck: Deck) -> str:
        """The board's number and, smaller, its name in the file."""
        if not deck.board_name:
            return deck.board or "—"
        return format_html('{} <small class="deck-name">{}</small>', deck.board or "—", deck.board_name)

    @admin.display(description=_("Source file"), ordering="source_name")
    def source(self, deck: Deck) -> str:
        return format_html(
            '{} <small class="deck-where">{} · deck {}</small>',
            deck.source_name or "upload",
            deck.source_format.upper() or "—",
            deck.source_index + 1,
        )

    @admin.display(description=_("Dealer · vul"))
    def dealer_vul(self, deck: Deck) -> str:
        """As the file states them ("—" where it does not: the game's rule fills them in
        when the deck is dealt)."""
        return f"{deck.dealer or '—'} · {deck.get_vul_display() or '—'}"

    @admin.display(description=_("HCP"))
    def points(self, deck: Deck) -> str:
        """The deal in one line, each hand's high-card points ("N 12 · E 8 · S 11 · W 9");
        nothing of a deal in play at the viewer's table."""
        if getattr(deck, "hidden_seat", None) is not None:
            return str(HIDDEN)
        hands = deck.hands()
        return " · ".join(f"{seat} {hcp(hands[seat])}" for seat in SEATS)

    def _by_game(self, queryset: QuerySet[Deck]) -> dict[Game, list[Deck]]:
        groups: dict[Game, list[Deck]] = defaultdict(list)
        for deck in queryset.select_related("game").order_by("game", "position", "pk"):
            groups[deck.game].append(deck)
        return groups

    @admin.action(description=_("Remove selected decks from the queue"), permissions=["remove"])
    def remove_from_queue(self, request: HttpRequest, queryset: QuerySet[Deck]) -> None:
        removed = sum(game.remove_deck(deck.pk) for game, decks in self._by_game(queryset).items() for deck in decks)
        skipped = queryset.count() - removed
        # The English says "deck(s)" either way; ngettext gives the other languages their forms.
        said = ngettext(
            "Removed %(count)s deck(s) from the queue; %(skipped)s were not queued.",
            "Removed %(count)s deck(s) from the queue; %(skipped)s were not queued.",
            removed,
        )
        self.message_user(request, said % {"count": removed, "skipped": skipped})

    @admin.action(description=_("Move selected decks to the front of the queue"), permissions=["change"])
    def move_to_front(self, request: HttpRequest, queryset: QuerySet[Deck]) -> None:
        moved = 0
        for game, decks in self._by_game(queryset.filter(status=Deck.Status.QUEUED)).items():
            for deck in reversed(decks):  # last first, so they keep their order at the front
                try:
                    game.move_deck(deck.pk, "front")
                except Deck.DoesNotExist:  # dealt or removed meanwhile
                    continue
                moved += 1
        said = ngettext(
            "Moved %(count)s deck(s) to the front of the queue.",
            "Moved %(count)s deck(s) to the front of the queue.",
            moved,
        )
        self.message_user(request, said % {"count": moved})

    @admin.action(
        description=_("Put selected dealt or removed decks back in the queue (at the end)"), permissions=["change"]
    )
    def requeue(self, request: HttpRequest, queryset: QuerySet[Deck]) -> None:
        # A dealt deck keeps its link to the board it became: a copy joins the queue.
        count = 0
        for game, decks in self._by_game(queryset.exclude(status=Deck.Status.QUEUED)).items():
            batches = [([replace(d.to_parsed(), source=d.source_text)], d.source_name, d.source_format) for d in decks]
            count += game.add_deck_batches(batches, uploaded_by=request.user)
        level = messages.SUCCESS if count else messages.WARNING
        said = ngettext(
            "Put %(count)s deck(s) back at the end of the queue.",
            "Put %(count)s deck(s) back at the end of the queue.",
            count,
        )
        self.message_user(request, said % {"count": count}, level)

    def _export(self, request: HttpRequest, queryset: QuerySet[Deck], fmt: str) -> HttpResponse:
        rows = list(queryset.order_by("game", "position", "pk"))
        decks = [d.to_parsed() for d in rows if getattr(d, "hidden_seat", None) is None]
        hidden = len(rows) - len(decks)
        said = ngettext(
            "Exported %(count)s deck(s) as %(format)s.", "Exported %(count)s deck(s) as %(format)s.", len(decks)
        )
        said %= {"count": len(decks), "format": fmt.upper()}
        if hidden:
            said += " " + gettext("%(count)s left out: hidden while you play at their table.") % {"count": hidden}
        self.message_user(request, said)
        return download(decks, fmt, f"decks-{timezone.now():%Y%m%d-%H%M}")

    @admin.action(description=_("Export selected decks as PBN"))
    def export_pbn(self, request: HttpRequest, queryset: QuerySet[Deck]) -> HttpResponse:
        return self._export(request, queryset, "pbn")

    @admin.action(description=_("Export selected decks as LIN"))
    def export_lin(self, request: HttpRequest, queryset: QuerySet[Deck]) -> HttpResponse:
        return self._export(request, queryset, "lin")


@admin.register(DealtBoard)
class DealtBoardAdmin(ReviewAdmin):
    # The board number, dealer and vulnerability the table showed; "deal no." is its place
    # among the game's deals (the same board number may be dealt twice).
    list_display = ("game", "board_number", "number", "hand_diagram", "dealer", "vul", "source", "dealt_by", "dealt_at")
    list_filter = (GameFilter, "dealt_at")
    list_select_related = ("game", "deck", "dealt_by")
    ordering = ("-game_id", "-number")  # newest games first, by the (game, number) unique index
    fields = ("game", "board_number", "number", "deck", "deal", "dealer", "vul", "dealt_by")
    readonly_fields = ("hand_diagram",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[DealtBoard]:
        boards = super().get_queryset(request).defer(*(f"deck__{name}" for name in Deck.LISTING_DEFERRED))
        return hiding_from_seated(boards, secrets_of(request))

    def get_fields(self, request: HttpRequest, obj: DealtBoard | None = None) -> Any:
        """The board in play at the viewer's table shows what the table shows them in place
        of its deal."""
        if getattr(obj, "hidden_seat", None) is not None:
            return ["hand_diagram" if name == "deal" else name for name in self.fields]
        return list(self.fields)

    class Media:
        css = {"all": ["games/site.css"]}  # for the diagram: page rules are scoped to body.site

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: DealtBoard | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: DealtBoard | None = None) -> bool:
        return False

    @admin.display(description=_("Deal"))
    def hand_diagram(self, board: DealtBoard) -> str:
        seat = getattr(board, "hidden_seat", None)
        if seat is not None:
            return hidden_hand(board.hands(), seat, board.dealer, board.vul)
        return diagram(board.hands(), board.dealer, board.vul, board.board_number)

    @admin.display(description=_("Source"))
    def source(self, board: DealtBoard) -> str:
        if board.deck is None:
            return "random"
        return format_html("{}, board {}", board.deck.source_name or "upload", board.deck.board or "?")


class ReadOnlyAdmin(ReviewAdmin):
    """Seating is changed at the table (by the host), not here: staff only look."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("game", "table_number", "seat", "user", "joined_at")
    list_filter = ("seat",)
    search_fields = ("game__name", "user__username")
    list_select_related = ("game", "table", "user")

    @admin.display(description=_("Table"), ordering="table__number")
    def table_number(self, seat: Seat) -> int:
        return seat.table.number


@admin.register(JoinTable)
class JoinTableAdmin(ReadOnlyAdmin):
    list_display = ("game", "number", "version")
    list_select_related = ("game",)
    search_fields = ("game__name",)
    exclude = ("invite_token",)  # a live invite link is the host's to share


@admin.register(BoardReveal)
class BoardRevealAdmin(ReadOnlyAdmin):
    list_display = ("board", "table", "revealed_by", "revealed_at")
    list_select_related = ("board__game", "table__game", "revealed_by")
