"""The "Deck reviewers" group (games.reviewers): view games, decks, uploads and dealt
boards, and take decks out of queues ("Can delete deck"). The names are written out here,
not imported, so that this migration means the same whatever the code becomes."""

from django.db import migrations

GROUP = "Deck reviewers"
# (codename, model, name) as Django names a model's default permissions
PERMISSIONS = [
    ("view_game", "game", "Can view game"),
    ("view_deck", "deck", "Can view deck"),
    ("view_upload", "upload", "Can view upload"),
    ("view_dealtboard", "dealtboard", "Can view dealt board"),
    ("delete_deck", "deck", "Can delete deck"),
]


def add_group(apps, schema_editor):
    # A new database has no permission rows yet (Django makes them after the last
    # migration): make the ones the group needs, as Django would name them.
    db = schema_editor.connection.alias
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    Group = apps.get_model("auth", "Group")
    group, _ = Group.objects.using(db).get_or_create(name=GROUP)
    for codename, model, name in PERMISSIONS:
        content_type, _ = ContentType.objects.using(db).get_or_create(app_label="games", model=model)
        permission, _ = Permission.objects.using(db).get_or_create(
            codename=codename, content_type=content_type, defaults={"name": name})
        group.permissions.add(permission)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.using(schema_editor.connection.alias).filter(name=GROUP).delete()


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0008_dealanalysis"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(add_group, remove_group)]
