"""List pages that stay small on a big site.

* ``TypedFilter``: a filter by game or user takes a typed value (part of a name, or
  ``#id``) instead of listing every game or user of the site; as quick picks it offers
  the ones on the page shown, which the list has loaded already.
* ``BigTablePaginator``: an unfiltered list of a big PostgreSQL table is counted from the
  planner's estimate instead of ``COUNT(*)`` of every row.
* ``ReviewAdmin``: the base of the review desk's ModelAdmins, with both, and no other
  count of the whole table (``show_full_result_count``, filter facets).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.contrib import admin
from django.core.paginator import Paginator
from django.db import connections
from django.db.models import Model, QuerySet
from django.http import HttpRequest
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from games.admin.site import SafeModelAdmin
from games.converters import MAX_DB_ID, bounded_int

MAX_TERM = 100  # characters of a typed filter value that are used


class TypedFilter(admin.ListFilter):
    """Filter by a foreign key (``field``) from a typed value: ``#12`` is the row with id
    12; anything else is matched, case-insensitively, inside ``name_field`` of the row
    the key points at."""

    template = "admin/games/typed_filter.html"
    parameter_name = ""
    field = ""
    name_field = ""
    placeholder = _("name or #id")

    def __init__(self, request: HttpRequest, params: dict, model: type[Model], model_admin: Any) -> None:
        super().__init__(request, params, model, model_admin)
        if self.parameter_name in params:
            self.used_parameters[self.parameter_name] = params.pop(self.parameter_name)[-1]
        # The other parameters of the page, kept by the filter's form (not the page number:
        # a new filter starts at the first page).
        self.hidden = [
            (name, value)
            for name, values in request.GET.lists()
            if name not in (self.parameter_name, "p")
            for value in values
        ]

    def value(self) -> str:
        # NUL: PostgreSQL refuses it in a query parameter, and no name holds one.
        return str(self.used_parameters.get(self.parameter_name) or "").replace("\x00", "").strip()[:MAX_TERM]

    def has_output(self) -> bool:
        return True

    def expected_parameters(self) -> list[str | None]:
        return [self.parameter_name]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        value = self.value()
        if not value:
            return queryset
        pk = bounded_int(value[1:], MAX_DB_ID) if value.startswith("#") else None
        if pk is not None:
            return queryset.filter(**{f"{self.field}__pk": pk})
        return queryset.filter(**{f"{self.field}__{self.name_field}__icontains": value})

    def label(self, obj: Model) -> str:
        return str(obj)

    def choices(self, changelist: Any) -> Iterator[dict[str, Any]]:
        value = self.value()
        yield {
            "selected": not value,
            "display": "All",
            "query_string": changelist.get_query_string(remove=[self.parameter_name]),
        }
        shown: dict[Any, Model] = {}
        for row in changelist.result_list:  # the page's rows, with the key's row selected already
            obj = getattr(row, self.field)
            if obj is not None:
                shown.setdefault(obj.pk, obj)
        for pk, obj in shown.items():
            yield {
                "selected": value == f"#{pk}",
                "display": self.label(obj),
                "query_string": changelist.get_query_string({self.parameter_name: f"#{pk}"}),
            }


class GameFilter(TypedFilter):
    title = _("game")
    parameter_name = "game"
    field = "game"
    name_field = "name"


class UserFilter(TypedFilter):
    """By a user's name, for a foreign key to the user model."""

    name_field = "username"
    placeholder = _("username or #id")

    def label(self, obj: Model) -> str:
        return f"{obj} (#{obj.pk})"


def user_filter(field: str, title: str) -> type[UserFilter]:
    return type(
        f"{field.title().replace('_', '')}Filter",
        (UserFilter,),
        {"title": title, "parameter_name": field, "field": field},
    )


ESTIMATE_FROM = 100_000  # rows; below this an exact count is cheap enough on any engine


def estimated_rows(queryset: Any) -> int | None:
    """The planner's row estimate of an unfiltered queryset's table on PostgreSQL
    (``pg_class.reltuples``, kept by autovacuum's ANALYZE); None when the queryset has a
    filter, selects distinct rows or runs elsewhere."""
    if not isinstance(queryset, QuerySet) or queryset.query.where or queryset.query.distinct:
        return None
    connection = connections[queryset.db]
    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:  # raw SQL: the ORM has no form for a system catalogue's row
        cursor.execute(
            "SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass(%s)",
            [connection.ops.quote_name(queryset.model._meta.db_table)],
        )
        row = cursor.fetchone()
    return row[0] if row and row[0] >= 0 else None  # -1: never analysed


class BigTablePaginator(Paginator):
    """Django's paginator, except that an unfiltered list of a table the planner estimates
    at ``ESTIMATE_FROM`` rows or more is counted from that estimate: ``COUNT(*)`` reads
    every row, on every page of the list. Only the number of pages is approximate (the
    last one may be short, or empty); a filtered list is counted exactly."""

    @cached_property
    def count(self) -> int:
        estimate = estimated_rows(self.object_list)
        if estimate is not None and estimate >= ESTIMATE_FROM:
            return estimate
        return super().count


class ReviewAdmin(SafeModelAdmin):
    paginator = BigTablePaginator
    show_full_result_count = False  # "20 results (20,000 total)" counts the whole table again
    show_facets = admin.ShowFacets.NEVER  # "Show counts" counts the table once per filter choice
    list_per_page = 50
