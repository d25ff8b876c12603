"""The admin site: Django's, less the 500s that hand-made admin URLs reach (Django 5.2).

* ``?_to_field=`` (empty) on a change or delete page: Django looks up a field named ""
  and raises FieldDoesNotExist. Empty means the primary key, as Django's own check of
  the parameter (``if to_field and ...``) already takes it.
* An id too big for its column on a model whose primary key is a OneToOneField
  (JoinTable, BoardReveal): Django guards integer fields' lookups against overflow,
  not related fields', so the query raises OverflowError (SQLite) or DataError
  (PostgreSQL). Such an id names no object: the admin says so, as for any other.

The site is installed as ``admin.site`` through ``games.apps.AdminConfig.default_site``
(settings' INSTALLED_APPS), Django's documented way to replace the default site; it serves
the guarded "view on site" redirect. The lookups' fix is :class:`SafeModelAdmin`, the base
of the project's ModelAdmins; the other apps' admins (auth's, axes', the task results')
are registered again with it by ``games.admin.others``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db import models
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern, path

from games.converters import MAX_DB_ID, bounded_int


def column_holds(field: models.Field, value: Any) -> bool:
    """False when ``value`` cannot be in ``field``'s integer column (the lookup would overflow)."""
    target = getattr(field, "target_field", field)  # a OneToOne or foreign key: the id it points at
    if not isinstance(target, models.IntegerField):  # AutoField and BigAutoField are IntegerFields
        return True
    return bounded_int(str(value), MAX_DB_ID) is not None


class SafeLookupMixin:
    """A ModelAdmin's object lookup that takes an empty ``_to_field`` for the primary key
    and finds nothing for an id its column cannot hold."""

    def get_object(self, request: HttpRequest, object_id: str, from_field: str | None = None) -> Any:
        from_field = from_field or None
        opts = self.model._meta  # type: ignore[attr-defined]
        field = opts.pk if from_field is None else opts.get_field(from_field)
        if not column_holds(field, object_id):
            return None  # the change, delete and history pages then say "doesn't exist"
        return super().get_object(request, object_id, from_field)  # type: ignore[misc]


class SafeModelAdmin(SafeLookupMixin, admin.ModelAdmin):
    """The base of the project's ModelAdmins."""


def view_on_site(request: HttpRequest, content_type_id: str, object_id: str) -> HttpResponse:
    """Django's "view on site" redirect, with a 404 for an id the model's column cannot hold."""
    from django.contrib.contenttypes import views
    from django.contrib.contenttypes.models import ContentType

    try:
        model = ContentType.objects.get_for_id(bounded_int(content_type_id, MAX_DB_ID) or 0).model_class()
    except ContentType.DoesNotExist:
        raise Http404("No such content type") from None
    if model is not None and not column_holds(model._meta.pk, object_id):
        raise Http404("No such object")
    return views.shortcut(request, content_type_id, object_id)


class AdminSite(admin.AdminSite):
    def get_urls(self) -> list:
        # Swapped in place (not added before it) so that no route of the site is unreachable.
        safe = path("r/<path:content_type_id>/<path:object_id>/", self.admin_view(view_on_site), name="view_on_site")
        return [
            safe if isinstance(url, URLPattern) and url.name == "view_on_site" else url for url in super().get_urls()
        ]
