"""Staged uploads: files a host sent but has not added to the game yet.

An ``Upload`` keeps the raw bytes and names of its files and what the reader found
in each (decks and problems, ``UploadFile.result``), read once when the files
arrive: the preview pages and "Add Decks to Game" use that, so a slow file costs
one read, never a read under the add's write lock. Uploads expire after
``settings.DECK_UPLOAD_EXPIRY_HOURS``; ``manage.py purge_uploads`` deletes expired ones.

The duplicate rule (``find_duplicates``) and the choice of decks to add
(``chosen_batches``) live here too, so the web upload and ``import_decks``
leave out the same decks.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Collection, Sequence
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from games.bridge.rotate import DeckChoice, apply_choice, apply_choice_to
from games.formats import FileResult, Problem, read_decks
from games.formats.model import Deck as ParsedDeck
from games.formats.stored import VERSION as stored_version
from games.formats.stored import deck_from_json, result_from_json, result_to_json

DeckKey = tuple[int, int]  # (file number, deck number in that file's result), both 0-based


def read_file(name: str, data: bytes) -> FileResult:
    """``read_decks`` plus the one check it leaves to us: an empty file says so by name."""
    if not data.strip():
        return FileResult(name=name, problems=[Problem(message=f"{name} is empty", line=1, kind="empty")])
    return read_decks(data, name)


def problem_text(problem: Problem) -> str:
    """ "line 11, board 2: North has 12 cards", or "line 47, deal 1: ..." for a deal without
    a board number (the reader's own "deal 1 (line 47): " prefix is not said twice)."""
    if not problem.line:  # a whole run's or file's problem (a dealer script's): no line to name
        return problem.message
    where = f"line {problem.line}" + (f", board {problem.board}" if problem.board else "")
    message = problem.message
    if problem.board and message.startswith(f"board {problem.board}: "):
        message = message[len(f"board {problem.board}: ") :]
    elif not problem.board and problem.index is not None:
        prefix = f"deal {problem.index + 1} (line {problem.line}): "
        if message.startswith(prefix):
            where, message = f"line {problem.line}, deal {problem.index + 1}", message[len(prefix) :]
    return f"{where}: {message}"


def find_duplicates(queued: Collection[str], results: Sequence[FileResult]) -> dict[DeckKey, str]:
    """Decks already queued in the game, or repeated within this upload, with the reason.

    The first occurrence in the upload is kept; later ones are flagged.
    """
    seen: dict[str, DeckKey] = {}
    duplicates: dict[DeckKey, str] = {}
    for f, result in enumerate(results):
        for d, deck in enumerate(result.decks):
            if deck.deal in queued:
                duplicates[(f, d)] = "already queued in this game"
            elif deck.deal in seen:
                first_f, first_d = seen[deck.deal]
                label = deck_label(results[first_f].decks[first_d], first_d)
                duplicates[(f, d)] = f"same deal as {label} of {results[first_f].name}"
            else:
                seen[deck.deal] = (f, d)
    return duplicates


def deck_label(deck: ParsedDeck, number: int) -> str:
    return f"board {deck.board}" if deck.board else f"deck {number + 1}"


def chosen_batches(
    results: Sequence[FileResult],
    duplicates: dict[DeckKey, str],
    include: Collection[DeckKey] = (),
) -> list[tuple[list[ParsedDeck], str, str]]:
    """(decks, file name, format) per file, in file order, duplicates left out unless included."""
    batches = []
    for f, result in enumerate(results):
        decks = [deck for d, deck in enumerate(result.decks) if (f, d) not in duplicates or (f, d) in include]
        if decks:
            batches.append((decks, result.name, result.format))
    return batches


def queued_deals(game) -> set[str]:
    return set(game.queued().values_list("deal", flat=True))


def storage_full(error: DatabaseError) -> bool:
    """Whether the database refused a write for want of disk space: SQLite's SQLITE_FULL
    ("database or disk is full") or PostgreSQL's disk_full (SQLSTATE 53100)."""
    cause = error.__cause__
    code = getattr(cause, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF == sqlite3.SQLITE_FULL
    return getattr(cause, "sqlstate", None) == "53100"


class UploadQuerySet(models.QuerySet):
    def live(self) -> UploadQuerySet:
        return self.filter(expires_at__gt=timezone.now())

    def expired(self) -> UploadQuerySet:
        return self.filter(expires_at__lte=timezone.now())

    def pending(self, game, host, limit: int = 5) -> list[Upload]:
        """The host's latest uploads to this game that wait for "Add Decks to Game"."""
        names = models.Prefetch("files", UploadFile.objects.only("upload_id", "position", "name"))  # not the bytes
        return list(self.live().filter(game=game, host=host, added_at=None).prefetch_related(names)[:limit])


def default_expiry():
    return timezone.now() + timedelta(hours=settings.DECK_UPLOAD_EXPIRY_HOURS)


ROTATION_CHOICES = [
    ("0", gettext_lazy("As in the file")),
    ("90", gettext_lazy("Turn 90° clockwise (North's hand to East)")),
    ("180", gettext_lazy("Turn 180° (North's hand to South)")),
    ("270", gettext_lazy("Turn 270° clockwise (North's hand to West)")),
    ("south-declares", gettext_lazy("South declares (each deck turned so its declarer sits South)")),
    ("south-deals", gettext_lazy("South deals (each deck turned so its dealer sits South)")),
]


class Upload(models.Model):
    """One press of "Upload": its files, waiting for "Add Decks to Game", and how the host
    chose to turn and number their decks (applied to the preview and the add alike)."""

    token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="uploads")
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_uploads")
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField(default=default_expiry, db_index=True)
    added_at = models.DateTimeField(null=True, blank=True)
    added_count = models.PositiveIntegerField(default=0)
    found_count = models.PositiveIntegerField(default=0)  # decks the reader found in the files
    problem_count = models.PositiveIntegerField(default=0)  # problems it reported
    rotation = models.CharField(max_length=16, choices=ROTATION_CHOICES, default="0")
    renumber_from = models.PositiveIntegerField(null=True, blank=True)  # None: the files' own numbers
    vul_follows_number = models.BooleanField(default=False)  # renumbered boards take the new number's

    objects = UploadQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"upload #{self.pk} to {self.game}"

    @classmethod
    def stage(
        cls, game, host, files: Sequence[tuple[str, bytes]], results: Sequence[FileResult] | None = None
    ) -> Upload:
        """Keep the files (name, bytes) and what the reader found in them (``results``,
        in the same order; read here when not given). Nothing joins the queue yet."""
        if results is None:
            results = [read_file(name, data) for name, data in files]
        if len(results) != len(files):
            raise ValueError(f"{len(files)} files but {len(results)} results")
        with transaction.atomic():
            upload = cls.objects.create(
                game=game,
                host=host,
                found_count=sum(len(r.decks) for r in results),
                problem_count=sum(len(r.problems) for r in results),
            )
            UploadFile.objects.bulk_create(
                UploadFile(
                    upload=upload,
                    position=i,
                    name=name,
                    size=len(data),
                    data=data,
                    result=result_to_json(result),
                    deck_count=len(result.decks),
                )
                for i, ((name, data), result) in enumerate(zip(files, results))
            )
        return upload

    def results(self) -> list[FileResult]:
        """What the reader found in each file when it was uploaded, in upload order (a file
        kept without a result of the current layout is read again)."""
        return [f.stored_result() for f in self.files.defer("data").order_by("position")]

    @property
    def choice(self) -> DeckChoice:
        return DeckChoice(self.rotation, self.renumber_from, self.vul_follows_number)

    def results_as_chosen(self) -> tuple[list[FileResult], list[DeckKey]]:
        """The files' decks turned and numbered as chosen, and the decks a rotation could
        not apply to ("South declares" without a contract), which stay as they were."""
        return apply_choice(self.results(), self.choice)

    def deck_as_chosen(self, file: int, index: int) -> tuple[str, ParsedDeck] | None:
        """(file name, deck) for one deck, turned and numbered as chosen, reading only that
        deck of the stored result (a 20,000-deck file is not loaded to show one of them);
        None when there is no such deck."""
        row = self.files.filter(position=file).values_list("name", "result__version", f"result__decks__{index}").first()
        if row is None or index < 0:
            return None
        name, version, stored = row
        if version == stored_version and stored is not None:
            deck = deck_from_json(stored)
        else:  # kept without a result of the current layout: read the file again
            decks = self.files.get(position=file).stored_result().decks
            if index >= len(decks):
                return None
            deck = decks[index]
        before = self.files.filter(position__lt=file).aggregate(n=models.Sum("deck_count"))["n"] or 0
        return name, apply_choice_to(deck, self.choice, before + index)

    def add_to_game(self, include: Collection[DeckKey] = (), *, include_all: bool = False) -> int | None:
        """Add the previewed decks to the game, all or none; None when already added.

        Duplicates (``find_duplicates``) are left out unless their key is in
        ``include`` or ``include_all`` is set. 0 when nothing was chosen (the
        upload stays open).

        The upload row is locked and marked inside the same transaction as the
        append, so a double click adds the decks once. The decks are loaded before
        that transaction: under its lock only the queue's deals are read and rows written.
        """
        results, _ = self.results_as_chosen()
        with transaction.atomic():
            upload = Upload.objects.select_for_update().get(pk=self.pk)
            if upload.added_at is not None:
                return None
            self.game._locked()  # the queue we check for duplicates is the one we append to
            duplicates = find_duplicates(queued_deals(self.game), results)
            batches = chosen_batches(results, duplicates, duplicates.keys() if include_all else include)
            if not batches:
                return 0
            added = self.game.add_deck_batches(batches, uploaded_by=self.host, locked=True, upload=self)
            self.added_at, self.added_count = timezone.now(), added
            Upload.objects.filter(pk=self.pk).update(added_at=self.added_at, added_count=self.added_count)
            return self.added_count


class UploadFile(models.Model):
    """One file of an upload (or the pasted text), as sent, name already cleaned."""

    upload = models.ForeignKey(Upload, on_delete=models.CASCADE, related_name="files")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=255)
    size = models.PositiveIntegerField()
    data = models.BinaryField()
    result = models.JSONField(null=True, blank=True)  # games.formats.stored: the reader's FileResult
    deck_count = models.PositiveIntegerField(default=0)  # decks in ``result``

    class Meta:
        ordering = ["upload", "position"]
        constraints = [models.UniqueConstraint(fields=["upload", "position"], name="upload_file_position_unique")]

    def __str__(self) -> str:
        return self.name

    def stored_result(self) -> FileResult:
        """What the reader found when the file was uploaded; read again only when no result
        of the current layout was kept."""
        return result_from_json(self.result) or read_file(self.name, bytes(self.data))
