"""The Upload Decks form and the "Add Decks to Game" form.

Every check on what the host sent happens here (count, sizes, names, empty,
binary, no deals, too many decks); the views only read ``cleaned_data``.
"""

from __future__ import annotations

import re
import unicodedata

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext, gettext_noop, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from games import dealer_runs
from games.converters import bounded_int
from games.formats import FileResult
from games.formats.dealer import SEED_MAX, lesson, new_seed
from games.formats.decode import decode
from games.models.upload import DeckKey, Upload, read_file
from games.presentation import lesson_scripts
from games.presentation.problem_help import help_anchor
from games.presentation.problem_text import say

MB = 1024 * 1024
PASTED_NAME = "pasted deals"
PASTED_SCRIPT = "pasted script"
MAX_KEY = 10**9  # far above any upload's files or decks: a deck key's numbers stay a few digits
MAX_NAME = 100
ACCEPT = ".lin,.pbn,.txt,.xml,.dup,.bri,.dge,.dlm,.rbn,.rbx,.dlr"
SCRIPT_COUNT = 16  # decks a dealer script makes unless asked for another number
_PATH_SEPARATORS = re.compile(r"[\\/]")
# When the database has no room for the upload's files or its decks (games.models.upload.storage_full).
# Said with gettext where it is shown (games.views.upload): kept as the English text.
DISK_FULL = gettext_noop("The server could not store the upload: its disk is full. Nothing was added.")


def clean_name(raw: str) -> str:
    """A file name fit to show and store: no folders, no control characters, not too long."""
    name = _PATH_SEPARATORS.split(unicodedata.normalize("NFC", raw or ""))[-1]
    name = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C").strip()
    if name in {"", ".", ".."}:
        return "unnamed file"
    if len(name) > MAX_NAME:
        stem, dot, ext = name.rpartition(".")
        keep = f"{dot}{ext}" if stem and len(ext) <= 8 else ""
        name = name[: MAX_NAME - len(keep) - 1] + "…" + keep
    return name


def human_size(size: int, like: int | None = None) -> str:
    """6.2 MB, 300 KB, 12 bytes; exact bytes when rounding would hide the difference from
    ``like``. Numbers as the page's language writes them (6,2 MB in Polish)."""

    def one_place(x: float) -> str:
        x = round(x, 1)
        return number_format(x, 0 if x.is_integer() else 1)

    def fmt(n: int) -> str:
        if n >= MB:
            return one_place(n / MB) + " MB"
        if n >= 1024:
            return one_place(n / 1024) + " KB"
        return f"{n} bytes"  # a unit, as MB and KB are

    text = fmt(size)
    if like is not None and text == fmt(like) and size != like:
        return number_format(size, force_grouping=True) + " bytes"
    return text


def total_too_big(total: int, limit: int) -> str:
    """The per-upload limit's message (games.forms.upload_handlers says it too, for bodies it stops)."""
    said = gettext("These files total %(total)s; the limit is %(limit)s per upload.")
    return said % {"total": human_size(total, limit), "limit": human_size(limit)}


def _seed_range():
    return lazy(
        lambda: (
            gettext("Seed: a whole number from 1 to %(most)s.") % {"most": number_format(SEED_MAX, force_grouping=True)}
        ),
        str,
    )()


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Django's documented pattern for ``<input type=file multiple>``: a list of files."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": ACCEPT}))
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        single = super().clean
        if isinstance(data, (list, tuple)):
            return [single(d, initial) for d in data if d]
        return [single(data, initial)] if data else []


