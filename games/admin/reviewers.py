"""The reviewer role: staff who look at every game, deck, upload and dealt board in the
admin and take uploaded decks out of queues, and nothing more.

Taking decks out of a queue is Deck's "delete" permission: the admin never deletes a deck
(a removed deck is kept, marked removed), so "Can delete deck" grants exactly that. The
role has no "Can change game": managing a game on the site's pages stays with its host
and with staff who hold that permission (``games.models.manages_every_game``).
"""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission

GROUP = "Deck reviewers"
REMOVE_DECKS = "games.delete_deck"
PERMISSIONS = ("games.view_game", "games.view_deck", "games.view_upload", "games.view_dealtboard", REMOVE_DECKS)


def reviewer_group() -> Group:
    """The group, with exactly the role's permissions (made by migration 0008; this puts
    it right again if it was changed or deleted)."""
    group, _ = Group.objects.get_or_create(name=GROUP)
    codenames = [name.split(".", 1)[1] for name in PERMISSIONS]
    group.permissions.set(Permission.objects.filter(content_type__app_label="games", codename__in=codenames))
    return group
