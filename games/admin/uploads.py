"""Review by upload: who sent which files to which game, what the reader found in them,
the decks they added; the moderator's actions (take those decks out of the queue,
download the files as sent).

An upload's files hold the decks of its game's queue: someone who sits at that game's
Join table downloads none of them until they stand up, as the queue's export.

A deck knows the upload that added it (``Deck.upload``); an upload counts the decks and
problems the reader found when it arrived (``found_count``, ``problem_count``), so the
list page reads no stored reader result (their JSON holds every deck found).
"""

from __future__ import annotations

import tempfile
import zipfile
from collections import Counter
from io import BytesIO

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch, QuerySet
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseBase, HttpResponseRedirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.admin.lists import GameFilter, ReviewAdmin, user_filter
from games.admin.reviewers import REMOVE_DECKS
from games.converters import MAX_DB_ID, bounded_int
from games.forms.upload import clean_name, human_size
from games.models import Deck, Upload, UploadFile
from games.models.join import seated_secrets
from games.presentation.problem_help import help_anchor
from games.presentation.problem_text import problem_text

SEATED = _("You sit at this upload's table: stand up first to download the boards coming there.")
SEATED_SOME = _("You sit at the table of one of these uploads: stand up first to download the boards coming there.")
MAX_SELECTED = 100  # uploads one action takes: each is counted, then emptied in its own transaction
DOWNLOAD_LIMIT = max(50 * 1024 * 1024, settings.DECK_UPLOAD_MAX_TOTAL_BYTES)  # bytes in one download


def added_decks(upload: Upload) -> QuerySet[Deck]:
    """The decks ``upload`` added to its game."""
    return Deck.objects.filter(upload=upload)


def status_counts(upload: Upload) -> Counter[str]:
    return Counter(dict(added_decks(upload).order_by().values_list("status").annotate(n=Count("pk"))))


def remove_queued(upload: Upload) -> int:
    """Take the upload's decks that are still queued out of the queue (kept, marked removed)."""
    return upload.game.remove_decks(added_decks(upload).values_list("pk", flat=True))


def download(request: HttpRequest, files: QuerySet[UploadFile], zip_name: str) -> HttpResponseBase | None:
    """One file as it was sent, several in a zip (one folder per upload when they come
    from several); None, with a message, when there is nothing or too much."""
    listed = list(files.order_by("upload_id", "position").values_list("pk", "upload_id", "name", "size"))
    total = sum(size for *_, size in listed)
    if not listed or total > DOWNLOAD_LIMIT:
        text = (
            gettext("These files total %(total)s; one download holds at most %(limit)s.")
            % {"total": human_size(total), "limit": human_size(DOWNLOAD_LIMIT)}
            if listed
            else gettext("These uploads have no files.")
        )
        messages.warning(request, text)
        return None
    if len(listed) == 1:
        pk, _, name, _ = listed[0]
        data = bytes(UploadFile.objects.values_list("data", flat=True).get(pk=pk))
        # As an attachment and octet-stream: an uploaded file never opens as a page of this site.
        return FileResponse(
            BytesIO(data), as_attachment=True, filename=clean_name(name), content_type="application/octet-stream"
        )
    folders = len({upload_id for _, upload_id, _, _ in listed}) > 1
    archive = tempfile.SpooledTemporaryFile(max_size=10 * 1024 * 1024)  # noqa: SIM115 - FileResponse closes it
    used: set[str] = set()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        rows = files.order_by("upload_id", "position").values_list("upload_id", "position", "name", "data")
        for upload_id, position, name, stored in rows.iterator(chunk_size=1):  # one file's bytes at a time
            entry = clean_name(name)
            if entry in used or (folders and f"upload-{upload_id}/{entry}" in used):
                entry = f"{position + 1}-{entry}"  # two files of one name in one upload
            entry = f"upload-{upload_id}/{entry}" if folders else entry
            used.add(entry)
            zf.writestr(entry, bytes(stored))
    archive.seek(0)
    return FileResponse(archive, as_attachment=True, filename=zip_name, content_type="application/zip")


class StateFilter(admin.SimpleListFilter):
    title = _("state")
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("added", _("Added")), ("waiting", _("Not added")), ("expired", _("Expired, never added"))]

    def queryset(self, request, queryset):
        now = timezone.now()
        return {
            "added": lambda: queryset.filter(added_at__isnull=False),
            "waiting": lambda: queryset.filter(added_at__isnull=True, expires_at__gt=now),
            "expired": lambda: queryset.filter(added_at__isnull=True, expires_at__lte=now),
        }.get(self.value(), lambda: queryset)()


