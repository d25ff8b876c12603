"""A board's teaching text as a page shows it: the file's words, safe, with the markup
lesson tools write turned into formatting.

Lesson files carry HTML (BridgeComposer writes ``<b>``, ``<i>``, ``<u>``, ``<br>`` and
paragraphs) and suit escapes (BridgeComposer's ``\\S \\H \\D \\C``, BBO's ``@S @H @D @C``
in either case). ``lesson_html`` keeps that small subset through nh3 (the Ammonia
sanitiser) with an allow-list of tags and no attributes at all, so a ``<script>``, an
``onerror=``, a ``javascript:`` link or a ``style=`` never reaches a page as markup: a
tag not allowed is dropped (its words stay, a script's and a style's go with it), and
every other character is escaped. The suit escapes become the site's suit symbols
(``bridge.suit``). Line ends in the text are line breaks.

A teacher's note from the table (``BoardNote``) goes the same way. The hand records
print the words alone (``games.formats.commentary.plain_text``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import nh3
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.formats.commentary import SUIT_ESCAPE
from games.formats.model import Comment
from games.models.deck import comments_of
from games.presentation.pdf_labels import places
from games.templatetags.bridge import suit

ALLOWED_TAGS = {"b", "strong", "i", "em", "u", "br", "p"}
_BLANK_LINES = re.compile(r"\n(?:[ \t]*\n)+")
_EDGE_BREAKS = re.compile(r"^(?:\s|<br>)+|(?:\s|<br>)+$")


def lesson_html(text: str) -> SafeString:
    """``text`` (a comment as the file writes it) as safe HTML for a page."""
    text = _BLANK_LINES.sub("<br><br>", text.strip()).replace("\n", "<br>")
    cleaned = nh3.clean(
        text,
        tags=ALLOWED_TAGS,
        attributes={"*": set()},  # not {}: Ammonia then keeps lang and title on every tag
        clean_content_tags={"script", "style"},
        strip_comments=True,
        link_rel=None,
    )
    # nh3's output holds no attribute (none is allowed), so a suit escape can only be text.
    with_suits = SUIT_ESCAPE.sub(lambda m: suit((m.group(1) or m.group(2)).upper()), cleaned)
    return mark_safe(_EDGE_BREAKS.sub("", with_suits))  # nh3 made it safe; the suits are ours


@dataclass(frozen=True, slots=True)
class Shown:
    """One comment as a page lists it: where it stands ("after call 3"; "" for the whole
    board) and its text as safe HTML; ``by`` names a teacher's note's author."""

    place: str
    html: SafeString
    by: str = ""
    length: int = 0  # the comment's characters as written: a long text is folded


def shown(comments: Iterable[Comment]) -> tuple[Shown, ...]:
    """A board's comments, in order, ready for ``partials/lesson_text.html``."""
    words = places()
    return tuple(Shown(c.place_in(words), lesson_html(c.text), length=len(c.text)) for c in comments)


FOLD_AT = 600  # characters past which a board's text starts folded (<details>)


def folded(items: Iterable[Shown]) -> bool:
    """Whether a board's text is long enough to start folded."""
    items = tuple(items)
    return len(items) > 4 or sum(item.length for item in items) > FOLD_AT


def notes_shown(notes: Iterable) -> tuple[Shown, ...]:
    """A teacher's notes (``BoardNote`` rows, with ``written_by`` loaded) as the page lists them."""
    words = places()
    return tuple(
        Shown(
            Comment(note.text, note.section, note.at).place_in(words),
            lesson_html(note.text),
            by=note.written_by.get_username() if note.written_by else gettext("the teacher"),
            length=len(note.text),
        )
        for note in notes
    )


def context(
    comments: Iterable[Any] | None, notes: Iterable[Any] = (), heading: str = "", fold: bool | None = None
) -> dict[str, Any]:
    """What ``partials/lesson_text.html`` shows: ``comments`` (the reader's ``Comment``
    values or ``Deck.commentary``'s rows), then the teacher's ``notes``; ``fold``: start
    closed (None: when long)."""
    comments = list(comments or ())
    if comments and not isinstance(comments[0], Comment):
        comments = list(comments_of(comments))
    items = shown(comments) + notes_shown(notes or ())
    return {
        "items": items,
        "heading": heading or gettext("Lesson text"),
        "folded": folded(items) if fold is None else fold,
    }
