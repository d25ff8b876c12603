"""Lesson files for the lesson-text tests: the readers' commentary files
(tests/formats/commentary_files, made in the project) and hostile_lesson.pbn, whose
comments try every way to run a script or restyle a page."""

from __future__ import annotations

from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile

HERE = Path(__file__).resolve().parent
COMMENTARY = HERE.parent / "formats" / "commentary_files"
LESSON = COMMENTARY / "lesson_bridgecomposer.pbn"
SEMICOLONS = COMMENTARY / "semicolon_comments.pbn"
VUGRAPH = COMMENTARY / "vugraph_notes.lin"
ROBOT = COMMENTARY / "robot_machine_notes.pbn"  # a robot's notes on itself among the comments
HOSTILE = HERE / "hostile_lesson.pbn"
PROJECT_FILES = (LESSON, SEMICOLONS, VUGRAPH)


def upload(path: Path) -> SimpleUploadedFile:
    return SimpleUploadedFile(path.name, path.read_bytes(), content_type="application/octet-stream")
