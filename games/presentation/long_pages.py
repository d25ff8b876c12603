"""The help pages in the visitor's language.

A help page is long prose with worked examples. Cut into catalogue entries it would read
as a patchwork, so each language has the whole page as a template of its own, written in
that language: ``games/<lang>/help_upload.html`` beside the English
``games/help_upload.html``. Each keeps the English page's anchors (the upload preview and
the problem messages link to them) and its examples, which come from the same context.
"""

from __future__ import annotations

from django.utils.translation import get_language


def in_language(template: str) -> list[str]:
    """Template names to try for ``template`` ("games/help_upload.html"): the page's
    language's own version first, then the English one."""
    folder, _, name = template.rpartition("/")
    language = (get_language() or "en").split("-")[0]
    if language == "en":
        return [template]
    return [f"{folder}/{language}/{name}", template]
