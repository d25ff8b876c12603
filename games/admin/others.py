"""The other apps' admins (auth's, axes', the task results'), with the project's lookups
(``games.admin.site.SafeLookupMixin``): their own classes with the mixin first, registered
in place of the ones their apps registered. ``games.apps.AdminConfig`` calls
``register_again`` once autodiscovery has registered those."""

from __future__ import annotations

from axes import admin as axes_admin
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin
from django.contrib.auth import admin as auth_admin
from django.contrib.auth.models import Group, User
from django_tasks_db import admin as tasks_admin
from django_tasks_db.models import DBTaskResult

from games.admin.site import SafeLookupMixin


class UserAdmin(SafeLookupMixin, auth_admin.UserAdmin):
    pass


class GroupAdmin(SafeLookupMixin, auth_admin.GroupAdmin):
    pass


class AccessAttemptAdmin(SafeLookupMixin, axes_admin.AccessAttemptAdmin):
    pass


class AccessLogAdmin(SafeLookupMixin, axes_admin.AccessLogAdmin):
    pass


class AccessFailureLogAdmin(SafeLookupMixin, axes_admin.AccessFailureLogAdmin):
    pass


class DBTaskResultAdmin(SafeLookupMixin, tasks_admin.DBTaskResultAdmin):
    pass


ADMINS = (
    (User, UserAdmin),
    (Group, GroupAdmin),
    (AccessAttempt, AccessAttemptAdmin),
    (AccessLog, AccessLogAdmin),
    (AccessFailureLog, AccessFailureLogAdmin),
    (DBTaskResult, DBTaskResultAdmin),
)


def register_again(site: admin.AdminSite) -> None:
    """Each model of ADMINS that its app registered on ``site``, on our class instead (axes
    registers none when AXES_ENABLE_ADMIN is off)."""
    for model, admin_class in ADMINS:
        if site.is_registered(model):
            site.unregister(model)
            site.register(model, admin_class)
