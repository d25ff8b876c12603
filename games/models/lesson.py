"""Lesson text at the table: when the seats see a board's commentary, and the teacher's
notes on a board.

A game's rule "Show the lesson text" (``Game.show_lesson``) says when the seats of its
table get the file's commentary of the board on the table: never, once the board is
played (over, ended or revealed: the default, as a teacher wants the students to play
first), or with the deal, before the auction (a lesson that sets a problem). Until then
no seat gets it in any response: ``seats_see_lesson`` is the one place that decides, and
the seat view, the dealt boards' export for a seated manager and the admin ask it. The
host off the table always sees it.

A teacher watching a Join table (``teacher.html``) may add a note to the board
(``BoardNote``): every seat sees it at once, placed where the board stood when it was
written (after call 3, at trick 2), and the dealt boards' export writes it as commentary
of that board.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.formats.commentary import clean
from games.formats.model import Comment
from games.models.deck import DealtBoard

MAX_NOTE_CHARS = 500  # one note
MAX_NOTES = 30  # a board's notes


class LessonRule(models.TextChoices):
    NEVER = "never", _("Never")
    AFTER = "after", _("After the board is played")
    WITH_DEAL = "deal", _("With the deal, before the auction")


def seats_see_lesson(rule: str, board: DealtBoard, *, revealed: bool | None = None) -> bool:
    """Whether the seats of a table playing under ``rule`` see ``board``'s lesson text
    now. ``revealed``: whether the board's hands were shown there (``board.revealed_here``
    when None); ``board.played``: its play there (``prefetch_plays``), None when not played."""
    if rule == LessonRule.WITH_DEAL:
        return True
    if rule != LessonRule.AFTER:
        return False
    if revealed is None:
        revealed = getattr(board, "revealed_here", False)
    play = getattr(board, "played", None)
    return revealed or (play is not None and play.closed)


class NoteError(Exception):
    """A note that cannot be added; the message is for the teacher."""


class BoardNote(models.Model):
    """A teacher's note on a dealt board, written while watching the table."""

    board = models.ForeignKey(DealtBoard, on_delete=models.CASCADE, related_name="teacher_notes")
    # The table the note is to: the seats there read it (each table plays the board apart).
    table = models.ForeignKey(
        "games.JoinTable", null=True, blank=True, on_delete=models.CASCADE, related_name="notes", db_index=False
    )
    text = models.TextField(
        help_text="As the teacher wrote it; shown through games.presentation.lesson_text, never as is."
    )
    section = models.CharField(max_length=8, blank=True)  # as Comment.section: "", "auction" or "play"
    at = models.PositiveSmallIntegerField(default=0)  # as Comment.at
    written_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    written_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["board", "pk"]

    def __str__(self) -> str:
        return f"note on {self.board}"

    @property
    def comment(self) -> Comment:
        return Comment(self.text, self.section, self.at)

    @classmethod
    def add(cls, board: DealtBoard, text: str, by, table=None) -> BoardNote:
        """A note on ``board`` to ``table`` (the game's first when None), placed where its
        play there stands now (``board.played``, read when not attached); the table's
        version moves on, so every seat's page shows it at the next poll."""
        if table is None:
            table = board.game.join_tables.get_or_create(number=1)[0]  # as JoinTable.for_game
        table.play_of(board)  # unless loaded with it
        text = clean(text).strip()
        if not text:
            raise NoteError(gettext("Write the note first."))
        if len(text) > MAX_NOTE_CHARS:
            raise NoteError(
                gettext("A note holds %(most)s characters at most: this one has %(count)s.")
                % {"most": MAX_NOTE_CHARS, "count": len(text)}
            )
        with transaction.atomic():
            if cls.objects.filter(board=board, table=table).count() >= MAX_NOTES:
                raise NoteError(
                    gettext("Board %(board)s has %(count)s notes already.")
                    % {"board": board.board_number, "count": MAX_NOTES}
                )
            section, at = note_place(board)
            note = cls.objects.create(board=board, table=table, text=text, section=section, at=at, written_by=by)
            type(table).objects.filter(pk=table.pk).update(version=F("version") + 1)
        return note


def note_place(board: DealtBoard) -> tuple[str, int]:
    """Where the board stands, as a comment's place: after the last call, at the trick of
    the last card (before the opening lead: ("play", 0)); the board as a whole before
    the first call and once it is over."""
    play = getattr(board, "played", None)
    if play is None or play.closed or not play.calls:
        return "", 0
    state = play.state()
    if not state.auction_over:
        return "auction", len(state.calls)
    return "play", (len(state.cards) + 3) // 4
