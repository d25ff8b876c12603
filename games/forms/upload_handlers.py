"""Upload limits applied while the request body is read, before anything reaches the disk.

Django streams every uploaded file to memory or a temporary file before any view or
form sees it, so a 300 MB upload would be written out in full only for the form to
refuse it. :class:`UploadLimitHandler`, first in ``FILE_UPLOAD_HANDLERS``, stops that:

* a body that says (Content-Length) it is bigger than the per-upload limit allows is
  refused at its first file: the parser's first chunk (64 KB, the CSRF token in it)
  is read, the rest is not;
* otherwise the files are passed on to Django's handlers until their total passes the
  limit, and no further (the rest of the body, a few KB at most, is read but not kept).

Either way the upload view answers with the form's own message (:func:`refusal`).
The per-file limit stays the form's: it names the file's exact size, and the bytes it
reads are already bounded by the total.
"""

from __future__ import annotations

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest

from games.forms.upload import total_too_big

# What a multipart body holds besides the files: boundaries, each part's headers and
# file name, the CSRF token. Far less than this for the files the limit allows.
FORM_OVERHEAD = 64 * 1024
_REFUSED = "deck_upload_refused"  # the request attribute that carries the message


def refusal(request: HttpRequest) -> str:
    """The limit's message when :class:`UploadLimitHandler` refused this request's files; "" otherwise."""
    return getattr(request, _REFUSED, "")


class UploadLimitHandler(FileUploadHandler):
    """Refuses an upload past ``DECK_UPLOAD_MAX_TOTAL_BYTES`` while reading it (see the module)."""

    declared = received = limit = 0  # the body's Content-Length; the file bytes seen so far; the limit

    def handle_raw_input(self, input_data, META, content_length, boundary, encoding=None) -> None:
        self.declared, self.limit = content_length, settings.DECK_UPLOAD_MAX_TOTAL_BYTES
        # None: parse as usual (the fields before the first file, the CSRF token among them).

    def new_file(self, *args, **kwargs) -> None:
        super().new_file(*args, **kwargs)
        if self.declared > self.limit + FORM_OVERHEAD:
            self._refuse(self.declared)
            # Nothing more is read (connection_reset): a 300 MB body is not drained.
            raise StopUpload(connection_reset=True)

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        self.received += len(raw_data)
        if self.received > self.limit:
            return None  # past the limit: the next handlers (memory, temporary file) get no more
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the next handlers build the file

    def upload_complete(self) -> None:
        if self.received > self.limit:
            self._refuse(self.received)

    def _refuse(self, size: int) -> None:
        setattr(self.request, _REFUSED, total_too_big(size, self.limit))
