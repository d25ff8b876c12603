from importlib import import_module

from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        # The task module answers the models' signals for work that leaves the request
        # (``board_play.robot_cards_due``, ``par_wanted``): connected in every process.
        import_module("games.tasks")
        from django.db.backends.signals import connection_created
        from django.db.models.signals import post_migrate

        from games.models.join import push

        # A Join table's moves pushed to its pages: the triggers (after every migrate) and,
        # on SQLite, the function they call on each connection.
        connection_created.connect(push.register_sqlite, dispatch_uid="games.push.sqlite")
        post_migrate.connect(push.install_triggers, sender=self, dispatch_uid="games.push.triggers")


class AdminConfig(admin_apps.AdminConfig):
    """Django's admin on ``games.admin.site.AdminSite``: INSTALLED_APPS names this in place of
    django.contrib.admin. It is here, not in games.admin, because settings load it before the
    models, and importing games.admin registers ModelAdmins, which import the models."""

    default = False  # games' own AppConfig stays GamesConfig
    default_site = "games.admin.site.AdminSite"

    def ready(self) -> None:
        # games.admin before autodiscovery: the site's class is in that package, so the first
        # use of admin.site must come from inside its import. Were it auth's admin that asked
        # first, loading the class would register ours on a site about to be replaced.
        import_module("games.admin")
        super().ready()
        from django.contrib.admin import site

        from games.admin.others import register_again

        register_again(site)  # the other apps' admins, which autodiscovery has just registered