class ProblemsFilter(admin.SimpleListFilter):
    title = _("problems")
    parameter_name = "problems"

    def lookups(self, request, model_admin):
        return [("yes", _("Had problems")), ("no", _("No problems"))]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(problem_count__gt=0)
        if self.value() == "no":
            return queryset.filter(problem_count=0)
        return queryset


class UploadDecksFilter(admin.ListFilter):
    """On the deck list: the decks one upload added (``?upload=<id>``, from the upload's page)."""

    title = _("upload")
    parameter_name = "upload"

    def __init__(self, request, params, model, model_admin):
        super().__init__(request, params, model, model_admin)
        if self.parameter_name in params:
            self.used_parameters[self.parameter_name] = params.pop(self.parameter_name)[-1]
        pk = bounded_int(self.used_parameters.get(self.parameter_name, ""), MAX_DB_ID)
        self.upload = None if pk is None else Upload.objects.select_related("game", "host").filter(pk=pk).first()

    def has_output(self) -> bool:
        return self.parameter_name in self.used_parameters

    def expected_parameters(self) -> list[str | None]:
        return [self.parameter_name]

    def queryset(self, request, queryset):
        if not self.has_output():
            return queryset
        if self.upload is None:
            return queryset.none()
        return queryset.filter(upload=self.upload)

    def choices(self, changelist):
        yield {
            "selected": False,
            "display": "All",
            "query_string": changelist.get_query_string(remove=[self.parameter_name]),
        }
        if self.upload is not None:
            label = f"#{self.upload.pk}: {self.upload.host} to {self.upload.game}"
            yield {"selected": True, "display": label, "query_string": changelist.get_query_string()}


