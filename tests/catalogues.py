"""Reading the translation catalogues in tests: the messages a set of templates and
Python modules ask for (extracted as ``manage.py makemessages`` does: Django's
templatize, then GNU xgettext with Django's keywords), and the entries of a .po file.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
# makemessages's own xgettext keywords (django/core/management/commands/makemessages.py)
KEYWORDS = (
    "--keyword=gettext_noop",
    "--keyword=gettext_lazy",
    "--keyword=ngettext_lazy:1,2",
    "--keyword=pgettext:1c,2",
    "--keyword=npgettext:1c,2,3",
    "--keyword=pgettext_lazy:1c,2",
    "--keyword=npgettext_lazy:1c,2,3",
)


@dataclass(frozen=True, slots=True)
class Entry:
    context: str
    msgid: str
    plural: str
    msgstr: tuple[str, ...]  # one, or one per plural form
    fuzzy: bool
    line: int


def parse_po(text: str) -> list[Entry]:
    """The entries of a .po file (obsolete ``#~`` entries left out), the header included."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    flags: set[str] = set()
    current = ""
    start = 0

    def flush() -> None:
        if "msgid" in fields:
            forms = sorted((k for k in fields if k.startswith("msgstr")), key=lambda k: (len(k), k))
            entries.append(
                Entry(
                    fields.get("msgctxt", ""),
                    fields["msgid"],
                    fields.get("msgid_plural", ""),
                    tuple(fields[k] for k in forms),
                    "fuzzy" in flags,
                    start,
                )
            )
        fields.clear()
        flags.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            flush()
            continue
        if line.startswith("#,"):
            flush()
            flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        if line.startswith("#"):
            continue
        if line.startswith('"'):
            fields[current] += ast.literal_eval(line)
            continue
        key, _, value = line.partition(" ")
        if key in ("msgctxt", "msgid") and key in fields or (key == "msgctxt" and "msgid" in fields):
            flush()
        if not fields:
            start = number
        current = key
        fields[key] = ast.literal_eval(value)
    flush()
    return entries


def plural_count(entries: list[Entry]) -> int:
    """nplurals from the header's Plural-Forms."""
    header = next(e for e in entries if e.msgid == "" and not e.context)
    found = re.search(r"nplurals\s*=\s*(\d+)", header.msgstr[0])
    assert found, "the catalogue's header has no Plural-Forms"
    return int(found[1])


def catalogue(language: str) -> list[Entry]:
    return parse_po((LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8"))


def extract(paths: list[str]) -> list[Entry]:
    """The messages these templates and Python files ask for, as makemessages finds them."""
    from django.utils.translation.template import templatize

    xgettext = shutil.which("xgettext")
    assert xgettext, "xgettext not found (Debian's gettext package)"
    with tempfile.TemporaryDirectory() as folder:
        sources = []
        for path in paths:
            source = ROOT / path
            if source.suffix == ".py":
                sources.append(str(source))
                continue
            target = Path(folder) / (path.replace("/", "__") + ".py")
            target.write_text(templatize(source.read_text(encoding="utf-8"), origin=path), encoding="utf-8")
            sources.append(str(target))
        found = subprocess.run(
            [xgettext, "--language=Python", "--from-code=UTF-8", *KEYWORDS, "--output=-", *sources],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    return [entry for entry in parse_po(found) if entry.msgid]
