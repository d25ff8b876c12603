"""games.admin.site: one admin site, ours, with every ModelAdmin registered on it."""

import gc

from django.contrib import admin

from games.admin.site import AdminSite
from games.models import BoardReveal, DealtBoard, Deck, Game, JoinTable, Seat, Upload


def test_it_is_the_sites_admin():
    assert isinstance(admin.site, AdminSite)


def test_it_holds_the_review_desks_modeladmins():
    for model in (Game, Deck, DealtBoard, Upload, Seat, JoinTable, BoardReveal):
        assert admin.site.is_registered(model), model


def test_it_is_made_once():
    """The site's class is loaded from the package that registers the ModelAdmins: a second
    site made while it loads would leave them on one nobody uses."""
    assert sum(1 for thing in gc.get_objects() if type(thing) is AdminSite) == 1