@admin.register(Upload)
class UploadAdmin(ReviewAdmin):
    list_display = ("uploaded", "uploader", "game", "file_list", "found_count", "problem_count", "state", "expires_at")
    list_display_links = ("uploaded",)
    list_filter = (GameFilter, user_filter("host", "uploader"), "created_at", ProblemsFilter, StateFilter)
    list_select_related = ("game", "host")
    search_fields = ("host__username", "game__name", "files__name")
    search_help_text = _("Uploader, game or file name.")
    ordering = ("-pk",)  # newest first, by the primary key's index (created_at has none)
    actions = ["remove_decks", "download_files"]
    fields = (
        "host",
        "game",
        "created_at",
        "expires_at",
        "state",
        "rotation",
        "renumber_from",
        "vul_follows_number",
        "summary",
        "files_found",
        "decks_added",
    )
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Upload]:
        names = UploadFile.objects.only("upload_id", "position", "name", "size").order_by("position")
        return super().get_queryset(request).prefetch_related(Prefetch("files", names))  # not the bytes or JSON

    # Uploads are the hosts' (and purge_uploads'): the admin reads them.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Upload | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Upload | None = None) -> bool:
        return False

    def has_remove_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm(REMOVE_DECKS)

    @admin.display(description=_("Uploaded"), ordering="created_at")
    def uploaded(self, upload: Upload) -> str:
        return f"{timezone.localtime(upload.created_at):%Y-%m-%d %H:%M}"

    @admin.display(description=_("Uploader"), ordering="host__username")
    def uploader(self, upload: Upload) -> str:
        return str(upload.host)

    @admin.display(description=_("Files"))
    def file_list(self, upload: Upload) -> str:
        return format_html_join(", ", "{} ({})", ((f.name, human_size(f.size)) for f in upload.files.all()))

    @admin.display(description=_("State"))
    def state(self, upload: Upload) -> str:
        if upload.added_at is not None:
            return f"added {upload.added_count} deck(s) {timezone.localtime(upload.added_at):%Y-%m-%d %H:%M}"
        return "expired, never added" if upload.expires_at <= timezone.now() else "not added yet"

    # --- one upload's page: what the reader found, computed from the stored results -------

    def _found(self, upload: Upload) -> list[dict]:
        kept = vars(upload)  # the row's own attributes: read again for each column of its page
        if "found" not in kept:
            help_url = reverse("help_upload")
            kept["found"] = [
                {
                    "name": result.name,
                    "size": human_size(f.size),
                    "format": result.format.upper() or "—",
                    "encoding": result.encoding,
                    "decks": len(result.decks),
                    "problems": [
                        (problem_text(p), f"{help_url}#{help_anchor(p.message, p.kind)}") for p in result.problems
                    ],
                }
                for f, result in ((f, f.stored_result()) for f in upload.files.defer("data").order_by("position"))
            ]
        return kept["found"]

    @admin.display(description=_("In short"))
    def summary(self, upload: Upload) -> str:
        found = self._found(upload)
        decks, problems = sum(f["decks"] for f in found), sum(len(f["problems"]) for f in found)
        if upload.added_at is None:
            return f"{len(found)} file(s); {decks} deck(s) found; {problems} problem(s); nothing added"
        left_out = max(decks - upload.added_count, 0)
        return (
            f"{len(found)} file(s); {decks} deck(s) found; {upload.added_count} added; "
            f"{left_out} left out as duplicates; {problems} problem(s)"
        )

    @admin.display(description=_("Files, as the reader found them"))
    def files_found(self, upload: Upload) -> str:
        return render_to_string("admin/games/upload/files.html", {"files": self._found(upload)})

    @admin.display(description=_("Decks it added"))
    def decks_added(self, upload: Upload) -> str:
        counts = status_counts(upload)
        if not counts:
            return "none"
        url = reverse("admin:games_deck_changelist") + f"?upload={upload.pk}"
        parts = ", ".join(f"{counts[s.value]} {s.label.lower()}" for s in Deck.Status if counts[s.value])
        return format_html('<a href="{}">{} deck(s)</a>: {}', url, counts.total(), parts)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        upload = self.get_object(request, unquote(object_id))
        extra = {
            "queued": status_counts(upload)[Deck.Status.QUEUED] if upload else 0,
            "may_remove": self.has_remove_permission(request),
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        }
        return super().change_view(request, object_id, form_url, {**(extra_context or {}), **extra})

    # --- actions ---------------------------------------------------------------------------

    @admin.action(description=_("Remove the selected uploads' decks from the queue"), permissions=["remove"])
    def remove_decks(self, request: HttpRequest, queryset: QuerySet[Upload]) -> HttpResponse | None:
        uploads = list(queryset.select_related("game", "host").order_by("-pk")[: MAX_SELECTED + 1])
        if len(uploads) > MAX_SELECTED:
            self.message_user(
                request,
                gettext("Choose at most %(count)s uploads at a time.") % {"count": MAX_SELECTED},
                messages.WARNING,
            )
            return None
        if request.POST.get("post") == "yes":
            removed = 0
            for upload in uploads:
                count = remove_queued(upload)
                if count:
                    said = ngettext(
                        "Removed its %(count)s queued deck from the game's queue.",
                        "Removed its %(count)s queued decks from the game's queue.",
                        count,
                    )
                    self.log_change(request, upload, said % {"count": count})  # in the staff member's language
                removed += count
            said = ngettext(
                "Removed %(count)s deck(s) from the queue.", "Removed %(count)s deck(s) from the queue.", removed
            )
            self.message_user(request, said % {"count": removed}, messages.SUCCESS)
            return None
        rows = [(upload, status_counts(upload)) for upload in uploads]
        return TemplateResponse(
            request,
            "admin/games/upload/remove_decks.html",
            {
                **self.admin_site.each_context(request),
                "title": "Remove these uploads' decks from the queue?",
                "opts": self.opts,
                "rows": [(u, c[Deck.Status.QUEUED], c.total() - c[Deck.Status.QUEUED]) for u, c in rows],
                "going": sum(c[Deck.Status.QUEUED] for _, c in rows),
                "staying": sum(c.total() - c[Deck.Status.QUEUED] for _, c in rows),
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            },
        )

    @admin.action(description=_("Download the selected uploads' files"))
    def download_files(self, request: HttpRequest, queryset: QuerySet[Upload]) -> HttpResponseBase | None:
        seated = seated_secrets(request.user).games
        if queryset.filter(game_id__in=seated).exists():
            self.message_user(request, SEATED_SOME, messages.WARNING)
            return None
        files = UploadFile.objects.filter(upload__in=queryset.values("pk"))
        return download(request, files, f"uploads-{timezone.now():%Y%m%d-%H%M}.zip")

    def get_urls(self) -> list:
        download_url = path(
            "<path:object_id>/download/", self.admin_site.admin_view(self.download_view), name="games_upload_download"
        )
        return [download_url, *super().get_urls()]

    def download_view(self, request: HttpRequest, object_id: str) -> HttpResponseBase:
        upload = self.get_object(request, unquote(object_id))
        if not isinstance(upload, Upload):  # None: no such upload
            raise Http404("No such upload")
        if not self.has_view_permission(request, upload):
            raise PermissionDenied
        if upload.game_id in seated_secrets(request.user).games:
            messages.warning(request, SEATED)
            return HttpResponseRedirect(reverse("admin:games_upload_change", args=[upload.pk]))
        response = download(request, upload.files.all(), f"upload-{upload.pk}.zip")
        return response or HttpResponseRedirect(reverse("admin:games_upload_change", args=[upload.pk]))
