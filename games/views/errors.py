"""A 400 page that says what was wrong, for requests Django refuses before any view.

Django rejects a request with more files or fields than its caps
(DATA_UPLOAD_MAX_NUMBER_FILES, DATA_UPLOAD_MAX_NUMBER_FIELDS) while the CSRF
middleware reads the form, so the upload form never sees it: name the limits here.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from games.forms.upload import human_size


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    too_many_files = isinstance(exception, TooManyFilesSent)
    context = {
        "too_many_files": too_many_files,
        "too_many_fields": isinstance(exception, TooManyFieldsSent),
        "max_files": settings.DECK_UPLOAD_MAX_FILES,
        "max_file_size": human_size(settings.DECK_UPLOAD_MAX_FILE_BYTES),
    }
    return HttpResponse(render_to_string("400.html", context), status=400)
