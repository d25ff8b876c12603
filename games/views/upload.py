"""Upload Decks: upload (parse and stage), preview, then "Add Decks to Game".

Nothing joins the queue before the add step, which adds every previewed deck
or none. Without JavaScript these are plain form posts and redirects; with
htmx the same views answer with a named partial of ``games/upload.html``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from games import dealer_runs
from games.bridge.board import board_heading
from games.converters import bounded_int
from games.formats import FileResult
from games.formats.dealer import INSTALL
from games.formats.model import Deck as ParsedDeck
from games.forms.upload import DISK_FULL, AddDecksForm, DeckChoiceForm, UploadForm, human_size
from games.forms.upload_handlers import refusal
from games.models import Game
from games.models.upload import DeckKey, Upload, deck_label, find_duplicates, queued_deals, storage_full
from games.presentation import lesson_scripts
from games.presentation.preview import MachineNotes, machine_notes, shown_dealer_vul
from games.presentation.problem_text import ShownProblem, say, shown
from games.presentation.result_text import record_said
from games.views.access import game_for_upload, get_upload
from games.views.htmx import HtmxHttpRequest

TEMPLATE = "games/upload.html"
PER_PAGE = 50  # decks shown per file and page: never a 10,000-row page
PROBLEMS_SHOWN = 100


@dataclass(slots=True)
class DeckRow:
    key: str
    number: int
    deck: ParsedDeck
    dealer: str
    vul: str
    auction: str
    heading: str
    event: str
    players: str
    record: str  # "4♥ by S, 11 tricks, claimed" in the page's language (result_text.record_said)
    duplicate: str = ""
    included: bool = False


@dataclass(slots=True)
class FileView:
    number: int
    result: FileResult
    page: Page
    rows: list[DeckRow]
    problems: list[ShownProblem]  # "line 11, board 2: North has 12 cards", in the page's language
    more_problems: int
    notes: list[str]  # the reader's notes, in the page's language
    duplicates: int
    kept: list[str] = field(default_factory=list)  # ticked duplicates on other pages
    page_links: list[int | str] = field(default_factory=list)  # 1 2 … 7 8 9 … 200
    machine: MachineNotes = field(default_factory=MachineNotes)  # the writing program's notes on itself


def _auction(deck: ParsedDeck) -> str:
    return " ".join(c.call + ("!" if c.alert else "") for c in deck.auction)


def _record(deck: ParsedDeck) -> str:
    return record_said(
        contract=deck.contract,
        declarer=deck.declarer,
        result=deck.result,
        claim=deck.claim,
        calls=[c.call for c in deck.auction],
        first=deck.auction_first or deck.effective_dealer,
    )


def _event(deck: ParsedDeck) -> str:
    return next((value for name, value in deck.tags if name == "Event"), "")


def _players(deck: ParsedDeck) -> str:
    return ", ".join(f"{seat} {name}" for seat, name in deck.players if name)


def _file_view(game, number, result, duplicates, page_number, include) -> FileView:
    page = Paginator(result.decks, PER_PAGE).get_page(page_number)
    rows = []
    for d, deck in enumerate(page.object_list, start=page.start_index() - 1 if result.decks else 0):
        key = (number, d)
        dealer, vul = shown_dealer_vul(game, deck)
        rows.append(
            DeckRow(
                f"{number}-{d}",
                d + 1,
                deck,
                dealer,
                vul,
                _auction(deck),
                board_heading(deck.board, deck.board_name),
                _event(deck),
                _players(deck),
                _record(deck),
                duplicates.get(key, ""),
                key in include,
            )
        )
    on_page = {(number, d) for d in range(page.start_index() - 1, page.end_index())}
    kept = [f"{f}-{d}" for f, d in sorted(include) if f == number and (f, d) not in on_page and (f, d) in duplicates]
    links = [
        n if isinstance(n, int) else "…"
        for n in page.paginator.get_elided_page_range(page.number, on_each_side=2, on_ends=1)
    ]
    return FileView(
        number,
        result,
        page,
        rows,
        [shown(p) for p in result.problems[:PROBLEMS_SHOWN]],
        max(0, len(result.problems) - PROBLEMS_SHOWN),
        [say(note) for note in result.notes],
        sum(1 for f, _ in duplicates if f == number),
        kept,
        links,
        machine_notes(result),
    )


def _limits() -> dict[str, str]:
    return {
        "files": str(settings.DECK_UPLOAD_MAX_FILES),
        "file_size": human_size(settings.DECK_UPLOAD_MAX_FILE_BYTES),
        "total_size": human_size(settings.DECK_UPLOAD_MAX_TOTAL_BYTES),
        "decks": number_format(settings.DECK_UPLOAD_MAX_DECKS, force_grouping=True),
    }


def _dealer() -> dict[str, Any]:
    """The lesson scripts, and whether this server can run scripts at all."""
    return {"available": dealer_runs.program() is not None, "library": lesson_scripts.library(), "install": INSTALL}


def _context(game: Game, upload: Upload | None = None, **extra: Any) -> dict[str, Any]:
    return {
        "game": game,
        "upload": upload,
        "form": extra.pop("form", None) or UploadForm(),
        "limits": _limits(),
        "dealer": _dealer(),
        **extra,
    }


def _preview_context(request, game, upload, choice_form: DeckChoiceForm | None = None) -> dict[str, Any]:
    """The preview: every file with one page of its decks (turned and numbered as chosen),
    duplicates flagged."""
    results, unturned = upload.results_as_chosen()
    duplicates = find_duplicates(queued_deals(game), results)
    query = AddDecksForm(request.GET)
    include: set[DeckKey] = query.cleaned_data["include"] if query.is_valid() else set()
    shown_file, page = request.GET.get("file", ""), request.GET.get("page", 1)
    files = [
        _file_view(game, f, r, duplicates, page if str(f) == shown_file else 1, include) for f, r in enumerate(results)
    ]
    total = sum(len(r.decks) for r in results)
    return _context(
        game,
        upload,
        files=files,
        total=total,
        duplicate_count=len(duplicates),
        chosen=total - len(duplicates),
        preview_url=reverse("upload_preview", args=[game.pk, upload.token]),
        choice_form=choice_form or DeckChoiceForm(instance=upload),
        unturned=[deck_label(results[f].decks[d], d) + f" of {results[f].name}" for f, d in unturned],
        next_number=game.board_number_after_queue(),
    )


def _added_context(game: Game, upload: Upload, *, already: bool = False) -> dict[str, Any]:
    return _context(game, upload, added=True, already=already, next_deck=game.queued().first())


def _disk_full_status(request: HtmxHttpRequest) -> int:
    """503 for the plain page; htmx swaps only 2xx answers, so it gets 200 to show the message."""
    return 200 if request.htmx else 503


def _partial(request: HttpRequest, name: str) -> str:
    """The named partial for htmx swaps; the whole page otherwise (and on history restore)."""
    htmx = getattr(request, "htmx", None)
    return f"{TEMPLATE}#{name}" if htmx and not htmx.history_restore_request else TEMPLATE


@login_required
@vary_on_headers("HX-Request")
def upload(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game, refused = game_for_upload(request, pk)
    if refused:
        return refused
    if request.method != "POST":
        return render(request, TEMPLATE, _context(game, pending=Upload.objects.pending(game, request.user)))
    form = UploadForm(request.POST, request.FILES, refused=refusal(request), user_key=str(request.user.pk))
    if not form.is_valid():
        return render(request, _partial(request, "results"), _context(game, form=form))
    try:
        staged = Upload.stage(game, request.user, form.cleaned_data["staged"], form.cleaned_data["results"])
    except DatabaseError as error:
        if not storage_full(error):
            raise
        form.add_error(None, gettext(DISK_FULL))  # Upload.stage is atomic: nothing of it was kept
        return render(
            request, _partial(request, "results"), _context(game, form=form), status=_disk_full_status(request)
        )
    url = reverse("upload_preview", args=[game.pk, staged.token])
    if not request.htmx:
        return redirect(url)
    response = render(request, _partial(request, "results"), _preview_context(request, game, staged))
    response["HX-Push-Url"] = url
    return response


@login_required
@require_safe
@vary_on_headers("HX-Request")
def preview(request: HtmxHttpRequest, pk: int, token) -> HttpResponse:
    game, refused = game_for_upload(request, pk)
    if refused:
        return refused
    staged = get_upload(request, game, token)
    if staged.added_at:
        return render(request, _partial(request, "results"), _added_context(game, staged))
    context = _preview_context(request, game, staged)
    if request.htmx and "file" in request.GET and not request.htmx.history_restore_request:
        number = bounded_int(request.GET["file"], len(context["files"]) - 1)
        if number is None:
            raise Http404("No such file in this upload")
        return render(request, f"{TEMPLATE}#file", {**context, "file": context["files"][number]})
    return render(request, _partial(request, "results"), context)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def add(request: HtmxHttpRequest, pk: int, token) -> HttpResponse:
    game, refused = game_for_upload(request, pk)
    if refused:
        return refused
    staged = get_upload(request, game, token)
    form = AddDecksForm(request.POST)
    if not form.is_valid():
        return render(
            request,
            _partial(request, "results"),
            {**_preview_context(request, game, staged), "add_form": form},
            status=400,
        )
    try:
        added = staged.add_to_game(form.cleaned_data["include"], include_all=form.cleaned_data["include_all"])
    except DatabaseError as error:
        if not storage_full(error):
            raise
        form.add_error(None, gettext(DISK_FULL))  # add_to_game is atomic: the queue is as it was
        return render(
            request,
            _partial(request, "results"),
            {**_preview_context(request, game, staged), "add_form": form},
            status=_disk_full_status(request),
        )
    if added == 0:  # every deck was a duplicate and none was ticked: keep the preview
        context = {**_preview_context(request, game, staged), "nothing_chosen": True}
    elif added and not request.htmx:
        return redirect(reverse("upload_preview", args=[game.pk, staged.token]))
    else:
        context = _added_context(game, staged, already=added is None)
    return render(request, _partial(request, "results"), context)


@login_required
@require_POST
@vary_on_headers("HX-Request")
def options(request: HtmxHttpRequest, pk: int, token) -> HttpResponse:
    """Rotation and numbering of the previewed decks: kept on the staged upload, the
    preview redrawn with them."""
    game, refused = game_for_upload(request, pk)
    if refused:
        return refused
    staged = get_upload(request, game, token)
    if staged.added_at:
        return render(request, _partial(request, "results"), _added_context(game, staged))
    form = DeckChoiceForm(request.POST, instance=staged)
    if not form.is_valid():
        staged.refresh_from_db()  # the preview stays as last chosen
        return render(
            request,
            _partial(request, "results"),
            _preview_context(request, game, staged, form),
            status=200 if request.htmx else 400,
        )
    form.save()
    if not request.htmx:
        return redirect(reverse("upload_preview", args=[game.pk, staged.token]))
    return render(request, _partial(request, "results"), _preview_context(request, game, staged))