class UploadForm(forms.Form):
    # A declared field leaves the class for base_fields: it never hides BaseForm.files.
    files = MultipleFileField(  # type: ignore[assignment]
        label=_("Click to Choose File(s)…"),
        required=False,
        allow_empty_file=True,
        help_text=_(
            "LIN (.lin, .xml, .txt), PBN (.pbn, .txt), RBN (.rbn, .rbx) or dealing-machine "
            "(.dup, .bri, .dge, .dlm) files, or dealer scripts (.dlr); several at once."
        ),
    )
    text = forms.CharField(
        label=_("Or paste deals"),
        required=False,
        strip=False,
        widget=forms.Textarea(
            attrs={"rows": 4, "placeholder": _('md|3SAK...|  or  [Deal "N:..."]  or a BBO handviewer link')}
        ),
        help_text=_("LIN, PBN, BBO handviewer links, or a dealer script."),
    )
    library = forms.ChoiceField(label=_("Or a lesson script"), required=False, choices=())
    count = forms.IntegerField(
        label=_("Decks to make"),
        required=False,
        min_value=1,
        initial=SCRIPT_COUNT,
        error_messages={
            "invalid": _("Decks to make: give a whole number."),
            "min_value": _("Decks to make: at least 1."),
        },
    )
    seed = forms.IntegerField(
        label=_("Seed"),
        required=False,
        min_value=1,
        max_value=SEED_MAX,
        help_text=_("Leave the seed empty for new deals; the same script, number and seed make the same deals again."),
        error_messages={
            "invalid": _("Seed: give a whole number, or leave it empty."),
            "min_value": _seed_range(),
            "max_value": _seed_range(),
        },
    )

    def __init__(self, *args, refused: str = "", user_key: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.refused = refused  # games.forms.upload_handlers.refusal: why the files were stopped unread
        self.user_key = user_key  # whose share of the dealer runs a script takes (games.dealer_runs)
        library = self.fields["library"]
        assert isinstance(library, forms.ChoiceField)  # for the checker: declared above as one
        library.choices = [
            ("", pgettext("no lesson script", "None")),
            *((script.slug, script.title) for script in lesson_scripts.library()),
        ]
        most = settings.DECK_UPLOAD_MAX_DECKS
        self.fields["count"].validators.append(
            MaxValueValidator(
                most,
                message=gettext("Decks to make: at most %(most)s, the limit of decks per upload.")
                % {"most": number_format(most, force_grouping=True)},
            )
        )
        self.fields["count"].widget.attrs.update(min=1, max=most)

    def clean_files(self) -> list[tuple[str, bytes]]:
        if self.refused:  # the files here are none, or cut short at the limit: say only why
            raise forms.ValidationError(self.refused, code="problem-total-too-big")
        files = self.cleaned_data["files"]
        limit = settings.DECK_UPLOAD_MAX_FILES
        if len(files) > limit:
            raise forms.ValidationError(
                ngettext(
                    "You chose %(count)s files; the limit is %(limit)s file per upload.",
                    "You chose %(count)s files; the limit is %(limit)s files per upload.",
                    limit,
                )
                % {"count": len(files), "limit": limit},
                code="problem-too-many-files",
            )
        per_file = settings.DECK_UPLOAD_MAX_FILE_BYTES
        staged = []
        for upload in files:
            name = clean_name(upload.name)
            if upload.size > per_file:
                raise forms.ValidationError(
                    gettext("%(name)s is %(size)s; the limit is %(limit)s per file.")
                    % {"name": name, "size": human_size(upload.size, per_file), "limit": human_size(per_file)},
                    code="problem-file-too-big",
                )
            staged.append((name, upload.read()))
        return staged

    def clean_text(self) -> bytes:
        data = self.cleaned_data["text"].encode("utf-8")
        limit = settings.DECK_UPLOAD_MAX_FILE_BYTES
        if len(data) > limit:
            raise forms.ValidationError(
                gettext("The pasted text is %(size)s; the limit is %(limit)s.")
                % {"size": human_size(len(data), limit), "limit": human_size(limit)},
                code="problem-file-too-big",
            )
        return data

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        staged = list(cleaned.get("files", []))
        if cleaned.get("text", b"").strip():
            staged.append((PASTED_NAME, cleaned["text"]))
        chosen = lesson(cleaned.get("library") or "")
        if chosen is not None:
            staged.append((chosen.filename, chosen.text.encode("utf-8")))
        if not staged:
            raise forms.ValidationError(
                gettext("Choose one or more files, or paste deals, or choose a lesson script."),
                code="problem-nothing-chosen",
            )
        total, limit = sum(len(data) for _, data in staged), settings.DECK_UPLOAD_MAX_TOTAL_BYTES
        if total > limit:
            raise forms.ValidationError(total_too_big(total, limit), code="problem-total-too-big")
        results = [read_file(name, data) for name, data in staged]
        self._run_scripts(staged, results, cleaned.get("seed") or new_seed())
        self._check_decks(results)
        cleaned["staged"], cleaned["results"] = staged, results
        return cleaned

    def _run_scripts(self, staged: list[tuple[str, bytes]], results: list[FileResult], seed: int) -> None:
        """Put each dealer script's run in place of its reading. The upload's scripts run
        one after another in one slot and one time budget (``dealer_runs.runs``); ``seed``
        is one for the whole upload (the preview says it)."""
        scripts = [i for i, result in enumerate(results) if result.format == "dlr"]
        if not scripts:
            return
        for i in scripts:
            name, data = staged[i]
            staged[i] = (PASTED_SCRIPT if name == PASTED_NAME else name, data)
        count = self.cleaned_data.get("count") or SCRIPT_COUNT
        try:
            with dealer_runs.runs(self.user_key) as runs:
                for i in scripts:
                    name, data = staged[i]
                    text, _ = decode(data)
                    results[i] = runs.make_decks(text, name=name, count=count, seed=seed).file_result()
        except dealer_runs.Busy as busy:
            raise forms.ValidationError(
                gettext("%(name)s was not run: %(why)s") % {"name": staged[scripts[0]][0], "why": busy},
                code="dealer-busy",
            ) from None

    def _check_decks(self, results: list[FileResult]) -> None:
        total, limit = sum(len(r.decks) for r in results), settings.DECK_UPLOAD_MAX_DECKS
        if total > limit:
            biggest = max(results, key=lambda r: len(r.decks))
            names = {
                "name": biggest.name,
                "files": len(results),
                "total": number_format(total, force_grouping=True),
                "limit": number_format(limit, force_grouping=True),
            }
            if len(biggest.decks) == total:
                said = gettext("%(name)s holds %(total)s decks; the limit is %(limit)s decks per upload.")
            else:
                said = gettext("these %(files)s files hold %(total)s decks; the limit is %(limit)s decks per upload.")
            raise forms.ValidationError(said % names, code="problem-too-many-decks")
        if total == 0:
            # Nothing to add: say why for every file, the reader's reason first.
            raise forms.ValidationError([forms.ValidationError(file_reason(r), code=reason_anchor(r)) for r in results])


def reason_anchor(result: FileResult) -> str:
    """The help entry of ``file_reason``'s message, found from its English (or its kind)."""
    first = result.problems[0] if result.problems else None
    return help_anchor(first.message, first.kind) if first else "problem-no-deals"


def file_reason(result: FileResult) -> str:
    """Why a file gave no deck: the reader's first problem, with the file's name."""
    first = (
        say(result.problems[0].part or result.problems[0].message)
        if result.problems
        else gettext("no deals found in this file")
    )
    if not first.startswith(result.name):  # "empty.pbn is empty" names the file already
        first = f"{result.name}: {first}"
    more = len(result.problems) - 1
    if more > 0:
        return (
            first
            + " "
            + ngettext("(and %(count)s more problem)", "(and %(count)s more problems)", more) % {"count": more}
        )
    return first


def parse_key(text: str) -> DeckKey:
    f, _, d = text.partition("-")
    file, deck = bounded_int(f, MAX_KEY), bounded_int(d, MAX_KEY)
    if file is None or deck is None:
        raise forms.ValidationError(
            gettext("That deck choice is not one of this upload's decks."), code="problem-deck-choice"
        )
    return file, deck


class AddDecksForm(forms.Form):
    """Which flagged duplicates the host ticked back in ("0-12": file 0, deck 12)."""

    include = forms.Field(required=False, widget=forms.MultipleHiddenInput)
    include_all = forms.BooleanField(required=False, label=_("Add the duplicates too"))

    def clean_include(self) -> set[DeckKey]:
        return {parse_key(str(value)) for value in self.cleaned_data["include"] or []}


class DeckChoiceForm(forms.ModelForm):
    """How the previewed decks are turned and numbered before "Add Decks to Game"."""

    renumber_from = forms.IntegerField(
        label=_("Number the boards from"),
        required=False,
        min_value=1,
        max_value=99_999,
        help_text=_("Leave empty to keep the files' board numbers."),
    )
    vul_follows_number = forms.TypedChoiceField(
        label=_("Dealer and vulnerability of renumbered boards"),
        choices=[("0", _("Keep the file's")), ("1", _("Follow the new number (16-board cycle)"))],
        coerce=lambda value: value == "1",
        required=False,
        empty_value=False,  # type: ignore[arg-type]  # a bool field's empty value: the stubs say str only
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # the radio buttons' values are "0" and "1", the model's False and True
        self.initial["vul_follows_number"] = "1" if self.instance.vul_follows_number else "0"

    class Meta:
        model = Upload
        fields = ("rotation", "renumber_from", "vul_follows_number")
        labels = {"rotation": _("Rotation")}
