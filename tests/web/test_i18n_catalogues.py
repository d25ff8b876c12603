"""The catalogues (locale/<lang>/LC_MESSAGES/django.po) translate every message the
wrapped templates and modules ask for, in all five languages: none missing, empty or
fuzzy, each plural with all of the language's forms, each placeholder kept, and no
straight quote or markup that the English does not have (templates print translations
unescaped, some inside attributes).

WRAPPED lists what is wrapped in {% translate %} / gettext so far: add a template or a
module here when its texts are wrapped, and the check covers it.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.catalogues import LOCALE, catalogue, extract, plural_count

LANGUAGES = ["pl", "nl", "fr", "it", "sv"]
WRAPPED = [
    "deckupload/settings.py",  # the languages' names
    "games/templatetags/bridge.py",  # the compass diagram's labels
    "games/templatetags/play_table.py",  # the playing and hidden hands, the trick
    "templates/partials/language_form.html",
    "templates/games/partials/play_board.html",
    "templates/games/partials/play_hand.html",
    "templates/games/partials/play_panel.html",
    "templates/games/partials/play_total.html",
    "templates/games/partials/play_trick.html",
    "templates/games/partials/seat_record.html",
    "templates/games/partials/seat_view.html",  # its bridge words so far
    "templates/games/partials/table_news.html",  # the table's news: static/games/table.js reads them
    # The texts built in Python: the presentation, the views' messages and questions, the
    # forms, the models' labels and refusals, the admin, the jobs and the PDFs' labels.
    "games/presentation/lesson_scripts.py",
    "games/presentation/lesson_text.py",
    "games/presentation/play_view.py",
    "games/presentation/pdf_labels.py",
    "games/presentation/results_sheet.py",
    "games/presentation/seats.py",
    "games/presentation/result_text.py",
    "games/presentation/rules_said.py",
    "games/presentation/movement_said.py",
    "games/views/accounts.py",
    "games/views/club.py",
    "games/views/exports.py",
    "games/views/help.py",
    "games/views/jobs.py",
    "games/views/join.py",
    "games/views/manage.py",
    "games/views/play.py",
    "games/views/queue.py",
    "games/views/table.py",
    "games/views/teacher.py",
    "games/forms/accounts.py",
    "games/forms/game.py",
    "games/forms/upload.py",
    "games/models/analysis.py",
    "games/models/board_play.py",
    "games/models/club.py",
    "games/models/deck.py",
    "games/models/game.py",
    "games/models/job.py",
    "games/models/join/errors.py",
    "games/models/join/movement.py",
    "games/models/join/rounds.py",
    "games/models/join/seating.py",
    "games/models/join/tables.py",
    "games/models/lesson.py",
    "games/models/upload.py",
    "games/admin/club_results.py",
    "games/admin/lists.py",
    "games/admin/review.py",
    "games/admin/uploads.py",
    "games/tasks.py",
    "games/formats/messages.py",  # the readers' problems and notes, marked here, said by problem_text
    "games/presentation/problem_text.py",
    "games/presentation/difference_text.py",
    "templates/400.html",
    "templates/403.html",
    "templates/404.html",
    "templates/500.html",
    "templates/admin/games/game/results.html",
    "templates/admin/games/typed_filter.html",
    "templates/admin/games/upload/change_form.html",
    "templates/admin/games/upload/files.html",
    "templates/admin/games/upload/remove_decks.html",
    "templates/base.html",
    "templates/games/analysis.html",
    "templates/games/export_too_many.html",
    "templates/games/game.html",
    "templates/games/game_delete.html",
    "templates/games/game_settings.html",
    "templates/games/home.html",
    "templates/games/job.html",
    "templates/games/job_busy.html",
    "templates/games/join_invite.html",
    "templates/games/join_table.html",
    "templates/games/new_game.html",
    "templates/games/partials/analysis.html",
    "templates/games/partials/club_dealt.html",
    "templates/games/partials/help_sample.html",
    "templates/games/partials/club_overview.html",
    "templates/games/partials/lesson_text.html",
    "templates/games/partials/table_notes.html",
    "templates/games/partials/seat_panel.html",
    "templates/games/results.html",
    "templates/games/tables.html",
    "templates/games/teacher.html",
    "templates/games/upload.html",
    "templates/registration/account.html",
    "templates/registration/locked_out.html",
    "templates/registration/login.html",
    "templates/registration/password_change.html",
    "templates/registration/password_changed.html",
    "templates/registration/password_reset_complete.html",
    "templates/registration/password_reset_confirm.html",
    "templates/registration/password_reset_done.html",
    "templates/registration/password_reset_email.txt",
    "templates/registration/password_reset_form.html",
    "templates/registration/password_reset_subject.txt",
    "templates/registration/signup.html",
]
PLACEHOLDER = re.compile(r"%\([a-z_]+\)s")


@pytest.fixture(scope="module")
def wanted():
    if not shutil.which("xgettext"):
        pytest.skip("xgettext not found: apt-get install gettext")
    found = extract(WRAPPED)
    assert len(found) > 50, "the wrapped templates ask for fewer messages than they did"
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_wrapped_message_is_translated(wanted, language):
    entries = catalogue(language)
    have = {(e.context, e.msgid): e for e in entries}
    forms = plural_count(entries)
    problems = []
    for message in wanted:
        entry = have.get((message.context, message.msgid))
        where = f"{message.context + ' | ' if message.context else ''}{message.msgid!r}"
        if entry is None:
            problems.append(f"missing: {where}")
        elif entry.fuzzy:
            problems.append(f"fuzzy: {where}")
        elif not all(entry.msgstr) or not entry.msgstr:
            problems.append(f"empty: {where}")
        elif message.plural and (entry.plural != message.plural or len(entry.msgstr) != forms):
            problems.append(f"plural forms ({len(entry.msgstr)} of {forms}): {where}")
    assert not problems, f"{language}: " + "; ".join(problems) + " (make messages, then translate)"


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_the_placeholders_and_add_no_markup(wanted, language):
    have = {(e.context, e.msgid): e for e in catalogue(language)}
    problems = []
    for message in wanted:
        entry = have.get((message.context, message.msgid))
        if entry is None:
            continue  # the test above names it
        names = set(PLACEHOLDER.findall(message.msgid + message.plural))
        for text in entry.msgstr:
            if set(PLACEHOLDER.findall(text)) != names:
                problems.append(f"placeholders of {message.msgid!r}: {text!r}")
            for mark in '"<>&':
                if text.count(mark) > message.msgid.count(mark):
                    problems.append(f"{mark} in {text!r}")
    assert not problems, f"{language}: " + "; ".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_header_names_the_language_and_its_plurals(language):
    header = next(e for e in catalogue(language) if e.msgid == "")
    assert not header.fuzzy
    assert f"Language: {language}\n" in header.msgstr[0]
    assert "charset=UTF-8" in header.msgstr[0] and "Plural-Forms: nplurals=" in header.msgstr[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_msgfmt_accepts_the_catalogue(language):
    msgfmt = shutil.which("msgfmt")
    if not msgfmt:
        pytest.skip("msgfmt not found: apt-get install gettext")
    po = LOCALE / language / "LC_MESSAGES" / "django.po"
    result = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True)
    assert result.returncode == 0 and not result.stderr, result.stderr


def test_no_compiled_catalogue_is_committed():
    tracked = subprocess.run(
        ["git", "ls-files", "--", "locale"], cwd=LOCALE.parent, capture_output=True, text=True, check=True
    ).stdout.split()
    if not tracked:
        pytest.skip("not a git checkout")
    assert not [path for path in tracked if path.endswith(".mo")]
    ignored = subprocess.run(["git", "check-ignore", "-q", "locale/pl/LC_MESSAGES/django.mo"], cwd=LOCALE.parent)
    assert ignored.returncode == 0, "*.mo is not in .gitignore"
