"""Every text a visitor reads in the site's templates goes through the catalogues: once
comments, {% translate %} and {% blocktranslate %}, variables, tags and entities are taken
out, no word is left, in the text or in the attributes a visitor reads or hears (title,
alt, placeholder, aria-label, an optgroup's label, hx-confirm's question, a submit
button's value).

Not checked: the help pages (help_upload, help_dealer, help_lesson) and their per-language
copies under templates/games/<lang>/, which are written in each language as a whole.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.bridge.words import LANGUAGES

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
WRITTEN_PER_LANGUAGE = {"games/help_upload.html", "games/help_dealer.html", "games/help_lesson.html"}
# Words that are no language's: the site's name, and the names of file formats and of
# Debian's program, which every language writes as they are.
NOT_WORDS = re.compile(r"Deck Upload Bridge|\b(?:PBN|LIN|PDF|DUP|BRI|DGE|DLM|RBN)\b")

COMMENT = re.compile(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}|{#.*?#}", re.S)
BLOCKTRANSLATE = re.compile(r"{%\s*blocktrans(?:late)?\b.*?%}.*?{%\s*endblocktrans(?:late)?\s*%}", re.S)
CLASS_BLOCK = re.compile(r"{%\s*block\s+\w*class\s*%}.*?{%\s*endblock\b.*?%}", re.S)  # class names: bodyclass
TEMPLATE_CODE = re.compile(r"{{.*?}}|{%.*?%}", re.S)
SCRIPT = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
READ_ATTRIBUTE = re.compile(
    r"""(?<![\w-])(?:title|alt|placeholder|aria-label|label|hx-confirm)\s*=\s*(["'])(.*?)\1""", re.S | re.I
)
SUBMIT_VALUE = re.compile(r"""<input\b[^>]*\btype="(?:submit|button)"[^>]*\bvalue="([^"]*)\"""", re.I)
TAG = re.compile(r"<[^>]*>", re.S)
ENTITY = re.compile(r"&(?:#\d+|#x[0-9a-f]+|[a-z]+);", re.I)
LETTERS = re.compile(r"[^\W\d_]{2,}")  # a word; a lone letter is a suit, a seat or a rank


def template_paths() -> list[str]:
    found = []
    for path in sorted(TEMPLATES.rglob("*")):
        name = path.relative_to(TEMPLATES).as_posix()
        if not path.is_file() or name in WRITTEN_PER_LANGUAGE:
            continue
        if any(name.startswith(f"games/{language}/") for language in LANGUAGES):
            continue
        found.append(name)
    return found


def bare_words(source: str) -> list[str]:
    """The words of a template that no translation tag holds."""
    text = COMMENT.sub(" ", source)
    text = BLOCKTRANSLATE.sub(" ", text)
    text = CLASS_BLOCK.sub(" ", text)
    text = TEMPLATE_CODE.sub(" ", text)  # {% translate %} too
    text = SCRIPT.sub(" ", text)
    read = [m[2] for m in READ_ATTRIBUTE.finditer(text)] + SUBMIT_VALUE.findall(text)
    text = ENTITY.sub(" ", TAG.sub(" ", text))
    return [word for part in [text, *read] for word in LETTERS.findall(NOT_WORDS.sub(" ", part))]


def test_the_check_sees_the_templates():
    names = template_paths()
    assert "base.html" in names and "registration/password_reset_email.txt" in names
    assert "games/help_upload.html" not in names and not any(n.startswith("games/fr/") for n in names)


@pytest.mark.parametrize(
    "source, words",
    [
        ('<p title="Move up">{% translate "Upload" %}</p>', ["Move", "up"]),
        ("<h1>Upload Decks</h1>", ["Upload", "Decks"]),
        ('<input type="submit" value="Filter">', ["Filter"]),
        ('<button hx-confirm="Remove it?">{% translate "Remove" %}</button>', ["Remove", "it"]),
        ("{% blocktranslate count n=n %}{{ n }} deck{% plural %}{{ n }} decks{% endblocktranslate %}", []),
        ('{# a note #}{% comment %}Words{% endcomment %}<a href="/x" class="button">{{ name }}</a> · PBN', []),
        ('<input type="hidden" name="board" value="{{ b }}"><span class="suit">♠</span> N &rsaquo;', []),
        ("{% block bodyclass %}{{ block.super }} delete-confirmation{% endblock %}", []),
    ],
)
def test_the_check_finds_bare_words(source, words):
    assert bare_words(source) == words


@pytest.mark.parametrize("name", template_paths())
def test_every_text_a_visitor_reads_is_wrapped(name):
    words = bare_words((TEMPLATES / name).read_text(encoding="utf-8"))
    assert not words, f"{name}: words outside {{% translate %}}: {' '.join(words)}"
