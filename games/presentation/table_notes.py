"""A teacher's notes as a seat's page shows them: above the lesson text, new ones marked
until the viewer marks them read, and each announced once to a screen reader.

What a viewer has had of a table's notes is kept in their session, per table: the newest
note their page has shown (``shown``: a note past it arrives with this drawing, and the
page's polite live region says it once) and the newest they marked read (``read``: a note
past it wears a "new" badge). Note ids only grow, so two ids say it all.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.presentation.lesson_text import Shown, notes_shown

SESSION_KEY = "table_notes"


@dataclass(frozen=True, slots=True)
class NoteShown:
    item: Shown  # place, words as safe HTML, author
    new: bool  # not yet marked read by this viewer


@dataclass(frozen=True, slots=True)
class TableNotes:
    notes: tuple[NoteShown, ...] = ()
    news: tuple[Shown, ...] = ()  # arrived with this drawing: for the live region
    newest: int = 0  # the newest note's id, which "Mark as read" posts

    @property
    def unread(self) -> bool:
        return any(note.new for note in self.notes)


def table_key(game_pk: int, table: int) -> str:
    return f"{game_pk}:{table}"


def _had(session: MutableMapping[str, Any], key: str) -> tuple[int, int]:
    shown, read = session.get(SESSION_KEY, {}).get(key, (0, 0))
    return int(shown), int(read)


def _keep(session: MutableMapping[str, Any], key: str, shown: int, read: int) -> None:
    kept = dict(session.get(SESSION_KEY, {}))
    kept[key] = [shown, read]
    session[SESSION_KEY] = kept  # a new value: the session knows it changed


def table_notes(session: MutableMapping[str, Any], key: str, notes: Sequence[Any], *, announce: bool) -> TableNotes:
    """The notes (``BoardNote`` rows, ``written_by`` loaded, oldest first) of the table
    ``key`` as this drawing of the viewer's page shows them; ``announce``: the drawing
    replaces part of a page already open (a poll), whose live region says the notes that
    arrive with it. The session then holds them as shown."""
    if not notes:
        return TableNotes()
    shown, read = _had(session, key)
    items = notes_shown(notes)
    newest = max(note.pk for note in notes)
    news = tuple(item for item, note in zip(items, notes) if note.pk > shown) if announce else ()
    if newest > shown:
        _keep(session, key, newest, read)
    return TableNotes(
        notes=tuple(NoteShown(item, note.pk > read) for item, note in zip(items, notes)),
        news=news,
        newest=newest,
    )


def mark_read(session: MutableMapping[str, Any], key: str, upto: int) -> None:
    """The viewer has read the table's notes up to id ``upto`` (the newest their page
    showed: one written since keeps its badge)."""
    shown, read = _had(session, key)
    if upto > read:
        _keep(session, key, max(shown, upto), upto)
